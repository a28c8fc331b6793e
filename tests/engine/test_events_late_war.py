"""Late War events (#82-#102) and the optional #109-#110, with their effects and bans."""

from __future__ import annotations

from typing import Any

from engine_scenarios import action_game, greyed, ids, infl, play, targets

from cold_war_tui.engine import Game

EUROPE = {
    "austria",
    "benelux",
    "bulgaria",
    "canada",
    "czechoslovakia",
    "denmark",
    "east-germany",
    "finland",
    "france",
    "greece",
    "hungary",
    "italy",
    "norway",
    "poland",
    "romania",
    "spain",
    "sweden",
    "turkey",
    "uk",
    "west-germany",
    "yugoslavia",
}


def late(phasing: str, hands: dict[str, list[int]], **fields: Any) -> Game:
    """A Late War action round (turn 8 unless told)."""
    fields.setdefault("turn", 8)
    return action_game(phasing, hands, **fields)


def pending(game: Game) -> tuple[str, str]:
    assert game.pending is not None, "the game is over"
    return game.pending.player, game.pending.kind


# -- #82 Iranian Hostage Crisis and #92 Terrorism --------------------------------------
def test_82_iranian_hostage_crisis_takes_iran() -> None:
    game = late("USSR", {"USSR": [82, 7], "US": [4]}, influence={"iran": (2, 1)})
    game.choose("play 82 event")
    state = game.state
    assert infl(game, "iran") == (0, 3)
    assert state.effects["iranian-hostage-crisis"] == 1
    assert 82 in state.removed
    assert pending(game) == ("US", "action")


def test_92_terrorism_discards_one_random_card_of_the_opponent() -> None:
    game = late("USSR", {"USSR": [92, 7], "US": [4, 21, 23]})
    game.choose("play 92 event")
    state = game.state
    assert len(state.hands["US"]) == 2
    lost = {4, 21, 23} - set(state.hands["US"])
    assert len(lost) == 1
    assert lost <= set(state.discard)
    assert not lost & set(state.events_played)  # 5.4: no event
    assert 92 in state.discard  # not starred


def test_92_terrorism_by_the_ussr_after_iranian_hostage_crisis_discards_two() -> None:
    game = late(
        "USSR",
        {"USSR": [92, 7], "US": [4, 21, 23]},
        effects={"iranian-hostage-crisis": 1},
    )
    game.choose("play 92 event")
    state = game.state
    assert len(state.hands["US"]) == 1
    assert len({4, 21, 23} & set(state.discard)) == 2


def test_92_terrorism_by_the_us_discards_one_even_after_iranian_hostage_crisis() -> None:
    game = late(
        "US",
        {"USSR": [7, 55, 59], "US": [92, 4]},
        effects={"iranian-hostage-crisis": 1},
    )
    game.choose("play 92 event")
    assert len(game.state.hands["USSR"]) == 2


def test_92_terrorism_against_an_empty_hand_has_no_effect() -> None:
    game = late("USSR", {"USSR": [92, 7], "US": []})
    game.choose("play 92 event")
    assert game.state.discard == [92]
    assert any("no card to pick" in str(e) for e in game.log)


# -- #83 The Iron Lady ---------------------------------------------------------------
def test_83_the_iron_lady_and_it_prevents_socialist_governments() -> None:
    game = late(
        "US",
        {"USSR": [7], "US": [83, 4]},
        influence={"uk": (5, 3), "argentina": (0, 0)},
    )
    game.choose("play 83 event")
    state = game.state
    assert infl(game, "uk") == (5, 0)
    assert infl(game, "argentina") == (0, 1)
    assert state.vp == 1
    assert 83 in state.removed
    assert pending(game) == ("USSR", "action")
    assert "Iron Lady" in greyed(game)["play 7 event"]


# -- #86 North Sea Oil -----------------------------------------------------------------
def test_86_north_sea_oil_played_in_the_last_round_gives_the_us_an_eighth() -> None:
    game = late("US", {"USSR": [7], "US": [86, 4]}, action_round=7)
    game.choose("play 86 event")
    assert game.state.turn_effects["extra-round:US"] == 1
    assert pending(game) == ("US", "action")
    assert game.state.action_round == 8
    assert "pass" in ids(game)  # the extra round is optional
    game.choose("pass")
    state = game.state
    assert (state.turn, state.phase) == (9, "headline")
    assert "extra-round:US" not in state.turn_effects  # ends with the turn


def test_86_without_north_sea_oil_the_turn_ends_after_round_7() -> None:
    game = late("US", {"USSR": [7], "US": [4, 21]}, action_round=7)
    play(game, "play 4 ops", "infl japan", "infl japan", "infl japan")
    assert (game.state.turn, game.state.phase) == (9, "headline")


def test_86_north_sea_oil_prevents_opec() -> None:
    game = late("USSR", {"USSR": [61], "US": [4]}, events_played=[86])
    assert "North Sea Oil" in greyed(game)["play 61 event"]


# -- #87 The Reformer and #90 Glasnost ---------------------------------------------------
def test_87_the_reformer_places_4_at_most_2_per_country_then_bans_coups_in_europe() -> None:
    game = late(
        "USSR",
        {"USSR": [87, 7], "US": [4]},
        influence={"france": (1, 0), "angola": (1, 0)},
    )
    game.choose("play 87 event")
    assert pending(game) == ("USSR", "event_influence")
    assert targets(game, "infl") == EUROPE
    play(game, "infl poland", "infl poland")
    assert "infl poland" not in ids(game)
    play(game, "infl hungary", "infl hungary")
    assert infl(game, "poland") == (0, 2)
    assert infl(game, "hungary") == (0, 2)
    assert game.state.effects["no-coup:USSR:europe"] == 1
    assert game.state.effects["the-reformer"] == 1
    # A later action round: the USSR may not coup in Europe any more.
    play(game, "play 4 ops", "infl japan", "infl japan", "infl japan", "play 7 ops")
    assert "angola" in targets(game, "coup")
    assert "france" not in targets(game, "coup")


def test_87_the_reformer_places_6_when_the_ussr_leads() -> None:
    game = late("USSR", {"USSR": [87, 7], "US": [4]}, vp=-1)
    game.choose("play 87 event")
    for key in ("poland", "poland", "hungary", "hungary", "romania", "romania"):
        game.choose(f"infl {key}")
    assert [infl(game, k) for k in ("poland", "hungary", "romania")] == [(0, 2)] * 3
    assert pending(game) == ("US", "action")


def test_90_glasnost_without_the_reformer() -> None:
    game = late("USSR", {"USSR": [90, 7], "US": [4]}, defcon=3)
    game.choose("play 90 event")
    assert (game.state.vp, game.state.defcon) == (-2, 4)
    assert pending(game) == ("US", "action")  # no operations
    assert 90 in game.state.removed


def test_90_glasnost_after_the_reformer_gives_4_ops_of_influence_or_realignment() -> None:
    game = late(
        "USSR",
        {"USSR": [87, 90, 7], "US": [4]},
        influence={"angola": (1, 0)},
    )
    game.choose("play 87 event")
    for key in ("poland", "poland", "hungary", "hungary"):
        game.choose(f"infl {key}")
    play(game, "play 4 ops", "infl japan", "infl japan", "infl japan", "play 90 event")
    assert pending(game) == ("USSR", "event_operations")
    game.choose("yes")
    assert pending(game) == ("USSR", "operation")
    assert game.pending is not None and game.pending.context["ops"] == 4
    assert "realign angola" in ids(game)
    play(game, "infl poland", "infl poland", "infl poland", "infl poland")
    assert infl(game, "poland") == (0, 6)
    assert game.state.vp == -2
    assert 90 in game.state.removed


def test_90_glasnost_operations_may_be_declined() -> None:
    game = late(
        "USSR",
        {"USSR": [90, 7], "US": [4]},
        effects={"the-reformer": 1, "no-coup:USSR:europe": 1},
        influence={"poland": (0, 1)},
    )
    play(game, "play 90 event", "no")
    assert infl(game, "poland") == (0, 1)
    assert pending(game) == ("US", "action")


# -- #88 Marine Barracks Bombing ----------------------------------------------------------
def test_88_marine_barracks_bombing() -> None:
    game = late(
        "USSR",
        {"USSR": [88, 7], "US": [4]},
        influence={"lebanon": (2, 0), "syria": (1, 0), "iran": (3, 0), "france": (2, 0)},
    )
    game.choose("play 88 event")
    assert infl(game, "lebanon") == (0, 0)
    assert pending(game) == ("USSR", "event_remove")
    assert set(ids(game)) == {"remove syria", "remove iran"}
    play(game, "remove syria", "remove iran")
    assert infl(game, "syria") == (0, 0)
    assert infl(game, "iran") == (2, 0)
    assert infl(game, "france") == (2, 0)
    assert pending(game) == ("US", "action")


# -- #89 Soviets Shoot Down KAL-007 -------------------------------------------------------
def test_89_kal_007_with_south_korea_controlled_gives_4_ops() -> None:
    game = late(
        "US",
        {"USSR": [7], "US": [89]},
        defcon=4,
        influence={"south-korea": (3, 0), "angola": (0, 1), "north-korea": (0, 1)},
    )
    game.choose("play 89 event")
    assert (game.state.defcon, game.state.vp) == (3, 2)
    assert pending(game) == ("US", "event_operations")
    game.choose("yes")
    assert pending(game) == ("US", "operation")
    assert "realign angola" in ids(game)
    assert "realign north-korea" not in ids(game)  # Asia is closed at DEFCON 3
    assert not targets(game, "coup")
    play(game, "infl japan", "infl japan", "infl japan", "infl japan")
    assert infl(game, "japan") == (4, 0)
    assert pending(game) == ("USSR", "action")


def test_89_kal_007_the_us_may_decline_the_operations() -> None:
    game = late("US", {"USSR": [7], "US": [89]}, influence={"south-korea": (3, 0)})
    play(game, "play 89 event", "no")
    assert (game.state.vp, pending(game)) == (2, ("USSR", "action"))


def test_89_kal_007_without_south_korea_no_operations() -> None:
    game = late("US", {"USSR": [7], "US": [89]}, influence={"south-korea": (2, 1)})
    game.choose("play 89 event")
    assert (game.state.defcon, game.state.vp) == (4, 2)
    assert pending(game) == ("USSR", "action")


def test_89_kal_007_at_defcon_2_the_phasing_player_loses() -> None:
    game = late("US", {"USSR": [7], "US": [89]}, defcon=2)
    game.choose("play 89 event")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("USSR", "8.1.3")


# -- #91 Ortega Elected in Nicaragua --------------------------------------------------------
def test_91_ortega_free_coup_next_to_nicaragua() -> None:
    game = late(
        "USSR",
        {"USSR": [91, 7], "US": [4]},
        influence={
            "nicaragua": (2, 0),
            "honduras": (1, 0),
            "cuba": (1, 0),
            "panama": (1, 0),
        },
        forced_dice=[6],
    )
    game.choose("play 91 event")
    assert infl(game, "nicaragua") == (0, 0)
    assert pending(game) == ("USSR", "event_coup")
    assert set(ids(game)) == {"coup cuba", "coup honduras", "done"}
    game.choose("coup honduras")  # 6 + 2 = 8 against 4: 4 removed / added
    assert infl(game, "honduras") == (0, 3)
    state = game.state
    assert state.milops["USSR"] == 0  # free coup (8.2.5)
    assert state.defcon == 5
    assert 91 in state.removed


def test_91_ortega_free_coup_in_a_battleground_lowers_defcon() -> None:
    game = late(
        "USSR",
        {"USSR": [91, 7], "US": [4]},
        influence={"cuba": (1, 0)},
        defcon=3,
        forced_dice=[1],
    )
    play(game, "play 91 event", "coup cuba")
    assert infl(game, "cuba") == (1, 0)  # 1 + 2 = 3, needs more than 6
    assert game.state.defcon == 2  # 6.3.5
    assert game.state.milops["USSR"] == 0


def test_91_ortega_without_a_target_only_clears_nicaragua() -> None:
    game = late("USSR", {"USSR": [91, 7], "US": [4]}, influence={"nicaragua": (1, 1)})
    game.choose("play 91 event")
    assert infl(game, "nicaragua") == (0, 1)
    assert pending(game) == ("US", "action")


# -- #93 Iran-Contra Scandal ------------------------------------------------------------------
def test_93_iran_contra_us_realignment_rolls_minus_1_this_turn() -> None:
    game = late(
        "USSR",
        {"USSR": [93, 7], "US": [4]},
        influence={"angola": (0, 2)},
        forced_dice=[5, 3],
    )
    game.choose("play 93 event")
    assert game.state.turn_effects["realign-malus:US"] == 1
    # US 5 - 1 = 4 against USSR 3 + 1 (more influence) = 4: a tie removes nothing.
    play(game, "play 4 ops", "realign angola")
    assert infl(game, "angola") == (0, 2)
    assert any("US 4 vs USSR 4" in str(e) for e in game.log)


def test_93_iran_contra_the_us_defending_die_is_minus_1_when_the_ussr_realigns() -> None:
    """#93: *every* US realignment roll this turn, the die the US rolls against a USSR
    realignment too (the USSR's die comes first)."""
    game = late(
        "USSR",
        {"USSR": [7], "US": [4]},
        influence={"angola": (1, 0)},
        turn_effects={"realign-malus:US": 1},
        forced_dice=[6, 5],
    )
    play(game, "play 7 ops", "realign angola")
    # USSR 6 against US 5 + 1 (more influence) - 1 (Iran-Contra): the US loses 1.
    assert any("USSR 6 vs US 5" in str(e) for e in game.log)
    assert infl(game, "angola") == (0, 0)


def test_93_iran_contra_applies_to_us_rolls_in_the_ussrs_action_round() -> None:
    """#93: the US realigning with ops of its event in the USSR's round (#89 KAL-007 played
    by the USSR for ops) still rolls -1: the modifier follows the roller, not the phasing."""
    game = late(
        "USSR",
        {"USSR": [89], "US": [4]},
        influence={"south-korea": (3, 0), "angola": (0, 1)},
        turn_effects={"realign-malus:US": 1},
        forced_dice=[4, 3],
    )
    play(game, "play 89 ops", "event-first", "yes", "realign angola")
    # US 4 - 1 = 3 against USSR 3 + 1 (more influence) = 4: the US loses nothing it has.
    assert any("US 3 vs USSR 4" in str(e) for e in game.log)
    assert infl(game, "angola") == (0, 1)


def test_89_kal_007_ops_follow_the_modifiers_of_the_side_resolving_it() -> None:
    """#89 "this card's ops" (ruling 12): played by the USSR for ops, the US resolves the
    event, so the US's modifiers count (Red Scare on the US: 4 - 1 = 3), not the USSR's."""
    game = late(
        "USSR",
        {"USSR": [89], "US": [4]},
        influence={"south-korea": (3, 0)},
        turn_effects={"ops-malus:US": 1, "ops-bonus:USSR": 1},
    )
    play(game, "play 89 ops", "event-first", "yes")
    assert pending(game) == ("US", "operation")
    assert game.pending is not None and game.pending.context["ops"] == 3


# -- #94 Chernobyl ------------------------------------------------------------------------
def test_94_chernobyl_closes_a_region_to_ussr_influence_by_operations() -> None:
    game = late(
        "US",
        {"USSR": [7], "US": [94, 4]},
        influence={"poland": (0, 1), "angola": (0, 1)},
    )
    game.choose("play 94 event")
    assert pending(game) == ("US", "event_region")
    assert set(ids(game)) == {
        "region europe",
        "region asia",
        "region middle-east",
        "region africa",
        "region central-america",
        "region south-america",
    }
    game.choose("region europe")
    assert game.state.turn_effects == {"no-influence:USSR:europe": 1}
    game.choose("play 7 ops")
    places = targets(game, "infl")
    assert not places & EUROPE
    assert {"angola", "afghanistan", "north-korea"} <= places


def test_94_chernobyl_does_not_stop_influence_placed_by_events() -> None:
    game = late(
        "US",
        {"USSR": [87, 7], "US": [94, 4]},
        influence={"poland": (0, 1)},
    )
    play(game, "play 94 event", "region europe", "play 87 event")
    assert pending(game) == ("USSR", "event_influence")
    assert "infl poland" in ids(game)


def test_94_chernobyl_on_asia_also_closes_the_chinese_civil_war_space() -> None:
    game = late("US", {"USSR": [7], "US": [94, 4]})
    play(game, "play 94 event", "region asia")
    assert game.state.turn_effects == {
        "no-influence:USSR:asia": 1,
        "no-influence:USSR:chinese-civil-war": 1,
    }


# -- #95 Latin American Debt Crisis -------------------------------------------------------------
SOUTH_AMERICA = {"argentina": (0, 2), "brazil": (0, 1), "chile": (0, 3)}


def test_95_debt_crisis_the_us_discards_a_3_ops_card() -> None:
    game = late("USSR", {"USSR": [95, 7], "US": [82, 101]}, influence=SOUTH_AMERICA)
    game.choose("play 95 event")
    assert pending(game) == ("US", "event_discard")
    assert ids(game) == ["discard 82", "keep"]  # #101 has only 2 ops
    game.choose("discard 82")
    state = game.state
    assert state.hands["US"] == [101]
    assert 82 in state.discard
    assert 82 not in state.events_played  # 5.4
    assert infl(game, "argentina") == (0, 2)
    assert 95 in state.discard  # not starred


def test_95_debt_crisis_a_4_ops_card_satisfies_it() -> None:
    """5.3: a higher-ops card always satisfies the 3-ops requirement."""
    game = late("USSR", {"USSR": [95, 7], "US": [89, 101]}, influence=SOUTH_AMERICA)
    game.choose("play 95 event")
    assert ids(game) == ["discard 89", "keep"]


def test_95_debt_crisis_counts_ops_after_this_turns_modifiers() -> None:
    game = late(
        "USSR",
        {"USSR": [95, 7], "US": [101]},
        influence=SOUTH_AMERICA,
        turn_effects={"ops-bonus:US": 1},
    )
    game.choose("play 95 event")
    assert ids(game) == ["discard 101", "keep"]


def test_95_debt_crisis_the_us_keeps_and_the_ussr_doubles_two_countries() -> None:
    game = late("USSR", {"USSR": [95, 7], "US": [82]}, influence=SOUTH_AMERICA)
    play(game, "play 95 event", "keep")
    assert pending(game) == ("USSR", "event_target")
    assert set(ids(game)) == {"target argentina", "target brazil", "target chile"}
    game.choose("target argentina")
    assert set(ids(game)) == {"target brazil", "target chile"}
    game.choose("target chile")
    assert infl(game, "argentina") == (0, 4)
    assert infl(game, "chile") == (0, 6)
    assert infl(game, "brazil") == (0, 1)
    assert game.state.hands["US"] == [82]


def test_95_debt_crisis_without_a_3_ops_card_the_ussr_doubles_at_once() -> None:
    game = late("USSR", {"USSR": [95, 7], "US": [101]}, influence={"peru": (1, 1)})
    game.choose("play 95 event")
    assert pending(game) == ("USSR", "event_target")
    assert ids(game) == ["target peru"]
    game.choose("target peru")
    assert infl(game, "peru") == (1, 2)
    assert pending(game) == ("US", "action")  # only one country had USSR influence


# -- #96 Tear Down This Wall -------------------------------------------------------------------
TDTW_BOARD = {
    "east-germany": (0, 3),
    "italy": (0, 2),
    "france": (1, 1),
    "angola": (0, 1),
}


def test_96_tear_down_this_wall_free_coup_in_europe_ignores_defcon() -> None:
    game = late(
        "US",
        {"USSR": [55, 7], "US": [96, 4]},
        defcon=3,
        effects={"nato": 1, "nato-exempt:west-germany": 1},
        influence=TDTW_BOARD,
        forced_dice=[4],
    )
    game.choose("play 96 event")
    assert "nato-exempt:west-germany" not in game.state.effects  # cancels Willy Brandt
    assert infl(game, "east-germany") == (3, 3)
    assert pending(game) == ("US", "event_operations")
    game.choose("yes")
    assert pending(game) == ("US", "operation")
    assert targets(game, "coup") == {"east-germany", "italy", "france"}
    assert targets(game, "realign") == {"east-germany", "italy", "france"}
    game.choose("coup italy")  # 4 + 3 = 7 against 4
    assert infl(game, "italy") == (1, 0)
    state = game.state
    assert state.defcon == 2  # a battleground free coup still lowers DEFCON (6.3.5)
    assert state.milops["US"] == 0
    assert 96 in state.removed
    assert pending(game) == ("USSR", "action")
    assert "Tear Down This Wall" in greyed(game)["play 55 event"]


def test_96_tear_down_this_wall_realignments_stay_in_europe() -> None:
    game = late(
        "US",
        {"USSR": [7], "US": [96, 4]},
        defcon=3,
        influence=TDTW_BOARD,
        forced_dice=[6, 1],
    )
    play(game, "play 96 event", "yes", "realign east-germany")
    assert infl(game, "east-germany") == (3, 0)  # 6 against 1: 5, all 3 removed
    assert pending(game) == ("US", "realign")
    assert targets(game, "realign") == {"italy", "france"}  # not Angola
    game.choose("done")
    assert pending(game) == ("USSR", "action")


# -- #97 "An Evil Empire" ---------------------------------------------------------------------
def test_97_an_evil_empire_cancels_flower_power() -> None:
    game = late("US", {"USSR": [59, 7], "US": [97, 4]}, effects={"flower-power": 1})
    game.choose("play 97 event")
    state = game.state
    assert state.vp == 1
    assert "flower-power" not in state.effects
    assert 97 in state.removed
    assert "Evil Empire" in greyed(game)["play 59 event"]


# -- #98 Aldrich Ames Remix ----------------------------------------------------------------------
def test_98_aldrich_ames_remix_opens_the_us_hand_and_the_ussr_discards_one() -> None:
    game = late("USSR", {"USSR": [98, 7], "US": [4, 21]})
    assert game.view("USSR").opponent_known_cards == []
    game.choose("play 98 event")
    assert game.state.turn_effects["open-hand:US"] == 1
    assert pending(game) == ("USSR", "event_discard")
    assert ids(game) == ["discard 4", "discard 21"]
    assert game.view("USSR").opponent_known_cards == [4, 21]
    game.choose("discard 21")
    state = game.state
    assert state.hands["US"] == [4]
    assert 21 in state.discard
    assert 21 not in state.events_played
    assert game.view("USSR").opponent_known_cards == [4]


# -- #99 Pershing II Deployed --------------------------------------------------------------------
def test_99_pershing_ii_deployed() -> None:
    game = late(
        "USSR",
        {"USSR": [99, 7], "US": [4]},
        influence={
            "france": (2, 0),
            "italy": (1, 0),
            "uk": (3, 0),
            "west-germany": (1, 0),
            "poland": (1, 0),
        },
    )
    game.choose("play 99 event")
    assert game.state.vp == -1
    assert pending(game) == ("USSR", "event_remove")
    assert "remove poland" not in ids(game)  # Eastern Europe
    game.choose("remove france")
    assert "remove france" not in ids(game)  # one per country
    play(game, "remove uk", "remove italy")
    assert [infl(game, k) for k in ("france", "uk", "italy", "west-germany", "poland")] == [
        (1, 0),
        (2, 0),
        (0, 0),
        (1, 0),
        (1, 0),
    ]
    assert pending(game) == ("US", "action")


# -- #100 Wargames --------------------------------------------------------------------------
def test_100_wargames_only_at_defcon_2() -> None:
    game = late("US", {"USSR": [7], "US": [100]}, defcon=3)
    assert "DEFCON 2" in greyed(game)["play 100 event"]


def test_100_wargames_ends_the_game_and_the_vp_decide() -> None:
    game = late("US", {"USSR": [7], "US": [100]}, defcon=2, vp=-3)
    game.choose("play 100 event")
    assert pending(game) == ("US", "wargames")
    game.choose("yes")
    assert game.outcome is not None
    assert game.outcome.winner == "USSR"
    assert game.state.vp == -9


def test_100_wargames_at_a_6_vp_lead_is_a_draw() -> None:
    game = late("US", {"USSR": [7], "US": [100]}, defcon=2, vp=6)
    play(game, "play 100 event", "yes")
    assert game.outcome is not None
    assert game.outcome.winner is None
    assert game.state.vp == 0


def test_100_wargames_for_the_ussr_leading_by_more_than_6() -> None:
    game = late("USSR", {"USSR": [100, 7], "US": [4]}, defcon=2, vp=-8)
    play(game, "play 100 event", "yes")
    assert game.outcome is not None
    assert game.outcome.winner == "USSR"
    assert game.state.vp == -2


def test_100_wargames_6_vp_reaching_20_wins_for_the_opponent_at_once() -> None:
    game = late("US", {"USSR": [7], "US": [100]}, defcon=2, vp=-15)
    play(game, "play 100 event", "yes")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("USSR", "10")


def test_100_wargames_declined_the_game_goes_on_and_the_card_is_removed() -> None:
    game = late("US", {"USSR": [7], "US": [100, 4]}, defcon=2, vp=-3)
    play(game, "play 100 event", "no")
    assert game.outcome is None
    assert game.state.vp == -3
    assert 100 in game.state.removed
    assert pending(game) == ("USSR", "action")


# -- #101 Solidarity ----------------------------------------------------------------------------
def test_101_solidarity_needs_john_paul_ii() -> None:
    game = late("US", {"USSR": [7], "US": [101]})
    assert "John Paul II" in greyed(game)["play 101 event"]


def test_101_solidarity_adds_3_in_poland() -> None:
    game = late("US", {"USSR": [7], "US": [101, 4]}, events_played=[68])
    game.choose("play 101 event")
    assert infl(game, "poland") == (3, 0)
    assert 101 in game.state.removed


# -- #102 Iran-Iraq War ----------------------------------------------------------------------------
def test_102_iran_iraq_war_iraq_invaded_wins_with_the_malus() -> None:
    game = late(
        "USSR",
        {"USSR": [102, 7], "US": [4]},
        influence={"iraq": (2, 1), "saudi-arabia": (3, 0)},
        forced_dice=[5],
    )
    game.choose("play 102 event")
    assert pending(game) == ("USSR", "event_target")
    assert set(ids(game)) == {"target iran", "target iraq"}
    game.choose("target iraq")  # 5 - 1 (US-controlled Saudi Arabia) = 4: success
    state = game.state
    assert infl(game, "iraq") == (0, 3)
    assert state.vp == -2
    assert state.milops["USSR"] == 2
    assert 102 in state.removed


def test_102_iran_iraq_war_failure_still_counts_military_operations() -> None:
    game = late(
        "US",
        {"USSR": [7], "US": [102, 4]},
        influence={"iran": (0, 2), "afghanistan": (0, 2)},
        forced_dice=[4],
    )
    play(game, "play 102 event", "target iran")  # 4 - 1 (USSR Afghanistan) = 3: fails
    state = game.state
    assert infl(game, "iran") == (0, 2)
    assert state.vp == 0
    assert state.milops["US"] == 2


# -- #109 Yuri and Samantha ------------------------------------------------------------------------
def test_109_yuri_and_samantha_the_ussr_scores_each_us_coup() -> None:
    game = late(
        "USSR",
        {"USSR": [109, 7], "US": [4]},
        influence={"angola": (0, 1)},
        forced_dice=[1],
    )
    game.choose("play 109 event")
    assert game.state.turn_effects["yuri-and-samantha"] == 1
    play(game, "play 4 ops", "coup angola")  # 1 + 3 = 4 against 2: succeeds
    assert infl(game, "angola") == (1, 0)
    assert game.state.vp == -1


def test_109_yuri_and_samantha_counts_free_coups_not_ussr_coups() -> None:
    game = late(
        "US",
        {"USSR": [91, 7], "US": [96, 4]},
        turn_effects={"yuri-and-samantha": 1},
        influence={"italy": (0, 2), "cuba": (1, 0)},
        forced_dice=[1, 1],
    )
    play(game, "play 96 event", "yes", "coup italy")  # a free US coup
    assert game.state.vp == -1
    play(game, "play 91 event", "coup cuba")  # a USSR coup scores nothing
    assert game.state.vp == -1


def test_109_yuri_and_samantha_ends_with_the_turn() -> None:
    game = late(
        "US",
        {"USSR": [7], "US": [4]},
        action_round=7,
        turn_effects={"yuri-and-samantha": 1},
    )
    play(game, "play 4 ops", "infl japan", "infl japan", "infl japan")
    assert (game.state.turn, game.state.phase) == (9, "headline")
    assert "yuri-and-samantha" not in game.state.turn_effects


# -- #110 AWACS Sale to Saudis ---------------------------------------------------------------------
def test_110_awacs_sale_to_saudis_and_it_prevents_muslim_revolution() -> None:
    game = late("US", {"USSR": [56, 7], "US": [110, 4]})
    game.choose("play 110 event")
    assert infl(game, "saudi-arabia") == (2, 0)
    assert 110 in game.state.removed
    assert "AWACS" in greyed(game)["play 56 event"]


def test_96_tear_down_this_wall_grants_coups_or_realignment_never_influence() -> None:
    """#96: the card's ops may only coup or realign in Europe (free), or be declined."""
    influence = {"poland": (0, 2), "italy": (1, 0)}
    game = late("US", {"USSR": [7], "US": [96]}, influence=influence)
    play(game, "play 96 event", "yes")
    assert pending(game) == ("US", "operation")
    assert not targets(game, "infl")
    assert "poland" in targets(game, "coup") & targets(game, "realign")
    declined = late("US", {"USSR": [7], "US": [96]}, influence=influence)
    play(declined, "play 96 event", "no")
    assert infl(declined, "east-germany") == (3, 0)
    assert pending(declined) == ("USSR", "action")


# -- Late War events played by the other side, in the headline, and their limits ------------
def test_91_ortega_played_by_the_us_for_ops_the_ussr_may_decline_the_coup() -> None:
    """#91 "may" (published card): the USSR resolves the triggered event (5.2 note) and may
    skip the free coup; the event still happened, so the starred card is removed."""
    game = late("US", {"US": [91, 4], "USSR": [7]}, defcon=2, influence={"cuba": (1, 0)})
    play(game, "play 91 ops", "event-first")
    assert pending(game) == ("USSR", "event_coup")
    assert set(ids(game)) == {"coup cuba", "done"}
    game.choose("done")
    assert game.outcome is None
    assert game.state.defcon == 2
    assert pending(game) == ("US", "operation")  # then the US's own 2 ops
    play(game, "infl cuba", "infl cuba")
    assert 91 in game.state.removed


def test_91_ortega_played_by_the_us_a_coup_in_cuba_at_defcon_2_loses_for_the_us() -> None:
    """5.2 note and 8.1.3: the US played the card, so it is the phasing player who loses
    when the USSR's free coup in battleground Cuba drops DEFCON to 1 (6.3.5)."""
    game = late(
        "US",
        {"US": [91, 4], "USSR": [7]},
        defcon=2,
        influence={"cuba": (1, 0)},
        forced_dice=[6],
    )
    play(game, "play 91 ops", "event-first", "coup cuba")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("USSR", "8.1.3")


def test_92_terrorism_headlined_after_iranian_hostage_crisis_spares_the_us_headline() -> None:
    """#92 with #82 in effect, headlined by the USSR: 2 random cards of the US hand go; the
    US headline card is no longer in the hand and resolves as usual."""
    game = Game.from_scenario(
        {
            "phase": "headline",
            "turn": 8,
            "influence": {},
            "hands": {"USSR": [92, 8, 12], "US": [19, 4, 21, 23]},
            "effects": {"iranian-hostage-crisis": 1},
        }
    )
    play(game, "headline 92", "headline 19")
    state = game.state
    assert len(state.hands["US"]) == 1
    assert len({4, 21, 23} & set(state.discard)) == 2
    assert 92 in state.discard


def test_95_debt_crisis_played_by_the_us_for_ops_the_us_chooses_its_own_discard() -> None:
    """#95 triggered by the US's ops (5.2): the US decides to discard or keep, and the card
    being played is not in the hand to discard."""
    game = late(
        "US",
        {"US": [95, 4, 21], "USSR": [7]},
        influence={"japan": (1, 0), "chile": (0, 2)},
    )
    play(game, "play 95 ops", "event-first")
    assert pending(game) == ("US", "event_discard")
    assert set(ids(game)) == {"discard 4", "discard 21", "keep"}
    game.choose("keep")
    assert pending(game) == ("USSR", "event_target")
    game.choose("target chile")
    assert infl(game, "chile") == (0, 4)
    assert pending(game) == ("US", "operation")  # then the US's 2 ops
    assert 95 not in game.state.removed


def test_90_glasnost_operations_respect_chernobyl() -> None:
    """#94 closes a region to USSR influence placed with ops; #90's 4 ops (The Reformer in
    effect) are operations, so they may not place there either."""
    game = late(
        "US",
        {"US": [94, 19], "USSR": [90, 7]},
        influence={"poland": (0, 1), "angola": (0, 1)},
        effects={"the-reformer": 1},
        defcon=3,
    )
    play(game, "play 94 event", "region europe", "play 90 event", "yes")
    assert pending(game) == ("USSR", "operation")
    places = targets(game, "infl")
    assert "angola" in places
    assert not places & EUROPE


def test_86_north_sea_oil_with_the_space_station_still_gives_8_rounds_not_9() -> None:
    """#86 "8 action rounds" and space box 8 "8 action rounds" do not add up."""
    game = late(
        "US",
        {"US": [86, 4, 21, 23], "USSR": [7, 8]},
        action_round=7,
        space={"US": 8, "USSR": 2},
    )
    play(game, "play 86 event")
    assert game.state.action_round == 8
    assert pending(game) == ("US", "action")
    game.choose("play 4 event")
    state = game.state
    assert (state.turn, state.phase) == (8, "turn-end")  # no ninth round
