"""The autosave slots of one game, and the advisory lock that keeps two running copies of
the game from writing over each other's autosave (docs/tui.md, "Two copies of the game on
one data folder"). No Textual; the lock itself is `userdata.try_lock`."""

from __future__ import annotations

import itertools
from pathlib import Path

from cold_war_tui.userdata import LOCK_SUFFIX, HeldLock, LockUnavailable, try_lock


def same_folder(one: Path, other: Path) -> bool:
    """Whether two paths name the same folder (relative, absolute, through links)."""
    if one == other:
        return True
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return False


class AutosaveSlots:
    """The autosave files of one game (the card game's, or the duel's): `autosave.json`,
    then `autosave-2.json`, `autosave-3.json` ... for copies of the game running at the
    same time on the same data folder.

    An instance writes only the slot whose advisory lock it holds (`claim`): a second
    instance finds the first slot locked and takes the next, so neither overwrites the
    other's game. The lock files (`.autosave.json.lock` ...) stay in the folder; the
    operating system drops a lock when its holder ends, however it ends, so a lock left
    by a crash blocks nobody. Where no lock can be taken (a read-only folder), the slot
    is used unlocked and its write reports the problem.
    """

    def __init__(self, root: Path, stem: str) -> None:
        self.root = root
        self.stem = stem
        self.claimed: Path | None = None
        self._lock: HeldLock | None = None

    def slot(self, number: int) -> Path:
        return self.root / (f"{self.stem}.json" if number == 1 else f"{self.stem}-{number}.json")

    def number(self, path: Path) -> int | None:
        """The slot number of an autosave file of this game (however the path is
        written), None for any other file."""
        if path.suffix != ".json" or not same_folder(path.parent, self.root):
            return None
        if path.stem == self.stem:
            return 1
        head, _, tail = path.stem.rpartition("-")
        if head == self.stem and tail.isdigit() and tail == str(int(tail)) and int(tail) >= 2:
            return int(tail)
        return None

    @property
    def path(self) -> Path:
        """Where this instance's autosave goes: its claimed slot, else the first."""
        return self.claimed if self.claimed is not None else self.slot(1)

    def existing(self) -> list[Path]:
        """The autosave files of this game in the folder, by slot number."""
        try:
            found = [p for p in self.root.glob(f"{self.stem}*.json") if self.number(p)]
        except OSError:
            return []
        return sorted((p for p in found if not p.is_dir()), key=lambda p: self.number(p) or 0)

    def in_use(self, path: Path) -> bool:
        """Whether another running instance holds this slot's lock (never our own)."""
        if path == self.claimed and self._lock is not None:
            return False
        try:
            lock = try_lock(self._lock_path(path))
        except LockUnavailable:
            return False
        if lock is None:
            return True
        lock.release()
        return False

    def claim(self, prefer: Path | None = None) -> Path:
        """Take a slot to write to and hold its lock: `prefer` (an autosave being
        continued) if no other instance has it, else the slot already held, else the
        first free one. Returns the slot's path."""
        if self._lock is not None and prefer in (None, self.claimed):
            return self.path
        if prefer is not None and self.number(prefer):
            prefer = self.root / prefer.name  # the slot's own spelling
        first = [p for p in (prefer, self.claimed) if p is not None and self.number(p)]
        for candidate in itertools.chain(first, map(self.slot, itertools.count(1))):
            if candidate == self.claimed and self._lock is not None:
                return candidate
            try:
                lock = try_lock(self._lock_path(candidate))
            except LockUnavailable:  # nothing can be locked here: write unlocked, or fail
                self.release()
                self.claimed = candidate
                return candidate
            if lock is not None:
                self.release()
                self._lock, self.claimed = lock, candidate
                return candidate
        raise AssertionError("the slots never run out")

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
        self._lock = None
        self.claimed = None

    def _lock_path(self, path: Path) -> Path:
        return path.with_name(f".{path.name}{LOCK_SUFFIX}")
