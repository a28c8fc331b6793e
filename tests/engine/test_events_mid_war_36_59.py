"""Mid War events #36-#59 (04-card-events.md), one card at a time, with their hooks."""

from __future__ import annotations

import pytest
from engine_scenarios import action_game, card_places, game_at, greyed, ids, infl, play, targets

from cold_war_tui.engine import Game

US_1_OP, US_3_OPS, US_4_OPS = 19, 4, 21  # Truman Doctrine, Duck and Cover, NATO
USSR_1_OP, USSR_3_OPS = 10, 7  # Blockade, Socialist Governments
NUCLEAR_TEST_BAN = 34  # Neutral, 4 ops (simple.py)


def pending(game: Game) -> tuple[str, str]:
    assert game.pending is not None, "the game is over"
    return game.pending.player, game.pending.kind


def spend(game: Game, key: str) -> Game:
    """Put every op of the pending operation into `key` (influence)."""
    while game.pending is not None and game.pending.kind in ("operation", "place_influence"):
        game.choose(f"infl {key}")
    return game


def assert_cards_in_one_place(game: Game) -> None:
    places = card_places(game.state)
    assert all(len(where) == 1 for where in places.values()), places


def log_has(game: Game, text: str) -> bool:
    return any(text in str(entry) for entry in game.log)


# -- #36 Brush War ---------------------------------------------------------------------
def test_36_brush_war_wins_on_3_after_the_adjacency_malus() -> None:
    # Panama (stability 2): Colombia, US-controlled, gives -1; 4 - 1 = 3 wins.
    game = action_game(
        "USSR",
        {"USSR": [36], "US": [US_1_OP]},
        influence={"panama": (2, 0), "colombia": (2, 0)},
        forced_dice=[4],
    )
    play(game, "play 36 event", "target panama")
    assert infl(game, "panama") == (0, 2)
    assert game.state.vp == -1
    assert game.state.milops["USSR"] == 3  # war card: +3 military operations (8.2.3)
    assert pending(game) == ("US", "action")


@pytest.mark.parametrize(
    ("side", "target", "hands"),
    [
        ("USSR", "mexico", {"USSR": [36], "US": [US_1_OP]}),
        ("US", "afghanistan", {"US": [36], "USSR": [USSR_1_OP]}),
    ],
)
def test_36_brush_war_the_enemy_superpower_counts_as_an_adjacent_controlled_country(
    side: str, target: str, hands: dict[str, list[int]]
) -> None:
    """#36: -1 for the enemy superpower's own space: the USSR attacking Mexico gets -1 for
    the US, the US attacking Afghanistan -1 for the USSR; a 3 is then not enough."""
    game = action_game(side, hands, forced_dice=[3])
    play(game, "play 36 event", f"target {target}")
    assert any("Brush War fails: 3 - 1 = 2" in str(e) for e in game.log)
    assert game.state.vp == 0
    game = action_game(side, hands, forced_dice=[4])
    play(game, "play 36 event", f"target {target}")
    assert any("Brush War succeeds: 4 - 1 = 3" in str(e) for e in game.log)
    assert game.state.vp == (1 if side == "US" else -1)


def test_36_brush_war_fails_below_3() -> None:
    game = action_game(
        "USSR",
        {"USSR": [36], "US": [US_1_OP]},
        influence={"panama": (2, 0), "colombia": (2, 0)},
        forced_dice=[3],
    )
    play(game, "play 36 event", "target panama")
    assert infl(game, "panama") == (2, 0)
    assert game.state.vp == 0
    assert game.state.milops["USSR"] == 3


def test_36_brush_war_targets_stability_1_or_2_and_not_nato_protected_for_the_ussr() -> None:
    influence = {"italy": (2, 0), "greece": (1, 0)}
    game = action_game(
        "USSR", {"USSR": [36], "US": [US_1_OP]}, influence=influence, effects={"nato": 1}
    )
    game.choose("play 36 event")
    offered = targets(game, "target")
    assert "italy" not in offered  # US-controlled in Europe under NATO
    assert {"greece", "haiti", "panama", "turkey"} <= offered
    assert not {"west-germany", "cuba", "chile"} & offered  # stability 3+
    us_game = action_game(
        "US", {"USSR": [USSR_1_OP], "US": [36]}, influence=influence, effects={"nato": 1}
    )
    us_game.choose("play 36 event")
    assert "italy" in targets(us_game, "target")  # NATO never limits the US


# -- #39 Arms Race -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("milops", "defcon", "vp"),
    [({"USSR": 3, "US": 1}, 3, -3), ({"USSR": 2, "US": 1}, 3, -1), ({"USSR": 2, "US": 2}, 2, 0)],
)
def test_39_arms_race(milops: dict[str, int], defcon: int, vp: int) -> None:
    game = action_game("USSR", {"USSR": [39], "US": [US_1_OP]}, milops=milops, defcon=defcon)
    game.choose("play 39 event")
    assert game.state.vp == vp
    assert 39 in game.state.discard  # not starred


# -- #40 Cuban Missile Crisis ----------------------------------------------------------
def test_40_cuban_missile_crisis_sets_defcon_2_and_a_us_coup_loses() -> None:
    game = action_game(
        "USSR",
        {"USSR": [40, USSR_1_OP], "US": [US_3_OPS, US_1_OP]},
        influence={"angola": (0, 1)},
        forced_dice=[6],
    )
    game.choose("play 40 event")
    assert game.state.defcon == 2
    assert game.state.turn_effects == {"cuban-missile-crisis:US": 1}
    assert 40 in game.state.removed
    play(game, "play 4 ops", "coup angola")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("USSR", "5.5")
    assert infl(game, "angola") == (0, 1)  # the coup never rolled


def test_40_the_player_himself_may_still_coup() -> None:
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [40, US_3_OPS]},
        influence={"angola": (0, 1)},
        action_round=1,
        forced_dice=[6],
    )
    game.choose("play 40 event")
    assert game.state.turn_effects == {"cuban-missile-crisis:USSR": 1}
    spend(play(game, "play 10 ops"), "poland")
    play(game, "play 4 ops", "coup angola")  # Angola is a battleground: DEFCON 2 -> 1
    assert game.outcome is not None
    assert game.outcome.rule == "8.1.3"  # DEFCON, not the crisis


def test_40_cancelling_removes_exactly_2_influence() -> None:
    game = action_game(
        "USSR",
        {"USSR": [40, USSR_1_OP], "US": [US_3_OPS, US_1_OP]},
        influence={"turkey": (3, 0)},
    )
    play(game, "play 40 event", "cancel-cmc turkey")
    assert infl(game, "turkey") == (1, 0)


def test_40_cancelled_by_removing_2_influence_from_turkey_without_using_the_round() -> None:
    game = action_game(
        "USSR",
        {"USSR": [40, USSR_1_OP], "US": [US_3_OPS, US_1_OP]},
        influence={"haiti": (0, 1), "turkey": (2, 0), "west-germany": (1, 0)},
        forced_dice=[6],
    )
    game.choose("play 40 event")
    assert "cancel-cmc turkey" in ids(game)
    assert "cancel-cmc west-germany" not in ids(game)  # only 1 influence there
    game.choose("cancel-cmc turkey")
    assert infl(game, "turkey") == (0, 0)
    assert game.state.turn_effects == {}
    assert pending(game) == ("US", "action")  # the same round goes on
    assert "cancel-cmc turkey" not in ids(game)
    play(game, "play 4 ops", "coup haiti")  # 6 + 3 = 9 > 2
    assert game.outcome is None
    assert infl(game, "haiti") == (6, 0)


def test_40_the_ussr_cancels_with_cuba_and_a_free_coup_also_loses() -> None:
    # The US plays the crisis; the USSR's free coup (Junta) is a coup attempt too.
    game = action_game(
        "US",
        {"USSR": [47], "US": [40, US_1_OP]},
        influence={"cuba": (0, 2), "panama": (1, 0)},
        forced_dice=[6],
    )
    game.choose("play 40 event")
    assert "cancel-cmc cuba" in ids(game)
    play(game, "play 47 event", "infl chile", "yes", "coup panama")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("US", "5.5")


def test_40_the_crisis_ends_with_the_turn() -> None:
    game = game_at("turn-end", turn=4, turn_effects={"cuban-missile-crisis:US": 1})
    assert "cuban-missile-crisis:US" not in game.state.turn_effects


# -- #41 Nuclear Subs ------------------------------------------------------------------
def test_41_nuclear_subs_us_battleground_coups_leave_defcon() -> None:
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [41, US_3_OPS]},
        influence={"angola": (0, 1)},
        defcon=3,
        forced_dice=[1],
    )
    game.choose("play 41 event")
    assert game.state.turn_effects == {"nuclear-subs": 1}
    spend(play(game, "play 10 ops"), "poland")
    play(game, "play 4 ops", "coup angola")
    assert game.state.defcon == 3
    assert game.state.milops["US"] == 3


def test_41_nuclear_subs_a_free_us_coup_in_a_battleground_still_lowers_defcon() -> None:
    """#41 spares US coups made with operations; a free coup (#47 Junta) lowers DEFCON as
    every battleground coup does (6.3.4, 6.3.5)."""
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [47]},
        influence={"panama": (0, 1)},
        turn_effects={"nuclear-subs": 1},
        forced_dice=[6],
    )
    play(game, "play 47 event", "infl mexico", "yes", "coup panama")
    assert game.state.defcon == 4


# -- #42 Quagmire / #44 Bear Trap ------------------------------------------------------
def test_42_quagmire_traps_the_us_until_it_discards_and_rolls_1_to_4() -> None:
    game = action_game(
        "USSR",
        {"USSR": [42, USSR_1_OP, USSR_3_OPS], "US": [US_3_OPS, US_4_OPS, US_1_OP, 1]},
        forced_dice=[5, 2],
    )
    game.choose("play 42 event")
    assert game.state.effects == {"quagmire": 1}
    assert 42 in game.state.in_play
    # The US's round: discard a 2+ ops card, or a scoring card; nothing else.
    assert sorted(ids(game)) == ["discard 21", "discard 4", "play 1 event"]
    assert "Quagmire" in greyed(game)["play 4 ops"]
    game.choose("discard 4")
    assert 4 in game.state.discard
    assert 4 not in game.state.events_played  # discarded: no event (5.4)
    assert game.state.effects == {"quagmire": 1}  # rolled 5
    spend(play(game, "play 10 ops"), "poland")
    game.choose("discard 21")  # rolled 2: free
    assert game.state.effects == {}
    assert 42 in game.state.removed
    assert 42 not in game.state.in_play
    spend(play(game, "play 7 ops"), "poland")
    assert "play 19 ops" in ids(game)  # a normal round again
    assert_cards_in_one_place(game)


@pytest.mark.parametrize("effects", [{"quagmire": 1}, {"missile-envy:US": 1}])
def test_42_49_a_trapped_or_obliged_side_may_still_pass_an_optional_eighth_round(
    effects: dict[str, int],
) -> None:
    """#42 Quagmire / #49 Missile Envy bind the rounds a side takes; the 8th round of space
    box 8 "may" be taken (6.4.4), so passing it stays open, as it is without them."""
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [US_3_OPS, 49]},
        turn=4,
        action_round=8,
        space={"US": 8, "USSR": 7},
        effects=effects,
    )
    assert "pass" in ids(game)
    game.choose("pass")
    assert log_has(game, "US passes")
    assert game.state.effects == effects  # the trap or the obligation waits
    assert {US_3_OPS, 49} <= set(game.state.hands["US"])


def test_42_quagmire_without_a_2_ops_card_plays_scoring_cards_then_skips_rounds() -> None:
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP, USSR_3_OPS], "US": [US_1_OP, 1]},
        effects={"quagmire": 1},
        in_play=[42],
    )
    assert ids(game) == ["play 1 event"]
    game.choose("play 1 event")
    spend(play(game, "play 10 ops"), "poland")
    # Only a 1-op card left: the US round is skipped, the card stays in hand.
    assert pending(game) == ("USSR", "action")
    assert game.state.hands["US"] == [US_1_OP]
    assert game.state.rounds_taken["US"] == 2
    assert log_has(game, "skips this action round")


def test_44_bear_trap_traps_the_ussr_and_counts_modified_ops() -> None:
    # Brezhnev Doctrine makes the 1-op Blockade a 2-op card: it may be discarded (5.3).
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP, 3], "US": [44, US_1_OP]},
        turn_effects={"ops-bonus:USSR": 1},
        forced_dice=[4],
    )
    game.choose("play 44 event")
    assert game.state.effects == {"bear-trap": 1}
    assert sorted(ids(game)) == ["discard 10", "play 3 event"]
    assert "Bear Trap" in greyed(game)["play 6 ops"]  # not even the China Card
    game.choose("discard 10")
    assert game.state.effects == {}
    assert 44 in game.state.removed


def test_44_bear_trap_without_modifier_a_1_op_card_cannot_be_discarded() -> None:
    game = action_game(
        "USSR", {"USSR": [USSR_1_OP], "US": [US_1_OP]}, effects={"bear-trap": 1}, in_play=[44]
    )
    assert pending(game) == ("US", "action")  # the USSR round was skipped
    assert game.state.hands["USSR"] == [USSR_1_OP]


def test_42_quagmire_cancels_norad_in_play_and_does_not_prevent_playing_it_later() -> None:
    """#42 "cancels NORAD" (04-card-events legend): NORAD's effect ends; NORAD stays
    playable as an event afterwards ("cancels" is not "prevents")."""
    game = action_game("USSR", {"USSR": [42], "US": [US_1_OP]}, effects={"norad": 1}, turn=4)
    game.choose("play 42 event")
    assert "norad" not in game.state.effects
    assert any("Quagmire cancels #106 NORAD" in str(e) for e in game.log)
    later = action_game("US", {"USSR": [USSR_1_OP], "US": [106]}, events_played=[42])
    assert "play 106 event" in ids(later)
    later.choose("play 106 event")
    assert later.state.effects == {"norad": 1}


# -- #43 SALT Negotiations -------------------------------------------------------------
def test_43_salt_raises_defcon_2_lowers_coups_and_takes_a_discard() -> None:
    game = action_game(
        "USSR",
        {"USSR": [43], "US": [US_1_OP]},
        defcon=3,
        discard=[USSR_3_OPS, 1],
    )
    game.choose("play 43 event")
    assert game.state.defcon == 5
    assert game.state.turn_effects == {"coup-malus": 1}
    assert pending(game) == ("USSR", "event_take")
    assert ids(game) == ["take 7", "done"]  # never a scoring card
    game.choose("take 7")
    assert game.state.hands["USSR"] == [USSR_3_OPS]
    assert 7 not in game.state.discard
    assert game.view("US").opponent_known_cards == [USSR_3_OPS]  # revealed
    assert 43 in game.state.removed


def test_43_salt_coup_rolls_get_minus_1_and_taking_is_optional() -> None:
    game = action_game(
        "USSR",
        {"USSR": [43], "US": [US_3_OPS]},
        defcon=3,
        discard=[USSR_3_OPS],
        influence={"haiti": (0, 1)},
        forced_dice=[3],
    )
    play(game, "play 43 event", "done")
    assert 7 in game.state.discard
    play(game, "play 4 ops", "coup haiti")  # 3 + 3 - 1 = 5 > 2: removes 3
    assert infl(game, "haiti") == (2, 0)


# -- #45 Summit ------------------------------------------------------------------------
def test_45_summit_higher_roll_gains_2_vp_and_moves_defcon() -> None:
    game = action_game("USSR", {"USSR": [45], "US": [US_1_OP]}, defcon=4, forced_dice=[5, 2])
    game.choose("play 45 event")
    assert game.state.vp == -2
    assert pending(game) == ("USSR", "event_defcon")
    assert ids(game) == ["defcon 5", "defcon 4", "defcon 3"]
    game.choose("defcon 3")
    assert game.state.defcon == 3


def test_45_summit_at_defcon_5_never_offers_a_level_above_5() -> None:
    game = action_game("USSR", {"USSR": [45], "US": [US_1_OP]}, forced_dice=[5, 2])
    game.choose("play 45 event")
    assert ids(game) == ["defcon 5", "defcon 4"]


def test_45_summit_region_domination_adds_1_and_ties_do_nothing() -> None:
    # The US dominates Central America (+1): USSR 4 vs US 3 + 1 is a tie.
    game = action_game(
        "USSR",
        {"USSR": [45], "US": [US_1_OP]},
        influence={"mexico": (2, 0), "panama": (2, 0), "haiti": (1, 0)},
        forced_dice=[4, 3],
    )
    game.choose("play 45 event")
    assert game.state.vp == 0
    assert game.state.defcon == 5
    assert pending(game) == ("US", "action")


def test_45_summit_defcon_1_only_for_a_winner_who_is_not_phasing() -> None:
    game = action_game("USSR", {"USSR": [45], "US": [US_1_OP]}, defcon=2, forced_dice=[1, 6])
    game.choose("play 45 event")
    assert game.state.vp == 2
    assert pending(game) == ("US", "event_defcon")
    assert ids(game) == ["defcon 3", "defcon 2", "defcon 1"]
    game.choose("defcon 1")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("US", "8.1.3")
    own = action_game("USSR", {"USSR": [45], "US": [US_1_OP]}, defcon=2, forced_dice=[6, 1])
    own.choose("play 45 event")
    assert ids(own) == ["defcon 3", "defcon 2"]


def test_45_summit_shuttle_diplomacy_does_not_take_a_ussr_battleground() -> None:
    """#45 counts the regions each side dominates on the map; #73 Shuttle Diplomacy acts
    only "at the next Asia or Middle East scoring" (04-card-events #73), and Summit is no
    scoring: the USSR (Iraq and Syria) dominates the Middle East, 4 + 1 beats the US's 4."""
    game = action_game(
        "USSR",
        {"USSR": [45], "US": [US_1_OP]},
        influence={"iraq": (0, 3), "syria": (0, 2)},
        effects={"shuttle-diplomacy": 1},
        forced_dice=[4, 4],
    )
    game.choose("play 45 event")
    assert log_has(game, "Summit: USSR 4 + 1")
    assert game.state.vp == -2
    assert pending(game) == ("USSR", "event_defcon")
    game.choose("defcon 5")
    assert game.state.effects == {"shuttle-diplomacy": 1}  # still waiting for a scoring


def test_45_summit_formosan_taiwan_is_no_battleground_outside_asia_scoring() -> None:
    """#45 with #35 Formosan Resolution: Taiwan counts as a battleground only "when Asia is
    scored" (04-card-events #35). The US (Japan, Taiwan, Australia) has as many Asian
    battlegrounds as the USSR (North Korea, Afghanistan): presence, not domination."""
    game = action_game(
        "US",
        {"US": [45], "USSR": [USSR_1_OP]},
        influence={
            "japan": (4, 0),
            "taiwan": (3, 0),
            "australia": (4, 0),
            "north-korea": (0, 3),
            "afghanistan": (0, 2),
        },
        effects={"formosan-resolution": 1},
        forced_dice=[3, 4],
    )
    game.choose("play 45 event")
    assert log_has(game, "Summit: US 3 + 0")
    assert game.state.vp == -2
    assert pending(game) == ("USSR", "event_defcon")


# -- #46 How I Learned to Stop Worrying ------------------------------------------------
def test_46_how_i_learned_sets_defcon_and_gives_5_military_ops() -> None:
    game = action_game("US", {"USSR": [USSR_1_OP], "US": [46]}, defcon=3)
    game.choose("play 46 event")
    assert pending(game) == ("US", "event_defcon")
    assert ids(game) == ["defcon 5", "defcon 4", "defcon 3", "defcon 2"]  # never suicide
    game.choose("defcon 2")
    assert game.state.defcon == 2
    assert game.state.milops["US"] == 5
    assert 46 in game.state.removed


def test_46_how_i_learned_adds_5_up_to_5_the_track_ends_at_5() -> None:
    """#46 "+5 military ops" on a track that ends at 5 (04-card-events #39, #46)."""
    game = action_game("US", {"USSR": [USSR_1_OP], "US": [46]}, milops={"US": 3})
    play(game, "play 46 event", "defcon 4")
    assert game.state.milops["US"] == 5
    assert any("US military operations +5 (now 5)" in str(e) for e in game.log)


@pytest.mark.parametrize(("us_milops", "vp"), [(3, 3), (2, 1)])
def test_39_arms_race_played_by_the_us(us_milops: int, vp: int) -> None:
    game = action_game(
        "US", {"US": [39], "USSR": [USSR_1_OP]}, milops={"US": us_milops, "USSR": 1}, defcon=3
    )
    game.choose("play 39 event")
    assert game.state.vp == vp


def test_39_arms_race_both_sides_at_5_after_how_i_learned_scores_nothing() -> None:
    """#39 compares the track: 3 + 5 is 5, not 8, so the USSR is not ahead of a US at 5."""
    game = action_game(
        "USSR",
        {"USSR": [46, 39], "US": [US_1_OP, US_3_OPS]},
        influence={"canada": (1, 0)},
        milops={"USSR": 3, "US": 5},
        defcon=4,
    )
    play(game, "play 46 event", "defcon 4", "play 19 ops", "infl canada", "play 39 event")
    assert game.state.milops == {"USSR": 5, "US": 5}
    assert game.state.vp == 0


# -- #47 Junta -------------------------------------------------------------------------
def test_47_junta_adds_2_then_a_free_coup_in_the_americas() -> None:
    game = action_game(
        "USSR",
        {"USSR": [47], "US": [US_1_OP]},
        influence={"panama": (2, 0), "iran": (1, 0), "venezuela": (1, 0)},
        forced_dice=[4],
    )
    game.choose("play 47 event")
    assert pending(game) == ("USSR", "event_influence")
    assert "infl chile" in ids(game)
    assert "infl iran" not in ids(game)
    play(game, "infl chile", "yes")
    assert infl(game, "chile") == (0, 2)
    assert targets(game, "coup") == {"panama", "venezuela"}
    assert targets(game, "realign") == {"panama", "venezuela"}
    assert not targets(game, "infl")
    game.choose("coup panama")  # 4 + 2 = 6 > 4: removes the 2 US
    assert infl(game, "panama") == (0, 0)
    assert game.state.milops["USSR"] == 0  # free coup (8.2.5)
    assert game.state.defcon == 4  # a battleground coup still lowers DEFCON (6.3.5)
    assert 47 in game.state.discard


def test_47_junta_coup_is_optional() -> None:
    game = action_game("USSR", {"USSR": [47], "US": [US_1_OP]}, influence={"panama": (2, 0)})
    play(game, "play 47 event", "infl mexico", "no")
    assert infl(game, "mexico") == (0, 2)
    assert infl(game, "panama") == (2, 0)
    assert pending(game) == ("US", "action")


# -- #49 Missile Envy ------------------------------------------------------------------
def test_49_missile_envy_takes_the_top_card_and_uses_ops_of_an_opponent_event() -> None:
    game = action_game(
        "USSR",
        {"USSR": [49], "US": [US_4_OPS, US_1_OP]},
        influence={"poland": (0, 1)},
    )
    game.choose("play 49 event")
    # NATO is a US event: the USSR uses its 4 ops, NATO's event does not happen.
    assert pending(game) == ("USSR", "operation")
    assert game.pending is not None and game.pending.context["ops"] == 4
    spend(game, "poland")
    assert infl(game, "poland") == (0, 5)
    state = game.state
    assert 21 in state.discard and 21 not in state.events_played
    assert sorted(state.hands["US"]) == [US_1_OP, 49]
    assert state.effects == {"missile-envy:US": 1}
    assert game.view("USSR").opponent_known_cards == [49]
    # The US's next round: only Missile Envy for operations.
    assert ids(game) == ["play 49 ops"]
    assert "Missile Envy" in greyed(game)["play 19 ops"]
    spend(play(game, "play 49 ops"), "canada")
    assert game.state.effects == {}
    assert 49 in game.state.discard
    assert_cards_in_one_place(game)


def test_49_missile_envy_a_neutral_card_event_happens_for_the_player() -> None:
    game = action_game("USSR", {"USSR": [49], "US": [NUCLEAR_TEST_BAN, US_3_OPS]}, defcon=3)
    game.choose("play 49 event")
    # Nuclear Test Ban for the USSR: DEFCON 3 - 2 = 1 VP, then DEFCON +2.
    assert game.state.vp == -1
    assert game.state.defcon == 5
    assert 34 in game.state.discard
    assert sorted(game.state.hands["US"]) == [US_3_OPS, 49]


def test_49_missile_envy_the_opponent_chooses_among_tied_cards() -> None:
    game = action_game("USSR", {"USSR": [49], "US": [US_4_OPS, NUCLEAR_TEST_BAN, 1]}, defcon=4)
    game.choose("play 49 event")
    assert pending(game) == ("US", "event_give")
    assert ids(game) == ["give 21", "give 34"]
    game.choose("give 34")
    assert game.state.vp == -2
    assert sorted(game.state.hands["US"]) == [1, 21, 49]


def test_49_missile_envy_without_operations_card_has_no_effect() -> None:
    game = action_game("USSR", {"USSR": [49], "US": [1]})
    game.choose("play 49 event")
    assert game.state.hands["US"] == [1]
    assert 49 in game.state.discard
    assert game.state.effects == {}


def test_49_missile_envy_obligation_blocks_its_event_and_waits_for_a_trap() -> None:
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [49, US_3_OPS]},
        effects={"missile-envy:US": 1, "quagmire": 1},
        in_play=[42],
        forced_dice=[6],
    )
    assert sorted(ids(game)) == ["discard 4", "discard 49"]  # the trap comes first
    game.choose("discard 4")
    assert game.state.effects == {"missile-envy:US": 1, "quagmire": 1}
    trapped_free = action_game(
        "US", {"USSR": [USSR_1_OP], "US": [49, US_3_OPS]}, effects={"missile-envy:US": 1}
    )
    assert ids(trapped_free) == ["play 49 ops"]
    assert "play 49 event" in greyed(trapped_free)


def test_49_missile_envy_headlined_by_the_obliged_side_has_no_event() -> None:
    game = game_at(
        "headline",
        turn=4,
        defcon=3,
        hands={"USSR": [USSR_1_OP], "US": [US_1_OP]},
        headline={"USSR": NUCLEAR_TEST_BAN, "US": 49},
        effects={"missile-envy:US": 1},
        influence={"canada": (1, 0)},
    )
    assert game.state.vp == -1  # Nuclear Test Ban for the USSR
    assert game.state.hands["USSR"] == [USSR_1_OP]  # Missile Envy took nothing
    assert 49 in game.state.discard
    assert log_has(game, "Missile Envy must be played for operations")
    spend(play(game, "play 10 ops"), "poland")
    assert game.state.effects == {"missile-envy:US": 1}
    spend(play(game, "play 19 ops"), "canada")
    assert game.state.effects == {}  # the card has left the US hand: obligation over


# -- #50 "We Will Bury You" ------------------------------------------------------------
def test_50_we_will_bury_you_3_vp_after_the_us_next_round() -> None:
    game = action_game("USSR", {"USSR": [50, USSR_1_OP], "US": [US_1_OP, US_3_OPS]}, defcon=4)
    game.choose("play 50 event")
    assert game.state.defcon == 3
    assert game.state.effects == {"we-will-bury-you": 1}
    assert game.state.vp == 0
    spend(play(game, "play 19 ops"), "canada")
    assert game.state.vp == -3
    assert game.state.effects == {}


def test_50_played_by_the_us_for_ops_counts_from_its_next_round() -> None:
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP, USSR_3_OPS], "US": [50, US_1_OP]},
        influence={"canada": (1, 0)},
    )
    play(game, "play 50 ops", "event-first")
    spend(game, "canada")
    assert game.state.defcon == 4
    assert game.state.vp == 0  # this round is not "the US's next action round"
    assert game.state.effects == {"we-will-bury-you": 1}
    spend(play(game, "play 10 ops"), "poland")
    spend(play(game, "play 19 ops"), "canada")
    assert game.state.vp == -3


def test_50_un_intervention_in_the_us_next_round_cancels_the_vp() -> None:
    """#50: UN Intervention played as an event (`un N`) in the US's next round: no VP."""
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [32, USSR_3_OPS, US_1_OP]},
        influence={"canada": (1, 0)},
        effects={"we-will-bury-you": 1},
    )
    spend(play(game, f"un {USSR_3_OPS}"), "canada")
    assert log_has(game, "UN Intervention answers it")
    assert game.state.vp == 0
    assert game.state.effects == {}


def test_50_the_3_vp_come_before_any_us_vp_of_that_round() -> None:
    """#50: "the USSR gains 3 VP prior to any US VP award" (published card): at US +18 the
    US's Duck and Cover (+2 VP at DEFCON 3) does not reach 20, the USSR's 3 VP come first."""
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [4, US_1_OP]},
        effects={"we-will-bury-you": 1},
        vp=18,
        defcon=4,
    )
    game.choose("play 4 event")
    assert game.outcome is None
    assert game.state.vp == 17  # 18 - 3 + 2
    assert game.state.effects == {}


def test_50_the_3_vp_can_win_for_the_ussr_before_the_us_card_resolves() -> None:
    """#50: at USSR +18 the 3 VP end the game (20 VP) as the US commits to its play."""
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [4, US_1_OP]},
        effects={"we-will-bury-you": 1},
        vp=-18,
        defcon=4,
    )
    game.choose("play 4 event")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.ending) == ("USSR", "20 VP")
    assert game.state.defcon == 4  # Duck and Cover never resolved


def test_50_a_game_the_us_ends_with_wargames_that_round_counts_the_3_vp() -> None:
    """#50 then #100 in the US's next round: 8 - 3 (first) - 6 (Wargames) = USSR +1."""
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [100, US_1_OP]},
        effects={"we-will-bury-you": 1},
        vp=8,
        defcon=2,
        turn=8,
    )
    play(game, "play 100 event", "yes")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.ending) == ("USSR", "Wargames")
    assert game.state.vp == -1


def test_50_a_us_round_without_a_card_played_still_gives_the_3_vp() -> None:
    """#50: a Quagmire discard is no UN Intervention: the USSR gains 3 VP that round."""
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [US_3_OPS, US_1_OP]},
        effects={"we-will-bury-you": 1, "quagmire": 1},
        forced_dice=[6],
    )
    game.choose(f"discard {US_3_OPS}")
    assert game.state.vp == -3
    assert game.state.effects == {"quagmire": 1}


# -- #51 Brezhnev Doctrine -------------------------------------------------------------
def test_51_brezhnev_doctrine_ussr_cards_get_1_more_op_this_turn() -> None:
    game = action_game(
        "USSR",
        {"USSR": [51, USSR_3_OPS, 8], "US": [US_1_OP, US_3_OPS]},
        influence={"canada": (1, 0)},
    )
    game.choose("play 51 event")
    assert game.state.turn_effects == {"ops-bonus:USSR": 1}
    spend(play(game, "play 19 ops"), "canada")
    game.choose("play 7 ops")
    assert game.pending is not None and game.pending.context["ops"] == 4
    spend(game, "poland")
    assert infl(game, "poland") == (0, 4)


# -- #52-#56 influence cards -----------------------------------------------------------
def test_52_portuguese_empire_crumbles() -> None:
    game = action_game("USSR", {"USSR": [52], "US": [US_1_OP]})
    game.choose("play 52 event")
    assert infl(game, "angola") == (0, 2)
    assert infl(game, "se-african-states") == (0, 2)
    assert 52 in game.state.removed


def test_53_south_african_unrest_two_in_south_africa_or_one_plus_two_next_door() -> None:
    game = action_game("USSR", {"USSR": [53], "US": [US_1_OP]})
    game.choose("play 53 event")
    assert ids(game) == ["infl south-africa", "add"]
    game.choose("infl south-africa")
    assert infl(game, "south-africa") == (0, 2)
    other = action_game("USSR", {"USSR": [53], "US": [US_1_OP]})
    play(other, "play 53 event", "add")
    assert ids(other) == ["infl angola", "infl botswana"]
    play(other, "infl botswana", "infl angola")  # the 2 may be split (04-card-events.md)
    assert infl(other, "south-africa") == (0, 1)
    assert (infl(other, "botswana"), infl(other, "angola")) == ((0, 1), (0, 1))
    assert 53 in other.state.discard


def test_53_the_us_playing_it_for_ops_lets_the_ussr_choose() -> None:
    game = action_game("US", {"USSR": [USSR_1_OP], "US": [53]}, influence={"canada": (1, 0)})
    play(game, "play 53 ops", "event-first")
    assert pending(game) == ("USSR", "event_influence")


def test_54_allende() -> None:
    game = action_game("USSR", {"USSR": [54], "US": [US_1_OP]})
    game.choose("play 54 event")
    assert infl(game, "chile") == (0, 2)
    assert 54 in game.state.removed


def test_55_willy_brandt_vp_influence_and_west_germany_loses_nato() -> None:
    game = action_game(
        "USSR",
        {"USSR": [55, USSR_3_OPS], "US": [US_1_OP, US_3_OPS]},
        influence={"west-germany": (6, 0), "canada": (1, 0)},
        effects={"nato": 1},
        events_played=[21],
    )
    game.choose("play 55 event")
    assert game.state.vp == -1
    assert infl(game, "west-germany") == (6, 1)
    assert game.state.effects["nato-exempt:west-germany"] == 1
    spend(play(game, "play 19 ops"), "canada")
    game.choose("play 7 ops")
    assert "west-germany" in targets(game, "coup")  # still US-controlled, no longer protected


def test_55_willy_brandt_prevented_by_tear_down_this_wall() -> None:
    game = action_game("USSR", {"USSR": [55], "US": [US_1_OP]}, events_played=[96])
    assert "Tear Down This Wall" in greyed(game)["play 55 event"]


def test_56_muslim_revolution_removes_all_us_influence_from_2_countries() -> None:
    game = action_game(
        "USSR",
        {"USSR": [56], "US": [US_1_OP]},
        influence={"iran": (2, 1), "egypt": (1, 0), "libya": (3, 0), "israel": (2, 0)},
    )
    game.choose("play 56 event")
    assert targets(game, "target") == {"iran", "egypt", "libya"}
    play(game, "target iran")
    assert targets(game, "target") == {"egypt", "libya"}
    play(game, "target libya")
    assert infl(game, "iran") == (0, 1)
    assert infl(game, "libya") == (0, 0)
    assert infl(game, "egypt") == (1, 0)
    assert 56 in game.state.discard


def test_56_muslim_revolution_with_one_country_only_clears_it() -> None:
    game = action_game("USSR", {"USSR": [56], "US": [US_1_OP]}, influence={"sudan": (1, 0)})
    play(game, "play 56 event", "target sudan")
    assert infl(game, "sudan") == (0, 0)
    assert pending(game) == ("US", "action")


def test_56_muslim_revolution_prevented_by_awacs() -> None:
    game = action_game("USSR", {"USSR": [56], "US": [US_1_OP]}, events_played=[110])
    assert "play 56 event" in greyed(game)


# -- #57 ABM Treaty ----------------------------------------------------------------------
def test_57_abm_treaty_raises_defcon_then_4_ops() -> None:
    game = action_game(
        "USSR", {"USSR": [57], "US": [US_1_OP]}, defcon=3, influence={"poland": (0, 1)}
    )
    game.choose("play 57 event")
    assert game.state.defcon == 4
    assert pending(game) == ("USSR", "operation")
    assert game.pending is not None and game.pending.context["ops"] == 4
    spend(game, "poland")
    assert infl(game, "poland") == (0, 5)
    assert 57 in game.state.discard


# -- #58 Cultural Revolution -------------------------------------------------------------
def test_58_cultural_revolution_takes_the_china_card_from_the_us_face_up() -> None:
    game = action_game(
        "USSR",
        {"USSR": [58], "US": [US_1_OP]},
        china={"holder": "US", "face_up": False},
    )
    game.choose("play 58 event")
    assert (game.state.china_holder, game.state.china_face_up) == ("USSR", True)
    assert game.state.vp == 0


def test_58_cultural_revolution_gives_1_vp_if_the_ussr_holds_it() -> None:
    game = action_game("USSR", {"USSR": [58], "US": [US_1_OP]})
    game.choose("play 58 event")
    assert game.state.vp == -1
    assert game.state.china_holder == "USSR"
    assert 58 in game.state.removed


# -- #59 Flower Power ----------------------------------------------------------------------
def test_59_flower_power_starts_a_lasting_effect() -> None:
    game = action_game("USSR", {"USSR": [59], "US": [US_1_OP]})
    game.choose("play 59 event")
    assert game.state.effects == {"flower-power": 1}
    assert 59 in game.state.removed


@pytest.mark.parametrize(("mode", "vp"), [("ops", -2), ("space", 0)])
def test_59_flower_power_a_us_war_card_for_ops_scores_not_for_space(mode: str, vp: int) -> None:
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [24]},
        influence={"canada": (1, 0)},
        effects={"flower-power": 1},
        forced_dice=[6],
    )
    spend(play(game, f"play 24 {mode}"), "canada")
    assert game.state.vp == vp


def test_59_flower_power_a_us_war_event_scores_the_ussr_war_card_does_not() -> None:
    game = action_game(
        "US",
        {"USSR": [24], "US": [36]},
        influence={"haiti": (0, 1), "poland": (0, 1)},
        effects={"flower-power": 1},
        forced_dice=[1],
    )
    play(game, "play 36 event", "target haiti")  # Brush War fails on a 1
    assert game.state.vp == -2
    assert infl(game, "haiti") == (0, 1)
    spend(play(game, "play 24 ops"), "poland")
    assert game.state.vp == -2  # the USSR's war cards never count


def test_59_flower_power_counts_a_war_card_whose_event_is_prevented() -> None:
    """Ruling 25: #13 Arab-Israeli War played by the US for ops after #65 Camp David
    Accords is still a war card the US plays (the published card); the USSR gains 2 VP
    though the war does not happen. (The site of the shared logs gives nothing then.)"""
    game = action_game(
        "US",
        {"USSR": [USSR_1_OP], "US": [13]},
        influence={"canada": (1, 0)},
        effects={"flower-power": 1},
        events_played=[59, 65],
    )
    spend(play(game, "play 13 ops"), "canada")
    assert game.state.vp == -2
    assert game.state.milops["USSR"] == 0  # no war: no military operations for the USSR


def test_59_flower_power_in_the_headline() -> None:
    # Both headlines have 3 ops: the US's Brush War resolves first (US on ties).
    game = game_at(
        "headline",
        turn=4,
        hands={"USSR": [USSR_1_OP], "US": [US_1_OP]},
        headline={"USSR": USSR_3_OPS, "US": 36},
        effects={"flower-power": 1},
        influence={"haiti": (0, 1)},
        forced_dice=[1],
    )
    assert pending(game) == ("US", "event_target")
    assert game.state.vp == -2
    game.choose("target haiti")
    assert game.state.vp == -2


def test_59_flower_power_a_war_card_whose_event_star_wars_plays_scores() -> None:
    """#59 with #85: the US playing a war card's event through Star Wars plays a war card:
    the USSR gains 2 VP (04-card-events #59)."""
    game = action_game(
        "US",
        {"US": [85], "USSR": [USSR_1_OP]},
        space={"US": 2, "USSR": 1},
        discard=[24],
        effects={"flower-power": 1},
        influence={"pakistan": (0, 1)},
        forced_dice=[1],
    )
    play(game, "play 85 event", "take 24", "target pakistan")  # India invades: fails on 1
    assert game.state.vp == -2
    assert game.state.milops["US"] == 2  # a war event for the US (8.2.3)


@pytest.mark.parametrize(
    ("ussr_hand", "vp"),
    [([24], -2), ([11], -2), ([USSR_3_OPS], 0)],
    ids=["both-sides-war-event", "ussr-war-card-for-ops", "no-war-card"],
)
def test_59_flower_power_a_war_card_the_us_takes_with_missile_envy_scores(
    ussr_hand: list[int], vp: int
) -> None:
    """#59 with #49: the card Missile Envy gives the US is played by the US, for its event
    (a both-sides war card) or for its ops (a USSR war card): a war card scores 2 VP."""
    game = action_game(
        "US",
        {"US": [49], "USSR": ussr_hand},
        effects={"flower-power": 1},
        influence={"pakistan": (0, 1), "canada": (1, 0)},
        forced_dice=[1],
    )
    game.choose("play 49 event")
    if game.pending is not None and game.pending.kind == "event_target":
        game.choose("target pakistan")
    spend(game, "canada")
    assert game.state.vp == vp


@pytest.mark.parametrize(("choice", "vp"), [("play 24 ops", -2), ("return 24", 0)])
def test_59_flower_power_a_war_card_the_us_takes_with_grain_sales(choice: str, vp: int) -> None:
    """#59 with #67: the taken card played by the US is a US play (a war card scores);
    returned, it was never played."""
    game = action_game(
        "US",
        {"US": [67], "USSR": [24]},
        effects={"flower-power": 1},
        influence={"canada": (1, 0)},
    )
    play(game, "play 67 event", choice)
    spend(game, "canada")
    assert game.state.vp == vp


def test_59_flower_power_prevented_by_an_evil_empire() -> None:
    game = action_game("USSR", {"USSR": [59], "US": [US_1_OP]}, events_played=[97])
    assert "An Evil Empire" in greyed(game)["play 59 event"]
