"""The two read-only questions the screens ask the engine, through `Game`'s public API.

Kept as functions of their own so that the screens and `render` name one place for
"what scoring would give now" and "this card's ops for this side now"; the answers
are the engine's (`Game.region_scores`, `Game.ops_value`), never computed here.
"""

from __future__ import annotations

from cold_war_tui.engine import Game, SideScore

RegionStatus = SideScore  # one side's standing in one region, as scoring it now would count it


def region_scores(game: Game) -> dict[str, dict[str, RegionStatus]]:
    """{region key: {side: status}} for every region, in board order."""
    return game.region_scores()


def card_ops(game: Game, card: int, side: str) -> int:
    """The card's ops for `side` after the modifiers in play."""
    return game.ops_value(card, side)
