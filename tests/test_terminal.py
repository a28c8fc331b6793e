"""The game in a real (pseudo-)terminal: SIGTERM and SIGHUP give the terminal back, the
window's size is the terminal's own (not COLUMNS / LINES), and a terminal that cannot
show the game (TERM=dumb, an encoding other than UTF-8) gets one line, nothing drawn.

Each test starts `python -m cold_war_tui` in a pseudo-terminal (tests/pty_program.py)
and reads every byte it writes.
"""

from __future__ import annotations

import json
import os
import signal
import termios
from pathlib import Path

import pytest
from pty_program import PtyProgram

from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.saves import SaveMeta, SaveStore
from cold_war_tui.tui.terminal import (
    DUMB_TERMINAL,
    MAX_COLUMNS,
    MAX_ROWS,
    believable,
    not_utf8,
    real_size,
)

TITLE = b"New game"
TOO_SMALL = b"terminal too small"
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = (b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l")
SHOW_CURSOR = b"\x1b[?25h"


def environment(data: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(COLD_WAR_TUI_DATA_DIR=str(data), TERM="xterm-256color", LANG="C.UTF-8")
    env.pop("LC_ALL", None)
    env.update(extra)
    return env


def an_autosave(folder: Path) -> Path:
    game = Game.new(GameOptions(seed=6))
    for _ in range(9):
        assert game.pending is not None
        game.choose(game.pending.choices[0].id)
    store = SaveStore(folder)
    store.autosave(game, SaveMeta(names={"US": "Ann", "USSR": "Boris"}))
    return store.autosave_path


# -- SIGTERM and SIGHUP ---------------------------------------------------------------------
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_restores_the_terminal_and_keeps_the_autosave(
    tmp_path: Path, signum: signal.Signals
) -> None:
    """Killed by SIGTERM or SIGHUP in a game: the bytes written at exit leave the
    alternate screen, turn mouse reporting off and show the cursor; echo and line input
    are back; the autosave is as it was; the status is 128 + the signal."""
    autosave = an_autosave(tmp_path)
    with PtyProgram([], env=environment(tmp_path)) as program:
        before = program.terminal_modes()
        assert program.wait_for(TITLE), program.output
        program.type(b"c")  # Continue: the game, behind its hand-over
        assert program.wait_for(b"Pass the terminal"), program.output
        saved = autosave.read_bytes()
        assert not program.terminal_modes()[3] & termios.ECHO  # the game has the keys
        mark = len(program.output)
        program.process.send_signal(signum)
        status = program.finish()
        at_exit = program.output[mark:]
        assert status == 128 + signum
        assert LEAVE_ALTERNATE_SCREEN in at_exit and SHOW_CURSOR in at_exit
        assert all(code in at_exit for code in MOUSE_OFF)
        lflag = program.terminal_modes()[3]
        assert lflag & termios.ECHO and lflag & termios.ICANON
        assert program.terminal_modes() == before
    assert autosave.read_bytes() == saved
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert json.loads(saved)["meta"]["names"] == {"US": "Ann", "USSR": "Boris"}


# -- the window's size ----------------------------------------------------------------------
def test_columns_and_lines_do_not_override_the_real_size(tmp_path: Path) -> None:
    """COLUMNS=70 LINES=20 in a 120x40 window: the title, not "too small"; shrinking the
    window shows "too small", enlarging it again clears it."""
    env = environment(tmp_path, COLUMNS="70", LINES="20")
    with PtyProgram([], env=env, size=(120, 40)) as program:
        assert program.wait_for(TITLE), program.output
        program.read(0.5)
        assert TOO_SMALL not in program.output
        program.resize(70, 20)
        assert program.wait_for(TOO_SMALL)
        mark = len(program.output)
        program.resize(120, 40)
        assert program.wait_for(TITLE, start=mark)
        program.type(b"q")
        assert program.finish() == 0


def test_a_size_no_terminal_has_is_not_believed(tmp_path: Path) -> None:
    """COLUMNS=100000 LINES=100000: the game draws its title in the real window and its
    memory stays that of a normal screen (before: a blank screen and about 1.9 GB)."""
    env = environment(tmp_path, COLUMNS="100000", LINES="100000")
    with PtyProgram([], env=env, size=(100, 30)) as program:
        assert program.wait_for(TITLE), program.output
        status = Path(f"/proc/{program.process.pid}/status")
        if status.exists():
            rss = next(line for line in status.read_text().splitlines() if line.startswith("VmRSS"))
            assert int(rss.split()[1]) < 400_000, rss  # kB
        program.type(b"q")
        assert program.finish() == 0


def test_the_size_comes_from_the_terminal_and_must_be_plausible(tmp_path: Path) -> None:
    assert believable((80, 24)) and believable((MAX_COLUMNS, MAX_ROWS))
    assert not believable((100_000, 100_000)) and not believable((0, 24))
    with PtyProgram(["--version"], size=(132, 43)) as program:
        program.finish()
        with open(os.ttyname(program.follower)) as terminal:
            os.environ["COLUMNS"], os.environ["LINES"] = "70", "20"
            try:
                assert real_size((terminal,)) == (132, 43)
            finally:
                del os.environ["COLUMNS"], os.environ["LINES"]
            program.resize(60_000, 60_000, tell=False)
            assert real_size((terminal,)) == (80, 24)


# -- terminals that cannot show the game ----------------------------------------------------
@pytest.mark.parametrize(
    ("extra", "line"),
    [
        ({"TERM": "dumb"}, DUMB_TERMINAL),
        ({"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}, not_utf8("ascii")),
    ],
    ids=["TERM=dumb", "LC_ALL=C"],
)
def test_a_terminal_that_cannot_show_the_game_gets_one_line(
    tmp_path: Path, extra: dict[str, str], line: str
) -> None:
    with PtyProgram([], env=environment(tmp_path, **extra)) as program:
        assert program.finish() == 2
        assert program.output.decode().splitlines() == [line]  # nothing drawn: no escapes
