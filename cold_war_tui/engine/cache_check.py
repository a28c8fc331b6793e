"""The debug mode of the speed caches: recompute every cached value from scratch and compare.

`Game.check_caches` (a switch for tests, off by default) calls `check_caches` after each
choice and `check_memos` when the game ends. A value that differs from its recomputation
is a cache that missed an invalidation (engine/caches.py) or a memo keyed by less than
it depends on (`core.Tables`); `CacheMismatch` names it.
"""

from __future__ import annotations

from cold_war_tui.engine.board import SIDES
from cold_war_tui.engine.caches import reach_tally
from cold_war_tui.engine.core import Core
from cold_war_tui.engine.decisions import Unavailable
from cold_war_tui.engine.plays import make_menu_row, menu_context
from cold_war_tui.engine.restrictions import read_closures


class CacheMismatch(AssertionError):
    """A cached value differs from the same value computed from scratch."""


def _same(what: str, cached: object, fresh: object) -> None:
    if cached != fresh:
        raise CacheMismatch(f"{what}: cached {cached!r}, from scratch {fresh!r}")


def check_caches(core: Core) -> None:
    """Every value of `core.caches`, and the menu rows of the cards in hand, against a
    fresh computation (after each choice in debug mode)."""
    caches, state = core.caches, core.state
    _same("reach tallies", caches.reach_count, reach_tally(core.board, state))
    for side, reach in caches.reach.items():
        _same(f"reach of the {side}", reach, core.reach_now(side))
    for (side, excluded), contested in caches.contested.items():
        _same(f"contested for the {side}", contested, core.contested_now(side, excluded))
    memo = caches.effects_memo
    if memo is not None and memo[0] == state.effects and memo[1] == state.turn_effects:
        _same("countries closed by effects", memo[2], read_closures(core))
    rows = core.tables.menu_rows
    for side in SIDES:  # the rows of the menus as they would be now
        context = menu_context(core, side)
        cached = rows.get(context, {})
        for card in core.state.hands[side]:
            row = cached.get(card)
            if row is not None:
                _same(
                    f"menu row of #{card} for the {side}", row, make_menu_row(core, context, card)
                )


def check_memos(core: Core) -> None:
    """Every entry of the per-data memos against a fresh computation (at a game's end in
    debug mode: they are shared by every game on the data and only grow)."""
    tables = core.tables
    for (choice, reason), entry in tables.greyed.items():
        _same(f"greyed {choice.id}", entry, Unavailable(*choice, reason))
    for (card, ops), plays in tables.play_choices.items():
        _same(f"plays of #{card}", plays, core.make_plays(card, ops))
    for (card_verb, card), choice in tables.card_choices.items():
        _same(f"{card_verb} {card}", choice, core.make_card_choice(card_verb, card))
    for (target_verb, label), countries in tables.country_choices.items():
        _same(f"{target_verb} choices", countries, core.make_country_row(target_verb, label))
