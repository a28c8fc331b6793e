"""The rules engine: a pure, deterministic decision machine (docs/engine.md).

No Textual, Rich, YAML or file I/O here. Every die and shuffle comes from the
seeded generator stored in the state, so a game replays exactly from its
options, seed and choices.
"""

from cold_war_tui.engine.board import SIDES, derived, other
from cold_war_tui.engine.core import CHINA_CARD, LogEntry
from cold_war_tui.engine.decisions import (
    Choice,
    Decision,
    DecisionKind,
    Ending,
    Outcome,
    Unavailable,
)
from cold_war_tui.engine.errors import IllegalChoice, SaveError, ScenarioError
from cold_war_tui.engine.game import Asked, Game, Observations, PlayerView
from cold_war_tui.engine.moves import (
    Answer,
    CancelCmc,
    CardPick,
    Defcon,
    Headline,
    Move,
    Order,
    Pass,
    Play,
    RegionPick,
    Target,
    Un,
    parse_move,
)
from cold_war_tui.engine.odds import CoupOdds, RealignOdds, SpaceOdds
from cold_war_tui.engine.options import GameOptions
from cold_war_tui.engine.scoring import SideScore
from cold_war_tui.engine.state import CountryInfluence, StateSnapshot
from cold_war_tui.engine.turn import ROUND_ORDER

# What the rest of the program may use (the TUI imports nothing else: tests/test_boundaries).
__all__ = [
    "CHINA_CARD",
    "ROUND_ORDER",
    "SIDES",
    "Answer",
    "Asked",
    "CancelCmc",
    "CardPick",
    "Choice",
    "CountryInfluence",
    "CoupOdds",
    "Decision",
    "DecisionKind",
    "Defcon",
    "Ending",
    "Game",
    "GameOptions",
    "Headline",
    "IllegalChoice",
    "LogEntry",
    "Move",
    "Observations",
    "Order",
    "Outcome",
    "Pass",
    "Play",
    "PlayerView",
    "RealignOdds",
    "RegionPick",
    "SaveError",
    "ScenarioError",
    "SideScore",
    "SpaceOdds",
    "StateSnapshot",
    "Target",
    "Un",
    "Unavailable",
    "derived",
    "other",
    "parse_move",
]
