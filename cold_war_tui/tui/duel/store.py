"""The duel's files in the one save store: its saves, its autosave, its list.

Duel saves go to the store's `saves/` folder beside the card game's, written by the same
`SaveStore.write` (atomic) and read by the same `read_save_text` (a regular file, bounded);
the format is `cold_war_tui.duel.saves`, whose `format` field tells a duel save from a card
game's. Saves of older versions in the data folder's `duel/` folder are still listed and
opened. Every problem is one `SaveProblem` line naming the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cold_war_tui.duel import DuelGame, Player, SaveError
from cold_war_tui.duel.saves import Saved, read, summary, to_json
from cold_war_tui.tui.autosaves import same_folder
from cold_war_tui.tui.saves import SaveProblem, SaveStore, is_duel_save, read_save_text

NAME_PREFIX = "duel-"
"""New duel saves are named `duel-DATE.json` (the autosave too: `duel-autosave.json`)."""
CANNOT = "cannot be loaded"
Computer = Mapping[Player, str]
"""The computer's level for each player it plays (a player not named is a human)."""


@dataclass(frozen=True)
class LoadedSave:
    """A duel read from a save file, and the file (later Ctrl+S saves go back to it)."""

    path: Path
    saved: Saved

    @property
    def game(self) -> DuelGame:
        return self.saved.game


@dataclass(frozen=True)
class SaveEntry:
    """One duel file of the list: a readable duel with its summary, or the problem."""

    path: Path
    modified: datetime
    summary: str
    problem: str | None = None

    @property
    def name(self) -> str:
        return self.path.name


def read_duel(path: Path) -> Saved:
    """Load a duel save file (any path): the game and its players; SaveProblem names the
    file and the problem."""
    text = read_save_text(path)
    try:
        return read(text)
    except SaveError as exc:
        raise SaveProblem(f"{path}: {exc}") from None


class DuelSaves:
    """The duel's side of the save store (injectable: tests pass a store on a temporary
    folder)."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store

    @property
    def folder(self) -> Path:
        """Where new duel saves go: the store's saves folder, shared with the card game."""
        return self.store.saves_dir

    def new_path(self, now: datetime | None = None) -> Path:
        """A fresh file name from the date and time, never one that exists already."""
        stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
        path = self.folder / f"{NAME_PREFIX}{stamp}.json"
        number = 2
        while path.exists():
            path = self.folder / f"{NAME_PREFIX}{stamp}-{number}.json"
            number += 1
        return path

    def save(
        self, game: DuelGame, path: Path | None = None, computer: Computer | None = None
    ) -> Path:
        """Write the duel to `path` (default: a new file in the folder); return where.
        `computer`: the level of each player the computer plays."""
        text = to_json(game, computer)
        return self.store.write(path if path is not None else self.new_path(), text)

    def claim_autosave(self, resumed: Path | None = None) -> Path:
        """Take this instance's duel autosave slot for a duel starting now: the duel
        autosave it resumes if no other instance has that one, else a free slot."""
        return self.store.duel_slots.claim(resumed)

    def autosave(self, game: DuelGame, computer: Computer | None = None) -> None:
        """Write the duel's autosave (after every decision) to this instance's slot
        (`claim_autosave`, when the duel starts); SaveProblem when it cannot."""
        self.store.write(self.store.duel_autosave_path, to_json(game, computer))

    def is_named_save(self, path: Path) -> bool:
        """Whether `path` is a named save of the saves folder (Ctrl+S may write it again);
        an autosave, an old duel folder's file or a file elsewhere is not."""
        return same_folder(path.parent, self.folder)

    def load(self, path: Path) -> Saved:
        """Read a save (any path, not only the folder's); SaveProblem names the problem."""
        return read_duel(path)

    def entries(self) -> list[SaveEntry]:
        """The duel files, newest first, the autosave on top: in the saves folder the duel
        saves and the damaged files named like one; every file of the old duel folder. A
        file that cannot be loaded is listed with its problem: the list never fails."""
        folders = [self.folder, self.store.old_duel_dir]
        paths = [p for folder in folders if folder.is_dir() for p in folder.glob("*.json")]
        entries = [entry for path in paths if (entry := self._entry(path)) is not None]
        entries.sort(key=lambda e: (e.modified, e.name), reverse=True)
        autosaves = [self._entry(path) for path in self.store.duel_slots.existing()]
        return [entry for entry in autosaves if entry is not None] + entries

    def _entry(self, path: Path) -> SaveEntry | None:
        """The list line of a file; None for a card game's save (its own list shows it),
        a folder, or a missing autosave."""
        if path.is_dir() or not (path.exists() or path.is_symlink()):
            return None
        try:  # a pipe or a broken link is listed with its problem, never stops the list
            modified = datetime.fromtimestamp(path.stat().st_mtime)
        except OSError:
            modified = datetime.fromtimestamp(0)
        named_duel = path.parent == self.store.old_duel_dir or path.name.startswith(NAME_PREFIX)
        try:
            text = read_save_text(path)
        except SaveProblem as exc:
            if not named_duel:
                return None
            return SaveEntry(path, modified, CANNOT, str(exc).removeprefix(f"{path}: "))
        if not named_duel and not is_duel_save(text):
            return None
        try:
            saved = read(text)
        except SaveError as exc:
            return SaveEntry(path, modified, CANNOT, str(exc))
        return SaveEntry(path, modified, summary(saved.game, saved.computer))
