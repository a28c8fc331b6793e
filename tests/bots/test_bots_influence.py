"""Influence points are weighed by the operations they cost (6.1.2) and by control.

A point in a country the opponent controls costs two operations, and the control it
breaks he restores with one. The bot's own points are judged per operation spent
(`per_operation`), and the rollouts' rule of thumb (`influence_point`) counts the price
and the control a point gives, so that the opponent in a rollout restores his control
as a player would (docs/bots.md, "The search").
"""

from __future__ import annotations

import math

import pytest
from bot_positions import WEAK_USSR_CARD, ussr_to_play

from cold_war_tui.bots.evaluate import NON_BATTLEGROUND_FACTOR, evaluate, point_price
from cold_war_tui.bots.prior import (
    Prior,
    influence_points,
    only_points,
    point_base,
    point_features,
    point_log_prior,
    shipped_prior,
)
from cold_war_tui.bots.strong import POINT_WEIGHT, StrongBot, level_points
from cold_war_tui.bots.worlds import best, forks, influence_point, one_step, per_operation
from cold_war_tui.engine import DecisionKind, Game, Target

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


SOCIALIST_GOVERNMENTS = 7  # USSR, 3 ops


def placing(influence: dict[str, dict[str, int]]) -> Game:
    """The USSR with 2 operations of #7's 3 left to place, its first point in Poland;
    France is open to it through its point in Italy."""
    influence = {"italy": {"us": 0, "ussr": 1}, **influence}
    world = ussr_to_play([SOCIALIST_GOVERNMENTS, WEAK_USSR_CARD], influence=influence)
    world.choose(f"play {SOCIALIST_GOVERNMENTS} ops")
    world.choose("infl poland")
    assert world.pending is not None and world.pending.kind == DecisionKind.PLACE_INFLUENCE
    return world


def features_of(world: Game, move: Target) -> dict[str, float]:
    fork = world.fork()
    fork.choose(move)
    return point_features(point_base(world, "USSR"), world, fork, move.country)


def test_a_point_s_features_are_its_gains_per_operation_spent() -> None:
    """France, which the US controls, costs 2 operations (6.1.2): its gains count half
    and it is marked; the point that makes East Germany the USSR's (3 to 1, stability
    3) gains a battleground; Finland's gain is a non-battleground's share."""
    world = placing({"france": {"us": 3, "ussr": 0}, "east-germany": {"us": 1, "ussr": 3}})
    france = features_of(world, FRANCE)
    assert france["pt:price2"] == 1.0
    assert france["pt:infl:europe:early"] == pytest.approx((math.tanh(-2 / 3) - math.tanh(-1)) / 2)
    east_germany = features_of(world, EAST_GERMANY)
    assert "pt:price2" not in east_germany
    assert east_germany["pt:bg:early"] == 1.0
    finland = features_of(world, FINLAND)
    assert finland["pt:infl:europe:early"] == pytest.approx(
        NON_BATTLEGROUND_FACTOR * math.tanh(1 / 4)
    )
    assert finland["pt:bg:early"] == 0.0


def test_the_shipped_habit_of_points_seldom_breaks_a_control() -> None:
    """Experts put about 1 point in 20 where the opponent has control; the habit fitted
    on their games likes the point that gives control better than the one that breaks
    his, and its probabilities are a distribution over the points."""
    world = placing({"france": {"us": 3, "ussr": 0}, "east-germany": {"us": 1, "ussr": 3}})
    pending = world.pending
    assert pending is not None
    placed = only_points(forks(world, influence_points(pending)))
    log_p = point_log_prior(shipped_prior(), world, "USSR", placed)
    assert set(log_p) == {c.move for c in pending.choices}
    assert math.isclose(sum(math.exp(v) for v in log_p.values()), 1.0)
    assert log_p[EAST_GERMANY] > log_p[FRANCE] + 1.0


def test_the_points_habit_steers_where_strong_places_its_points() -> None:
    """A habit that only knows one region's points takes strong's next point there,
    whichever region it is, at the shipped weight; without the habit the one-step gain
    per operation alone decides."""
    assert POINT_WEIGHT > 0
    world = placing({})
    assert world.pending is not None
    moves = [c.move for c in world.pending.choices]
    region_of = {c.key: c.region for c in world.data.countries}
    regions = {region_of[m.country] for m in moves if isinstance(m, Target)}
    assert len(regions) >= 2
    for region in regions:
        habit = Prior(weights={f"pt:infl:{region}:early": 500.0}, meta={})
        choice = StrongBot(5, None, 1, prior=habit).analyse(world, "USSR").choice
        assert isinstance(choice, Target) and region_of[choice.country] == region
    alone = StrongBot(5, None, 1, prior=habit, point_weight=0.0).analyse(world, "USSR")
    first = one_step(world, "USSR", moves)
    assert alone.choice == best(per_operation(world, "USSR", first), moves)


def test_the_points_habit_steers_an_operation_s_first_point() -> None:
    """At an operation's first target the points' habit counts as well: with habits
    that begin with influence and know one region's points only, strong's first point
    goes to that region, whichever it is."""
    world = ussr_to_play(
        [SOCIALIST_GOVERNMENTS, WEAK_USSR_CARD], influence={"italy": {"us": 0, "ussr": 1}}
    )
    world.choose(f"play {SOCIALIST_GOVERNMENTS} ops")
    assert world.pending is not None and world.pending.kind == DecisionKind.OPERATION
    region_of = {c.key: c.region for c in world.data.countries}
    moves = [c.move for c in world.pending.choices]
    regions = {region_of[m.country] for m in moves if isinstance(m, Target) and m.verb == "infl"}
    assert len(regions) >= 2
    for region in regions:
        habit = Prior(weights={"op:infl": 50.0, f"pt:infl:{region}:early": 500.0}, meta={})
        choice = StrongBot(5, None, 1, prior=habit).analyse(world, "USSR").choice
        assert isinstance(choice, Target) and choice.verb == "infl"
        assert region_of[choice.country] == region


def test_the_points_habit_ranks_points_but_does_not_weigh_influence_against_other_verbs() -> None:
    """The search likes a point the habit does not (10 against 8); the habit takes 3 from
    it. Influence as a verb still meets a realignment (9) with its best point's search
    (10), and the habit still ranks the points: its own best is chosen."""
    liked, habitual = Target("infl", "france"), Target("infl", "italy")
    realign = Target("realign", "iran")
    point_habit = {liked: -3.0, habitual: 0.0}
    scores = {liked: 10.0 - 3.0, habitual: 8.0, realign: 9.0}  # mean + habit
    assert max(scores, key=scores.__getitem__) == realign  # the habit alone would lose it
    levelled = level_points(scores, point_habit)
    assert max(levelled, key=levelled.__getitem__) == habitual
    assert levelled[habitual] == 10.0 and levelled[liked] == 9.0 and levelled[realign] == 9.0
    assert level_points({realign: 9.0}, {}) == {realign: 9.0}
