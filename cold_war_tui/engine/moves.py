"""Moves as values: one frozen, hashable type per rule of the choice grammar.

A choice id (`play 21 ops`, `coup iran`, docs/notation.md) is the notation of a move:
what saves store, tests write and people type. This module is the one place that
turns a move into its notation (`move.notation`) and back (`parse_move`); everything
else reads a move's fields. A listed `Choice` gives its move as `choice.move`, and the
rules procedures receive the chosen move, never its text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal, TypeVar, get_args

from cold_war_tui.engine.errors import IllegalChoice
from cold_war_tui.untrusted import excerpt

PlayMode = Literal["event", "ops", "space"]
TargetVerb = Literal["infl", "coup", "realign", "remove", "target"]
CardVerb = Literal["discard", "take", "give", "next", "return"]
OrderFirst = Literal["event", "ops"]
AnswerWord = Literal[
    "done",
    "keep",
    "yes",
    "no",
    "roll",
    "no-roll",
    "participate",  # #20 Olympic Games
    "boycott",
    "add",  # #16 Warsaw Pact Formed
    "remove",
]

FIRST_CARD, LAST_CARD = 1, 110  # CARD := 1..110, the printed numbers
DEFCON_LEVELS = range(1, 6)


@dataclass(frozen=True, slots=True)
class Play:
    """A card played in an action round: its event, its operations or a space attempt."""

    card: int
    mode: PlayMode

    @property
    def notation(self) -> str:
        return f"play {self.card} {self.mode}"


@dataclass(frozen=True, slots=True)
class Headline:
    """The card chosen as the headline (secretly)."""

    card: int

    @property
    def notation(self) -> str:
        return f"headline {self.card}"


@dataclass(frozen=True, slots=True)
class Target:
    """A country acted on: influence, a coup, a realignment roll, a point removed, or
    the target an event names (a war's victim, an event's country)."""

    verb: TargetVerb
    country: str  # a key of data/countries.yaml

    @property
    def notation(self) -> str:
        return f"{self.verb} {self.country}"


@dataclass(frozen=True, slots=True)
class CardPick:
    """A card an event or the turn's end asks for: to discard, take, give, play next or
    return."""

    verb: CardVerb
    card: int

    @property
    def notation(self) -> str:
        return f"{self.verb} {self.card}"


@dataclass(frozen=True, slots=True)
class Order:
    """Which comes first when the phasing side's operations set off the opponent's event."""

    first: OrderFirst

    @property
    def notation(self) -> str:
        return f"{self.first}-first"


@dataclass(frozen=True, slots=True)
class Un:
    """#32 UN Intervention played together with `card`, an opponent's card."""

    card: int

    @property
    def notation(self) -> str:
        return f"un {self.card}"


@dataclass(frozen=True, slots=True)
class CancelCmc:
    """#40 Cuban Missile Crisis ended by removing 2 influence from `country`."""

    country: str

    @property
    def notation(self) -> str:
        return f"cancel-cmc {self.country}"


@dataclass(frozen=True, slots=True)
class Answer:
    """A one-word answer: stop, keep, yes or no, roll or not, an event's option."""

    word: AnswerWord

    @property
    def notation(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Defcon:
    """The DEFCON level an event lets a side set (#45 Summit, #46 How I Learned...)."""

    level: int

    @property
    def notation(self) -> str:
        return f"defcon {self.level}"


@dataclass(frozen=True, slots=True)
class RegionPick:
    """A region an event names (#94 Chernobyl); a key of data/regions.yaml."""

    region: str

    @property
    def notation(self) -> str:
        return f"region {self.region}"


@dataclass(frozen=True, slots=True)
class Pass:
    """No card played this action round (5.1)."""

    @property
    def notation(self) -> str:
        return "pass"


Move = (
    Play
    | Headline
    | Target
    | CardPick
    | Order
    | Un
    | CancelCmc
    | Answer
    | Defcon
    | RegionPick
    | Pass
)
"""Every move the card game's decisions offer."""

MOVE_TYPES = (
    Play,
    Headline,
    Target,
    CardPick,
    Order,
    Un,
    CancelCmc,
    Answer,
    Defcon,
    RegionPick,
    Pass,
)
"""The types of `Move`, for isinstance checks at the engine's boundary."""

CardMove = Play | Headline | CardPick | Un
"""The moves that name a card."""

M = TypeVar(
    "M", Play, Headline, Target, CardPick, Order, Un, CancelCmc, Answer, Defcon, RegionPick, Pass
)

DONE = Answer("done")
KEEP = Answer("keep")
YES = Answer("yes")
NO = Answer("no")
PASS = Pass()


CardVerbOrHeadline = CardVerb | Literal["headline"]


def card_move(verb: CardVerbOrHeadline, card: int) -> Headline | CardPick:
    """The move `VERB N` naming `card`: a headline pick or an event's card."""
    return Headline(card) if verb == "headline" else CardPick(verb, card)


def expect(move: Move, kind: type[M]) -> M:
    """`move` as the type a decision offered; a TypeError for any other (an engine bug:
    `Game.choose` only sends moves the decision listed)."""
    if not isinstance(move, kind):
        raise TypeError(f"expected a {kind.__name__} move, got {move.notation!r}")
    return move


def card_of(move: Move) -> int | None:
    """The card a move names (`play 21 ops` -> 21), if it names one."""
    return move.card if isinstance(move, CardMove) else None


def country_of(move: Move) -> str | None:
    """The country a move acts on (`coup iran` -> "iran"), if it names one."""
    return move.country if isinstance(move, Target | CancelCmc) else None


def with_cards(move: Move, renamed: Mapping[int, int]) -> Move:
    """`move` with the card it names replaced as `renamed` says (a redeal's relabelling)."""
    if isinstance(move, CardMove) and move.card in renamed:
        return replace(move, card=renamed[move.card])
    return move


# -- reading the notation -----------------------------------------------------
_KEY = r"[a-z0-9]+(?:-[a-z0-9]+)*"  # a data key: lower-case words joined by "-"
_NUMBER = r"[1-9][0-9]*"  # no sign, no leading zero: one text per move
_GRAMMAR = re.compile(
    rf"""
    (?P<pass>pass)
    | play\ (?P<play_card>{_NUMBER})\ (?P<mode>event|ops|space)
    | headline\ (?P<headline>{_NUMBER})
    | (?P<card_verb>discard|take|give|next|return)\ (?P<picked>{_NUMBER})
    | un\ (?P<un>{_NUMBER})
    | cancel-cmc\ (?P<cmc>{_KEY})
    | (?P<first>event|ops)-first
    | defcon\ (?P<defcon>[1-5])
    | region\ (?P<region>{_KEY})
    | (?P<target_verb>infl|coup|realign|remove|target)\ (?P<country>{_KEY})
    | (?P<word>{"|".join(get_args(AnswerWord))})
    """,
    re.VERBOSE,
)


# Each word of the notation as the literal type it is (a lookup, so no cast is needed).
_MODES: dict[str, PlayMode] = {word: word for word in get_args(PlayMode)}
_CARD_VERBS: dict[str, CardVerb] = {word: word for word in get_args(CardVerb)}
_FIRSTS: dict[str, OrderFirst] = {word: word for word in get_args(OrderFirst)}
_TARGET_VERBS: dict[str, TargetVerb] = {word: word for word in get_args(TargetVerb)}
_WORDS: dict[str, AnswerWord] = {word: word for word in get_args(AnswerWord)}


def parse_move(text: str) -> Move:
    """The move whose notation is `text`; IllegalChoice for text outside the grammar."""
    if type(text) is not str:
        raise IllegalChoice(f"a choice id is a str, not {type(text).__name__}")
    return _parse(text)


@lru_cache(maxsize=8192)  # ids repeat all game long; bounded, as saves are untrusted text
def _parse(text: str) -> Move:
    found = _GRAMMAR.fullmatch(text)
    if found is None:
        raise IllegalChoice(f"{excerpt(text)} is not a choice in the notation (docs/notation.md)")
    group = found.group
    move: Move
    if group("pass"):
        move = PASS
    elif card := group("play_card"):
        move = Play(int(card), _MODES[group("mode")])
    elif card := group("headline"):
        move = Headline(int(card))
    elif card := group("picked"):
        move = CardPick(_CARD_VERBS[group("card_verb")], int(card))
    elif card := group("un"):
        move = Un(int(card))
    elif country := group("cmc"):
        move = CancelCmc(country)
    elif first := group("first"):
        move = Order(_FIRSTS[first])
    elif level := group("defcon"):
        move = Defcon(int(level))
    elif region := group("region"):
        move = RegionPick(region)
    elif country := group("country"):
        move = Target(_TARGET_VERBS[group("target_verb")], country)
    else:
        move = Answer(_WORDS[group("word")])
    card = card_of(move)
    if card is not None and not FIRST_CARD <= card <= LAST_CARD:
        raise IllegalChoice(f"{excerpt(text)} names no card: cards are #1 to #110")
    return move
