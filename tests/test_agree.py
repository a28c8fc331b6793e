"""`cold-war-tui agree`: a bot against the experts of logs (docs/bots.md "Agreement")."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cold_war_tui.agree import Verdict, judge, summarize
from cold_war_tui.arena import Budget
from cold_war_tui.cli import main
from cold_war_tui.records import read_log

DATA = Path(__file__).resolve().parent / "data" / "records"
LOGS = [str(DATA / "two-turns.txt"), str(DATA / "mid-war.txt")]
FIELDS = {"rounds", "card", "card_mode", "floor_card", "floor_card_mode", "by_round", "by_side"}
SHARES = FIELDS - {"by_round", "by_side"}


def agree_json(capsys: pytest.CaptureFixture[str], *flags: str) -> dict[str, object]:
    assert main(["agree", *flags, "--json", *LOGS]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_json_has_exactly_the_fields(capsys: pytest.CaptureFixture[str]) -> None:
    result = agree_json(capsys, "--bot", "random", "--workers", "1")
    assert set(result) == FIELDS
    rounds = result["rounds"]
    assert rounds == 25  # every action round of the two logs: none is left out
    assert isinstance(rounds, int)
    by_round = result["by_round"]
    by_side = result["by_side"]
    assert isinstance(by_round, dict) and isinstance(by_side, dict)
    assert list(by_round) == ["1", "2", "3", "4", "5+"]
    assert list(by_side) == ["US", "USSR"]
    for group in (result, *by_round.values(), *by_side.values()):
        assert set(group) >= SHARES
        assert all(0 <= group[name] <= 1 for name in SHARES - {"rounds"})
        assert group["card_mode"] <= group["card"]
        assert group["floor_card_mode"] <= group["floor_card"]
    assert sum(g["rounds"] for g in by_round.values()) == rounds
    assert sum(g["rounds"] for g in by_side.values()) == rounds


def test_iterations_give_the_same_figures_with_any_number_of_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = agree_json(capsys, "--bot", "strong", "--iterations", "1", "--workers", "1")
    two = agree_json(capsys, "--bot", "strong", "--iterations", "1", "--workers", "2")
    assert one == two


def test_the_floor_is_a_uniform_pick_over_the_menu() -> None:
    record = read_log(Path(LOGS[0]).read_text(encoding="utf-8"))
    index = next(i for i, r in enumerate(record.rounds) if r.kind == "action")
    round_ = record.rounds[index]
    pending = round_.position().pending
    assert pending is not None
    menu = [choice.id for choice in pending.choices]
    verdict = judge(record, index, "two-turns.txt", "greedy", Budget())
    assert verdict is not None
    assert verdict.floor_card_mode == pytest.approx(1 / len(menu))
    card = round_.card
    expected = sum(choice.startswith(f"play {card} ") for choice in menu) / len(menu)
    assert verdict.floor_card == pytest.approx(expected)


def test_shares_by_action_round_and_side() -> None:
    verdicts = [
        Verdict(1, "USSR", True, True, 0.5, 0.25),
        Verdict(1, "US", True, False, 0.5, 0.25),
        Verdict(6, "US", False, False, 0.25, 0.125),
    ]
    summary = summarize(verdicts)
    assert summary["rounds"] == 3
    assert summary["card"] == pytest.approx(2 / 3)
    assert summary["card_mode"] == pytest.approx(1 / 3)
    assert summary["floor_card"] == pytest.approx(1.25 / 3)
    assert summary["by_round"]["1"]["rounds"] == 2
    assert summary["by_round"]["5+"] == {
        "rounds": 1,
        "card": 0.0,
        "card_mode": 0.0,
        "floor_card": 0.25,
        "floor_card_mode": 0.125,
    }
    assert summary["by_round"]["3"]["rounds"] == 0
    assert summary["by_side"]["US"]["card"] == pytest.approx(0.5)


def test_the_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agree", "--bot", "greedy", "--workers", "1", *LOGS]) == 0
    out = capsys.readouterr().out
    assert "agree: greedy (default budget) against the experts of 2 logs: 25 action rounds" in out
    assert "uniform floor" in out
    assert "by action round:" in out and "  5+ " in out
    assert "by side:" in out and "  USSR " in out


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--bot", "best"], "agree: --bot: no bot 'best'; the bots are random, greedy, strong"),
        (["--bot", "strong", "--think", "1", "--iterations", "2"], "give --think or"),
        (["--bot", "strong", "--iterations", "0"], "--iterations must be 1 or more"),
        (["--bot", "strong", "--workers", "two"], "--workers takes a whole number"),
        (["--bot", "strong", "--think", "-1"], "--think must be a finite number"),
        (["--bot", "strong", "--jsn"], "unrecognized arguments: --jsn"),
    ],
)
def test_bad_flags_are_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], flags: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        status = main(["agree", *flags, *LOGS])
        raise SystemExit(status)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_unreadable_logs_are_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.txt"
    assert main(["agree", "--bot", "random", str(missing)]) == 2
    assert capsys.readouterr().err == f"cold-war-tui agree: {missing}: no such file\n"
    damaged = tmp_path / "damaged.txt"
    damaged.write_text(
        Path(LOGS[0]).read_text(encoding="utf-8").replace("Target: Iran", "Target: Narnia"),
        encoding="utf-8",
    )
    assert main(["agree", "--bot", "random", "--workers", "1", LOGS[1], str(damaged)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cold-war-tui agree: {damaged}: line 24: unknown country 'Narnia'")
    assert err.count("\n") == 1
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    assert main(["agree", "--bot", "random", str(binary)]) == 2
    assert "not a text file" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_stops_the_workers_cleanly() -> None:
    command = [sys.executable, "-m", "cold_war_tui", "agree", "--bot", "strong"]
    command += ["--think", "2", "--workers", "2", *LOGS]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    time.sleep(6)  # the workers are reading or judging by now
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err == "cold-war-tui agree: stopped (Ctrl+C)\n"
    assert out == ""
