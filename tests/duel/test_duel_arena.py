"""`cold-war-tui duel-arena`: the report, the alternating first player, bad flags, Ctrl+C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from cold_war_tui.cli import EXIT_USAGE, main
from cold_war_tui.duel_arena import INTERRUPTED, mean_interval, play_duel, run_duel_arena

FIELDS = {"games", "bots", "wins", "draws", "cities_mean", "cities_ci95", "think"}


def test_random_against_random_gives_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["duel-arena", "--bots", "random,random", "--games", "4", "--seed", "3", "--json"]
    assert main([*argv, "--workers", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= FIELDS
    assert report["games"] == 4 and report["bots"] == ["random", "random"]
    assert sum(report["wins"]) + report["draws"] == 4
    assert sum(report["end_reasons"].values()) == 4
    for mean, (lo, hi) in zip(report["cities_mean"], report["cities_ci95"], strict=True):
        assert 0 <= lo <= mean <= hi
    for think in report["think"]:
        assert 0 <= think["median"] <= think["p95"] <= think["max"]
    assert report["interrupted"] is False


def test_the_text_report_names_wins_draws_and_surviving_cities(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_duel_arena(("random", "random"), 2, 5, 1, as_json=False) == 0
    out = capsys.readouterr().out
    assert "random (A) vs random (B), 2 games from seed 5" in out
    assert "surviving cities" in out and "95% CI" in out and "draws:" in out


def test_the_first_player_alternates_and_a_game_depends_on_its_number_and_seed() -> None:
    records = [play_duel(("random", "random"), n, 7) for n in range(4)]
    assert [r.first for r in records] == [0, 1, 0, 1]
    again = play_duel(("random", "random"), 2, 7)
    assert (again.cities, again.reason) == (records[2].cities, records[2].reason)


def test_the_results_do_not_depend_on_the_workers(capsys: pytest.CaptureFixture[str]) -> None:
    reports = []
    for workers in (1, 2):
        run_duel_arena(("random", "random"), 4, 11, workers, as_json=True)
        report = json.loads(capsys.readouterr().out)
        del report["think"]  # the clock is not part of the result
        reports.append(report)
    assert reports[0] == reports[1]


def test_the_interval_of_a_mean() -> None:
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    assert mean_interval([4.0]) == (4.0, 4.0, 4.0)
    mean, lo, hi = mean_interval([1.0, 3.0])
    assert mean == 2.0 and lo == pytest.approx(2 - 1.96 * 2**0.5 / 2**0.5, abs=1e-3)
    assert hi == pytest.approx(2 + 1.96, abs=1e-3)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--bots", "hunter"], "--bots takes two names, A,B, not 'hunter'"),
        (["--bots", "hunter,deep"], "--bots: no duel bot 'deep'; the bots are random, hunter"),
        (["--bots", "random,random", "--games", "0"], "--games must be 1 or more, not 0"),
        (["--bots", "random,random", "--seed", "x"], "--seed takes a whole number, not 'x'"),
        (["--bots", "random,random", "--workers", "0"], "--workers must be 1 or more, not 0"),
        (["--games", "3"], "the following arguments are required: --bots"),
        (["--bots", "random,random", "--colour"], "unrecognized arguments: --colour"),
    ],
)
def test_a_bad_flag_is_one_line_and_status_2(
    flags: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(["duel-arena", *flags])
    except SystemExit as stop:  # argparse's own errors (a missing flag)
        status = stop.code  # type: ignore[assignment]
    assert status == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [f"cold-war-tui duel-arena: {words}"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_the_match_reports_the_games_finished_and_exits_130(workers: str) -> None:
    command = [sys.executable, "-m", "cold_war_tui", "duel-arena", "--bots", "hunter,hunter"]
    command += ["--games", "400", "--workers", workers, "--json"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    time.sleep(6)
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl+C in a terminal does
    out, err = process.communicate(timeout=60)
    assert process.returncode == INTERRUPTED, err
    report = json.loads(out)
    assert report["interrupted"] is True and report["asked"] == 400
    assert report["games"] < 400
    assert "Traceback" not in err
