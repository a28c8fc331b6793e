"""The user's data folder and the file mechanisms every save uses: bounded reads, atomic
writes, and the clean-up of what a killed write left behind.

The data folder is `$COLD_WAR_TUI_DATA_DIR` when that is set (tests and portable installs),
else the platform's user data folder from platformdirs (`~/.local/share/cold-war-tui` on
Linux). Nothing is created until a save is written. The save store of the card game and
the duel (`cold_war_tui.tui.saves`) builds on these; the pure engines do no file I/O.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path

from cold_war_tui.untrusted import MAX_SAVE_CHARS

DATA_DIR_ENV = "COLD_WAR_TUI_DATA_DIR"
APP_NAME = "cold-war-tui"


def data_dir() -> Path:
    """The folder for the user's files: $COLD_WAR_TUI_DATA_DIR, else the platform's own."""
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


MAX_SAVE_BYTES = MAX_SAVE_CHARS
"""A save file of more bytes is not read (UTF-8 has at least one byte a character)."""
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60
"""A write takes milliseconds: a temporary file older than this was left by a killed one."""


class FileRefused(Exception):
    """A file was not read: not a regular file, or over its size limit. The message says
    which (without the path: the caller names the file)."""


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileRefused otherwise.

    Opened without blocking, so a named pipe cannot freeze the program, and checked on
    the open file itself, so it cannot be swapped between the check and the read.
    OSError (no such file, no permission) passes through."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not a regular file (a pipe, a device or a socket)")
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        data = handle.read(limit + 1) if info.st_size <= limit else b""
    if info.st_size > limit or len(data) > limit:
        size = max(info.st_size, len(data))
        raise FileRefused(f"{size:,} bytes, over the limit of {limit:,} bytes")
    return data


def write_atomic(path: Path, text: str) -> None:
    """Write a text file whole or not at all: a crash mid-write leaves the old file intact."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def remove_stale_temps(folder: Path, now: float | None = None) -> int:
    """Delete the temporary files of `write_atomic` that a killed program left in `folder`
    (older than STALE_TEMP_SECONDS); returns how many. Never fails: it is tidying."""
    removed = 0
    cutoff = (time.time() if now is None else now) - STALE_TEMP_SECONDS
    try:
        candidates = list(folder.glob(f".*.*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    for path in candidates:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed
