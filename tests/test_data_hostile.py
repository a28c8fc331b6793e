"""Hostile data folders (issue 14 items 7-10, issue 18 item 11): bounded work, one line per
problem with its file and line, every problem of a folder in one run, the data contract.

Every input is generated in a temporary copy of the shipped data; none is committed.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import threading
from pathlib import Path

import pytest

from cold_war_tui.cli import MAX_REPORTED_PROBLEMS, main
from cold_war_tui.engine.contract import CARD_NUMBERS, COUNTRY_KEYS
from cold_war_tui.gamedata import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_MAPPINGS,
    MAX_NODES,
    DataError,
    check_data,
    default_data_dir,
    load_data,
    load_default_data,
)

ENGINE = Path(__file__).resolve().parent.parent / "cold_war_tui" / "engine"


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(default_data_dir(), target)
    return target


def alias_bomb(levels: int) -> str:
    """The "billion laughs": each level lists the one before nine times (1.7 KB at 10)."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for n in range(1, levels + 1):
        lines.append(f"a{n}: &a{n} [" + ",".join([f"*a{n - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def only_problem(folder: Path) -> str:
    """The single problem of `folder`, checked to be one line naming a file."""
    problems = check_data(folder).problems
    assert len(problems) == 1, problems
    assert "\n" not in problems[0] and len(problems[0]) < 400, problems[0]
    return problems[0]


# -- item 7: bounded time and memory ----------------------------------------------------------
@pytest.mark.parametrize("levels", [9, 10])
def test_an_alias_bomb_is_refused_at_its_first_anchor(data_copy: Path, levels: int) -> None:
    (data_copy / "setup.yaml").write_text(alias_bomb(levels))
    assert re.fullmatch(
        r".*setup\.yaml:1: anchors and aliases \(&, \*\) are not allowed", only_problem(data_copy)
    )


def test_nesting_100000_deep_is_refused_with_its_line(
    data_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What matters: one line naming the file and the line, and no traceback. Who refuses
    it is not: our depth check (MAX_DEPTH) or, from PyYAML 6.0.4 on, libyaml's own limit,
    each in its own words."""
    (data_copy / "regions.yaml").write_text("\n\nx: " + "[" * 100_000 + "]" * 100_000 + "\n")
    problem = only_problem(data_copy)
    assert problem.startswith(f"{data_copy / 'regions.yaml'}:3: "), problem
    assert main(["validate-data", str(data_copy)]) == 2
    out = capsys.readouterr()
    assert out.err.splitlines() == [
        problem,
        f"cold-war-tui: {data_copy}: 1 problem in the game data",
    ]
    assert "Traceback" not in out.out + out.err


def test_nesting_past_the_depth_limit_is_refused_in_our_words(data_copy: Path) -> None:
    """Within every YAML library's own limits, our check refuses nesting past MAX_DEPTH."""
    depth = MAX_DEPTH + 1
    (data_copy / "regions.yaml").write_text("\n\nx: " + "[" * depth + "]" * depth + "\n")
    assert only_problem(data_copy).endswith(
        f"regions.yaml:3: nested deeper than {MAX_DEPTH} levels"
    )


def test_a_file_over_the_size_limit_is_not_read(data_copy: Path) -> None:
    (data_copy / "cards.yaml").write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    problem = only_problem(data_copy)
    assert f"over the limit of {MAX_FILE_BYTES:,} bytes" in problem


def test_too_many_values_or_mappings_are_refused(data_copy: Path) -> None:
    (data_copy / "cards.yaml").write_text("cards:\n" + "- x\n" * (MAX_NODES + 5))
    assert f"more than {MAX_NODES:,} values" in only_problem(data_copy)
    (data_copy / "cards.yaml").write_text("cards:\n" + "- {}\n" * (MAX_MAPPINGS + 5))
    assert f"more than {MAX_MAPPINGS:,} mappings" in only_problem(data_copy)


def test_a_5000_digit_integer_is_a_problem_at_its_line(data_copy: Path) -> None:
    path = data_copy / "setup.yaml"
    path.write_text(path.read_text().replace("turns: 10", "turns: " + "9" * 5000))
    problem = only_problem(data_copy)
    line = path.read_text().splitlines().index("turns: " + "9" * 5000) + 1
    assert f"setup.yaml:{line}: not valid YAML: cannot read this value" in problem


def test_a_huge_bad_value_is_quoted_as_a_short_excerpt(data_copy: Path) -> None:
    path = data_copy / "cards.yaml"
    path.write_text(
        path.read_text().replace("name: NATO\n    ops: 4", "name: NATO\n    ops: " + "x" * 500_000)
    )
    assert "500,000 characters" in only_problem(data_copy)


def test_a_named_pipe_is_refused_without_blocking(data_copy: Path) -> None:
    (data_copy / "regions.yaml").unlink()
    os.mkfifo(data_copy / "regions.yaml")
    result: list[str] = []
    reader = threading.Thread(
        target=lambda: result.extend(check_data(data_copy).problems), daemon=True
    )
    reader.start()
    reader.join(timeout=20)
    assert not reader.is_alive(), "reading a named pipe blocked"
    assert result and "not a regular file" in result[0]


# -- item 8: duplicate keys ---------------------------------------------------------------------
def test_a_key_given_twice_is_refused_with_both_lines(data_copy: Path) -> None:
    path = data_copy / "cards.yaml"
    text = path.read_text().replace("name: NATO\n", "name: NATO\n    name: OTAN\n", 1)
    path.write_text(text)
    first = text.splitlines().index("    name: NATO") + 1
    assert only_problem(data_copy).endswith(
        f"cards.yaml:{first + 1}: not valid YAML: the key 'name' is given twice "
        f"(first on line {first})"
    )


# -- item 9: encodings and control characters ---------------------------------------------------
def test_a_byte_that_is_not_utf8_gets_its_line(data_copy: Path) -> None:
    path = data_copy / "countries.yaml"
    raw = path.read_bytes()
    line = raw[: raw.index(b"key: poland")].count(b"\n") + 1
    path.write_bytes(raw.replace(b"key: poland", b"key: pol\xffand", 1))
    assert only_problem(data_copy).endswith(f"countries.yaml:{line}: not UTF-8 text (byte 0xff)")


def test_a_nul_byte_gets_its_line(data_copy: Path) -> None:
    path = data_copy / "setup.yaml"
    text = path.read_text()
    line = text.splitlines().index("turns: 10") + 1
    path.write_text(text.replace("turns: 10", "turns: 1\x000"))
    assert only_problem(data_copy).endswith(
        f"setup.yaml:{line}: the character #x0000 is not allowed in a data file"
    )


# -- item 10: the data contract -----------------------------------------------------------------
def test_renaming_a_country_the_rules_name_breaks_the_contract(data_copy: Path) -> None:
    """Poland renamed everywhere (key and adjacency) is consistent data, but #68 and #101
    name Poland: validate-data says so instead of games crashing with KeyError."""
    path = data_copy / "countries.yaml"
    path.write_text(re.sub(r"\bpoland\b", "polska", path.read_text()))
    problem = only_problem(data_copy)
    assert (
        "countries.yaml" in problem
        and "the rules name countries this file lacks: poland" in problem
    )


def test_every_country_key_written_in_the_engine_is_in_the_contract() -> None:
    """A quoted country key anywhere in the engine's source must be in COUNTRY_KEYS."""
    keys = {c.key for c in load_default_data().countries}
    named = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in keys:
                named.add(node.value)
    assert named - COUNTRY_KEYS == set()
    assert keys >= COUNTRY_KEYS
    assert {c.number for c in load_default_data().cards} == CARD_NUMBERS


# -- issue 18 item 11: every problem of a folder, each with its file and line ------------------
def test_validate_data_reports_every_problem_of_a_folder_in_one_run(
    data_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = data_copy / "cards.yaml"
    text = cards.read_text()
    text = text.replace("name: NATO\n    ops: 4", "name: NATO\n    ops: four")
    cards.write_text(
        text.replace("name: Marshall Plan\n    ops: 4", "name: Marshall Plan\n    ops: 9")
    )
    setup = data_copy / "setup.yaml"
    setup.write_text(setup.read_text().replace("turns: 10", "turns: 0"))
    space = data_copy / "space_race.yaml"
    space.write_text(space.read_text() + "extra: [\n")
    assert main(["validate-data", str(data_copy)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 5, lines  # four problems and the count
    assert re.search(r'cards\.yaml:\d+: card 21 \(NATO\): field "ops"', lines[0])
    assert re.search(r'cards\.yaml:\d+: card 23 \(Marshall Plan\): field "ops"', lines[1])
    assert re.search(r"space_race\.yaml:\d+: not valid YAML", lines[2])
    assert re.search(r'setup\.yaml:\d+: field "turns"', lines[3])
    assert lines[4].endswith("4 problems in the game data")


def test_validate_data_shows_a_bounded_number_of_problems(
    data_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (data_copy / "cards.yaml").write_text("cards:\n" + "- {}\n" * 500)
    assert main(["validate-data", str(data_copy)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == MAX_REPORTED_PROBLEMS + 2
    total = int(lines[-1].split(": ")[-1].split()[0].replace(",", ""))
    assert total >= 500 * 16  # every card field is missing from every entry
    assert lines[-2] == f"... and {total - MAX_REPORTED_PROBLEMS:,} more problems not shown"


def test_the_game_loading_names_the_first_problem_and_counts_the_rest(data_copy: Path) -> None:
    (data_copy / "setup.yaml").write_text(alias_bomb(3))
    (data_copy / "regions.yaml").write_text("x: [")
    with pytest.raises(DataError) as caught:
        load_data(data_copy)
    assert len(caught.value.problems) == 2
    assert str(caught.value).endswith("(and 1 more: run validate-data to see them)")
