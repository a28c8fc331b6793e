"""Fixed positions (scenario documents, docs/scenario.md) for pictures, tests and the bench.

A scenario fixes the whole position, so a screenshot of it does not change
when earlier events of a random game are implemented differently.
"""

from __future__ import annotations

from typing import Any

MIDGAME: dict[str, Any] = {
    "seed": 1962,
    "phase": "action",
    "turn": 3,
    "action_round": 2,
    "phasing": "USSR",
    "rounds_taken": {"USSR": 1, "US": 1},
    "defcon": 3,
    "vp": -2,
    "milops": {"US": 1, "USSR": 2},
    "space": {"US": 1, "USSR": 2},
    "influence": {
        "canada": {"us": 2},
        "uk": {"us": 5},
        "france": {"us": 3, "ussr": 1},
        "west-germany": {"us": 4},
        "italy": {"us": 3},
        "benelux": {"us": 3},
        "greece": {"us": 1, "ussr": 2},
        "turkey": {"us": 2},
        "austria": {"ussr": 1},
        "finland": {"ussr": 2},
        "east-germany": {"ussr": 4},
        "poland": {"ussr": 4},
        "czechoslovakia": {"ussr": 2},
        "hungary": {"ussr": 3},
        "romania": {"ussr": 3},
        "yugoslavia": {"ussr": 1},
        "japan": {"us": 4},
        "south-korea": {"us": 3},
        "north-korea": {"ussr": 3},
        "taiwan": {"us": 2},
        "australia": {"us": 4},
        "philippines": {"us": 2},
        "thailand": {"us": 2},
        "india": {"ussr": 2},
        "pakistan": {"us": 1},
        "afghanistan": {"ussr": 2},
        "vietnam": {"ussr": 1},
        "iran": {"us": 2},
        "israel": {"us": 2},
        "iraq": {"ussr": 3},
        "syria": {"ussr": 3},
        "egypt": {"ussr": 2},
        "libya": {"ussr": 2},
        "saudi-arabia": {"us": 1},
        "south-africa": {"us": 2},
        "algeria": {"ussr": 1},
        "angola": {"ussr": 2},
        "zaire": {"us": 1},
        "panama": {"us": 2},
        "mexico": {"us": 1},
        "cuba": {"ussr": 1},
        "venezuela": {"us": 1},
    },
    "hands": {"USSR": [3, 7, 11, 14, 20, 32], "US": [4, 19, 21, 25, 27, 105]},
    "china": {"holder": "US", "face_up": True},
    "events_played": [8, 16, 23],
    "removed": [8, 16, 23],
    "discard": [10, 13, 24, 26, 30, 31],
}

WITH_EFFECTS: dict[str, Any] = {
    **MIDGAME,
    "events_played": [8, 16, 21, 23, 27],
    "removed": [8, 16, 21, 23, 27],
    "effects": {"nato": 1, "no-coup:USSR:japan": 1, "no-realign:USSR:japan": 1},
    "turn_effects": {"ops-bonus:US": 1},
    "hands": {"USSR": [3, 7, 11, 14, 20, 32], "US": [4, 19, 25, 105]},
}
"""The mid-game with NATO, the US/Japan pact and Containment in effect (the piles view)."""


def played_game(seed: int = 28) -> Any:
    """A whole game played by random choices (no coups, so it lasts), for the game-over
    pictures: seed 28 ends in turn 8 with the USSR at 20 VP."""
    import random

    from cold_war_tui.engine import Game, GameOptions

    game = Game.new(GameOptions(seed=seed))
    rng = random.Random(seed)
    while game.pending is not None:
        ids = [c.id for c in game.pending.choices]
        calm = [c.id for c in game.pending.choices if not _is_coup(c.move)]
        game.choose(rng.choice(calm or ids))
    return game


def _is_coup(move: object) -> bool:
    from cold_war_tui.engine import Target

    return isinstance(move, Target) and move.verb == "coup"


GAME_OVER: dict[str, Any] = {
    **MIDGAME,
    "phase": "turn-end",
    "turn": 10,
    "vp": -6,
    "defcon": 4,
    "milops": {"US": 4, "USSR": 4},
    "hands": {"USSR": [], "US": []},
}
"""The last turn's end: final scoring decides the game with no decision left."""
