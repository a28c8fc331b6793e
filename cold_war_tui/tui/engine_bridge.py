"""Read-only questions the TUI asks the engine that `Game` has no public method for yet.

`engine.scoring.region_score` ("what scoring would give now") and
`engine.operations.ops_value` (a card's ops after this turn's modifiers) are
pure functions of the engine's `Core`; `Game` keeps its core private. This is
the only module that reaches it, and it only reads. When the engine grows a
public `Game.region_scores()` / `Game.ops_value()`, only this file changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from cold_war_tui.engine import Game


@dataclass(frozen=True, slots=True)
class RegionStatus:
    """One side's standing in one region, as scoring it now would count it."""

    level: str  # none | presence | domination | control
    countries: int
    battlegrounds: int
    vp: int


def region_scores(game: Game) -> dict[str, dict[str, RegionStatus]]:
    """{region key: {side: status}} for every region, in board order."""
    from cold_war_tui.engine.scoring import region_score

    core = game._core  # read-only use of the engine's pure scoring function
    result: dict[str, dict[str, RegionStatus]] = {}
    for region in core.board.region_order:
        scores = region_score(core, region)
        result[region] = {
            side: RegionStatus(s.level, s.countries, s.battlegrounds, s.vp)
            for side, s in scores.items()
        }
    return result


def card_ops(game: Game, card: int, side: str) -> int:
    """The card's ops for `side` after modifiers in play (the printed value if unknown)."""
    try:
        from cold_war_tui.engine.operations import ops_value

        return int(ops_value(game._core, card, side))
    except (ImportError, AttributeError, KeyError, TypeError):
        return 4 if card == 6 else next(c.ops for c in game.data.cards if c.number == card)
