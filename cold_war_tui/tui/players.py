"""Who plays each side: a human at the terminal, or the computer at a level of `BOTS`.

The New game screen, the save's `meta`, the command line and the game screen share
these answers. No Textual here, and the bots (with the engine) are imported only when
asked for, so the title screen still shows before the engine has loaded. The levels
are the names of `cold_war_tui.bots.BOTS` in its order (weakest first); only their
friendly labels are written here, and a name without one is shown as it is, so a bot
added to `BOTS` appears everywhere by itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cold_war_tui.bots import Bot

# The engine's SIDES, in its order, without importing the engine (see above); a test checks.
SIDES = ("US", "USSR")
HUMAN = "human"  # a side a person plays, in `SaveMeta.players` and on the command line
COMPUTER = "computer"
# Friendly words for the levels we know; any other name of BOTS is shown as it is.
LEVEL_LABELS = {
    "random": "Random (any legal move)",
    "greedy": "Greedy (best move now)",
    "strong": "Strong (searches ahead)",
    "expert": "Expert (searches longer, about 2 s a move)",
}
DEFAULT_PAUSE = 0.6
"""Seconds a computer's move stays highlighted before its next one (`ColdWarApp`)."""


class PlayerSpecError(ValueError):
    """A player given on the command line is neither `human` nor `computer[:LEVEL]`."""


def levels() -> list[str]:
    """The computer's levels, weakest first (the order of BOTS)."""
    from cold_war_tui.bots import BOTS

    return list(BOTS)


def level_label(level: str) -> str:
    return LEVEL_LABELS.get(level, level)


def strongest() -> str:
    """The level proposed for a computer side: the last of BOTS."""
    return levels()[-1]


@dataclass(frozen=True, slots=True)
class Players:
    """The computer's level for each side it plays; a side not listed is a human."""

    computer: Mapping[str, str] = field(default_factory=dict)

    def level(self, side: str) -> str | None:
        return self.computer.get(side)

    def is_computer(self, side: str) -> bool:
        return side in self.computer

    @property
    def humans(self) -> list[str]:
        return [side for side in SIDES if side not in self.computer]

    def describe(self, side: str) -> str:
        """ "Computer (USSR, Random (any legal move))" or "" for a human side."""
        level = self.level(side)
        return f"Computer ({side}, {level_label(level)})" if level is not None else ""

    def to_dict(self) -> dict[str, str]:
        """The save's `meta.players`: every side, "human" or the computer's level."""
        return {side: self.computer.get(side, HUMAN) for side in SIDES}

    @classmethod
    def from_dict(cls, raw: object) -> tuple[Players, list[str]]:
        """The players of a save's `meta.players` and what could not be read. A save
        without the field (older versions) is two humans; a level this version does not
        have makes that side a human, and the second item says so."""
        if not isinstance(raw, Mapping):
            return cls(), []
        known = levels()
        computer: dict[str, str] = {}
        problems = []
        for side in SIDES:
            value = raw.get(side, HUMAN)
            if value == HUMAN:
                continue
            if isinstance(value, str) and value in known:
                computer[side] = value
            else:
                shown = repr(value)[:40]
                problems.append(f"the {side} computer's level {shown} is unknown: a human plays it")
        return cls(computer), problems


def parse_player(text: str) -> str | None:
    """A player of the command line: `human` (None) or `computer[:LEVEL]` (the level; the
    strongest when none is given). PlayerSpecError says what is wrong in one line."""
    known = levels()
    word, colon, level = text.strip().partition(":")
    if word == HUMAN and not colon:
        return None
    if word == COMPUTER:
        if not colon:
            return strongest()
        if level in known:
            return level
        raise PlayerSpecError(
            f"unknown computer level {level!r}; the levels are: {', '.join(known)}"
        )
    choices = ", ".join([HUMAN, COMPUTER, *(f"{COMPUTER}:{name}" for name in known)])
    raise PlayerSpecError(f"{text!r} is not a player; say one of: {choices}")


def bot_seed(game_seed: int, side: str, choices_made: int) -> int:
    """The seed of the computer's decision after `choices_made` choices: from the game's
    seed, the side and that count alone, so a saved and resumed game asks the same
    questions with the same seeds and (with `iterations`) gets the same answers."""
    digest = hashlib.sha256(f"{game_seed}/{side}/{choices_made}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # a non-negative 63-bit int


@dataclass(frozen=True, slots=True)
class ComputerSettings:
    """How the computer plays in the app: `think` and `iterations` go to `make_bot`;
    `pause` is how long each of its moves stays highlighted before the next."""

    think: float | None = None
    iterations: int | None = None
    pause: float = DEFAULT_PAUSE

    def bot(self, level: str, game_seed: int, side: str, choices_made: int) -> Bot:
        from cold_war_tui.bots import make_bot

        seed = bot_seed(game_seed, side, choices_made)
        return make_bot(level, seed, think=self.think, iterations=self.iterations)
