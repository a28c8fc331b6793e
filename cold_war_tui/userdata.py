"""The user's data folder (saves) and the folder of DEFCON duel saves.

The data folder is `$COLD_WAR_TUI_DATA_DIR` when that is set (tests and portable installs),
else the platform's user data folder from platformdirs (`~/.local/share/cold-war-tui` on
Linux). Nothing is created until a save is written. Duel saves live in its `duel/` folder;
the file format is `cold_war_tui.duel.saves` (the pure duel package does no file I/O, this
module does it for it).
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from cold_war_tui.untrusted import MAX_SAVE_CHARS

if TYPE_CHECKING:  # the duel is imported only when its saves are used (fast start-up)
    from cold_war_tui.duel.engine import DuelGame

DATA_DIR_ENV = "COLD_WAR_TUI_DATA_DIR"
APP_NAME = "cold-war-tui"
DUEL_FOLDER = "duel"
SUFFIX = ".json"


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


def read_duel_save(path: Path) -> DuelGame:
    """Load a duel save file; a SaveError names the file and the problem. Only reads it."""
    from cold_war_tui.duel.errors import SaveError
    from cold_war_tui.duel.saves import from_json

    try:
        raw = read_bounded(path, MAX_SAVE_BYTES)
    except FileRefused as exc:
        raise SaveError(f"{path}: {exc}, so not a duel save") from None
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a text (UTF-8) file, so not a duel save") from None
    try:
        return from_json(text)
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from exc


@dataclass(frozen=True)
class SaveEntry:
    """One file in the saves folder: a readable game with its summary, or the problem."""

    path: Path
    modified: datetime
    summary: str
    problem: str | None = None

    @property
    def name(self) -> str:
        return self.path.name


class DuelSaves:
    """The folder of duel saves (injectable: tests pass a temporary folder)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir() / DUEL_FOLDER

    def entries(self) -> list[SaveEntry]:
        """Every *.json file of the folder, newest first; a missing folder has none."""
        from cold_war_tui.duel.errors import SaveError
        from cold_war_tui.duel.saves import summary

        if not self.folder.is_dir():
            return []
        entries: list[SaveEntry] = []
        for path in self.folder.glob(f"*{SUFFIX}"):
            if path.is_dir():
                continue
            try:  # a pipe or a broken link is listed with its problem, never stops the list
                modified = datetime.fromtimestamp(path.stat().st_mtime)
            except OSError:
                modified = datetime.fromtimestamp(0)
            try:
                game = read_duel_save(path)
            except SaveError as exc:
                problem = str(exc).removeprefix(f"{path}: ")
                entries.append(SaveEntry(path, modified, "cannot be loaded", problem))
                continue
            entries.append(SaveEntry(path, modified, summary(game)))
        entries.sort(key=lambda e: (e.modified, e.name), reverse=True)
        return entries

    def remove_stale_temps(self) -> int:
        """Delete what killed writes left in the folder (`.NAME.json.*.tmp`); at start-up."""
        return remove_stale_temps(self.folder) if self.folder.is_dir() else 0

    def new_path(self, now: datetime | None = None) -> Path:
        """A fresh file name from the date and time, never one that exists already."""
        stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
        path = self.folder / f"duel-{stamp}{SUFFIX}"
        number = 2
        while path.exists():
            path = self.folder / f"duel-{stamp}-{number}{SUFFIX}"
            number += 1
        return path

    def save(self, game: DuelGame, path: Path | None = None) -> Path:
        """Write the game to `path` (default: a new file in the folder); return where."""
        from cold_war_tui.duel.saves import to_json

        target = path if path is not None else self.new_path()
        write_atomic(target, to_json(game))
        return target

    def load(self, path: Path) -> DuelGame:
        """Read a save (any path, not only the folder's); raises SaveError naming the problem."""
        return read_duel_save(path)
