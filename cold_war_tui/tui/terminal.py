"""What the game asks of the terminal it draws in, and what it takes from the environment.

- Whether the game can draw here at all (`terminal_problem`): keys come from standard
  input and the screen goes to standard error, both must be a terminal; `TERM=dumb` cannot
  move the cursor; an encoding other than UTF-8 cannot show the map's characters. Each is
  one line saying what to do, before anything is drawn.
- The terminal's size (`real_size`): asked of the terminal itself, never of `COLUMNS` /
  `LINES` (a stale value would pin the screen to a size the window no longer has), and a
  size no terminal has is not believed.
- The signals that end the game from outside (`EXIT_SIGNALS`: SIGTERM, SIGHUP): the app
  leaves as after Ctrl+Q, so the terminal is given back as it was, and the command exits
  with 128 + the signal's number, as a shell reports a process the signal ended.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import signal
import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from textual.driver import Driver

MAX_COLUMNS = 2000
MAX_ROWS = 1000
"""No terminal has more (an 8K screen at a tiny font is about 1,300 x 400): a bigger size
is a wrong setting, and believing it would make the screen's buffers enormous."""
FALLBACK_SIZE = (80, 24)
EXIT_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
SIZE_VARIABLES = ("COLUMNS", "LINES")

NO_TERMINAL = (
    "cold-war-tui: the game needs a terminal to draw in and read keys from; "
    "the headless commands (selfplay, validate-data, ...) run without one"
)
DUMB_TERMINAL = (
    "cold-war-tui: TERM=dumb: this terminal cannot move the cursor, so it cannot show the "
    "game; run it in a full terminal (or set TERM, e.g. TERM=xterm-256color); the headless "
    "commands (selfplay, validate-data, ...) run anywhere"
)


def not_utf8(encoding: str) -> str:
    return (
        f"cold-war-tui: the terminal's encoding is {encoding}, not UTF-8, so the map and "
        "the tracks cannot be drawn; set a UTF-8 locale (e.g. LC_ALL=C.UTF-8, or "
        "PYTHONUTF8=1) and start the game again"
    )


def terminal_problem(streams: tuple[TextIO | None, TextIO | None] | None = None) -> str | None:
    """Why the game cannot draw here (one line for the user), or None when it can.

    `streams` are standard input and standard error (Textual reads keys from the first
    and draws on the second)."""
    keys, screen = streams if streams is not None else (sys.__stdin__, sys.__stderr__)
    if keys is None or screen is None or not (keys.isatty() and screen.isatty()):
        return NO_TERMINAL
    return screen_problem(screen)


def screen_problem(screen: TextIO) -> str | None:
    """Why a terminal cannot show the game (`TERM=dumb`, an encoding other than UTF-8),
    or None."""
    if os.environ.get("TERM", "").strip().lower() == "dumb":
        return DUMB_TERMINAL
    encoding = getattr(screen, "encoding", None) or "unknown"
    try:
        utf8 = codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        utf8 = False
    return None if utf8 else not_utf8(encoding)


def believable(size: tuple[int, int]) -> bool:
    columns, rows = size
    return 0 < columns <= MAX_COLUMNS and 0 < rows <= MAX_ROWS


def real_size(streams: tuple[TextIO | None, ...] | None = None) -> tuple[int, int]:
    """The size of the terminal the game draws in, asked of the terminal (standard error,
    where the screen goes, then standard input and output); 80x24 when none answers
    with a size a terminal can have. `COLUMNS` and `LINES` are not read."""
    for stream in (
        streams if streams is not None else (sys.__stderr__, sys.__stdin__, sys.__stdout__)
    ):
        if stream is None:
            continue
        with contextlib.suppress(OSError, ValueError, AttributeError):
            size = os.get_terminal_size(stream.fileno())
            if believable((size.columns, size.lines)):
                return (size.columns, size.lines)
    return FALLBACK_SIZE


def forget_size_variables() -> None:
    """Drop `COLUMNS` and `LINES` from the environment before the app starts: Textual and
    Rich would otherwise take them for the window's size, for good."""
    for name in SIZE_VARIABLES:
        os.environ.pop(name, None)


def exit_status_of(signum: int) -> int:
    """What a shell reports for a process ended by the signal `signum`."""
    return 128 + signum


def with_real_size(driver: type[Driver]) -> type[Driver]:
    """Textual's driver for this platform, measuring the window by `real_size`.

    Textual's POSIX driver asks `shutil.get_terminal_size`, which prefers `COLUMNS` and
    `LINES` and measures standard output, not the standard error it draws on; it measures
    again on every SIGWINCH with the same method, which this replaces. Other drivers are
    returned as they are."""
    if sys.platform == "win32":
        return driver
    from textual.drivers.linux_driver import LinuxDriver

    if not issubclass(driver, LinuxDriver):
        return driver

    class RealSizeDriver(driver):  # type: ignore[valid-type,misc]
        def _get_terminal_size(self) -> tuple[int, int]:
            return real_size()

    return RealSizeDriver
