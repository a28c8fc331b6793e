"""Chapter 6 (operations): influence 6.1, realignment 6.2 and coups 6.3, with the examples."""

from __future__ import annotations

import pytest
from engine_scenarios import action_game, ids, infl, play, targets

from cold_war_tui.bots.random import RandomBot
from cold_war_tui.engine import Game, GameOptions, IllegalChoice
from cold_war_tui.engine.cache_check import check_caches
from cold_war_tui.engine.core import Core
from cold_war_tui.engine.errors import ScenarioError
from cold_war_tui.engine.operations import ops_value

# Cards used only for their ops, whose event is the player's own (no event is triggered):
US_1_OP, US_3_OPS = 19, 4  # Truman Doctrine, Duck and Cover
USSR_1_OP, USSR_3_OPS, NEUTRAL_4_OPS = 10, 7, 31  # Blockade, Socialist Governments, Red Scare


# -- 6.1 influence --------------------------------------------------------------------------
def test_6_1_2_example_turkey_first_point_costs_two_then_one() -> None:
    """6.1.2: USSR spends 4 ops in US-controlled Turkey (US 2): 2 + 1 + 1 = 3 points."""
    game = action_game(
        "USSR",
        {"USSR": [NEUTRAL_4_OPS], "US": [US_3_OPS]},
        influence={"turkey": (2, 0), "syria": (0, 1)},
    )
    play(game, "play 31 ops", "infl turkey")
    assert game.pending is not None
    assert game.pending.context["ops_left"] == 2  # the first point cost 2 ops
    play(game, "infl turkey", "infl turkey")
    assert infl(game, "turkey") == (2, 3)
    assert (game.pending.player, game.pending.kind) == ("US", "action")


def test_6_1_2_example_turkey_with_one_us_influence_every_point_costs_one() -> None:
    game = action_game(
        "USSR",
        {"USSR": [NEUTRAL_4_OPS], "US": [US_3_OPS]},
        influence={"turkey": (1, 0), "syria": (0, 1)},
    )
    play(game, "play 31 ops", *["infl turkey"] * 4)
    assert infl(game, "turkey") == (1, 4)


def test_6_1_2_an_opponent_controlled_country_is_not_offered_for_one_op_left() -> None:
    game = action_game(
        "USSR",
        {"USSR": [USSR_1_OP], "US": [US_3_OPS]},
        influence={"turkey": (2, 0), "syria": (0, 1)},
    )
    game.choose("play 10 ops")
    assert "turkey" not in targets(game, "infl")
    assert "syria" in targets(game, "infl")


def test_6_1_3_example_costa_rica_and_colombia_but_not_nicaragua() -> None:
    """6.1.3: from Panama the US reaches Costa Rica and Colombia, not Nicaragua."""
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_3_OPS]},
        influence={"panama": (1, 0), "south-korea": (1, 0)},
    )
    game.choose("play 4 ops")
    first = targets(game, "infl")
    assert {"costa-rica", "colombia", "panama"} <= first
    assert {"south-korea", "north-korea", "taiwan", "japan"} <= first  # around South Korea
    assert "nicaragua" not in first
    game.choose("infl costa-rica")
    then = targets(game, "infl")
    assert "colombia" in then
    assert "nicaragua" not in then  # Costa Rica had no US influence at the round's start
    with pytest.raises(IllegalChoice):
        game.choose("infl nicaragua")
    play(game, "infl colombia", "infl taiwan")
    assert [infl(game, k) for k in ("costa-rica", "colombia", "taiwan")] == [(1, 0)] * 3
    assert infl(game, "nicaragua") == (0, 0)


def test_6_1_1_reach_is_fixed_at_the_start_of_the_action_round() -> None:
    """6.1.1: influence placed this round opens its neighbours only from the next round."""
    game = action_game(
        "US",
        {"US": [US_1_OP, 26], "USSR": [USSR_1_OP, 12]},
        influence={"panama": (1, 0), "poland": (0, 1)},
    )
    play(game, "play 19 ops", "infl costa-rica")
    assert (game.pending.player, game.pending.kind) == ("USSR", "action")
    play(game, "play 10 ops", "infl poland")
    assert (game.pending.player, game.pending.kind) == ("US", "action")
    game.choose("play 26 ops")
    assert "nicaragua" in targets(game, "infl")


def test_6_1_1_influence_lost_during_the_round_still_counts_for_reach() -> None:
    """6.1.1: reach is counted from the round's start, so a country whose influence the
    opponent's event (played first, 5.2) removes still opens its neighbours this round."""
    game = action_game("US", {"US": [8, US_1_OP], "USSR": [USSR_1_OP]}, influence={"cuba": (1, 0)})
    play(game, "play 8 ops", "event-first")
    assert infl(game, "cuba") == (0, 3)  # #8 Fidel
    assert {"haiti", "nicaragua"} <= targets(game, "infl")
    play(game, "infl haiti", "infl haiti", "play 10 ops", "infl poland", "play 19 ops")
    assert "nicaragua" not in targets(game, "infl")  # the next round counts from now on


def test_the_running_tallies_follow_every_change_of_influence() -> None:
    """The engine keeps tallies as influence comes and goes: each side's reach counts
    (6.1.1) and the lists of contested countries (6.2, 6.3). In random games with the
    Chinese Civil War (12.3) they always match a count from scratch."""
    for seed in range(1, 13):
        game = Game.new(GameOptions(seed=seed, chinese_civil_war=True))
        bot = RandomBot(seed)
        while game.pending is not None:
            game.choose(bot.choose(game.pending))
            check_tallies(game._core)


def check_tallies(core: Core) -> None:
    check_caches(core)  # the reach tallies and contested lists against a count from scratch


def test_6_1_4_a_player_may_always_place_next_to_his_superpower() -> None:
    """6.1.4 (and 02-full-game 'Map'): with no influence anywhere, only the neighbours."""
    us = action_game("US", {"US": [US_1_OP], "USSR": [USSR_1_OP]}, china={"holder": None})
    us.choose("play 19 ops")
    assert targets(us, "infl") == {"canada", "cuba", "mexico", "japan"}
    ussr = action_game("USSR", {"US": [US_1_OP], "USSR": [USSR_1_OP]}, china={"holder": None})
    ussr.choose("play 10 ops")
    assert targets(ussr, "infl") == {"finland", "poland", "romania", "afghanistan", "north-korea"}


def test_6_0_a_cards_ops_go_to_one_kind_of_operation() -> None:
    # After a first point of influence, only influence is offered (no coup, no realignment).
    game = action_game("US", {"US": [US_3_OPS], "USSR": [USSR_1_OP]}, influence={"mexico": (1, 1)})
    game.choose("play 4 ops")
    assert {"coup mexico", "realign mexico", "infl mexico"} <= set(ids(game))
    game.choose("infl mexico")
    assert all(i.startswith("infl ") for i in ids(game))


# -- 6.2 realignment ------------------------------------------------------------------------
def test_6_2_2_example_north_korea_realignment() -> None:
    """6.2.2: US 5 vs USSR 2 + 2 (superpower, more influence): the USSR loses 1."""
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"north-korea": (0, 3)},
        forced_dice=[5, 2],
    )
    play(game, "play 19 ops", "realign north-korea")
    assert infl(game, "north-korea") == (0, 2)
    assert game.state.forced_dice == []
    assert any("US 5 vs USSR 4" in str(e) for e in game.log)


def test_6_2_2_an_adjacent_controlled_country_adds_one() -> None:
    # As the example, but the US controls South Korea: US 4 + 1 beats USSR 2 + 2.
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"north-korea": (0, 3), "south-korea": (3, 0)},
        forced_dice=[4, 2],
    )
    play(game, "play 19 ops", "realign north-korea")
    assert infl(game, "north-korea") == (0, 2)
    assert infl(game, "south-korea") == (3, 0)


def test_6_2_2_the_loser_of_a_realignment_roll_loses_influence() -> None:
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"north-korea": (1, 3)},
        forced_dice=[1, 3],
    )
    play(game, "play 19 ops", "realign north-korea")  # US 1 vs USSR 3 + 2
    assert infl(game, "north-korea") == (0, 3)


def test_6_2_1_the_same_country_may_be_realigned_again_each_roll_resolved_first() -> None:
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={"north-korea": (0, 3)},
        forced_dice=[5, 1, 6, 1],
    )
    play(game, "play 4 ops", "realign north-korea")
    assert infl(game, "north-korea") == (0, 1)  # 5 vs 1 + 2: the first roll is applied at once
    assert game.pending is not None
    assert {"realign north-korea", "done"} <= set(ids(game))
    game.choose("realign north-korea")
    assert infl(game, "north-korea") == (0, 0)


@pytest.mark.parametrize(("card", "rolls"), [(US_3_OPS, 3), (21, 4)])
def test_6_2_1_one_realignment_roll_per_op_every_op_and_no_more(card: int, rolls: int) -> None:
    """6.2.2: each roll costs 1 op, so a 3-op card offers 3 rolls and a 4-op card 4."""
    game = action_game(
        "US",
        {"US": [card], "USSR": [USSR_1_OP]},
        influence={"angola": (0, 6)},
        forced_dice=[3, 3] * rolls,  # 3 against 3 + 1 (more influence): the US loses nothing
    )
    play(game, f"play {card} ops", "realign angola")
    offered = 1
    while game.pending is not None and game.pending.kind == "realign":
        assert game.pending.context["ops_left"] == rolls - offered
        game.choose("realign angola")
        offered += 1
    assert offered == rolls
    assert game.state.forced_dice == []
    assert game.pending is not None and game.pending.player == "USSR"


def test_6_2_3_realignment_never_adds_influence_and_ties_remove_nothing() -> None:
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={"iraq": (0, 1), "north-korea": (0, 3)},
        forced_dice=[6, 1, 3, 1],
    )
    play(game, "play 4 ops", "realign iraq")
    assert infl(game, "iraq") == (0, 0)  # won by 5: only the 1 USSR point goes, no US added
    game.choose("realign north-korea")  # 3 vs 1 + 2: a tie
    assert infl(game, "north-korea") == (0, 3)


def test_6_2_needs_no_own_influence_but_opponent_influence() -> None:
    game = action_game("US", {"US": [US_1_OP], "USSR": [USSR_1_OP]}, influence={"angola": (0, 1)})
    game.choose("play 19 ops")
    assert targets(game, "realign") == {"angola"}


# -- 6.3 coup -------------------------------------------------------------------------------
def test_6_3_example_us_coup_in_mexico() -> None:
    """6.3.3: US 3 ops coup Mexico (stab. 2, USSR 2): 4 + 3 = 7, minus 4 = 3."""
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={"mexico": (0, 2)},
        forced_dice=[4],
    )
    play(game, "play 4 ops", "coup mexico")
    state = game.state
    assert infl(game, "mexico") == (1, 0)
    assert state.milops["US"] == 3
    assert state.defcon == 4  # Mexico is a battleground (6.3.4)


def test_6_3_1_a_coup_needs_opponent_influence_in_the_target() -> None:
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={"mexico": (2, 0), "guatemala": (0, 1)},
    )
    game.choose("play 4 ops")
    assert targets(game, "coup") == {"guatemala"}
    with pytest.raises(IllegalChoice):
        game.choose("coup mexico")


def test_6_3_3_a_failed_coup_still_counts_as_military_operations() -> None:
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"costa-rica": (0, 1)},
        forced_dice=[1],
    )
    play(game, "play 19 ops", "coup costa-rica")  # 1 + 1 = 2, needs more than 6
    assert infl(game, "costa-rica") == (0, 1)
    assert game.state.milops["US"] == 1


def test_6_3_2_a_coup_equal_to_twice_the_stability_fails() -> None:
    game = action_game(
        "USSR",
        {"USSR": [USSR_3_OPS], "US": [US_1_OP]},
        influence={"iran": (1, 0)},
        forced_dice=[1],
    )
    play(game, "play 7 ops", "coup iran")  # 1 + 3 = 4 = 2 x 2
    assert infl(game, "iran") == (1, 0)
    assert game.state.milops["USSR"] == 3
    assert game.state.defcon == 4  # a battleground coup lowers DEFCON even when it fails


def test_6_3_3_a_coup_moves_the_military_operations_marker_no_further_than_5() -> None:
    """6.3.3 and 8.2: the track ends at 5; a 3-op coup from 4 stops at 5."""
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={"costa-rica": (0, 1)},
        milops={"US": 4},
        forced_dice=[1],
    )
    play(game, "play 4 ops", "coup costa-rica")
    assert game.state.milops["US"] == 5
    assert game.view("USSR").milops["US"] == 5


def test_8_2_a_scenario_cannot_put_a_marker_beyond_the_end_of_the_track() -> None:
    with pytest.raises(ScenarioError, match=r"milops\.US"):
        Game.from_scenario({"phase": "action", "milops": {"US": 6}})


@pytest.mark.parametrize(("country", "battleground"), [("mexico", True), ("guatemala", False)])
def test_6_3_4_only_a_battleground_coup_lowers_defcon(country: str, battleground: bool) -> None:
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={country: (0, 1)},
        forced_dice=[6],
    )
    play(game, "play 4 ops", f"coup {country}")
    assert infl(game, country)[0] > 0  # the coup succeeded
    assert game.state.defcon == (4 if battleground else 5)


# -- ops modifiers: #25 Containment / #51 Brezhnev Doctrine (+1), #31 Red Scare/Purge (-1) ----
US_CARD_BY_OPS = {1: US_1_OP, 2: 22, 3: US_3_OPS, 4: 21}  # 22 Independent Reds, 21 NATO
BONUS, MALUS = "ops-bonus:US", "ops-malus:US"


@pytest.mark.parametrize(
    ("printed", "effects", "value"),
    [
        (1, {}, 1),
        (4, {}, 4),
        (1, {BONUS: 1}, 2),
        (3, {BONUS: 1}, 4),
        (4, {BONUS: 1}, 4),  # at most 4
        (1, {MALUS: 1}, 1),  # at least 1: Red Scare never raises nor zeroes a 1-op card
        (2, {MALUS: 1}, 1),  # Red Scare lowers a 2-op card to 1
        (3, {MALUS: 1}, 2),
        (4, {MALUS: 1}, 3),
        (1, {BONUS: 1, MALUS: 1}, 1),
        (2, {BONUS: 1, MALUS: 1}, 2),
        (3, {BONUS: 1, MALUS: 1}, 3),
        (4, {BONUS: 1, MALUS: 1}, 4),  # 4 + 1 - 1: the bounds come after both modifiers
    ],
)
def test_25_31_ops_modifiers_are_added_first_then_bounded_to_1_4(
    printed: int, effects: dict[str, int], value: int
) -> None:
    """#25/#51 +1 and #31 -1 add up first; then a card is worth at most 4, at least 1."""
    card = US_CARD_BY_OPS[printed]
    game = action_game("US", {"US": [card], "USSR": [USSR_1_OP]}, turn_effects=effects)
    menu = {c.id: c.label for c in game.pending.choices} if game.pending else {}
    assert menu[f"play {card} ops"].endswith(f": {value} op" + ("" if value == 1 else "s"))
    game.choose(f"play {card} ops")
    assert game.pending is not None and game.pending.context["ops"] == value


@pytest.mark.parametrize("containment_first", [True, False])
def test_25_31_containment_and_red_scare_in_either_order_leave_a_4_op_card_at_4(
    containment_first: bool,
) -> None:
    """#25 Containment and #31 Red Scare/Purge (played by the USSR) on one US 4-op card:
    4 + 1 - 1 = 4, whichever event came first."""
    game = action_game(
        "USSR",
        {"USSR": [31, USSR_1_OP], "US": [25, 21]},
        influence={"italy": (1, 0), "iran": (0, 1)},
    )
    if containment_first:
        play(game, "play 10 ops", "infl iran", "play 25 event", "play 31 event")
    else:
        play(game, "play 31 event", "play 25 event", "play 10 ops", "infl iran")
    assert game.state.turn_effects == {"ops-bonus:US": 1, "ops-malus:US": 1}
    game.choose("play 21 ops")
    assert game.pending is not None and game.pending.context["ops"] == 4


@pytest.mark.parametrize("effects", [{}, {BONUS: 1}, {MALUS: 1}, {BONUS: 1, MALUS: 1}])
@pytest.mark.parametrize("scoring_card", [1, 2, 3])
def test_a_scoring_card_is_worth_0_ops_under_every_modifier(
    scoring_card: int, effects: dict[str, int]
) -> None:
    """02-full-game "Cards and events": a scoring card has no ops, and no modifier gives it
    any (Missile Envy's highest card, the ops a UI shows and every 'N+ ops' test read it)."""
    game = action_game("US", {"US": [scoring_card], "USSR": [USSR_1_OP]}, turn_effects=effects)
    assert ops_value(game._core, scoring_card, "US") == 0
    assert f"play {scoring_card} ops" not in ids(game)


# -- #21 NATO: what it stops and what it does not ---------------------------------------------
NATO_MAP = {"italy": (4, 1), "greece": (1, 1), "poland": (0, 1)}  # Italy US-controlled


def test_21_nato_stops_only_ussr_coups_and_realignments_in_us_controlled_europe() -> None:
    """#21: Italy (US-controlled) is closed to USSR coups and realignment; USSR influence may
    still go there, and uncontrolled Greece stays open to everything."""
    game = action_game(
        "USSR", {"USSR": [USSR_3_OPS], "US": [US_3_OPS]}, influence=NATO_MAP, effects={"nato": 1}
    )
    game.choose("play 7 ops")
    assert "italy" in targets(game, "infl")
    assert "italy" not in targets(game, "coup") | targets(game, "realign")
    assert "greece" in targets(game, "coup") & targets(game, "realign")


def test_21_nato_never_limits_us_coups_in_europe() -> None:
    game = action_game(
        "US", {"US": [US_3_OPS], "USSR": [USSR_1_OP]}, influence=NATO_MAP, effects={"nato": 1}
    )
    game.choose("play 4 ops")
    assert {"italy", "greece", "poland"} <= targets(game, "coup") & targets(game, "realign")


def test_21_without_nato_the_ussr_may_coup_realign_and_brush_war_us_controlled_europe() -> None:
    game = action_game("USSR", {"USSR": [USSR_3_OPS, 36], "US": [US_3_OPS]}, influence=NATO_MAP)
    game.choose("play 7 ops")
    assert "italy" in targets(game, "coup") & targets(game, "realign")
    game = action_game("USSR", {"USSR": [USSR_3_OPS, 36], "US": [US_3_OPS]}, influence=NATO_MAP)
    game.choose("play 36 event")
    assert "italy" in targets(game, "target")


# -- what survived mutation testing of operations.py: each a rule ------------------------------
def test_6_1_2_with_2_ops_left_an_opponent_controlled_country_is_affordable() -> None:
    game = action_game(
        "USSR",
        {"USSR": [8], "US": [US_3_OPS]},
        influence={"turkey": (2, 0), "syria": (0, 1)},
    )
    game.choose("play 8 ops")  # #8 Fidel: 2 ops
    assert "turkey" in targets(game, "infl")
    game.choose("infl turkey")
    assert infl(game, "turkey") == (2, 1)
    assert (game.pending.player, game.pending.kind) == ("US", "action")  # 2 ops spent


def test_6_1_2_the_us_with_1_op_left_is_not_offered_a_ussr_controlled_country() -> None:
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"north-korea": (0, 3), "south-korea": (1, 0)},
    )
    game.choose("play 19 ops")
    assert "north-korea" not in targets(game, "infl")
    assert "south-korea" in targets(game, "infl")


def test_6_1_the_player_spending_the_ops_places_every_point() -> None:
    game = action_game("US", {"US": [US_3_OPS], "USSR": [USSR_1_OP]}, influence={"mexico": (1, 0)})
    play(game, "play 4 ops", "infl mexico")
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("US", "place_influence")
    assert game.pending.context["ops_left"] == 2


def test_9_the_china_cards_asia_point_pays_only_for_asian_influence_at_its_price() -> None:
    """9.x: 4 ops + 1 all in Asia. With 1 op of the card and the Asia point left, a
    US-controlled Asian country (2 ops) is affordable; with the Asia point alone it is not."""
    game = action_game(
        "USSR",
        {"USSR": [USSR_1_OP], "US": [US_1_OP]},
        influence={"north-korea": (0, 3), "japan": (5, 1)},  # Japan: US-controlled exactly
    )
    play(game, "play 6 ops", "infl north-korea", "infl north-korea", "infl north-korea")
    assert "japan" in targets(game, "infl")
    game.choose("infl north-korea")
    assert "japan" not in targets(game, "infl")
    assert "north-korea" in targets(game, "infl")


def test_9_the_china_cards_asia_point_may_only_be_rolled_in_asia() -> None:
    """9.x with 6.2: after 4 realignment rolls in Asia, the fifth (the Asia point) is
    offered in Asia only."""
    game = action_game(
        "USSR",
        {"USSR": [USSR_1_OP], "US": [US_1_OP]},
        influence={"japan": (2, 0), "iran": (1, 0)},
        forced_dice=[6, 4] * 4,  # USSR 6 against US 4 + 2: ties, nothing removed
    )
    play(game, "play 6 ops", *["realign japan"] * 4)
    assert game.pending is not None and game.pending.kind == "realign"
    assert targets(game, "realign") == {"japan"}


def test_6_3_2_a_coup_beating_twice_the_stability_by_1_removes_1() -> None:
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={"mexico": (0, 2)},
        forced_dice=[2],
    )
    play(game, "play 4 ops", "coup mexico")  # 2 + 3 = 5 against 4
    assert infl(game, "mexico") == (0, 1)


def test_8_1_5_effect_and_defcon_closures_both_apply() -> None:
    """DEFCON 4 closes Europe (8.1.5) and #27 closes Japan: a USSR coup or realignment may
    target neither, at the same time."""
    game = action_game(
        "USSR",
        {"USSR": [USSR_3_OPS], "US": [US_1_OP]},
        influence={"italy": (1, 0), "japan": (1, 0), "iran": (1, 0)},
        effects={"no-coup:USSR:japan": 1, "no-realign:USSR:japan": 1},
        defcon=4,
    )
    game.choose("play 7 ops")
    assert targets(game, "coup") == targets(game, "realign") == {"iran"}
