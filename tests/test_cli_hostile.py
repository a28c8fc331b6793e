"""The command line (issue 14 items 2 and 14): a bad flag is one line and status 2; a crash
of the app is never reported as success."""

from __future__ import annotations

from typing import Any

import pytest

from cold_war_tui import cli
from cold_war_tui.cli import EXIT_CRASH, EXIT_USAGE, main


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--us-bid", "99"], "--us-bid: Input should be less than or equal to 20"),
        (["--us-bid", "-1"], "--us-bid: Input should be greater than or equal to 0"),
        (["--games", "-5"], "--games must be 1 or more, not -5"),
        (["--games", "0"], "--games must be 1 or more, not 0"),
    ],
)
def test_a_bad_selfplay_flag_is_one_line_and_status_2(
    flags: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["selfplay", *flags]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"cold-war-tui selfplay: {words}\n"


def test_good_selfplay_flags_still_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "1", "--us-bid", "2"]) == 0
    assert "games: 1" in capsys.readouterr().out


def test_a_crash_of_the_app_exits_non_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual catches the exception, shows the traceback and ends the app with return
    code 1: the command passes that on instead of exiting 0."""
    from cold_war_tui.tui import app as app_module

    class CrashingApp(app_module.ColdWarApp):
        def on_mount(self) -> None:
            raise RuntimeError("a bug in the app")

        def run(self, *args: Any, **kwargs: Any) -> Any:
            return super().run(headless=True)

    monkeypatch.setattr(app_module, "ColdWarApp", CrashingApp)
    monkeypatch.setattr(cli, "drawing_problem", lambda: None)  # pytest's streams are not one
    assert main([]) == EXIT_CRASH


def test_exit_status_passes_on_the_apps_return_code() -> None:
    assert cli.exit_status(None) == 0
    assert cli.exit_status(0) == 0
    assert cli.exit_status(1) == EXIT_CRASH
    assert cli.exit_status(2) == EXIT_USAGE
