"""Mid War events #60-#80 and the optional #107-#108 (04-card-events.md), one card at a time."""

from __future__ import annotations

from engine_scenarios import action_game, card_places, game_at, greyed, ids, infl, play, targets

from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.engine.events.mid_war import u2_un_intervention
from cold_war_tui.engine.events.registry import unimplemented_events
from cold_war_tui.engine.scoring import region_score
from cold_war_tui.gamedata import load_default_data


def pending(game: Game) -> tuple[str, str]:
    assert game.pending is not None, "the game is over"
    return game.pending.player, game.pending.kind


def assert_cards_in_one_place(game: Game) -> None:
    places = card_places(game.state)
    assert all(len(where) == 1 for where in places.values()), places


# -- #60 U-2 Incident ----------------------------------------------------------------------
def test_60_u2_incident_gives_1_vp_and_marks_the_turn() -> None:
    game = action_game("USSR", {"USSR": [60], "US": [4]})
    game.choose("play 60 event")
    assert game.state.vp == -1
    assert game.state.turn_effects == {"u2-incident": 1}
    assert 60 in game.state.removed  # starred


def test_60_u2_incident_un_intervention_later_this_turn_gives_1_more_vp_once() -> None:
    game = action_game("USSR", {"USSR": [60], "US": [4]})
    game.choose("play 60 event")
    core = game._core  # the UN Intervention event belongs to another module: call the hook
    u2_un_intervention(core, 32, "US")
    assert game.state.vp == -2
    assert "u2-incident" not in game.state.turn_effects
    u2_un_intervention(core, 32, "USSR")
    assert game.state.vp == -2


def test_60_other_events_or_no_u2_incident_give_nothing() -> None:
    game = action_game("USSR", {"USSR": [7], "US": [4]})
    u2_un_intervention(game._core, 32, "US")
    assert game.state.vp == 0
    marked = action_game("USSR", {"USSR": [7], "US": [4]}, turn_effects={"u2-incident": 1})
    u2_un_intervention(marked._core, 4, "US")
    assert marked.state.vp == 0
    assert marked.state.turn_effects == {"u2-incident": 1}


def test_60_u2_incident_ends_with_the_turn() -> None:
    game = game_at("turn-end", turn=4, turn_effects={"u2-incident": 1})
    assert game.state.turn == 5
    assert "u2-incident" not in game.state.turn_effects


def test_60_u2_incident_then_un_intervention_played_by_the_us_gives_the_ussr_1_more_vp() -> None:
    """#60: the extra VP comes whoever plays UN Intervention later this turn (here the US,
    with a USSR card in the same action round: `un N`, ruling 15)."""
    game = action_game("USSR", {"USSR": [60], "US": [32, 7]})
    game.choose("play 60 event")
    assert game.state.vp == -1
    game.choose("un 7")
    assert game.state.vp == -2
    assert "u2-incident" not in game.state.turn_effects


# -- #61 OPEC ----------------------------------------------------------------------------------
def test_61_opec_1_vp_per_ussr_controlled_oil_country() -> None:
    influence = {
        "egypt": (0, 2),
        "iraq": (0, 3),
        "venezuela": (1, 3),
        "iran": (0, 1),  # not controlled
        "syria": (0, 2),  # not on the list
    }
    game = action_game("USSR", {"USSR": [61], "US": [4]}, influence=influence)
    game.choose("play 61 event")
    assert game.state.vp == -3
    assert 61 in game.state.discard


def test_61_opec_is_prevented_by_north_sea_oil() -> None:
    game = action_game("USSR", {"USSR": [61], "US": [4]}, events_played=[86])
    assert "play 61 event" in greyed(game)
    assert "North Sea Oil" in greyed(game)["play 61 event"]


# -- #62 "Lone Gunman" -----------------------------------------------------------------------
def test_62_lone_gunman_reveals_the_us_hand_then_1_op() -> None:
    game = action_game(
        "USSR",
        {"USSR": [62], "US": [4, 19, 21]},
        influence={"poland": (0, 1)},
        china={"holder": "US", "face_up": True},
    )
    game.choose("play 62 event")
    assert game.view("USSR").opponent_known_cards == [4, 19, 21]
    assert pending(game) == ("USSR", "operation")
    assert game.pending is not None
    assert game.pending.context["ops"] == 1
    game.choose("infl poland")
    assert infl(game, "poland") == (0, 2)
    assert pending(game) == ("US", "action")
    assert 62 in game.state.removed


def test_62_lone_gunman_played_by_the_us_for_ops_gives_the_ussr_its_1_op() -> None:
    """5.2: the USSR resolves its event in the US round; its reach is its own (6.1.1)."""
    game = action_game(
        "US", {"US": [62], "USSR": [7]}, influence={"poland": (0, 1), "israel": (1, 0)}
    )
    play(game, "play 62 ops", "ops-first", "infl israel")
    assert pending(game) == ("USSR", "operation")
    offered = targets(game, "infl")
    assert {"poland", "east-germany", "finland"} <= offered
    assert "israel" not in offered and "lebanon" not in offered
    game.choose("infl poland")
    assert infl(game, "poland") == (0, 2)
    assert 62 in game.state.removed


# -- #63 Colonial Rear Guards -----------------------------------------------------------------
def test_63_colonial_rear_guards_4_countries_of_africa_or_southeast_asia() -> None:
    game = action_game("US", {"US": [63], "USSR": [7]})
    game.choose("play 63 event")
    first = targets(game, "infl")
    assert {"angola", "south-africa", "thailand", "vietnam", "indonesia"} <= first
    assert not {"india", "japan", "egypt", "panama", "france"} & first
    play(game, "infl angola")
    assert "angola" not in targets(game, "infl")  # one each
    play(game, "infl thailand", "infl sudan", "infl burma")
    for key in ("angola", "thailand", "sudan", "burma"):
        assert infl(game, key) == (1, 0)
    assert pending(game) == ("USSR", "action")


# -- #64 Panama Canal Returned ----------------------------------------------------------------
def test_64_panama_canal_returned() -> None:
    game = action_game("US", {"US": [64], "USSR": [7]}, influence={"panama": (1, 0)})
    game.choose("play 64 event")
    assert infl(game, "panama") == (2, 0)
    assert infl(game, "costa-rica") == (1, 0)
    assert infl(game, "venezuela") == (1, 0)
    assert 64 in game.state.removed


# -- #65 Camp David Accords -------------------------------------------------------------------
def test_65_camp_david_accords_vp_influence_and_it_prevents_arab_israeli_war() -> None:
    game = action_game("US", {"US": [65], "USSR": [13]}, influence={"egypt": (0, 2)})
    game.choose("play 65 event")
    assert game.state.vp == 1
    assert infl(game, "israel") == (1, 0)
    assert infl(game, "jordan") == (1, 0)
    assert infl(game, "egypt") == (1, 2)
    assert pending(game) == ("USSR", "action")
    assert "play 13 event" in greyed(game)
    assert "Camp David" in greyed(game)["play 13 event"]


# -- #66 Puppet Governments -------------------------------------------------------------------
def test_66_puppet_governments_3_countries_without_any_influence() -> None:
    influence = {"mexico": (1, 0), "cuba": (0, 1), "burma": (1, 1)}
    game = action_game("US", {"US": [66], "USSR": [7]}, influence=influence)
    game.choose("play 66 event")
    offered = targets(game, "infl")
    assert not {"mexico", "cuba", "burma", "chinese-civil-war"} & offered
    assert {"guatemala", "laos", "sudan"} <= offered
    play(game, "infl guatemala")
    assert "guatemala" not in targets(game, "infl")
    play(game, "infl laos", "infl sudan")
    assert [infl(game, k) for k in ("guatemala", "laos", "sudan")] == [(1, 0)] * 3
    assert 66 in game.state.removed


# -- #67 Grain Sales to Soviets ----------------------------------------------------------------
def test_67_grain_sales_the_us_plays_the_taken_card_as_its_own_event() -> None:
    game = action_game("US", {"US": [67], "USSR": [4]})
    game.choose("play 67 event")
    assert pending(game) == ("US", "grain_sales")
    assert game.pending is not None and game.pending.context["card"] == 4
    assert set(ids(game)) == {"play 4 event", "play 4 ops", "play 4 space", "return 4"}
    game.choose("play 4 event")  # Duck and Cover: DEFCON 4, the US gains 1 VP
    state = game.state
    assert state.defcon == 4
    assert state.vp == 1
    assert state.hands["USSR"] == []
    assert 4 in state.discard and 67 in state.discard
    assert_cards_in_one_place(game)


def test_67_grain_sales_a_ussr_card_played_for_ops_triggers_its_event() -> None:
    """5.2: the USSR event of the taken card happens; the US orders it around its ops."""
    game = action_game(
        "US",
        {"US": [67], "USSR": [61]},
        influence={"egypt": (0, 2), "israel": (1, 0)},
    )
    game.choose("play 67 event")
    assert "play 61 event" not in ids(game)  # the USSR's event is never the US's play
    game.choose("play 61 ops")
    assert pending(game) == ("US", "event_order")
    game.choose("event-first")
    assert game.state.vp == -1  # OPEC: Egypt
    assert pending(game) == ("US", "operation")
    assert game.pending is not None
    assert game.pending.context["ops"] == 3
    play(game, "infl israel", "infl israel", "infl israel")
    assert infl(game, "israel") == (4, 0)
    assert 61 in game.state.discard


def test_67_grain_sales_returned_card_is_known_to_the_us_and_grain_sales_ops_follow() -> None:
    game = action_game("US", {"US": [67], "USSR": [4]}, influence={"israel": (1, 0)})
    play(game, "play 67 event", "return 4")
    assert game.state.hands["USSR"] == [4]
    assert game.view("US").opponent_known_cards == [4]
    assert game.view("USSR").opponent_known_cards == []
    assert pending(game) == ("US", "operation")
    assert game.pending is not None
    assert game.pending.context["ops"] == 2
    play(game, "infl israel", "infl israel")
    assert infl(game, "israel") == (3, 0)


def test_67_grain_sales_a_scoring_card_may_only_be_played_as_its_event() -> None:
    game = action_game("US", {"US": [67], "USSR": [3]}, influence={"iraq": (0, 3)})
    game.choose("play 67 event")
    assert set(ids(game)) == {"play 3 event", "return 3"}
    game.choose("play 3 event")
    assert game.state.vp == -4  # Middle East: USSR presence 3 + 1 battleground


def test_67_grain_sales_with_an_empty_ussr_hand_the_us_uses_the_ops() -> None:
    game = action_game("US", {"US": [67], "USSR": []}, influence={"israel": (1, 0)})
    game.choose("play 67 event")
    assert pending(game) == ("US", "operation")
    assert game.pending is not None
    assert game.pending.context["ops"] == 2


def test_67_grain_sales_space_race_play_counts_as_the_us_attempt() -> None:
    game = action_game("US", {"US": [67], "USSR": [4]}, forced_dice=[1])
    play(game, "play 67 event", "play 4 space")
    state = game.state
    assert state.space["US"] == 1
    assert state.space_attempts["US"] == 1
    assert state.defcon == 5  # no event
    assert 4 in state.discard


# -- #68 John Paul II Elected Pope -------------------------------------------------------------
def test_68_john_paul_ii_poland() -> None:
    game = action_game("US", {"US": [68], "USSR": [7]}, influence={"poland": (0, 3)})
    game.choose("play 68 event")
    assert infl(game, "poland") == (1, 1)
    assert 68 in game.state.events_played
    assert 68 in game.state.removed


def test_68_solidarity_needs_john_paul_ii() -> None:
    before = action_game("US", {"US": [101], "USSR": [7]})
    assert "play 101 event" in greyed(before)
    after = action_game("US", {"US": [101], "USSR": [7]}, events_played=[68])
    assert "play 101 event" in ids(after)


# -- #69 Latin American Death Squads ------------------------------------------------------------
def test_69_death_squads_sets_the_coup_modifiers_for_the_turn() -> None:
    game = action_game("USSR", {"USSR": [69], "US": [4]})
    game.choose("play 69 event")
    assert game.state.turn_effects == {
        "coup-bonus:USSR:central-america": 1,
        "coup-bonus:USSR:south-america": 1,
        "coup-malus:US:central-america": 1,
        "coup-malus:US:south-america": 1,
    }


def test_69_death_squads_the_opponent_coups_at_minus_1_in_latin_america() -> None:
    game = action_game(
        "USSR",
        {"USSR": [69], "US": [4]},
        influence={"guatemala": (0, 2), "sudan": (0, 2)},
        forced_dice=[3],
    )
    play(game, "play 69 event", "play 4 ops", "coup guatemala")
    # 3 + 3 ops - 1 = 5 against 2: removes 2 USSR, adds 1 US (without the malus: 2 US).
    assert infl(game, "guatemala") == (1, 0)


def test_69_death_squads_the_player_coups_at_plus_1_but_not_elsewhere() -> None:
    effects = {"coup-bonus:USSR:south-america": 1, "coup-malus:US:south-america": 1}
    game = action_game(
        "USSR",
        {"USSR": [7], "US": [4]},
        influence={"bolivia": (2, 0)},
        turn_effects=effects,
        forced_dice=[2],
    )
    play(game, "play 7 ops", "coup bolivia")
    # 2 + 3 ops + 1 = 6 against 4: removes 2 US.
    assert infl(game, "bolivia") == (0, 0)
    elsewhere = action_game(
        "USSR",
        {"USSR": [7], "US": [4]},
        influence={"sudan": (2, 0)},
        turn_effects=effects,
        forced_dice=[1],
    )
    play(elsewhere, "play 7 ops", "coup sudan")
    assert infl(elsewhere, "sudan") == (0, 0)  # 1 + 3 = 4 against 2: exactly 2, no bonus


# -- #70 OAS Founded ---------------------------------------------------------------------------
def test_70_oas_founded_2_influence_in_central_or_south_america() -> None:
    game = action_game("US", {"US": [70], "USSR": [7]})
    game.choose("play 70 event")
    offered = targets(game, "infl")
    assert {"mexico", "cuba", "brazil", "chile"} <= offered
    assert not {"spain", "angola", "japan"} & offered
    play(game, "infl cuba", "infl cuba")
    assert infl(game, "cuba") == (2, 0)
    assert 70 in game.state.removed


# -- #71 Nixon Plays the China Card -----------------------------------------------------------
def test_71_nixon_takes_the_china_card_face_down_from_the_ussr() -> None:
    game = action_game("US", {"US": [71], "USSR": [7]})
    game.choose("play 71 event")
    assert (game.state.china_holder, game.state.china_face_up) == ("US", False)
    assert game.state.vp == 0


def test_71_nixon_gives_2_vp_when_the_us_holds_the_china_card() -> None:
    game = action_game("US", {"US": [71], "USSR": [7]}, china={"holder": "US", "face_up": False})
    game.choose("play 71 event")
    assert game.state.vp == 2
    assert (game.state.china_holder, game.state.china_face_up) == ("US", False)


def test_71_nixon_under_the_chinese_civil_war_acts_as_if_the_us_held_it() -> None:
    """12.4.1: while the China Card is out of play, Nixon gives the US 2 VP."""
    doc = {
        "phase": "action",
        "phasing": "US",
        "rounds_taken": {"USSR": 1, "US": 0},
        "hands": {"US": [71], "USSR": [7]},
        "influence": {},
    }
    game = Game.from_scenario(doc, GameOptions(chinese_civil_war=True))
    game.choose("play 71 event")
    assert game.state.vp == 2
    assert game.state.china_holder is None


# -- #72 Sadat Expels Soviets ------------------------------------------------------------------
def test_72_sadat_expels_soviets() -> None:
    game = action_game("US", {"US": [72], "USSR": [7]}, influence={"egypt": (0, 4)})
    game.choose("play 72 event")
    assert infl(game, "egypt") == (1, 0)
    assert 72 in game.state.removed


# -- #73 Shuttle Diplomacy ----------------------------------------------------------------------
def test_73_shuttle_diplomacy_stays_in_play() -> None:
    game = action_game("US", {"US": [73], "USSR": [7]})
    game.choose("play 73 event")
    state = game.state
    assert state.in_play == [73]
    assert 73 not in state.discard and 73 not in state.limbo
    assert state.effects == {"shuttle-diplomacy": 1}
    assert_cards_in_one_place(game)


def test_73_shuttle_diplomacy_triggered_by_ussr_ops_also_stays_in_play() -> None:
    """5.2: the USSR plays it for ops; the US event happens and the card lies in play."""
    game = action_game("USSR", {"USSR": [73], "US": [4]}, influence={"poland": (0, 1)})
    play(game, "play 73 ops", "ops-first", "infl poland", "infl poland", "infl poland")
    state = game.state
    assert state.in_play == [73]
    assert state.effects == {"shuttle-diplomacy": 1}
    assert_cards_in_one_place(game)


def test_73_shuttle_diplomacy_middle_east_scoring_one_ussr_battleground_fewer() -> None:
    # USSR: Iraq (battleground) and Syria. Without the card: domination 5 + 1 = 6 VP;
    # with it: 1 country, no battleground: presence 3 VP. Then the card is discarded.
    influence = {"iraq": (0, 3), "syria": (0, 2)}
    plain = action_game("USSR", {"USSR": [3], "US": [4]}, influence=influence)
    plain.choose("play 3 event")
    assert plain.state.vp == -6
    game = action_game(
        "USSR",
        {"USSR": [3], "US": [4]},
        influence=influence,
        in_play=[73],
        effects={"shuttle-diplomacy": 1},
    )
    game.choose("play 3 event")
    state = game.state
    assert state.vp == -3
    assert "shuttle-diplomacy" not in state.effects
    assert 73 in state.discard and 73 not in state.in_play
    assert_cards_in_one_place(game)


def test_73_shuttle_diplomacy_asia_scoring_uses_it_too() -> None:
    # USSR: North Korea only. With the card: no country left, no VP for the USSR.
    game = action_game(
        "US",
        {"US": [1], "USSR": [7]},
        influence={"north-korea": (0, 3)},
        in_play=[73],
        effects={"shuttle-diplomacy": 1},
    )
    game.choose("play 1 event")
    assert game.state.vp == 0
    assert 73 in game.state.discard
    assert "shuttle-diplomacy" not in game.state.effects


def test_73_shuttle_diplomacy_waits_through_other_scorings() -> None:
    game = action_game(
        "US",
        {"US": [37], "USSR": [7]},
        influence={"panama": (0, 2)},
        in_play=[73],
        effects={"shuttle-diplomacy": 1},
    )
    game.choose("play 37 event")
    assert game.state.vp == -2  # Central America: presence 1 + 1 battleground, no change
    assert game.state.in_play == [73]
    assert game.state.effects == {"shuttle-diplomacy": 1}


def test_73_shuttle_diplomacy_does_not_apply_at_final_scoring() -> None:
    # Middle East: USSR domination 5 + 1 (Iraq); China Card: USSR +1. Net USSR +7 either way.
    influence = {"iraq": (0, 3), "syria": (0, 2)}
    game = game_at(
        "turn-end",
        turn=10,
        influence=influence,
        in_play=[73],
        effects={"shuttle-diplomacy": 1},
    )
    assert game.outcome is not None
    assert game.state.vp == -7
    core = action_game(
        "US",
        {"US": [4]},
        influence=influence,
        in_play=[73],
        effects={"shuttle-diplomacy": 1},
    )._core
    assert region_score(core, "middle-east")["USSR"].vp == 3
    assert region_score(core, "middle-east", final=True)["USSR"].vp == 6


def test_73_shuttle_diplomacy_is_not_used_by_southeast_asia_scoring() -> None:
    """#73 names Asia and Middle East scoring; #38 is neither, so the card waits."""
    game = action_game(
        "US",
        {"US": [38], "USSR": [7]},
        influence={"thailand": (0, 2), "vietnam": (0, 1)},
        in_play=[73],
        effects={"shuttle-diplomacy": 1},
    )
    game.choose("play 38 event")
    assert game.state.vp == -3  # Thailand 2 + Vietnam 1, nothing taken off
    assert game.state.in_play == [73]
    assert game.state.effects == {"shuttle-diplomacy": 1}


# -- #74 The Voice of America ---------------------------------------------------------------------
def test_74_voice_of_america_4_ussr_influence_outside_europe_2_per_country() -> None:
    influence = {"poland": (0, 3), "iraq": (0, 3), "cuba": (0, 3), "angola": (0, 1)}
    game = action_game("US", {"US": [74], "USSR": [7]}, influence=influence)
    game.choose("play 74 event")
    assert pending(game) == ("US", "event_remove")
    assert set(ids(game)) == {"remove iraq", "remove cuba", "remove angola"}
    play(game, "remove iraq", "remove iraq")
    assert "remove iraq" not in ids(game)
    play(game, "remove cuba", "remove angola")
    assert [infl(game, k) for k in ("poland", "iraq", "cuba", "angola")] == [
        (0, 3),
        (0, 1),
        (0, 2),
        (0, 0),
    ]
    assert 74 in game.state.discard


# -- #75 Liberation Theology ----------------------------------------------------------------------
def test_75_liberation_theology_3_in_central_america_2_per_country() -> None:
    game = action_game("USSR", {"USSR": [75], "US": [4]})
    game.choose("play 75 event")
    offered = targets(game, "infl")
    assert {"cuba", "mexico", "panama", "haiti"} <= offered
    assert not {"colombia", "venezuela"} & offered
    play(game, "infl cuba", "infl cuba")
    assert "cuba" not in targets(game, "infl")
    play(game, "infl nicaragua")
    assert infl(game, "cuba") == (0, 2)
    assert infl(game, "nicaragua") == (0, 1)


# -- #76 Ussuri River Skirmish --------------------------------------------------------------------
def test_76_ussuri_takes_the_china_card_face_up_from_the_ussr() -> None:
    game = action_game("US", {"US": [76], "USSR": [7]})
    game.choose("play 76 event")
    assert (game.state.china_holder, game.state.china_face_up) == ("US", True)


def test_76_ussuri_when_the_us_holds_it_4_influence_in_asia_2_per_country() -> None:
    game = action_game("US", {"US": [76], "USSR": [7]}, china={"holder": "US", "face_up": True})
    game.choose("play 76 event")
    offered = targets(game, "infl")
    assert {"japan", "india", "thailand", "north-korea"} <= offered
    assert not {"iran", "chinese-civil-war"} & offered
    play(game, "infl japan", "infl japan")
    assert "japan" not in targets(game, "infl")
    play(game, "infl thailand", "infl india")
    assert [infl(game, k) for k in ("japan", "thailand", "india")] == [(2, 0), (1, 0), (1, 0)]
    assert 76 in game.state.removed


def test_76_ussuri_under_the_chinese_civil_war_places_in_asia_never_in_the_civil_war() -> None:
    """12.4.1: Ussuri resolves as if the US held the China Card; 12.1: the US never targets
    the Chinese Civil War space."""
    doc = {
        "phase": "action",
        "phasing": "US",
        "rounds_taken": {"USSR": 1, "US": 0},
        "hands": {"US": [76], "USSR": [7]},
        "influence": {"chinese-civil-war": {"ussr": 1}},
    }
    game = Game.from_scenario(doc, GameOptions(chinese_civil_war=True))
    game.choose("play 76 event")
    assert pending(game) == ("US", "event_influence")
    offered = targets(game, "infl")
    assert "chinese-civil-war" not in offered
    assert {"japan", "thailand"} <= offered
    play(game, "infl japan", "infl japan", "infl thailand", "infl thailand")
    assert game.state.china_holder is None
    assert [infl(game, k) for k in ("japan", "thailand")] == [(2, 0), (2, 0)]


# -- #77 "Ask Not What Your Country Can Do For You" ---------------------------------------------
def test_77_ask_not_discards_chosen_cards_then_draws_as_many() -> None:
    game = action_game(
        "US",
        {"US": [77, 4, 19, 21], "USSR": [7]},
        draw=[103, 105, 8],
        china={"holder": "US", "face_up": True},
    )
    game.choose("play 77 event")
    assert pending(game) == ("US", "event_discard")
    assert game.pending is not None and game.pending.context["card"] == 77  # for programs
    assert set(ids(game)) == {"discard 4", "discard 19", "discard 21", "done"}  # no China Card
    play(game, "discard 4", "discard 21")
    assert set(ids(game)) == {"discard 19", "done"}
    game.choose("done")
    state = game.state
    assert sorted(state.hands["US"]) == [19, 103, 105]
    assert {4, 21} <= set(state.discard)
    assert state.draw[-1] == 8  # the rest of the Early War deck lies under the given cards
    assert 77 in state.removed
    assert_cards_in_one_place(game)


def test_77_ask_not_may_discard_nothing() -> None:
    game = action_game("US", {"US": [77, 4], "USSR": [7]}, draw=[103])
    play(game, "play 77 event", "done")
    assert game.state.hands["US"] == [4]
    assert game.state.draw[-1] == 103


# -- #80 "One Small Step" -----------------------------------------------------------------------
def test_80_one_small_step_two_boxes_vp_only_for_the_box_landed_on() -> None:
    # US 3 -> 5, skipping box 4; box 5 first: 3 VP.
    game = action_game("US", {"US": [80], "USSR": [7]}, space={"US": 3, "USSR": 4})
    game.choose("play 80 event")
    assert game.state.space["US"] == 5
    assert game.state.vp == 3
    # USSR 0 -> 2: box 1's VP (second: 1) is not scored; box 2 gives none.
    ussr = action_game("USSR", {"USSR": [80], "US": [4]}, space={"US": 4, "USSR": 0})
    ussr.choose("play 80 event")
    assert ussr.state.space["USSR"] == 2
    assert ussr.state.vp == 0


def test_80_one_small_step_only_when_behind() -> None:
    game = action_game("US", {"US": [80], "USSR": [7]}, space={"US": 2, "USSR": 2})
    game.choose("play 80 event")
    assert game.state.space["US"] == 2
    assert 80 in game.state.discard


def test_80_one_small_step_stops_at_the_last_box() -> None:
    game = action_game("US", {"US": [80], "USSR": [7]}, space={"US": 7, "USSR": 8})
    game.choose("play 80 event")
    assert game.state.space["US"] == 8
    assert game.state.vp == 0  # box 8, second to arrive


def test_80_one_small_step_passing_a_box_ends_the_opponents_bonus_there() -> None:
    """6.4.4: the US reached box 2 first (two attempts a turn); the USSR passing it with #80
    reaches it too, so the US loses its second attempt."""
    hands = {"USSR": [80], "US": [4, 19]}
    space = {"US": 2, "USSR": 0}
    attempts = {"US": 1, "USSR": 0}
    game = action_game("USSR", hands, space=space, space_attempts=attempts)
    game.choose("play 80 event")
    assert game.state.space["USSR"] == 2
    assert "play 4 space" in greyed(game)
    before = action_game("USSR", {"USSR": [7], "US": [4, 19]}, space=space, space_attempts=attempts)
    play(before, "play 7 event")
    assert "play 4 space" in ids(before)


# -- #107 Che ------------------------------------------------------------------------------------
CHE_MAP = {
    "guatemala": (2, 0),  # non-battleground, Central America
    "sudan": (1, 0),  # non-battleground, Africa
    "panama": (2, 0),  # battleground: never a target
    "lebanon": (1, 0),  # Middle East: never a target
    "bolivia": (0, 1),  # no US influence
}


def test_107_che_targets_and_a_second_coup_after_removing_us_influence() -> None:
    game = action_game("USSR", {"USSR": [107], "US": [4]}, influence=CHE_MAP, forced_dice=[2, 6])
    game.choose("play 107 event")
    assert pending(game) == ("USSR", "event_target")
    assert set(ids(game)) == {"coup guatemala", "coup sudan", "done"}
    game.choose("coup guatemala")  # 2 + 3 = 5 against 2: removes 2 US, adds 1 USSR
    assert infl(game, "guatemala") == (0, 1)
    assert set(ids(game)) == {"coup sudan", "done"}
    game.choose("coup sudan")  # 6 + 3 = 9 against 2: removes 1 US, adds 6 USSR
    assert infl(game, "sudan") == (0, 6)
    state = game.state
    assert state.milops["USSR"] == 5  # 3 + 3 military operations (8.2.3); the track ends at 5
    assert state.defcon == 5
    assert 107 in state.discard


def test_107_che_second_coup_is_optional_and_none_after_a_failed_coup() -> None:
    game = action_game("USSR", {"USSR": [107], "US": [4]}, influence=CHE_MAP, forced_dice=[1])
    play(game, "play 107 event", "coup sudan")  # 1 + 3 = 4 against 2: -1 US, +1 USSR
    assert infl(game, "sudan") == (0, 1)
    assert set(ids(game)) == {"coup guatemala", "done"}  # it removed US influence
    game.choose("done")
    assert pending(game) == ("US", "action")
    assert game.state.milops["USSR"] == 3  # #107 never calls its coups free (8.2.3, not 8.2.5)
    strong = {"costa-rica": (1, 0), "sudan": (1, 0)}  # Costa Rica: stability 3
    failed = action_game("USSR", {"USSR": [107], "US": [4]}, influence=strong, forced_dice=[3])
    play(failed, "play 107 event", "coup costa-rica")  # 3 + 3 = 6, not above 6
    assert infl(failed, "costa-rica") == (1, 0)
    assert pending(failed) == ("US", "action")


def test_107_che_two_coups_at_most_and_never_twice_in_one_country() -> None:
    """#107: the second coup needs another target, and there is no third."""
    influence = {"guatemala": (3, 0), "sudan": (1, 0), "honduras": (1, 0)}
    game = action_game("USSR", {"USSR": [107], "US": [4]}, influence=influence, forced_dice=[1, 6])
    game.choose("play 107 event")
    assert game.pending is not None and game.pending.context["ops"] == 3
    game.choose("coup guatemala")  # 1 + 3 = 4 against 2: 2 of the 3 US influence go
    assert infl(game, "guatemala") == (1, 0)
    assert set(ids(game)) == {"coup sudan", "coup honduras", "done"}
    game.choose("coup sudan")
    assert pending(game) == ("US", "action")  # no third coup, Honduras stays
    assert infl(game, "honduras") == (1, 0)


def test_107_che_without_targets_has_no_effect() -> None:
    game = action_game("USSR", {"USSR": [107], "US": [4]}, influence={"panama": (2, 0)})
    game.choose("play 107 event")
    assert pending(game) == ("US", "action")
    assert 107 in game.state.discard


def test_107_che_played_by_the_us_for_ops_is_the_ussr_coup() -> None:
    """5.2: the US plays Che for ops; the USSR chooses and makes the coups, which are its
    military operations (8.2.3, 8.2.4)."""
    influence = {"guatemala": (2, 0), "israel": (1, 0)}
    game = action_game("US", {"US": [107], "USSR": [7]}, influence=influence, forced_dice=[2])
    play(game, "play 107 ops", "event-first")
    assert pending(game) == ("USSR", "event_target")
    assert set(ids(game)) == {"coup guatemala", "done"}
    game.choose("coup guatemala")
    assert infl(game, "guatemala") == (0, 1)
    assert game.state.milops == {"US": 0, "USSR": 3}
    assert pending(game) == ("US", "operation")


# -- #108 Our Man in Tehran ----------------------------------------------------------------------
def test_108_our_man_in_tehran_discard_from_the_top_5_then_reshuffle() -> None:
    game = action_game(
        "US",
        {"US": [108], "USSR": [7]},
        influence={"israel": (4, 0)},
        draw=[103, 105, 8, 9, 10, 11, 12],
    )
    before = len(game.state.draw)
    game.choose("play 108 event")
    assert pending(game) == ("US", "event_discard")
    top_five = {"discard 103", "discard 105", "discard 8", "discard 9", "discard 10"}
    assert set(ids(game)) == top_five | {"done"}
    play(game, "discard 8", "discard 10", "done")
    state = game.state
    assert state.discard == [8, 10]
    assert len(state.draw) == before - 2
    assert {9, 11, 12, 103, 105} <= set(state.draw)
    assert 108 in state.removed
    assert 8 not in state.events_played
    assert any("draw pile is shuffled" in str(entry) for entry in game.log[-3:])
    assert_cards_in_one_place(game)


def test_108_our_man_in_tehran_needs_a_us_controlled_middle_east_country() -> None:
    game = action_game(
        "US", {"US": [108], "USSR": [7]}, influence={"israel": (3, 0)}, draw=[103, 105]
    )
    game.choose("play 108 event")
    assert pending(game) == ("USSR", "action")
    assert game.state.draw[-2:] == [105, 103]  # untouched (top card last)
    assert 108 in game.state.removed  # the event happened without effect (5.2)


def test_every_card_of_this_module_is_implemented() -> None:
    mine = {*range(60, 78), 80, 107, 108}
    assert not mine & unimplemented_events()


def test_107_che_card_text_does_not_call_its_coups_free() -> None:
    """Ruling 31: #107's coups are military operations (8.2.3), not free coups (8.2.5), so the
    event text the player reads must not call them free (the card list, corrected)."""
    che = next(card for card in load_default_data().cards if card.number == 107)
    assert "free" not in che.text.lower()
    assert "military operations" in che.text
