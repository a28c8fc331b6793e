"""Broken data files: each gives ONE clear message naming file, entry, field and line."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from cold_war_tui.cli import main
from cold_war_tui.gamedata import DataError, default_data_dir, load_data


def _replace(old: str, new: str, count: int = 1) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert old in text, f"fixture text not found: {old!r}"
        return text.replace(old, new, count)

    return edit


def _drop_line_after(anchor: str, line: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        start = text.index(anchor)
        at = text.index(line, start)
        return text[:at] + text[at + len(line) :]

    return edit


CASES = [
    pytest.param(
        "cards.yaml",
        _replace("name: NATO\n    ops: 4", "name: NATO\n    ops: four"),
        r'cards\.yaml:\d+: card 21 \(NATO\): field "ops": Input should be a valid integer',
        id="card-ops-not-a-number",
    ),
    pytest.param(
        "cards.yaml",
        _replace("name: NATO\n", "name: NATO\n    opps: 4\n"),
        r'cards\.yaml:\d+: card 21 \(NATO\): field "opps": unknown field \(a typo\?\)',
        id="card-unknown-field",
    ),
    pytest.param(
        "countries.yaml",
        _drop_line_after("key: poland", "    stability: 3\n"),
        r"countries\.yaml:\d+: entry 'poland': field \"stability\": this field is missing",
        id="country-missing-stability",
    ),
    pytest.param(
        "countries.yaml",
        _replace("region: asia", "region: atlantis"),
        r"countries\.yaml:\d+: entry 'afghanistan': field \"region\": Input should be",
        id="country-unknown-region",
    ),
    pytest.param(
        "countries.yaml",
        _replace(
            "adjacent: [austria, czechoslovakia, poland, west-germany]",
            "adjacent: [austria, czechoslovakia, west-germany]",
        ),
        r"countries\.yaml:\d+: entry 'poland': field \"adjacent\.\d\": 'east-germany' is adjacent "
        r"here but 'poland' is not adjacent there",
        id="adjacency-not-symmetric",
    ),
    pytest.param(
        "countries.yaml",
        _replace("adjacent: [iran, pakistan, ussr]", "adjacent: [iran, pakistan, narnia, ussr]"),
        r"countries\.yaml:\d+: entry 'afghanistan': field \"adjacent\.2\": "
        r"unknown country 'narnia'",
        id="adjacency-unknown-key",
    ),
    pytest.param(
        "countries.yaml",
        _replace(
            "name: Afghanistan\n    region: asia\n    subregions: []\n    stability: 2\n"
            "    battleground: false",
            "name: Afghanistan\n    region: asia\n    subregions: []"
            "\n    stability: 2\n    battleground: true",
        ),
        r"countries\.yaml:\d+: field \"countries\": expected 29 battlegrounds, found 30",
        id="battleground-count",
    ),
    pytest.param(
        "cards.yaml",
        _replace("number: 22\n", "number: 21\n"),
        r"cards\.yaml:\d+: card 21 .*: card number 21 is used 2 times",
        id="duplicate-card-number",
    ),
    pytest.param(
        "cards.yaml",
        _replace("requires: [16, 23]", "requires: [16, 999]"),
        r"cards\.yaml:\d+: card 21 \(NATO\): field \"requires\.1\": card 999 does not exist",
        id="prerequisite-unknown-card",
    ),
    pytest.param(
        "cards.yaml",
        _replace("cancels: [106]", "cancels: [7]"),
        r"cards\.yaml:\d+: card 42 \(Quagmire\): field \"cancels\.0\": card 7 has no lasting"
        r" effect to cancel",
        id="cancels-a-card-without-effect",
    ),
    pytest.param(
        "space_race.yaml",
        _replace("boxes:\n  - box: 1", "boxes:\n  - box: 1\n   name: [broken"),
        r"space_race\.yaml:\d+: not valid YAML",
        id="yaml-syntax-error",
    ),
    pytest.param(
        "regions.yaml",
        lambda text: "",
        r"regions\.yaml: expected a mapping at the top level, found nothing",
        id="empty-file",
    ),
    pytest.param(
        "setup.yaml",
        _replace("turns: 10", "turns: 0"),
        r"setup\.yaml:\d+: field \"turns\": Input should be greater than or equal to 1",
        id="setup-bad-value",
    ),
    pytest.param(
        "setup.yaml",
        _replace("  - {turn: 8, period: Late}\n", ""),
        r"setup\.yaml:\d+: field \"deck_additions\": each period \(Early, Mid, Late\) enters "
        r"the deck once; found \['Early', 'Mid'\]",
        id="setup-period-never-enters",
    ),
]


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(default_data_dir(), target)
    return target


@pytest.mark.parametrize(("file", "edit", "expected"), CASES)
def test_broken_data_is_rejected_with_its_message(
    data_copy: Path, file: str, edit: Callable[[str], str], expected: str
) -> None:
    path = data_copy / file
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_data(data_copy)
    message = str(caught.value)
    assert "\n" not in message
    assert re.search(expected, message), message


@pytest.mark.parametrize(("file", "edit", "expected"), CASES)
def test_validate_data_command_exits_2_with_the_message(
    data_copy: Path,
    file: str,
    edit: Callable[[str], str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = data_copy / file
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    assert main(["validate-data", str(data_copy)]) == 2
    err = capsys.readouterr().err
    assert re.search(expected, err), err
    assert "Traceback" not in err


def test_missing_file_is_named(data_copy: Path) -> None:
    (data_copy / "space_race.yaml").unlink()
    with pytest.raises(DataError, match=r"space_race\.yaml: file not found"):
        load_data(data_copy)


def test_line_number_points_at_the_broken_field(data_copy: Path) -> None:
    path = data_copy / "cards.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "name: NATO\n    ops: 4", "name: NATO\n    ops: x"
    )
    path.write_text(text, encoding="utf-8")
    expected_line = text.splitlines().index("    ops: x") + 1
    with pytest.raises(DataError, match=rf"cards\.yaml:{expected_line}: "):
        load_data(data_copy)


def test_shipped_data_validates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-data"]) == 0
    assert "valid" in capsys.readouterr().out
