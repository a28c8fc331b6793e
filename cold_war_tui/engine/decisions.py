"""What the engine asks for: a Decision with its legal Choices, and the Outcome.

Every choice id is a short, typable notation string (docs/notation.md);
`Game.choose` accepts exactly the ids the pending decision lists. Choices that
are shown but not legal now (e.g. an event that cannot be played) are listed
separately in `unavailable`, each with the reason.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, TypeVar

from cold_war_tui.engine.board import Side
from cold_war_tui.engine.moves import Move, parse_move
from cold_war_tui.untrusted import excerpt

T = TypeVar("T")


# Choice, Unavailable, Decision (and the log's LogEntry) are NamedTuples: immutable records
# made by the thousand per game, and a tuple is cheaper to build than a dataclass.
class Choice(NamedTuple):
    """One option of a decision: a stable notation `id` and a label for people."""

    id: str
    label: str

    @property
    def move(self) -> Move:
        """The move this choice makes (engine/moves.py), read off its id once per id."""
        return parse_move(self.id)

    @classmethod
    def of(cls, move: Move, label: str) -> Choice:
        """The choice making `move`, labelled for people."""
        return cls(move.notation, label)


class Unavailable(NamedTuple):
    """An option shown greyed out, with the reason it cannot be chosen now."""

    id: str
    label: str
    reason: str

    @property
    def move(self) -> Move:
        """The move this option would make, were it allowed."""
        return parse_move(self.id)


class DecisionKind(StrEnum):
    """What a decision asks (docs/notation.md). The values are stable: saves, tests and
    programs outside the package compare `Decision.kind` with them as plain strings."""

    SETUP_INFLUENCE = "setup_influence"
    BID_INFLUENCE = "bid_influence"
    HEADLINE = "headline"
    ACTION = "action"
    EVENT_ORDER = "event_order"
    OPERATION = "operation"
    OPERATION_MIXED = "operation_mixed"
    PLACE_INFLUENCE = "place_influence"
    REALIGN = "realign"
    SPACE_ROLL = "space_roll"
    TURN_END_DISCARD = "turn_end_discard"
    EVENT_INFLUENCE = "event_influence"
    EVENT_REMOVE = "event_remove"
    EVENT_TARGET = "event_target"
    EVENT_COUP = "event_coup"
    EVENT_DISCARD = "event_discard"
    EVENT_TAKE = "event_take"
    EVENT_GIVE = "event_give"
    EVENT_OPTIONAL = "event_optional"
    EVENT_OPERATIONS = "event_operations"
    EVENT_DEFCON = "event_defcon"
    EVENT_REGION = "event_region"
    OLYMPIC_GAMES = "olympic_games"
    WARSAW_PACT = "warsaw_pact"
    GRAIN_SALES = "grain_sales"
    STAR_WARS = "star_wars"
    WARGAMES = "wargames"
    AMES_ORDER = "ames_order"


class Decision(NamedTuple):
    """A question to one player. `context` carries what a UI needs (targets, ops left).

    Made by `ask` only, once per decision of the game. Immutable all the way down
    (tuples and a read-only mapping): what `choose` accepts is what the engine listed."""

    player: Side
    kind: DecisionKind
    prompt: str
    choices: tuple[Choice, ...]
    unavailable: tuple[Unavailable, ...]
    context: Mapping[str, Any]

    def accepts(self, choice_id: str) -> bool:
        """True when `choice_id` is one of the legal choices."""
        # A plain loop is 3x faster than any() over a generator; this runs on every choose.
        for choice in self.choices:  # noqa: SIM110
            if choice.id == choice_id:
                return True
        return False

    def why_not(self, choice_id: str) -> str:
        """The reason a choice id is refused, for IllegalChoice messages."""
        for option in self.unavailable:
            if option.id == choice_id:
                return f"{excerpt(choice_id)} is not allowed now: {option.reason}"
        return f"{excerpt(choice_id)} is not a choice of this {self.kind} decision"


Ending = Literal[
    "20 VP",
    "DEFCON 1",
    "coup in the Cuban Missile Crisis",
    "held scoring card",
    "region control",
    "final scoring",
    "Wargames",
]
"""How a game can end, by name: several endings share a rule number ("10")."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: winner 'US', 'USSR' or None (a draw), why, the rule, and
    which kind of ending it is (`ending`, for programs: the reason is for people)."""

    winner: str | None
    reason: str
    rule: str
    ending: Ending


class GameOver(Exception):  # a control-flow signal, named as such
    """Raised anywhere in the rules to end the game at once."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome


Flow = Generator[Decision, Move, T]
"""A rules procedure: yields Decisions, receives the chosen move, returns a value."""


def ask(
    player: Side,
    kind: DecisionKind,
    prompt: str,
    choices: Sequence[Choice],
    unavailable: Sequence[Unavailable] = (),
    **context: Any,
) -> Decision:
    """One question: a rules procedure yields it and receives the chosen move,
    `chosen = yield ask(...)`. A plain function, not a sub-generator: this runs
    for every decision of the game."""
    # tuple.__new__ skips the NamedTuple's Python-level constructor (as for log lines).
    facts: Mapping[str, Any] = MappingProxyType(context)
    return _new_tuple(Decision, (player, kind, prompt, tuple(choices), tuple(unavailable), facts))


_new_tuple = tuple.__new__
