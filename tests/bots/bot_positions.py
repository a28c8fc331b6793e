"""Positions for the bot tests, as scenario documents (docs/scenario.md)."""

from __future__ import annotations

from typing import Any

from cold_war_tui.engine import Game

DUCK_AND_COVER = 4  # US, 3 ops: DEFCON -1, then the US gains 5 - DEFCON VP
WEAK_USSR_CARD = 10  # USSR, 1 op
EUROPE_SCORING = 2
GRAIN_SALES = 67  # US, 2 ops: the US takes a random USSR card; plays it, or returns it for 2 ops


def ussr_to_play(hand: list[int], **fields: Any) -> Game:
    """The USSR opens an action round of turn 2 with `hand` (the US holds 4 cards)."""
    doc: dict[str, Any] = {
        "phase": "action",
        "turn": 2,
        "phasing": "USSR",
        "hands": {"USSR": hand, "US": [21, 22, 23, 25]},
        **fields,
    }
    doc.setdefault("action_round", 1)
    doc.setdefault("rounds_taken", {"USSR": doc["action_round"] - 1, "US": doc["action_round"] - 1})
    return Game.from_scenario(doc)


def us_to_play(hand: list[int], ussr: list[int], turn: int, **fields: Any) -> Game:
    """The US's fifth action round at DEFCON 2, after the USSR's."""
    doc: dict[str, Any] = {
        "phase": "action",
        "turn": turn,
        "phasing": "US",
        "defcon": 2,
        "hands": {"US": hand, "USSR": ussr},
        "action_round": 5,
        "rounds_taken": {"USSR": 5, "US": 4},
        **fields,
    }
    return Game.from_scenario(doc)
