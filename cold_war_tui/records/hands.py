"""Which cards each side certainly held, round by round, from the cards the log shows
leaving a hand (played, discarded, given), shown in it (revealed) or coming into it.

A log never lists a hand. A card is seen when it is played, discarded or revealed; it
was then held since the turn began, unless the log shows it coming into that hand
during the turn (#49 Missile Envy swapped, #43 SALT took it from the discard pile, #77
"Ask Not" drew new cards). The card a player keeps at the end of a turn, never seen,
is unknown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cold_war_tui.datamodel import Side
from cold_war_tui.records.cards import (
    ASK_NOT,
    CHINA_CARD,
    GRAIN_SALES,
    MISSILE_ENVY,
    OUR_MAN_IN_TEHRAN,
    SALT_NEGOTIATIONS,
)
from cold_war_tui.records.lines import CardMove, Event, Fact, Headline

UseKind = Literal["play", "discard", "give", "reveal", "acquire"]


@dataclass(frozen=True, slots=True)
class Use:
    """`side`'s hand and `card` in round `round` (an index within the turn)."""

    round: int
    side: Side
    card: int
    kind: UseKind


@dataclass(frozen=True, slots=True)
class TurnRound:
    """What the card flows need of one round: its side, header card and facts."""

    side: Side | None
    card: int | None  # the header's card (an action round's play)
    facts: Sequence[Fact]


def other(side: Side) -> Side:
    return "USSR" if side == "US" else "US"


def card_uses(rounds: Sequence[TurnRound]) -> list[Use]:
    """Every use of a hand the rounds of one turn show, in order."""
    uses: list[Use] = []
    for index, turn_round in enumerate(rounds):
        uses.extend(_round_uses(index, turn_round))
    return uses


def _round_uses(index: int, turn_round: TurnRound) -> list[Use]:
    uses: list[Use] = []
    side, card = turn_round.side, turn_round.card
    if side is not None and card is not None and card != CHINA_CARD:
        uses.append(Use(index, side, card, "play"))
    context: int | None = card
    for fact in turn_round.facts:
        if isinstance(fact, Headline):
            uses.append(Use(index, fact.side, fact.card, "play"))
        elif isinstance(fact, Event):
            context = fact.card
        elif isinstance(fact, CardMove):
            uses.extend(_moves(index, fact, context))
    return _without_repeats(uses)


def _moves(index: int, move: CardMove, context: int | None) -> list[Use]:
    """What a card line means for the hands, in the event it belongs to."""
    side, card = move.side, move.card
    if move.verb == "discards":
        # #108's discards come from the draw pile, never from a hand.
        return [] if context == OUR_MAN_IN_TEHRAN else [Use(index, side, card, "discard")]
    if move.verb == "returns":  # #67: the card goes back to the other hand, seen
        return [Use(index, other(side), card, "reveal")]
    if move.verb == "plays":
        if context == GRAIN_SALES:  # the US plays the card it took from the USSR hand
            return [Use(index, other(side), card, "give")]
        return [Use(index, side, card, "play")]
    if context == SALT_NEGOTIATIONS:  # the card taken from the discard pile is shown
        return [Use(index, side, card, "acquire")]
    if context == MISSILE_ENVY:  # the card given away; #49 comes into that hand
        return [Use(index, side, card, "give"), Use(index, side, MISSILE_ENVY, "acquire")]
    return [Use(index, side, card, "reveal")]


def _without_repeats(uses: list[Use]) -> list[Use]:
    """The sites write some lines twice (`US plays X`); a use counts once."""
    seen: set[Use] = set()
    kept = []
    for use in uses:
        if use not in seen:
            seen.add(use)
            kept.append(use)
    return kept


class TurnHands:
    """The cards each side certainly held at the start of each round of one turn."""

    def __init__(self, rounds: Sequence[TurnRound]) -> None:
        self.count = len(rounds)
        self.uses = card_uses(rounds)
        self._drawn_from = self._ask_not_rounds(rounds)

    @staticmethod
    def _ask_not_rounds(rounds: Sequence[TurnRound]) -> dict[Side, int]:
        """The round after which the US hand holds cards drawn unseen (#77's discards)."""
        for index, turn_round in enumerate(rounds):
            asked = False
            for fact in turn_round.facts:
                if isinstance(fact, Event):
                    asked = fact.card == ASK_NOT
                elif asked and isinstance(fact, CardMove) and fact.verb == "discards":
                    return {"US": index}
        return {}

    def held(self, side: Side, index: int) -> tuple[int, ...]:
        """The cards `side` certainly held at the start of round `index`: seen in that
        hand (played, discarded, given or revealed) while it was there, and there then."""
        cards = sorted({use.card for use in self.uses if use.side == side})
        return tuple(card for card in cards if self._held_at(side, card, index))

    def _held_at(self, side: Side, card: int, index: int, strict: bool = True) -> bool:
        """Whether `side` held `card` at round `index`; `strict`: certainly (not one of
        the cards #77 may have drawn unseen)."""
        uses = [u for u in self.uses if u.side == side and u.card == card]
        start = 0
        drawn = self._drawn_from.get(side) if strict else None
        if drawn is not None and min(u.round for u in uses) > drawn:
            start = drawn + 1  # maybe one of the cards drawn unseen
        seen = False  # revealed since it came in, and still there
        for use in uses:
            if use.kind == "acquire":
                start, seen = use.round + 1, False
            elif use.kind == "reveal":
                seen = True
            else:  # it leaves the hand in this round
                if start <= index <= use.round:
                    return True
                start, seen = use.round + 1, False
        return seen and start <= index

    def plays_later(self, side: Side, index: int) -> tuple[int, ...]:
        """The cards `side` held at round `index` and plays himself later in the turn."""
        later = {
            u.card
            for u in self.uses
            if u.side == side and u.kind == "play" and u.round > index and u.card != CHINA_CARD
        }
        return tuple(card for card in self.held(side, index) if card in later)

    def used_in(self, side: Side, index: int) -> tuple[int, ...]:
        """The cards of `side`'s hand that round `index` uses, and the card `side` plays
        next: a replay's hand. With no card, the engine would pass that side's next
        rounds at once and end the turn; with more, an event taking a card at random
        would have more to choose from."""
        cards = {
            u.card for u in self.uses if u.side == side and u.round == index and u.kind != "acquire"
        }
        later = [u for u in self.uses if u.side == side and u.round > index and u.kind == "play"]
        if later and later[0].card != CHINA_CARD:
            cards.add(later[0].card)
        return tuple(sorted(c for c in cards if self._held_at(side, c, index, strict=False)))

    def leaving(self, index: int) -> list[tuple[Side, int]]:
        """The cards that leave a hand in round `index` (played, discarded, given)."""
        return [
            (u.side, u.card)
            for u in self.uses
            if u.round == index and u.kind in ("play", "discard", "give") and u.card != CHINA_CARD
        ]


def deck_discards(facts: Sequence[Fact]) -> list[int]:
    """The cards #108 Our Man in Tehran discards: they were the top of the draw pile."""
    cards: list[int] = []
    context: int | None = None
    for fact in facts:
        if isinstance(fact, Event):
            context = fact.card
        elif (
            isinstance(fact, CardMove)
            and fact.verb == "discards"
            and context == OUR_MAN_IN_TEHRAN
            and fact.card not in cards
        ):
            cards.append(fact.card)
    return cards
