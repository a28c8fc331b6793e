"""The user's data folder and the file mechanisms every save uses: bounded reads, atomic
writes, and the clean-up of what a killed write left behind.

The data folder is `$COLD_WAR_TUI_DATA_DIR` when that is set (tests and portable installs),
else the platform's user data folder from platformdirs (`~/.local/share/cold-war-tui` on
Linux). Nothing is created until a save is written. The save store of the card game and
the duel (`cold_war_tui.tui.saves`) builds on these; the pure engines do no file I/O.
"""

from __future__ import annotations

import errno
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


LOCK_SUFFIX = ".lock"


class HeldLock:
    """An advisory lock this process holds on a lock file, until `release` or its end.

    The operating system drops the lock when the process ends however it ends (a crash,
    SIGKILL), so a lock file left behind blocks nobody: only a running holder counts.
    """

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file drops the lock
            self._fd = None


class LockUnavailable(Exception):
    """The folder cannot hold a lock file (read-only, a file in the way, no locking)."""


def try_lock(path: Path) -> HeldLock | None:
    """Take the lock of `path` (a lock file, made if missing) without waiting; None when
    another holder has it, in this process or another. LockUnavailable when no lock can
    be taken there at all."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as err:
        raise LockUnavailable(err.strerror or str(err)) from None
    try:
        _lock_now(fd)
    except OSError as err:
        os.close(fd)
        if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK):
            return None
        raise LockUnavailable(err.strerror or str(err)) from None
    return HeldLock(path, fd)


def _lock_now(fd: int) -> None:
    """An exclusive lock of the open file `fd`, or OSError at once if it is held."""
    try:
        import fcntl
    except ImportError:  # Windows: a lock on the file's first byte, dropped at exit too
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
