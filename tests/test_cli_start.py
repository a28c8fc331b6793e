"""Issue 16, items 5-7: how `cold-war-tui` starts: `--version`, the check for a terminal
(headless commands run without one), the user data folder fixed at start-up, and
`validate-data` on a folder that is not there."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

import cold_war_tui
from cold_war_tui import cli
from cold_war_tui.tui.duel.store import DuelSaves
from cold_war_tui.tui.saves import SaveStore
from cold_war_tui.userdata import DATA_DIR_ENV, data_dir


def start(*words: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    """`cold-war-tui WORDS` in a new process, its standard input and output not a terminal."""
    return subprocess.run(
        [sys.executable, "-m", "cold_war_tui", *words],
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 5: `cold-war-tui --version` prints the version and exits 0."""
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"cold-war-tui {cold_war_tui.__version__}\n"


@pytest.mark.parametrize("words", [(), ("duel",), ("--load", "x.json")])
def test_without_a_terminal_the_game_says_so_and_exits_2(words: tuple[str, ...]) -> None:
    """Issue 16 item 6: `cold-war-tui </dev/null >/dev/null` draws nothing and does not
    hang: one line says it needs a terminal, exit status 2."""
    result = start(*words)
    assert result.returncode == cli.EXIT_USAGE
    assert result.stdout == ""
    assert result.stderr.splitlines() == [cli.NO_TERMINAL]
    assert "\x1b" not in result.stderr


def test_headless_commands_run_without_a_terminal() -> None:
    """Issue 16 item 6: selfplay and validate-data need no terminal."""
    assert "the game data is valid" in start("validate-data").stdout
    played = start("selfplay", "--games", "1", "--seed", "3")
    assert played.returncode == 0 and "games: 1" in played.stdout


def test_a_terminal_on_input_and_error_is_enough() -> None:
    """Issue 16 item 6: Textual reads keys from standard input and draws on standard error,
    so with those on a terminal the check passes, whatever standard output is."""
    code = "from cold_war_tui.cli import has_terminal; print(has_terminal())"
    leader, follower = pty.openpty()
    try:
        with_tty = subprocess.run(
            [sys.executable, "-c", code],
            stdin=follower,
            stderr=follower,
            capture_output=False,
            stdout=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert with_tty.stdout == "True\n"
    no_tty = subprocess.run(
        [sys.executable, "-c", code], stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    assert no_tty.stdout == "False\n"


def test_a_relative_data_folder_is_fixed_at_start_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 7: a relative COLD_WAR_TUI_DATA_DIR names a folder in the one the game
    started from; moving to another folder later changes nothing, and `--help` says where
    saves go."""
    started_in = tmp_path / "start"
    started_in.mkdir()
    monkeypatch.setenv(DATA_DIR_ENV, "my-saves")
    monkeypatch.chdir(started_in)
    assert cli.main(["validate-data"]) == 0
    expected = started_in / "my-saves"
    assert os.environ[DATA_DIR_ENV] == str(expected)

    monkeypatch.chdir(tmp_path)
    assert data_dir() == expected
    assert SaveStore().saves_dir == expected / "saves"
    assert DuelSaves(SaveStore()).folder == expected / "saves"

    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert f"Saves go to {expected}\n" in capsys.readouterr().out


def test_without_the_variable_saves_go_to_the_platform_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 7: unset, the variable stays unset and `--help` names the user data
    folder of the platform."""
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert cli.fix_data_dir() == data_dir()
    assert DATA_DIR_ENV not in os.environ
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert f"Saves go to {data_dir()}\n" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("make", "problem"),
    [(lambda path: None, "no such folder"), (lambda path: path.touch(), "is a file, not a folder")],
)
def test_validate_data_on_no_folder_says_so(
    tmp_path: Path, make: object, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16 item 7: `validate-data /nonexistent` says the folder is missing (one line,
    exit 2), not that its first file is."""
    folder = tmp_path / "nonexistent"
    assert callable(make)
    make(folder)
    assert cli.main(["validate-data", str(folder)]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err == f"cold-war-tui: validate-data: {folder}: {problem}\n"
