"""The user's data folder (saves) and the folder of DEFCON duel saves.

The data folder is `$COLD_WAR_TUI_DATA_DIR` when that is set (tests and portable installs),
else the platform's user data folder from platformdirs (`~/.local/share/cold-war-tui` on
Linux). Nothing is created until a save is written. Duel saves live in its `duel/` folder;
the file format is `cold_war_tui.duel.saves` (the pure duel package does no file I/O, this
module does it for it).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

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


def write_atomic(path: Path, text: str) -> None:
    """Write a text file whole or not at all: a crash mid-write leaves the old file intact."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def read_duel_save(path: Path) -> DuelGame:
    """Load a duel save file; a SaveError names the file and the problem. Only reads it."""
    from cold_war_tui.duel.errors import SaveError
    from cold_war_tui.duel.saves import from_json

    try:
        raw = path.read_bytes()
    except FileNotFoundError as exc:
        raise SaveError(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise SaveError(f"{path}: is a folder, not a save file") from exc
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: not a text (UTF-8) file, so not a duel save") from exc
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
            if not path.is_file():
                continue
            modified = datetime.fromtimestamp(path.stat().st_mtime)
            try:
                game = read_duel_save(path)
            except SaveError as exc:
                problem = str(exc).removeprefix(f"{path}: ")
                entries.append(SaveEntry(path, modified, "cannot be loaded", problem))
                continue
            entries.append(SaveEntry(path, modified, summary(game)))
        entries.sort(key=lambda e: (e.modified, e.name), reverse=True)
        return entries

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
