"""The rules engine: a pure, deterministic decision machine (docs/engine.md).

No Textual, Rich, YAML or file I/O here. Every die and shuffle comes from the
seeded generator stored in the state, so a game replays exactly from its
options, seed and choices.
"""

from cold_war_tui.engine.decisions import Choice, Decision, Outcome, Unavailable
from cold_war_tui.engine.errors import IllegalChoice, SaveError, ScenarioError
from cold_war_tui.engine.game import Game, PlayerView
from cold_war_tui.engine.options import GameOptions

__all__ = [
    "Choice",
    "Decision",
    "Game",
    "GameOptions",
    "IllegalChoice",
    "Outcome",
    "PlayerView",
    "SaveError",
    "ScenarioError",
    "Unavailable",
]
