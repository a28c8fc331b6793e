"""Shared builders for the engine rule tests: scenario documents and small readers.

Positions are scenario documents (docs/scenario.md): a test names only what
matters (influence, hands, dice) and the engine fills in the rest. Influence
is written as `{"turkey": (us, ussr)}`; every country not named starts empty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cold_war_tui.engine import Game
from cold_war_tui.engine.state import StateSnapshot

CHINA = 6
SIDES = ("US", "USSR")


def influence_doc(influence: Mapping[str, tuple[int, int]]) -> dict[str, dict[str, int]]:
    """`{"turkey": (2, 0)}` -> the scenario's `{"turkey": {"us": 2, "ussr": 0}}`."""
    return {key: {"us": us, "ussr": ussr} for key, (us, ussr) in influence.items()}


def scenario(
    phase: str,
    *,
    influence: Mapping[str, tuple[int, int]] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A scenario document; influence defaults to an empty board (not the set-up)."""
    doc: dict[str, Any] = {"phase": phase, "influence": influence_doc(influence or {})}
    doc.update(fields)
    return doc


def action_game(
    phasing: str,
    hands: Mapping[str, Iterable[int]],
    *,
    influence: Mapping[str, tuple[int, int]] | None = None,
    action_round: int = 1,
    **fields: Any,
) -> Game:
    """A game at the start of `phasing`'s action round `action_round` (turn 1 by default).

    The other side's earlier rounds count as taken, so `phasing` moves first.
    """
    taken = (
        {"USSR": action_round, "US": action_round - 1}
        if phasing == "US"
        else {"USSR": action_round - 1, "US": action_round - 1}
    )
    doc = scenario(
        "action",
        influence=influence,
        phasing=phasing,
        action_round=action_round,
        rounds_taken=taken,
        hands={side: list(cards) for side, cards in hands.items()},
        **fields,
    )
    return Game.from_scenario(doc)


def game_at(phase: str, **fields: Any) -> Game:
    return Game.from_scenario(scenario(phase, **fields))


def ids(game: Game) -> list[str]:
    """The ids of the pending decision's legal choices."""
    assert game.pending is not None, "the game is over"
    return [c.id for c in game.pending.choices]


def greyed(game: Game) -> dict[str, str]:
    """The pending decision's greyed-out ids, with their reasons."""
    assert game.pending is not None, "the game is over"
    return {u.id: u.reason for u in game.pending.unavailable}


def targets(game: Game, verb: str) -> set[str]:
    """Country keys the pending decision offers for `verb` ("infl", "coup", "realign")."""
    return {i.split(" ", 1)[1] for i in ids(game) if i.startswith(verb + " ")}


def play(game: Game, *choices: str) -> Game:
    for choice in choices:
        game.choose(choice)
    return game


def infl(game: Game, key: str) -> tuple[int, int]:
    """(US, USSR) influence in country `key`."""
    country = game.state.influence[key]
    return country.us, country.ussr


def log_text(game: Game) -> list[str]:
    return [str(entry) for entry in game.log]


def card_places(state: StateSnapshot) -> dict[int, list[str]]:
    """Every place each card lies in (a correct state has exactly one per card)."""
    places: dict[int, list[str]] = {}

    def put(cards: Iterable[int], where: str) -> None:
        for card in cards:
            places.setdefault(card, []).append(where)

    for side in SIDES:
        put(state.hands[side], f"hand {side}")
        put([c for c in [state.headline[side]] if c is not None], f"headline {side}")
    for pile in ("draw", "discard", "removed", "in_play", "limbo", "box", "out_of_game"):
        put(getattr(state, pile), pile)
    return places
