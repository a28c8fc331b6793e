"""The dice of one round, in the order the engine rolls them (docs/engine.md "Dice").

The log shows each die where it was rolled, with two exceptions. A realignment roll
lists the USSR's die first, whoever realigns; the engine rolls the realigning side's
first. #20 Olympic Games and #45 Summit show only who won: their dice are made up to
give that winner (the sponsor's or the first roller's 6 against 1, or the reverse), or
for a Summit without a winner, a tie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cold_war_tui.datamodel import Side
from cold_war_tui.records.cards import SUMMIT
from cold_war_tui.records.hands import other
from cold_war_tui.records.lines import Die, Event, Fact, Headline, Olympics, Score, Section

WIN, LOSE = 6, 1


def round_dice(
    facts: Sequence[Fact],
    realigners: Sequence[Side],
    side: Side | None,
    summit_bonus: Mapping[Side, int] | None = None,
) -> list[int]:
    """The round's dice in the engine's order. `realigners` names the side of each
    realignment roll as far as it is known (`_realigner` guesses the rest).
    `summit_bonus`: each side's #45 Summit bonus, for a Summit the log shows tied (no
    VP): dice that tie it."""
    dice: list[int] = []
    pending: dict[Side, int] = {}
    rolls = 0
    for index, fact in enumerate(facts):
        if isinstance(fact, Die):
            if fact.roll != "realign" or fact.side is None:
                dice.append(fact.value)
                continue
            pending[fact.side] = fact.value
            if len(pending) == 2:
                first = _realigner(realigners, rolls, side)
                dice += [pending[first], pending[other(first)]]
                pending.clear()
                rolls += 1
        elif isinstance(fact, Olympics) and fact.participate:
            sponsor = other(fact.side)
            won = _winner(facts, index) == sponsor
            dice += [WIN, LOSE] if won else [LOSE, WIN]
        elif isinstance(fact, Event) and fact.card == SUMMIT:
            first = _summit_roller(facts, side)
            winner = _winner(facts, index)
            if winner is not None:
                dice += [WIN, LOSE] if winner == first else [LOSE, WIN]
            elif summit_bonus is not None:
                lead = summit_bonus[first] - summit_bonus[other(first)]
                dice += [max(1, WIN - lead), WIN] if lead >= 0 else [WIN, max(1, WIN + lead)]
    return dice


def _realigner(realigners: Sequence[Side], roll: int, side: Side | None) -> Side:
    """The side of realignment roll `roll`: as the engine showed it, else the side of the
    roll before (a card's rolls are one side's), else the phasing side."""
    if roll < len(realigners):
        return realigners[roll]
    return realigners[-1] if realigners else side or "USSR"


def _winner(facts: Sequence[Fact], start: int) -> Side | None:
    """The side that gains 2 VP next, before anything else starts: the winner of a roll
    whose dice the log does not show."""
    for fact in facts[start + 1 :]:
        if isinstance(fact, Score) and fact.gain == 2:
            return fact.side
        if isinstance(fact, Event | Section):
            return None
    return None


def _summit_roller(facts: Sequence[Fact], side: Side | None) -> Side:
    """Who rolls first for #45: the side playing it (its headline, or the phasing side)."""
    for fact in facts:
        if isinstance(fact, Headline) and fact.card == SUMMIT:
            return fact.side
    return side or "USSR"
