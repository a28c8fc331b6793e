"""What one player cannot see, dealt again at random (Game.determinize, docs/engine.md).

For a player P the hidden cards are the opponent's hand minus the cards P has seen
there, the opponent's headline while it is still secret, and the draw pile. Nothing
else is hidden: P's hand, the discard and removed piles, the cards in play or being
played, the box of later periods and the cards out of the game are open to P.

`plan` deals the hidden cards again: sorted first (so their true places leave no
trace), then shuffled by a generator seeded with the caller's seed alone, into the
same places with the same counts. A card P has seen in the opponent's hand that is
no longer shown there (`state.known` remembers it) is dealt into the draw pile only:
the view would show it again in that hand. The plan maps each hidden card to the card
its place receives; `relabel` applies such a map to every place, `settle` ends a redeal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from cold_war_tui.engine import effect_keys, rng
from cold_war_tui.engine.board import SIDES, Side, other
from cold_war_tui.engine.decisions import Decision
from cold_war_tui.engine.moves import card_of
from cold_war_tui.engine.state import GameState


def known_cards(state: GameState, holder: Side) -> list[int]:
    """Cards of `holder`'s hand (or headline) the other side has seen and that are still there.

    A turn effect `open-hand:SIDE` (#98 Aldrich Ames Remix) shows the whole hand.
    """
    hand = state.hands[holder]
    if state.turn_effects.get(effect_keys.OPEN_HAND[holder]):
        return sorted(hand)
    held = set(hand)
    headline = state.headline[holder]
    if headline is not None:
        held.add(headline)
    return sorted(set(state.known[holder]) & held)


def headline_secret(pending: Decision | None) -> bool:
    """Headlines are chosen secretly and revealed together: one is secret exactly while
    a headline pick is still to be made (nothing else is asked in between)."""
    return pending is not None and pending.kind == "headline"


def named_cards(decision: Decision) -> set[int]:
    """The cards a decision's choices name. Its player sees them: his own hand, or cards
    an event shows him (#108 Our Man in Tehran's top of the pile, #67 Grain Sales' card)."""
    return {card for c in decision.choices if (card := card_of(c.move)) is not None}


class Plan(NamedTuple):
    """A redeal: the card each hidden card's place receives, and the generator's new state."""

    moved: dict[int, int]
    rng: int


def hidden_cards(state: GameState, player: Side, pending: Decision | None) -> set[int]:
    """The cards `player` cannot see now (see the module's docstring)."""
    opponent = other(player)
    seen = set(known_cards(state, opponent))
    if pending is not None and pending.player == player:
        seen |= named_cards(pending)
    hidden = {c for c in state.hands[opponent] if c not in seen}
    hidden.update(c for c in state.draw if c not in seen)
    headline = state.headline[opponent]
    if headline_secret(pending) and headline is not None and headline not in seen:
        hidden.add(headline)
    return hidden


def plan(state: GameState, player: Side, pending: Decision | None, generator: int) -> Plan:
    """Deal the cards hidden from `player` again, uniformly over the places each may take,
    drawing from `generator` (a state of engine.rng: `seed_state(seed)`)."""
    hidden = hidden_cards(state, player, pending)
    opponent = other(player)
    in_hand = [c for c in state.hands[opponent] if c in hidden]
    headline = state.headline[opponent]
    slots = [*in_hand, *([headline] if headline in hidden else [])]
    pile = [c for c in state.draw if c in hidden]  # the pile's hidden places, in order
    remembered = hidden & set(state.known[opponent])  # only the pile may take these
    places = list(range(len(pile)))
    generator = rng.shuffle(generator, places)
    moved: dict[int, int] = {}
    for card, place in zip(sorted(remembered), places, strict=False):
        moved[pile[place]] = card
    free = sorted(hidden - remembered)
    generator = rng.shuffle(generator, free)
    open_places = [*slots, *(pile[p] for p in places[len(remembered) :])]
    moved.update(zip(open_places, free, strict=True))
    return Plan(moved, generator)


def relabel(state: GameState, moved: Mapping[int, int]) -> None:
    """Put `moved[c]` where each card `c` of `moved` lies, in every place (in place: a
    rules procedure waiting for an answer may hold one of these lists)."""
    piles = (state.draw, state.discard, state.removed, state.in_play, state.limbo, state.box)
    for cards in (*state.hands.values(), *piles, state.out_of_game):
        for i, card in enumerate(cards):
            if card in moved:
                cards[i] = moved[card]
    headline = state.headline
    for side in SIDES:
        picked = headline[side]
        if picked is not None and picked in moved:
            headline[side] = moved[picked]


def settle(state: GameState, generator: int) -> None:
    """The end of a redeal: hands sorted (their order came from the draw pile's), the
    generator reseeded, and scenario dice dropped (no player knows them in advance)."""
    for hand in state.hands.values():
        hand.sort()
    state.rng = generator
    state.forced_dice.clear()
