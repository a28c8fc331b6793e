"""The save store of the card game and the duel: where files live, atomic writes, bounded
reads, listing, loading, log export.

A save file is the engine's own save document (`Game.to_json`: format version,
options with the seed, the scenario it started from, every choice, and a state
snapshot checked against the replay on load) with one extra key, `meta`, that
the engine ignores: the players' names, when it was saved, and the turn and VP
for the Load list. See docs/tui.md.

The folder is `userdata.data_dir()` (`COLD_WAR_TUI_DATA_DIR` if set, else the
platform's user data folder); every class here also takes it as an argument, so
tests never touch the real home. Duel saves share the store: they are written to
the same `saves/` folder by the same `SaveStore.write`, read by the same
`read_save_text`, and told apart by their `format` (see `tui/duel/store.py`).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cold_war_tui.tui.autosaves import AutosaveSlots
from cold_war_tui.tui.players import HUMAN, SIDES
from cold_war_tui.untrusted import BadJson, load_json
from cold_war_tui.userdata import (
    APP_NAME,
    MAX_SAVE_BYTES,
    FileRefused,
    data_dir,
    read_bounded,
    remove_stale_temps,
    write_atomic,
)

if TYPE_CHECKING:
    from cold_war_tui.engine import Game

AUTOSAVE_STEM = "autosave"
DUEL_AUTOSAVE_STEM = "duel-autosave"
AUTOSAVE_NAME = f"{AUTOSAVE_STEM}.json"
DUEL_AUTOSAVE_NAME = f"{DUEL_AUTOSAVE_STEM}.json"
OLD_DUEL_FOLDER = "duel"
"""Where duel saves went before they joined `saves/`; still listed, read and tidied."""
DUEL_SAVE_FORMAT = "cold-war-tui/defcon-duel"
"""The `format` of a duel save (`cold_war_tui.duel.saves.SAVE_FORMAT`, a test checks)."""
NAME_CHARS = 40
"""A player's name read from a save is cut to this (the file may hold anything)."""
MAX_HINTS = 10_000
"""At most this many hints of a save's `meta.hints_asked` are read."""
NEW_GAME_NAME = "new-game.json"
"""What New game proposes: who played each side last time (`SaveStore.last_players`)."""


class SaveProblem(Exception):
    """A save could not be read or written; the message names the file first, by its path
    as the user gave it (or as the data folder makes it), then the problem:
    "PATH: the problem". Every message about a file says it this way."""


def cannot_load(problem: SaveProblem | str) -> str:
    """The one sentence for a save that does not open (both games, every screen)."""
    return f"Cannot load the save: {problem}"


@dataclass(frozen=True, slots=True)
class HintAsked:
    """A hint a player asked for: who, of which computer level, in which turn, and where
    it goes in the log (`at`: the log entries before it)."""

    side: str
    level: str
    turn: int
    at: int

    @classmethod
    def from_dict(cls, raw: object) -> HintAsked | None:
        """One entry of a save's `meta.hints_asked`; None when it is not one."""
        if not isinstance(raw, dict) or raw.get("side") not in SIDES:
            return None
        turn, at = raw.get("turn"), raw.get("at")
        if type(turn) is not int or type(at) is not int or not (1 <= turn <= 10 and at >= 0):
            return None
        return cls(str(raw["side"]), _text(raw.get("level")), turn, at)


@dataclass(frozen=True, slots=True)
class SaveMeta:
    """What the program adds to the engine's save: names, who plays each side, the hints
    switch and the hints asked, and a summary for lists.

    `players` is, per side, "human" or the computer's level (a name of `bots.BOTS`), as
    the file says it: `players.Players.from_dict` checks the levels when the game
    opens (here the engine is not loaded yet). A save without it is two humans; a save
    without `hints` has them on.
    """

    names: dict[str, str] = field(default_factory=lambda: dict.fromkeys(SIDES, ""))
    saved_at: str = ""
    players: dict[str, str] = field(default_factory=lambda: dict.fromkeys(SIDES, HUMAN))
    hints: bool = True
    hints_asked: tuple[HintAsked, ...] = ()

    def to_dict(self, game: Game) -> dict[str, Any]:
        state = game.state
        return {
            "app": APP_NAME,
            "names": dict(self.names),
            "players": dict(self.players),
            "hints": self.hints,
            "hints_asked": [
                {"side": h.side, "level": h.level, "turn": h.turn, "at": h.at}
                for h in self.hints_asked
            ],
            "saved_at": self.saved_at or datetime.now().isoformat(timespec="seconds"),
            "turn": state.turn,
            "phase": state.phase,
            "vp": state.vp,
        }

    @classmethod
    def from_dict(cls, raw: object) -> SaveMeta:
        if not isinstance(raw, dict):
            return cls()
        names = raw.get("names")
        clean = {
            side: _text(names.get(side) if isinstance(names, dict) else None) for side in SIDES
        }
        players = raw.get("players")
        plays = {
            side: _text(players.get(side) if isinstance(players, dict) else None) or HUMAN
            for side in SIDES
        }
        asked = raw.get("hints_asked")
        listed = asked[:MAX_HINTS] if isinstance(asked, list) else []
        hints = [HintAsked.from_dict(h) for h in listed]
        return cls(
            names=clean,
            saved_at=_text(raw.get("saved_at")),
            players=plays,
            hints=raw.get("hints") is not False,
            hints_asked=tuple(h for h in hints if h is not None),
        )


def _text(value: object) -> str:
    """A short text field of a save's `meta`: a string, cut to NAME_CHARS; else empty."""
    return value[:NAME_CHARS] if isinstance(value, str) else ""


def save_text(game: Game, meta: SaveMeta) -> str:
    """The file's text: the engine's document plus `meta` (the engine ignores unknown keys)."""
    doc = json.loads(game.to_json())
    doc["meta"] = meta.to_dict(game)
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def vp_text(vp: int) -> str:
    """VP as players say it: "US +3", "USSR +2" or "0"."""
    return "0" if vp == 0 else (f"US +{vp}" if vp > 0 else f"USSR +{-vp}")


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One line of the Load list (read without replaying the game)."""

    path: Path
    saved_at: str
    turn: int | None
    vp: int | None
    problem: str | None = None
    names: dict[str, str] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)
    duel: bool = False  # a DEFCON duel's save: opening it opens the duel

    @property
    def label(self) -> str:
        name = autosave_label(self.path) or self.path.stem
        if self.problem:
            return f"{name}  (unreadable: {self.problem})"
        when = self.saved_at.replace("T", " ") or "date unknown"
        if self.duel:
            return f"{name}  {when}  DEFCON duel"
        turn = "?" if self.turn is None else str(self.turn)
        vp = "?" if self.vp is None else vp_text(self.vp)
        return f"{name}  {when}  turn {turn}  VP {vp}"

    def player(self, side: str) -> str:
        """ "Ann (US)", "the computer (USSR, random)", or "" for a human without a name."""
        level = self.players.get(side, HUMAN)
        if level != HUMAN:
            return f"the computer ({side}, {level})"
        return f"{self.names[side]} ({side})" if self.names.get(side) else ""

    @property
    def summary(self) -> str:
        """ "turn 3, VP USSR +2, Ann (US) against Boris (USSR)" for the Continue entry."""
        if self.problem:
            return f"unreadable: {self.problem}"
        parts = [f"turn {'?' if self.turn is None else self.turn}"]
        parts.append(f"VP {'?' if self.vp is None else vp_text(self.vp)}")
        players = [self.player(s) for s in SIDES if self.player(s)]
        if players:
            parts.append(" against ".join(players))
        return ", ".join(parts)


def autosave_label(path: Path) -> str | None:
    """ "Autosave", "Autosave 2" ... for the card game's autosave slots, else None."""
    number = AutosaveSlots(path.parent, AUTOSAVE_STEM).number(path)
    if number is None:
        return None
    return "Autosave" if number == 1 else f"Autosave {number}"


def peek(path: Path) -> SaveInfo:
    """Date, turn and VP of a save file, for lists (a broken file says why; never raises)."""
    try:
        doc = load_json(read_save_text(path))
    except SaveProblem as err:
        return SaveInfo(path, "", None, None, str(err).removeprefix(f"{path}: "))
    except BadJson:  # the list says what; loading the file says where
        return SaveInfo(path, "", None, None, "invalid JSON")
    if not isinstance(doc, dict):
        return SaveInfo(path, "", None, None, "not a saved game")
    if doc.get("format") == DUEL_SAVE_FORMAT:
        return SaveInfo(path, _modified(path), None, None, duel=True)
    meta = SaveMeta.from_dict(doc.get("meta"))
    snapshot = doc.get("snapshot") if isinstance(doc.get("snapshot"), dict) else {}
    assert isinstance(snapshot, dict)
    saved_at = meta.saved_at or _modified(path)
    turn = snapshot.get("turn")
    vp = snapshot.get("vp")
    return SaveInfo(
        path,
        saved_at,
        turn if type(turn) is int and 1 <= turn <= 10 else None,
        vp if type(vp) is int and -20 <= vp <= 20 else None,
        names=meta.names,
        players=meta.players,
    )


def _stamp(path: Path) -> tuple[int, int] | None:
    """A file's modification time and size: a file rewritten since has another."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


def _modified(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).isoformat(timespec="seconds")
    except OSError:
        return ""


def read_save_text(path: Path) -> str:
    """A save file's text, card game or duel; SaveProblem (naming the file) when it cannot
    be one: not a regular file, over MAX_SAVE_BYTES, not UTF-8, empty."""
    try:
        raw = read_bounded(path, MAX_SAVE_BYTES)
    except FileRefused as err:
        raise SaveProblem(f"{path}: {err}, so not a save file") from None
    except FileNotFoundError:
        raise SaveProblem(f"{path}: no such file") from None
    except OSError as err:
        raise SaveProblem(f"{path}: cannot be read ({err.strerror or err})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveProblem(f"{path}: not a saved game (not UTF-8 text)") from None
    if not text.strip():
        raise SaveProblem(f"{path}: the file is empty (truncated save?)")
    return text


def read_save(path: Path) -> tuple[Game, SaveMeta]:
    """Replay a save file; SaveProblem names what is wrong. The file is never modified."""
    from cold_war_tui.engine import Game, SaveError

    text = read_save_text(path)
    try:
        game = Game.from_json(text)
    except SaveError as err:
        raise SaveProblem(f"{path}: {err}") from None
    doc = load_json(text)  # from_json has read it: it is a JSON object
    assert isinstance(doc, dict)
    return game, SaveMeta.from_dict(doc.get("meta"))


def is_duel_save(text: str) -> bool:
    """Whether a save's text is a DEFCON duel's (its `format` says so)."""
    try:
        doc = load_json(text)
    except BadJson:
        return False
    return isinstance(doc, dict) and doc.get("format") == DUEL_SAVE_FORMAT


def is_duel_file(path: Path) -> bool:
    """Whether a file holds a DEFCON duel's save (False when it cannot be read at all)."""
    try:
        return is_duel_save(read_save_text(path))
    except SaveProblem:
        return False


def file_in_the_way(folder: Path) -> str | None:
    """ "X is a file, not a folder" when `folder`, or the first of its parents that exists,
    is not a folder (mkdir then says only "File exists" or "Not a directory")."""
    for candidate in (folder, *folder.parents):
        if candidate.exists() or candidate.is_symlink():
            return None if candidate.is_dir() else f"{candidate} is a file, not a folder"
    return None


class SaveStore:
    """The user data folder: `saves/*.json` (card games and duels), `autosave.json`,
    `duel-autosave.json` and `exports/*.txt`."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()
        self.game_slots = AutosaveSlots(self.root, AUTOSAVE_STEM)
        self.duel_slots = AutosaveSlots(self.root, DUEL_AUTOSAVE_STEM)
        self._damaged: dict[Path, tuple[tuple[int, int], str]] = {}

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def autosave_path(self) -> Path:
        """Where this instance's card game autosave goes (its claimed slot)."""
        return self.game_slots.path

    @property
    def exports_dir(self) -> Path:
        return self.root / "exports"

    @property
    def duel_autosave_path(self) -> Path:
        """Where this instance's duel autosave goes (its claimed slot)."""
        return self.duel_slots.path

    @property
    def old_duel_dir(self) -> Path:
        return self.root / OLD_DUEL_FOLDER

    def write(self, path: Path, text: str) -> Path:
        """Write a file whole or not at all; SaveProblem names it when it cannot be written."""
        try:
            write_atomic(path, text)
        except OSError as err:
            why = file_in_the_way(path.parent) or err.strerror or str(err)
            raise SaveProblem(f"{path}: cannot be written ({why})") from None
        return path

    def write_problem(self) -> str | None:
        """Why nothing can be saved in the data folder (one line naming it), or None.

        Checked when the game opens, so the player knows before the first choice. An
        existing folder is tried with a temporary file (removed at once); one still to be
        made is judged by the folder it would go in, which is left untouched."""
        root = self.root
        if root.exists() and not root.is_dir():
            return f"{root}: is a file, not a folder"
        if not root.exists():
            in_the_way = file_in_the_way(root)
            if in_the_way:
                return f"{root}: cannot be made ({in_the_way})"
            parent = next(p for p in root.parents if p.exists())
            if not os.access(parent, os.W_OK | os.X_OK):
                return f"{root}: cannot be made ({parent} cannot be written)"
            return None
        try:
            fd, probe = tempfile.mkstemp(prefix=".write-check.", suffix=".tmp", dir=root)
        except OSError as err:
            return f"{root}: cannot be written ({err.strerror or err})"
        os.close(fd)
        Path(probe).unlink(missing_ok=True)
        return None

    def autosaves(self) -> list[Path]:
        """Every card game autosave of the folder: this instance's and other instances'."""
        return self.game_slots.existing()

    def check_autosaves(self) -> None:
        """Replay every card game autosave (the engine and its data must be loaded) and
        remember the damaged ones, so that Continue shows them as such before it is
        picked (the title screen reads only the summary, for speed)."""
        for path in self.autosaves():
            if self.damage(path) is None:
                try:
                    read_save(path)
                except SaveProblem as err:
                    self.note_damage(path, str(err))

    def note_damage(self, path: Path, problem: str) -> None:
        """Remember why the file `path`, as it is now, cannot be loaded."""
        stamp = _stamp(path)
        if stamp is not None:
            self._damaged[path] = (stamp, problem.removeprefix(f"{path}: "))

    def damage(self, path: Path) -> str | None:
        """Why `path` could not be loaded, if it was found damaged and is unchanged since."""
        known = self._damaged.get(path)
        return known[1] if known is not None and known[0] == _stamp(path) else None

    def resolve(self, name_or_path: str) -> Path:
        """A bare name goes to the saves folder (".json" added); a path is used as given."""
        text = name_or_path.strip()
        if not text:
            raise SaveProblem("give a name or a path for the save")
        if "/" in text or os.sep in text or text.startswith("~"):
            path = Path(text).expanduser()
        else:
            path = self.saves_dir / text
        path = path if path.suffix == ".json" else path.with_name(path.name + ".json")
        if self.is_autosave(path):
            raise SaveProblem(f"{path}: an autosave, written by the game itself; save under a name")
        return path

    def is_autosave(self, path: Path) -> bool:
        """Whether `path` is one of the folder's autosaves (either game, any instance's)."""
        return any(slots.number(path) for slots in (self.game_slots, self.duel_slots))

    def save(self, game: Game, meta: SaveMeta, name_or_path: str) -> Path:
        return self.write(self.resolve(name_or_path), save_text(game, meta))

    def autosave(self, game: Game, meta: SaveMeta) -> None:
        """Write the autosave to this instance's slot (`game_slots.claim`, when a game
        screen opens; the first slot before that); SaveProblem names the file when it
        cannot be written."""
        self.write(self.autosave_path, save_text(game, meta))

    @property
    def new_game_path(self) -> Path:
        return self.root / NEW_GAME_NAME

    def remember_players(self, players: dict[str, str]) -> None:
        """Keep who plays each side ("human" or a level) for the next New game; a file
        that cannot be written only loses the suggestion."""
        with contextlib.suppress(SaveProblem):
            self.write(self.new_game_path, json.dumps({"players": players}, sort_keys=True))

    def last_players(self) -> dict[str, str] | None:
        """Who played each side in the last new game, as `remember_players` kept it (None
        when there is no such file, or it cannot be read)."""
        try:
            doc = load_json(read_bounded(self.new_game_path, MAX_SAVE_BYTES).decode("utf-8"))
        except (OSError, FileRefused, UnicodeDecodeError, BadJson):
            return None
        players = doc.get("players") if isinstance(doc, dict) else None
        if not isinstance(players, dict):
            return None
        return {side: _text(players.get(side)) or HUMAN for side in SIDES}

    def remove_stale_temps(self) -> int:
        """Delete what killed writes left behind (`.autosave.json.*.tmp` ...); at start-up."""
        return sum(
            remove_stale_temps(folder)
            for folder in (self.root, self.saves_dir, self.exports_dir, self.old_duel_dir)
            if folder.is_dir()
        )

    def list_saves(self) -> list[SaveInfo]:
        """The autosave first, then named saves, newest first. A file that is not a save
        (damaged, too big, a pipe) is listed with its problem: the list never fails."""
        infos = []
        if self.saves_dir.is_dir():
            infos = [peek(p) for p in self.saves_dir.glob("*.json") if not p.is_dir()]
        infos.sort(key=lambda i: i.saved_at, reverse=True)
        return [peek(path) for path in self.autosaves()] + infos

    def default_name(self, game: Game) -> str:
        state = game.state
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        return f"turn{state.turn}-{stamp}"

    def export_log(self, text: str, name_or_path: str | None = None) -> Path:
        """Write the log as text (default: exports/log-DATE.txt); returns the path."""
        if name_or_path:
            path = Path(name_or_path).expanduser()
            if "/" not in name_or_path and os.sep not in name_or_path:
                path = self.exports_dir / name_or_path
        else:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            path = self.exports_dir / f"log-{stamp}.txt"
        return self.write(path, text)
