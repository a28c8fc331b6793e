"""Outcome.ending names how a game ended, so programs need not read the English reason
(several endings share rule 10: 20 VP, control of Europe when scored, final scoring)."""

from __future__ import annotations

from collections import Counter
from typing import get_args

from cold_war_tui.engine import Ending, Game
from cold_war_tui.selfplay import play_random_game

RULE_OF = {
    "20 VP": "10",
    "DEFCON 1": "8.1.3",
    "coup in the Cuban Missile Crisis": "5.5",
    "held scoring card": "10.1.5",
    "region control": "10",
    "final scoring": "10",
}


def test_every_ending_of_random_games_is_named_and_agrees_with_its_rule() -> None:
    seen: Counter[str] = Counter()
    for seed in range(120):
        game, _ = play_random_game(seed)
        outcome = game.outcome
        assert outcome is not None
        assert outcome.ending in get_args(Ending)
        if outcome.ending in RULE_OF:
            assert outcome.rule == RULE_OF[outcome.ending], (seed, outcome)
        if outcome.ending == "20 VP":
            assert outcome.winner is not None and "20 VP" in outcome.reason
        seen[outcome.ending] += 1
    assert {"20 VP", "DEFCON 1", "held scoring card"} <= set(seen), seen


def test_a_nuclear_war_names_its_ending() -> None:
    """#4 Duck and Cover played by the USSR for ops at DEFCON 2 (8.1.3)."""
    game = Game.from_scenario(
        {
            "phase": "action",
            "turn": 2,
            "defcon": 2,
            "phasing": "USSR",
            "action_round": 1,
            "rounds_taken": {"USSR": 0, "US": 0},
            "hands": {"USSR": [4, 10], "US": [21, 22]},
        }
    )
    game.choose("play 4 ops")
    game.choose("event-first")
    assert game.outcome is not None
    assert (game.outcome.rule, game.outcome.ending) == ("8.1.3", "DEFCON 1")
