"""`cold-war-tui arena --record FILE`: a match goes on from its record file, and a file
that cannot serve the match is refused before anything is played or written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cold_war_tui.arena as arena
from cold_war_tui.cli import EXIT_USAGE, main

MATCH = ["arena", "--bots", "random,greedy", "--seed", "5", "--workers", "1", "--json"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[dict[str, object], str]:
    """The JSON report of the match with `argv`, and what it said on stderr."""
    assert main([*MATCH, *argv]) == 0
    out, err = capsys.readouterr()
    found = json.loads(out)
    found.pop("think")  # times differ from run to run; everything else must not
    return found, err


def report(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    return run(capsys, *argv)[0]


def test_a_match_goes_on_from_its_record_and_plays_only_the_games_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "match.jsonl"
    report(capsys, "--games", "2", "--record", str(record))
    assert len(record.read_text().splitlines()) == 2
    played: list[int] = []
    real = arena.play_game

    def counted(*args: Any, **kwargs: Any) -> arena.GameRecord:
        game = real(*args, **kwargs)
        played.append(game.number)
        return game

    monkeypatch.setattr(arena, "play_game", counted)
    resumed = report(capsys, "--games", "4", "--record", str(record))
    assert played == [2, 3]
    assert len(record.read_text().splitlines()) == 4
    assert resumed == report(capsys, "--games", "4")  # as if played in one run
    played.clear()
    assert report(capsys, "--games", "3", "--record", str(record)) == report(capsys, "--games", "3")
    assert played == [0, 1, 2]  # only the runs without the record played


def test_a_record_of_another_match_is_refused_and_left_as_it_was(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "match.jsonl"
    report(capsys, "--games", "1", "--record", str(record))
    before = record.read_bytes()
    assert main([*MATCH, "--games", "2", "--us-bid", "2", "--record", str(record)]) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert "line 1: a game of another match" in err and len(err.splitlines()) == 1
    assert "us_bid 0" in err and "us_bid 2" in err
    assert record.read_bytes() == before


@pytest.mark.parametrize(
    ("broken", "named"),
    [
        ("not json at all\n", "line 2: not JSON"),
        ('{"match": 1}\n', "line 2: not a game of an arena record"),
        (None, "game 0 is there twice"),
    ],
)
def test_a_bad_line_is_named_and_nothing_is_played_or_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, broken: str | None, named: str
) -> None:
    record = tmp_path / "match.jsonl"
    report(capsys, "--games", "1", "--record", str(record))
    first = record.read_text()
    second = first.replace('"number": 0', '"number": 1')
    record.write_text(first + (first if broken is None else broken) + second)
    before = record.read_bytes()
    assert main([*MATCH, "--games", "3", "--record", str(record)]) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert named in err and len(err.splitlines()) == 1
    assert record.read_bytes() == before


def test_a_game_whose_fields_are_wrong_is_named_with_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "match.jsonl"
    report(capsys, "--games", "1", "--record", str(record))
    line = json.loads(record.read_text())
    line["game"]["think"] = "fast"
    record.write_text(json.dumps(line) + "\n")
    assert main([*MATCH, "--games", "1", "--record", str(record)]) == EXIT_USAGE
    assert "line 1: a game's think" in capsys.readouterr().err


def test_a_last_line_cut_short_is_dropped_and_its_game_played_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "match.jsonl"
    report(capsys, "--games", "2", "--record", str(record))
    whole = record.read_text()
    record.write_text(whole[:-40])  # the second game's line, half written
    resumed, err = run(capsys, "--games", "2", "--record", str(record))
    assert "its last line was cut short" in err and "1 of 2 games read" in err
    assert resumed == report(capsys, "--games", "2")
    lines = record.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(line)["game"] for line in lines)


def test_a_record_that_cannot_be_written_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no such folder" / "match.jsonl"
    assert main([*MATCH, "--games", "1", "--record", str(missing)]) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert "cannot be written" in err and len(err.splitlines()) == 1
