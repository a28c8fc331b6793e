"""Influence points are weighed by the operations they cost (6.1.2) and by control.

A point in a country the opponent controls costs two operations, and the control it
breaks he restores with one. The bot's own points are judged per operation spent
(`per_operation`), and the rollouts' rule of thumb (`influence_point`) counts the price
and the control a point gives, so that the opponent in a rollout restores his control
as a player would (docs/bots.md, "The search").
"""

from __future__ import annotations

import pytest
from bot_positions import WEAK_USSR_CARD, ussr_to_play

from cold_war_tui.bots.evaluate import evaluate
from cold_war_tui.bots.worlds import influence_point, per_operation, point_price
from cold_war_tui.engine import Target

FRANCE = Target("infl", "france")  # stability 3, a battleground of Europe
EAST_GERMANY = Target("infl", "east-germany")  # stability 3, a battleground of Europe
FINLAND = Target("infl", "finland")


@pytest.mark.parametrize(
    ("margin", "stability", "price"),
    [(-3, 3, 2), (-5, 3, 2), (-2, 3, 1), (0, 2, 1), (3, 3, 1), (-1, 1, 2)],
)
def test_a_point_costs_two_operations_where_the_opponent_has_control(
    margin: int, stability: int, price: int
) -> None:
    """6.1.2: the opponent controls a country when his influence exceeds the placer's by
    at least its stability (a margin of minus the stability or less)."""
    assert point_price(margin, stability) == price


def test_the_bot_s_own_points_are_scored_per_operation_spent() -> None:
    """The US controls France (3 against 0, stability 3): a USSR point there costs 2
    operations, so its gain over the position now counts half; Finland's counts whole."""
    world = ussr_to_play([WEAK_USSR_CARD], influence={"france": {"us": 3, "ussr": 0}})
    now = evaluate(world, "USSR")
    priced = per_operation(world, "USSR", {FRANCE: now + 2.0, FINLAND: now + 1.5})
    assert priced[FRANCE] == pytest.approx(now + 1.0)
    assert priced[FINLAND] == pytest.approx(now + 1.5)


def test_the_rollouts_restore_control_before_they_break_the_opponent_s() -> None:
    """East Germany (USSR 3, US 1) is one USSR point from USSR control; France (US 3) is
    US-controlled. By the influence term alone both points gain the same; the rule of
    thumb restores East Germany's control for one operation, whichever comes first."""
    world = ussr_to_play(
        [WEAK_USSR_CARD],
        influence={"east-germany": {"us": 1, "ussr": 3}, "france": {"us": 3, "ussr": 0}},
    )
    for moves in ([FRANCE, EAST_GERMANY], [EAST_GERMANY, FRANCE]):
        assert influence_point(world, "USSR", moves) == EAST_GERMANY
