"""Early War events (#5-#35, #103-#106): each test names its card and checks the exact effect."""

from __future__ import annotations

import pytest
from engine_scenarios import action_game, game_at, greyed, ids, infl, play, targets

from cold_war_tui.engine import Game
from cold_war_tui.engine.core import Core
from cold_war_tui.gamedata import load_default_data


def pending(game: Game) -> tuple[str, str]:
    assert game.pending is not None, "the game is over"
    return game.pending.player, game.pending.kind


# -- #5 Five Year Plan -----------------------------------------------------------------
def test_5_five_year_plan_a_discarded_us_event_happens_at_once_for_the_us() -> None:
    """#5 as published: the USSR's random discard, if a US event, happens for the US."""
    game = action_game("US", {"US": [5], "USSR": [19]}, influence={"italy": (0, 1)})
    game.choose("play 5 event")
    assert pending(game) == ("US", "event_remove")  # #19 Truman Doctrine, the US decides
    game.choose("remove italy")
    state = game.state
    assert infl(game, "italy") == (0, 0)
    assert state.hands["USSR"] == []
    assert 19 in state.removed  # starred, its event happened
    assert 19 in state.events_played
    assert 5 in state.discard


def test_5_five_year_plan_card_text_says_a_us_event_happens_for_the_us() -> None:
    """#5: the text the player reads (data/cards.yaml) says what the engine does (ruling 14,
    the published card): a discarded US event happens for the US, any other card is only
    discarded. It used to say the opposite (a USSR event, resolved by the USSR)."""
    text = next(card.text for card in load_default_data().cards if card.number == 5)
    assert "US event" in text and "resolved by the US;" in text
    assert "USSR event" in text and "without its event" in text
    assert "resolved by the USSR" not in text


def test_5_five_year_plan_without_a_ussr_card_has_no_effect() -> None:
    """#5: the China Card is never discarded; with nothing else the event does nothing."""
    game = action_game("US", {"US": [5, 19], "USSR": []})
    game.choose("play 5 event")
    assert game.state.china_holder == "USSR"
    assert 5 in game.state.discard
    assert (game.pending.player, game.pending.kind) == ("USSR", "action")


@pytest.mark.parametrize("card", [8, 24, 1], ids=["ussr-event", "both-sides-event", "scoring"])
def test_5_five_year_plan_a_discarded_ussr_both_sides_or_scoring_card_has_no_event(
    card: int,
) -> None:
    """#5: a USSR or both-sides card (or a scoring card) is discarded with no event (5.4)."""
    game = action_game(
        "US",
        {"US": [5], "USSR": [card]},
        influence={"cuba": (2, 0), "japan": (4, 0), "pakistan": (0, 1)},
    )
    game.choose("play 5 event")
    state = game.state
    assert card in state.discard
    assert card not in state.events_played
    assert (state.vp, infl(game, "cuba")) == (0, (2, 0))  # no Fidel, no Asia scoring
    assert (state.hands["USSR"], pending(game)) == ([], ("USSR", "action"))


def test_5_five_year_plan_a_discarded_containment_is_in_effect_for_the_rest_of_the_turn() -> None:
    """#5 with #25: Containment discarded this way happens, so US cards get +1 op this turn."""
    game = action_game(
        "US",
        {"US": [5, 19], "USSR": [25]},
        influence={"italy": (1, 0)},
        china={"holder": "US", "face_up": False},
    )
    game.choose("play 5 event")
    state = game.state
    assert state.turn_effects == {"ops-bonus:US": 1}
    assert 25 in state.removed
    game.choose("play 19 ops")  # the USSR had no card left and passed
    assert game.pending is not None and game.pending.context["ops"] == 2


# -- #7 Socialist Governments ------------------------------------------------------------
def test_7_socialist_governments_removes_3_us_at_most_2_per_country() -> None:
    game = action_game(
        "USSR",
        {"USSR": [7], "US": [4]},
        influence={"france": (3, 0), "italy": (1, 0), "turkey": (2, 0)},
    )
    game.choose("play 7 event")
    assert pending(game) == ("USSR", "event_remove")
    assert game.pending is not None and game.pending.context["left"] == 3
    assert targets(game, "remove") == {"france", "italy", "turkey"}
    play(game, "remove france")
    assert game.pending is not None and game.pending.context["left"] == 2
    play(game, "remove france")
    assert "france" not in targets(game, "remove")  # at most 2 per country
    game.choose("remove italy")
    assert (infl(game, "france"), infl(game, "italy"), infl(game, "turkey")) == (
        (1, 0),
        (0, 0),
        (2, 0),
    )
    assert pending(game) == ("US", "action")


def test_7_socialist_governments_is_prevented_by_the_iron_lady() -> None:
    game = action_game(
        "USSR", {"USSR": [7], "US": [4]}, events_played=[83], influence={"france": (3, 0)}
    )
    assert "play 7 event" in greyed(game)


# -- #8 Fidel, #12 Romanian Abdication ---------------------------------------------------
def test_8_fidel_replaces_the_us_in_cuba_with_ussr_control() -> None:
    game = action_game("USSR", {"USSR": [8], "US": [4]}, influence={"cuba": (2, 1)})
    game.choose("play 8 event")
    assert infl(game, "cuba") == (0, 3)
    assert 8 in game.state.removed


def test_8_fidel_adds_nothing_where_the_ussr_already_controls_cuba() -> None:
    game = action_game("USSR", {"USSR": [8], "US": [4]}, influence={"cuba": (1, 5)})
    game.choose("play 8 event")
    assert infl(game, "cuba") == (0, 5)


def test_12_romanian_abdication_replaces_the_us_in_romania_with_ussr_control() -> None:
    game = action_game("USSR", {"USSR": [12], "US": [4]}, influence={"romania": (1, 0)})
    game.choose("play 12 event")
    assert infl(game, "romania") == (0, 3)


# -- #9 Vietnam Revolts --------------------------------------------------------------------
def test_9_vietnam_revolts_adds_2_and_gives_ussr_ops_in_southeast_asia_plus_1() -> None:
    game = action_game(
        "USSR",
        {"USSR": [9, 30], "US": [4, 19]},
        influence={"italy": (1, 0), "poland": (0, 1)},
    )
    game.choose("play 9 event")
    assert infl(game, "vietnam") == (0, 2)
    assert game.state.turn_effects["area-bonus:USSR:southeast-asia"] == 1
    # The US's round, then the USSR's 2-ops card spent in Southeast Asia is worth 3.
    play(game, "play 4 ops", "infl italy", "infl italy", "infl italy")
    play(game, "play 30 ops", "infl thailand", "infl thailand", "infl thailand")
    assert infl(game, "thailand") == (0, 3)
    assert pending(game) == ("US", "action")  # +1 exactly: the three points were all


def test_9_vietnam_revolts_and_the_china_cards_asia_bonus_add_up() -> None:
    """#9 +1 all in Southeast Asia and the China Card's +1 all in Asia (9.x): the China
    Card spent wholly in Southeast Asia is worth 4 + 1 + 1 = 6."""
    game = action_game(
        "USSR",
        {"USSR": [30], "US": [4]},
        influence={"vietnam": (0, 1)},
        turn_effects={"area-bonus:USSR:southeast-asia": 1},
    )
    play(game, "play 6 ops", *["infl vietnam"] * 6)
    assert infl(game, "vietnam") == (0, 7)
    assert pending(game) == ("US", "action")


def test_9_vietnam_revolts_bonus_is_lost_outside_southeast_asia() -> None:
    game = action_game(
        "USSR",
        {"USSR": [30], "US": [4]},
        influence={"poland": (0, 1)},
        turn_effects={"area-bonus:USSR:southeast-asia": 1},
    )
    play(game, "play 30 ops", "infl poland", "infl poland")
    assert infl(game, "poland") == (0, 3)
    assert pending(game) == ("US", "action")


# -- #10 Blockade ---------------------------------------------------------------------------
def test_10_blockade_the_us_discards_a_3_ops_card_without_its_event() -> None:
    game = action_game("USSR", {"USSR": [10], "US": [4, 19]}, influence={"west-germany": (3, 0)})
    game.choose("play 10 event")
    assert pending(game) == ("US", "event_discard")
    assert set(ids(game)) == {"discard 4", "keep"}  # #19 has 1 op
    game.choose("discard 4")
    state = game.state
    assert infl(game, "west-germany") == (3, 0)
    assert 4 in state.discard
    assert 4 not in state.events_played
    assert state.defcon == 5
    assert state.hands["US"] == [19]


def test_10_blockade_keeping_the_cards_loses_west_germany() -> None:
    game = action_game("USSR", {"USSR": [10], "US": [4, 19]}, influence={"west-germany": (3, 1)})
    play(game, "play 10 event", "keep")
    assert infl(game, "west-germany") == (0, 1)
    assert sorted(game.state.hands["US"]) == [4, 19]


def test_10_blockade_counts_modified_ops_red_scare_leaves_no_card_to_discard() -> None:
    game = action_game(
        "USSR",
        {"USSR": [10], "US": [4, 19]},
        influence={"west-germany": (3, 0)},
        turn_effects={"ops-malus:US": 1},
    )
    game.choose("play 10 event")
    assert infl(game, "west-germany") == (0, 0)  # no decision: #4 is worth 2 now
    assert pending(game) == ("US", "action")


# -- #11 Korean War, #13 Arab-Israeli War, #24 Indo-Pakistani War ----------------------------
def test_11_korean_war_win_with_a_us_controlled_neighbour() -> None:
    game = action_game(
        "USSR",
        {"USSR": [11], "US": [4]},
        influence={"south-korea": (2, 0), "japan": (4, 0)},
        forced_dice=[5],
    )
    game.choose("play 11 event")
    state = game.state
    assert infl(game, "south-korea") == (0, 2)  # 5 - 1 (Japan) = 4: success
    assert state.vp == -2
    assert state.milops["USSR"] == 2
    assert 11 in state.removed


def test_11_korean_war_loss_still_gives_military_operations() -> None:
    game = action_game(
        "USSR",
        {"USSR": [11], "US": [4]},
        influence={"south-korea": (2, 0), "japan": (4, 0)},
        forced_dice=[4],
    )
    game.choose("play 11 event")
    assert infl(game, "south-korea") == (2, 0)
    assert game.state.vp == 0
    assert game.state.milops["USSR"] == 2


def test_13_arab_israeli_war_minus_1_for_us_control_of_israel_and_neighbours() -> None:
    influence = {"israel": (4, 0), "lebanon": (1, 0)}
    game = action_game("USSR", {"USSR": [13], "US": [4]}, influence=influence, forced_dice=[5])
    game.choose("play 13 event")
    assert infl(game, "israel") == (4, 0)  # 5 - 2 = 3: fails
    assert game.state.milops["USSR"] == 2
    game = action_game("USSR", {"USSR": [13], "US": [4]}, influence=influence, forced_dice=[6])
    game.choose("play 13 event")
    assert infl(game, "israel") == (0, 4)  # 6 - 2 = 4: wins
    assert game.state.vp == -2
    assert 13 in game.state.discard  # not starred


def test_24_indo_pakistani_war_the_player_picks_the_invaded_country() -> None:
    game = action_game(
        "US",
        {"US": [24], "USSR": [4]},
        influence={"pakistan": (0, 2), "afghanistan": (0, 2)},
        forced_dice=[5],
    )
    game.choose("play 24 event")
    assert pending(game) == ("US", "event_target")
    assert set(ids(game)) == {"target pakistan", "target india"}
    game.choose("target pakistan")
    state = game.state
    assert infl(game, "pakistan") == (2, 0)  # 5 - 1 (Afghanistan) = 4: wins
    assert state.vp == 2
    assert state.milops["US"] == 2


# -- #14 COMECON, #15 Nasser, #16 Warsaw Pact Formed, #17 De Gaulle ----------------------------
def test_14_comecon_one_each_in_4_non_us_controlled_eastern_european_countries() -> None:
    game = action_game("USSR", {"USSR": [14], "US": [4]}, influence={"poland": (3, 0)})
    game.choose("play 14 event")
    assert pending(game) == ("USSR", "event_influence")
    assert "poland" not in targets(game, "infl")
    assert "austria" in targets(game, "infl") and "finland" in targets(game, "infl")
    game.choose("infl hungary")
    assert "hungary" not in targets(game, "infl")
    play(game, "infl romania", "infl bulgaria", "infl austria")
    for key in ("hungary", "romania", "bulgaria", "austria"):
        assert infl(game, key) == (0, 1)
    assert pending(game) == ("US", "action")


def test_15_nasser_adds_2_and_removes_half_the_us_rounded_up() -> None:
    game = action_game("USSR", {"USSR": [15], "US": [4]}, influence={"egypt": (3, 0)})
    game.choose("play 15 event")
    assert infl(game, "egypt") == (1, 2)


def test_16_warsaw_pact_removes_all_us_influence_from_4_countries() -> None:
    influence = {"poland": (2, 1), "hungary": (1, 0), "romania": (3, 0), "austria": (1, 0)}
    influence["bulgaria"] = (1, 0)
    game = action_game("USSR", {"USSR": [16], "US": [4]}, influence=influence)
    game.choose("play 16 event")
    assert pending(game) == ("USSR", "warsaw_pact")
    game.choose("remove")
    play(game, "remove poland", "remove hungary", "remove romania")
    assert "poland" not in targets(game, "remove")
    game.choose("remove austria")
    assert infl(game, "poland") == (0, 1)
    assert infl(game, "bulgaria") == (1, 0)  # only 4 countries
    assert pending(game) == ("US", "action")


def test_16_warsaw_pact_adds_5_at_most_2_per_country_and_enables_nato() -> None:
    game = action_game("USSR", {"USSR": [16], "US": [21]}, influence={"italy": (3, 0)})
    game.choose("play 16 event")
    assert ids(game) == ["add"]  # no US influence to remove in Eastern Europe
    play(game, "add", "infl poland", "infl poland")
    assert "poland" not in targets(game, "infl")
    play(game, "infl hungary", "infl hungary", "infl romania")
    assert (infl(game, "poland"), infl(game, "hungary"), infl(game, "romania")) == (
        (0, 2),
        (0, 2),
        (0, 1),
    )
    assert "play 21 event" in ids(game)  # NATO's prerequisite is met


def test_17_de_gaulle_leads_france_and_france_loses_nato_protection() -> None:
    game = action_game(
        "USSR",
        {"USSR": [17, 30], "US": [19]},
        influence={"france": (6, 0), "west-germany": (4, 0), "italy": (1, 0)},
        effects={"nato": 1},
    )
    game.choose("play 17 event")
    state = game.state
    assert infl(game, "france") == (4, 1)  # still US-controlled (stability 3)
    assert state.effects["nato-exempt:france"] == 1
    play(game, "play 19 ops", "infl italy")
    game.choose("play 30 ops")
    coups = targets(game, "coup")
    assert "france" in coups
    assert "west-germany" not in coups  # NATO still protects it


# -- #19 Truman Doctrine, #20 Olympic Games, #21 NATO, #22 Independent Reds -------------------
def test_19_truman_doctrine_clears_the_ussr_from_an_uncontrolled_european_country() -> None:
    game = action_game(
        "US",
        {"US": [19], "USSR": [4]},
        influence={"italy": (1, 1), "poland": (0, 4), "greece": (0, 2), "iran": (0, 1)},
    )
    game.choose("play 19 event")
    assert pending(game) == ("US", "event_remove")
    assert targets(game, "remove") == {"italy"}  # Poland and Greece are USSR-controlled
    game.choose("remove italy")
    assert infl(game, "italy") == (1, 0)
    assert 19 in game.state.removed


def test_20_olympic_games_participation_ties_reroll_and_the_winner_gains_2() -> None:
    game = action_game("US", {"US": [20], "USSR": [4]}, forced_dice=[3, 5, 1, 6])
    game.choose("play 20 event")
    assert pending(game) == ("USSR", "olympic_games")
    game.choose("participate")
    state = game.state
    assert state.dice_rolled == 4  # 3+2 = 5 ties 5; then 1+2 = 3 loses to 6
    assert state.vp == -2
    assert 20 in state.discard


def test_20_olympic_games_the_us_sponsor_winning_gains_2() -> None:
    game = action_game("US", {"US": [20], "USSR": [4]}, forced_dice=[3, 4])
    play(game, "play 20 event", "participate")
    assert game.state.vp == 2  # US 3 + 2 = 5 beats 4


def test_20_olympic_games_sponsor_bonus_wins() -> None:
    game = action_game("USSR", {"USSR": [20], "US": [4]}, forced_dice=[4, 5])
    play(game, "play 20 event", "participate")
    assert game.state.vp == -2  # USSR 4 + 2 = 6 beats 5


def test_20_olympic_games_boycott_lowers_defcon_and_gives_4_ops_and_ends_the_event() -> None:
    """#20 boycott: DEFCON -1 and 4 ops; then the event is over: no die, no VP."""
    game = action_game(
        "US", {"US": [20], "USSR": [4]}, influence={"italy": (1, 0)}, forced_dice=[6, 1]
    )
    play(game, "play 20 event", "boycott")
    assert game.state.defcon == 4
    assert pending(game) == ("US", "operation")
    assert game.pending is not None and game.pending.context["ops"] == 4
    play(game, "infl italy", "infl italy", "infl italy", "infl italy")
    state = game.state
    assert infl(game, "italy") == (5, 0)
    assert (state.dice_rolled, state.forced_dice, state.vp) == (0, [6, 1], 0)
    assert pending(game) == ("USSR", "action")


def test_20_8_1_3_boycott_at_defcon_2_the_sponsor_loses() -> None:
    game = action_game("US", {"US": [20], "USSR": [4]}, defcon=2)
    play(game, "play 20 event", "boycott")
    assert game.outcome is not None
    assert game.outcome.winner == "USSR"


def test_21_nato_protects_us_controlled_europe_from_ussr_coups_and_realignments() -> None:
    game = action_game(
        "US",
        {"US": [21], "USSR": [30]},
        events_played=[23],
        influence={"west-germany": (4, 0), "italy": (1, 1), "iran": (1, 0)},
    )
    game.choose("play 21 event")
    assert game.state.effects["nato"] == 1
    game.choose("play 30 ops")
    assert targets(game, "coup") == {"italy", "iran"}
    assert "west-germany" not in targets(game, "realign")
    assert 21 in game.state.removed


def test_22_independent_reds_matches_the_ussr_in_one_country() -> None:
    game = action_game(
        "US",
        {"US": [22], "USSR": [4]},
        influence={"romania": (0, 3), "hungary": (1, 1), "poland": (0, 4)},
    )
    game.choose("play 22 event")
    assert targets(game, "infl") == {"romania"}
    game.choose("infl romania")
    assert infl(game, "romania") == (3, 3)


# -- #23 Marshall Plan, #25 Containment, #26 CIA Created, #27 US/Japan --------------------------
def test_23_marshall_plan_one_each_in_7_non_ussr_controlled_western_european_countries() -> None:
    game = action_game("US", {"US": [23], "USSR": [4]}, influence={"italy": (0, 2)})
    game.choose("play 23 event")
    assert "italy" not in targets(game, "infl")
    chosen = ["france", "west-germany", "uk", "benelux", "denmark", "norway", "greece"]
    for key in chosen:
        assert key in targets(game, "infl")
        game.choose(f"infl {key}")
    for key in chosen:
        assert infl(game, key) == (1, 0)
    assert pending(game) == ("USSR", "action")
    assert 23 in game.state.events_played


def test_25_containment_adds_1_op_to_us_cards_this_turn_4_at_most() -> None:
    game = action_game(
        "US", {"US": [25, 19, 21], "USSR": [30, 7]}, influence={"italy": (1, 0), "iran": (0, 1)}
    )
    game.choose("play 25 event")
    assert game.state.turn_effects["ops-bonus:US"] == 1
    play(game, "play 30 ops", "infl iran", "infl iran")  # USSR cards are unchanged
    assert infl(game, "iran") == (0, 3)
    game.choose("play 19 ops")
    assert game.pending is not None and game.pending.context["ops"] == 2


def test_26_cia_created_reveals_the_ussr_hand_and_gives_1_op() -> None:
    game = action_game("US", {"US": [26], "USSR": [7, 8]}, influence={"italy": (1, 0)})
    game.choose("play 26 event")
    assert game.view("US").opponent_known_cards == [7, 8]
    assert pending(game) == ("US", "operation")
    assert game.pending is not None and game.pending.context["ops"] == 1
    game.choose("infl italy")
    assert infl(game, "italy") == (2, 0)


def test_26_cia_created_ops_follow_the_cards_value_containment_makes_2() -> None:
    game = action_game(
        "US",
        {"US": [26], "USSR": [7]},
        influence={"italy": (1, 0)},
        turn_effects={"ops-bonus:US": 1},
    )
    game.choose("play 26 event")
    assert game.pending is not None and game.pending.context["ops"] == 2


def test_27_us_japan_pact_controls_japan_and_bars_ussr_coups_and_realignments() -> None:
    game = action_game("US", {"US": [27], "USSR": [30]}, influence={"japan": (1, 2)})
    game.choose("play 27 event")
    assert infl(game, "japan") == (6, 2)
    game.choose("play 30 ops")
    assert "japan" not in targets(game, "coup")
    assert "japan" not in targets(game, "realign")


# -- #28 Suez Crisis, #29 East European Unrest, #30 Decolonization, #31 Red Scare/Purge ----------
def test_28_suez_crisis_removes_4_from_france_uk_israel_at_most_2_each() -> None:
    game = action_game(
        "USSR",
        {"USSR": [28], "US": [4]},
        influence={"france": (1, 0), "uk": (5, 0), "israel": (3, 0), "italy": (2, 0)},
    )
    game.choose("play 28 event")
    assert targets(game, "remove") == {"france", "uk", "israel"}
    play(game, "remove uk", "remove uk")
    assert targets(game, "remove") == {"france", "israel"}
    play(game, "remove france", "remove israel")
    assert (infl(game, "france"), infl(game, "uk"), infl(game, "israel")) == (
        (0, 0),
        (3, 0),
        (2, 0),
    )


def test_29_east_european_unrest_removes_1_from_3_countries() -> None:
    influence = {"poland": (0, 4), "hungary": (0, 1), "romania": (0, 2), "bulgaria": (0, 1)}
    game = action_game("US", {"US": [29], "USSR": [4]}, influence=influence)
    play(game, "play 29 event", "remove poland")
    assert "poland" not in targets(game, "remove")
    play(game, "remove hungary", "remove romania")
    assert [infl(game, k) for k in ("poland", "hungary", "romania", "bulgaria")] == [
        (0, 3),
        (0, 0),
        (0, 1),
        (0, 1),
    ]


def test_29_east_european_unrest_removes_2_each_in_the_late_war() -> None:
    influence = {"poland": (0, 4), "hungary": (0, 1), "romania": (0, 2)}
    game = action_game("US", {"US": [29], "USSR": [4]}, influence=influence, turn=8)
    play(game, "play 29 event", "remove poland", "remove hungary", "remove romania")
    assert [infl(game, k) for k in ("poland", "hungary", "romania")] == [(0, 2), (0, 0), (0, 0)]


def test_30_decolonization_one_each_in_4_countries_of_africa_or_southeast_asia() -> None:
    game = action_game("USSR", {"USSR": [30], "US": [4]})
    game.choose("play 30 event")
    offered = targets(game, "infl")
    assert {"angola", "vietnam", "thailand", "zaire"} <= offered
    assert not offered & {"egypt", "india", "japan", "libya"}  # Middle East, Asia proper
    play(game, "infl angola", "infl vietnam", "infl zaire")
    assert game.pending is not None and game.pending.context["left"] == 1
    assert "angola" not in targets(game, "infl")
    game.choose("infl thailand")
    assert [infl(game, k) for k in ("angola", "vietnam", "zaire", "thailand")] == [(0, 1)] * 4


def test_31_red_scare_purge_costs_the_opponents_cards_1_op_1_at_least() -> None:
    game = action_game(
        "US", {"US": [31, 19], "USSR": [4, 7]}, influence={"italy": (1, 0), "iran": (0, 1)}
    )
    game.choose("play 31 event")
    assert game.state.turn_effects["ops-malus:USSR"] == 1
    game.choose("play 7 ops")
    assert game.pending is not None and game.pending.context["ops"] == 2
    play(game, "infl iran", "infl iran")
    game.choose("play 19 ops")  # the US's own cards keep their value
    assert game.pending is not None and game.pending.context["ops"] == 1


# -- #32 UN Intervention -------------------------------------------------------------------
def test_32_un_intervention_cancels_the_opponents_event_and_uses_its_ops() -> None:
    game = action_game(
        "US",
        {"US": [32, 7, 19], "USSR": [4]},
        influence={"italy": (1, 0), "france": (3, 0)},
    )
    assert "un 7" in ids(game)
    assert "un 19" not in ids(game)  # the US's own event
    assert "play 32 event" in greyed(game)
    game.choose("un 7")
    assert pending(game) == ("US", "operation")  # no before/after question: no event
    assert game.pending is not None and game.pending.context["ops"] == 3
    play(game, "infl italy", "infl italy", "infl italy")
    state = game.state
    assert infl(game, "france") == (3, 0)  # Socialist Governments did not happen
    assert infl(game, "italy") == (4, 0)
    assert 32 in state.events_played
    assert 7 not in state.events_played
    assert 32 in state.discard and 7 in state.discard
    assert state.hands["US"] == [19]
    assert pending(game) == ("USSR", "action")


def test_32_un_intervention_with_a_starred_card_discards_it() -> None:
    game = action_game(
        "USSR", {"USSR": [32, 27], "US": [4]}, influence={"poland": (0, 1), "japan": (0, 0)}
    )
    play(game, "un 27", "infl poland", "infl poland", "infl poland", "infl poland")
    state = game.state
    assert infl(game, "japan") == (0, 0)
    assert 27 in state.discard  # its event did not happen: not removed
    assert 27 not in state.removed
    assert state.effects == {}


def test_32_un_intervention_is_never_an_event_alone() -> None:
    game = action_game("US", {"US": [32, 19], "USSR": [4]})
    assert not [i for i in ids(game) if i.startswith("un ")]
    assert "opponent" in greyed(game)["play 32 event"]
    assert "play 32 ops" in ids(game)


def test_32_un_intervention_headlined_has_no_event() -> None:
    game = game_at(
        "headline",
        hands={"US": [19, 4], "USSR": [7, 8]},
        headline={"US": 32, "USSR": 30},
    )
    assert pending(game)[1] == "event_influence"  # #30 Decolonization resolves
    play(game, "infl angola", "infl zaire", "infl kenya", "infl vietnam")
    state = game.state
    assert 32 not in state.events_played
    assert 32 in state.discard


def _with_hooks(monkeypatch: pytest.MonkeyPatch, **extra: tuple[object, ...]) -> None:
    """New games get the registry's hooks plus `extra` ones, appended at their points."""
    from dataclasses import replace

    from cold_war_tui.engine import game as game_module
    from cold_war_tui.engine.events.registry import RULEBOOK

    added = {point: (*getattr(RULEBOOK.hooks, point), *hooks) for point, hooks in extra.items()}
    rules = replace(RULEBOOK, hooks=replace(RULEBOOK.hooks, **added))
    monkeypatch.setattr(game_module, "RULEBOOK", rules)


def test_32_un_intervention_counts_as_its_event_for_event_happened_hooks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[int, str]] = []

    def spy(core: Core, card: int, side: str) -> None:
        seen.append((card, side))

    _with_hooks(monkeypatch, event_happened=(spy,))
    game = action_game("US", {"US": [32, 7], "USSR": [4]}, influence={"italy": (1, 0)})
    play(game, "un 7", "infl italy", "infl italy", "infl italy")
    assert seen == [(32, "US")]


def test_32_un_intervention_respects_an_effect_that_narrows_the_menu(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An obligation (e.g. #49 Missile Envy) that bars playing #32 hides `un N` too."""
    from cold_war_tui.engine.decisions import Choice, Unavailable
    from cold_war_tui.engine.hooks import Menu

    def only_19(core: Core, side: str, choices: list[Choice], grey: list[Unavailable]) -> Menu:
        return [c for c in choices if c.id == "play 19 ops"], grey

    def no_space(core: Core, side: str, choices: list[Choice], grey: list[Unavailable]) -> Menu:
        return [c for c in choices if not c.id.endswith(" space")], grey

    hands = {"US": [32, 7, 19], "USSR": [4]}
    for narrow, offered in ((only_19, False), (no_space, True)):
        with monkeypatch.context() as patched:
            _with_hooks(patched, menu_filter=(narrow,))
            game = action_game("US", hands)
            assert ("un 7" in ids(game)) is offered


# -- #33 De-Stalinization, #35 Formosan Resolution ------------------------------------------
def test_33_de_stalinization_moves_up_to_4_to_non_us_controlled_countries() -> None:
    game = action_game(
        "USSR",
        {"USSR": [33], "US": [4]},
        influence={"poland": (0, 5), "cuba": (0, 1), "japan": (4, 0)},
    )
    game.choose("play 33 event")
    assert pending(game) == ("USSR", "event_remove")
    assert targets(game, "remove") == {"poland", "cuba"}
    play(game, "remove poland", "remove poland", "remove cuba", "done")
    assert pending(game) == ("USSR", "event_influence")
    offered = targets(game, "infl")
    assert "japan" not in offered  # US-controlled
    assert "angola" in offered and "cuba" in offered
    play(game, "infl angola", "infl angola")
    assert "angola" not in targets(game, "infl")  # at most 2 per country
    game.choose("infl mexico")
    assert [infl(game, k) for k in ("poland", "cuba", "angola", "mexico")] == [
        (0, 3),
        (0, 0),
        (0, 2),
        (0, 1),
    ]
    assert pending(game) == ("US", "action")


def test_33_de_stalinization_with_less_than_4_influence_moves_all_of_it() -> None:
    """#33: with 2 USSR influence in all, both are taken up (no more to offer) and placed."""
    game = action_game("USSR", {"USSR": [33], "US": [4]}, influence={"cuba": (0, 2)})
    play(game, "play 33 event", "remove cuba", "remove cuba")
    assert pending(game) == ("USSR", "event_influence")
    assert game.pending is not None and game.pending.context["left"] == 2
    play(game, "infl angola", "infl angola")
    assert (infl(game, "cuba"), infl(game, "angola")) == ((0, 0), (0, 2))


def test_35_formosan_resolution_makes_a_us_taiwan_a_battleground_until_the_china_card() -> None:
    game = action_game(
        "US",
        {"US": [35, 19], "USSR": [1, 4]},
        influence={"taiwan": (3, 0), "poland": (0, 1)},
        china={"holder": "US", "face_up": True},
    )
    game.choose("play 35 event")
    assert game.state.effects["formosan-resolution"] == 1
    game.choose("play 1 event")  # Asia: US presence 3 + Taiwan as a battleground 1
    assert game.state.vp == 4
    play(game, "play 6 ops", "infl taiwan", "infl taiwan", "infl taiwan", "infl taiwan")
    assert "formosan-resolution" not in game.state.effects


def test_35_formosan_resolution_survives_the_ussr_playing_the_china_card() -> None:
    game = action_game(
        "USSR",
        {"USSR": [4], "US": [19]},
        influence={"poland": (0, 1)},
        effects={"formosan-resolution": 1},
    )
    play(game, "play 6 ops", "infl poland", "infl poland", "infl poland", "infl poland")
    assert game.state.effects["formosan-resolution"] == 1


# -- #103 Defectors ------------------------------------------------------------------------
def test_103_defectors_as_us_headline_cancels_the_ussr_headline() -> None:
    game = game_at(
        "headline",
        hands={"US": [19, 4], "USSR": [30, 8]},
        headline={"US": 103, "USSR": 7},  # 3 ops: would resolve first
        influence={"france": (3, 0)},
    )
    state = game.state
    assert infl(game, "france") == (3, 0)
    assert 7 in state.discard
    assert 7 not in state.events_played
    assert 103 in state.events_played and 103 in state.discard
    assert state.headline == {"US": None, "USSR": None}
    assert pending(game) == ("USSR", "action")


def test_103_defectors_cancels_a_headlined_scoring_card() -> None:
    game = game_at(
        "headline",
        hands={"US": [19, 4], "USSR": [30, 8]},
        headline={"US": 103, "USSR": 2},
        influence={"italy": (0, 3)},
    )
    assert game.state.vp == 0
    assert 2 in game.state.discard


def test_103_defectors_headlined_by_the_ussr_has_no_effect() -> None:
    game = game_at(
        "headline",
        hands={"US": [19, 5], "USSR": [30, 8]},
        headline={"US": 4, "USSR": 103},
    )
    state = game.state
    assert state.vp == 1  # only Duck and Cover: DEFCON 4, US +1
    assert 103 in state.events_played


def test_103_defectors_discarded_by_a_five_year_plan_headline_cancels_nothing() -> None:
    """#103 cancels the USSR headline only as the US headline card (ruling 16). Discarded by
    the US's #5 headline, its event happens (ruling 14) but the USSR headline still
    resolves, and the log must not say it was cancelled (it used to)."""
    game = game_at(
        "headline",
        hands={"US": [19], "USSR": [103]},
        headline={"US": 5, "USSR": 7},  # 3 ops each: the US's #5 first
        influence={"france": (3, 0)},
    )
    assert 103 in game.state.events_played and 103 in game.state.discard
    assert pending(game) == ("USSR", "event_remove")  # #7 Socialist Governments goes on
    assert not [entry for entry in game.log if "cancel" in entry.text]


def test_103_defectors_played_by_the_ussr_for_ops_gives_the_us_1_vp() -> None:
    game = action_game("USSR", {"USSR": [103], "US": [4]}, influence={"poland": (0, 1)})
    play(game, "play 103 ops", "event-first", "infl poland", "infl poland")
    assert game.state.vp == 1
    game = action_game("US", {"US": [103], "USSR": [4]})
    game.choose("play 103 event")
    assert game.state.vp == 0  # the US's own play in an action round: no effect


# -- #104 The Cambridge Five, #105 Special Relationship ----------------------------------------
def test_104_cambridge_five_reveals_us_scoring_cards_and_adds_1_in_their_regions() -> None:
    game = action_game("USSR", {"USSR": [104], "US": [1, 38, 19]})
    game.choose("play 104 event")
    assert game.view("USSR").opponent_known_cards == [1, 38]
    assert pending(game) == ("USSR", "event_influence")
    offered = targets(game, "infl")
    assert {"japan", "vietnam", "north-korea"} <= offered
    assert "poland" not in offered
    assert "done" in ids(game)  # optional
    game.choose("infl japan")
    assert infl(game, "japan") == (0, 1)
    assert pending(game) == ("US", "action")


def test_104_cambridge_five_the_ussr_may_add_nothing() -> None:
    game = action_game("USSR", {"USSR": [104], "US": [1, 19]})
    play(game, "play 104 event", "done")
    assert all(c.ussr == 0 for c in game.state.influence.values())  # nothing added
    assert pending(game) == ("US", "action")


def test_104_cambridge_five_not_an_event_in_the_late_war() -> None:
    game = action_game("USSR", {"USSR": [104], "US": [1]}, turn=8)
    assert "Late War" in greyed(game)["play 104 event"]


def test_105_special_relationship_without_nato_adds_1_next_to_the_uk() -> None:
    game = action_game("US", {"US": [105], "USSR": [4]}, influence={"uk": (5, 0)})
    game.choose("play 105 event")
    assert targets(game, "infl") == {"canada", "france", "norway", "benelux"}
    game.choose("infl norway")
    assert infl(game, "norway") == (1, 0)
    assert game.state.vp == 0


def test_105_special_relationship_with_nato_adds_2_in_western_europe_and_2_vp() -> None:
    game = action_game(
        "US", {"US": [105], "USSR": [4]}, influence={"uk": (5, 0)}, effects={"nato": 1}
    )
    play(game, "play 105 event", "infl italy")
    assert infl(game, "italy") == (2, 0)
    assert game.state.vp == 2


def test_105_special_relationship_needs_us_control_of_the_uk() -> None:
    game = action_game(
        "US", {"US": [105], "USSR": [4]}, influence={"uk": (4, 0)}, effects={"nato": 1}
    )
    game.choose("play 105 event")
    assert game.state.vp == 0
    assert pending(game) == ("USSR", "action")


# -- #106 NORAD ----------------------------------------------------------------------------
def test_106_norad_the_event_puts_it_in_play() -> None:
    game = action_game("US", {"US": [106], "USSR": [4]})
    game.choose("play 106 event")
    assert game.state.effects["norad"] == 1
    assert 106 in game.state.removed


@pytest.mark.parametrize("canada", [(4, 0), (3, 0)])
def test_106_norad_defcon_moved_to_2_the_us_adds_1_influence(canada: tuple[int, int]) -> None:
    game = action_game(
        "USSR",
        {"USSR": [7], "US": [19]},
        influence={"canada": canada, "iran": (1, 0), "italy": (1, 0)},
        effects={"norad": 1},
        defcon=3,
        forced_dice=[1],
    )
    play(game, "play 7 ops", "coup iran")  # a battleground: DEFCON 3 -> 2
    assert game.state.defcon == 2
    if canada == (3, 0):  # the US does not control Canada
        assert pending(game) == ("US", "action")
        return
    assert pending(game) == ("US", "event_influence")
    assert targets(game, "infl") == {"canada", "iran", "italy"}
    game.choose("infl italy")
    assert infl(game, "italy") == (2, 0)
    assert pending(game) == ("US", "action")


def test_106_norad_nothing_when_defcon_was_already_2() -> None:
    game = action_game(
        "USSR",
        {"USSR": [7], "US": [19]},
        influence={"canada": (4, 0), "poland": (0, 1)},
        effects={"norad": 1},
        defcon=2,
    )
    play(game, "play 7 ops", "infl poland", "infl poland", "infl poland")
    assert pending(game) == ("US", "action")


def test_106_norad_a_round_that_starts_at_2_rises_and_falls_back_to_2_triggers_it() -> None:
    """#106: DEFCON *moved to* 2 in the round: #57 ABM Treaty raises 2 to 3, then its coup
    in battleground Iran lowers it to 2 again. The next round, without a move, does not."""
    game = action_game(
        "USSR",
        {"USSR": [57], "US": [19, 4]},
        influence={"canada": (4, 0), "iran": (1, 0)},
        effects={"norad": 1},
        defcon=2,
        forced_dice=[1],
    )
    play(game, "play 57 event", "coup iran")
    assert game.state.defcon == 2
    assert pending(game) == ("US", "event_influence")
    play(game, "infl canada", "play 4 ops", "infl canada", "infl canada", "infl canada")
    assert infl(game, "canada") == (8, 0)
    assert pending(game) == ("USSR", "action")  # no NORAD after the US's own round


def test_106_norad_triggers_in_the_round_it_comes_into_play() -> None:
    """#106: the USSR plays NORAD for ops, coups first (DEFCON 3 -> 2), then NORAD's event
    happens for the US: at the end of that round NORAD already triggers."""
    game = action_game(
        "USSR",
        {"USSR": [106], "US": [19]},
        influence={"canada": (4, 0), "iran": (1, 0)},
        defcon=3,
        forced_dice=[1],
    )
    play(game, "play 106 ops", "ops-first", "coup iran")
    assert game.state.effects == {"norad": 1}
    assert pending(game) == ("US", "event_influence")


def test_106_norad_a_defcon_drop_in_the_headline_does_not_trigger_it() -> None:
    """#106 acts at the end of action rounds: the headline's #4 Duck and Cover (3 -> 2)
    is not followed by NORAD after the first action round."""
    game = game_at(
        "headline",
        headline={"US": 4, "USSR": 12},
        hands={"USSR": [7], "US": [19]},
        influence={"canada": (4, 0), "poland": (0, 1)},
        effects={"norad": 1},
        defcon=3,
    )
    assert game.state.defcon == 2
    play(game, "play 7 ops", "infl poland", "infl poland", "infl poland")
    assert pending(game) == ("US", "action")


def test_106_norad_is_cancelled_by_quagmire() -> None:
    game = action_game("USSR", {"USSR": [42, 7], "US": [19, 4]}, effects={"norad": 1}, turn=4)
    game.choose("play 42 event")
    assert "norad" not in game.state.effects


# -- #32 UN Intervention: the card played with it is played by the player ----------------------
def test_32_un_intervention_with_a_ussr_war_card_is_a_us_war_card_play_for_flower_power() -> None:
    """#59 with #32: the US plays #11 Korean War for its ops with UN Intervention: a war card
    played by the US, the USSR gains 2 VP."""
    game = action_game(
        "US",
        {"US": [32, 11], "USSR": [4]},
        influence={"canada": (1, 0)},
        effects={"flower-power": 1},
    )
    play(game, "un 11", "infl canada", "infl canada")
    assert game.state.vp == -2


def test_32_un_intervention_keeps_the_players_area_bonus() -> None:
    """#32 with #9: the USSR's ops from a US card played with UN Intervention, all in
    Southeast Asia, get Vietnam Revolts' +1 (1 + 1 = 2)."""
    game = action_game(
        "USSR",
        {"USSR": [32, 19], "US": [4]},
        influence={"vietnam": (0, 1)},
        turn_effects={"area-bonus:USSR:southeast-asia": 1},
    )
    play(game, "un 19", "infl vietnam", "infl vietnam")
    assert infl(game, "vietnam") == (0, 3)
