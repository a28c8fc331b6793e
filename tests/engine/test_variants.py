"""Chapter 12 (the Chinese Civil War) and the optional rules, one switch of GameOptions each."""

from __future__ import annotations

from typing import Any

import pytest
from engine_scenarios import greyed, ids, infl, play, scenario, targets

from cold_war_tui.bots.random import RandomBot
from cold_war_tui.engine import Game, GameOptions

CCW = "chinese-civil-war"


def options_game(
    options: GameOptions, phasing: str, hands: dict[str, list[int]], **fields: Any
) -> Game:
    """An action round 1 of `phasing` in a game played with `options`."""
    taken = {"USSR": 1, "US": 0} if phasing == "US" else {"USSR": 0, "US": 0}
    doc = scenario(
        "action", phasing=phasing, action_round=1, rounds_taken=taken, hands=hands, **fields
    )
    return Game.from_scenario(doc, options)


def civil_war_game(phasing: str, hands: dict[str, list[int]], **fields: Any) -> Game:
    """An action round of `phasing` in a game played with the Chinese Civil War."""
    return options_game(GameOptions(chinese_civil_war=True), phasing, hands, **fields)


# -- 12.1-12.3 -------------------------------------------------------------------------
def test_12_3_a_new_game_has_no_china_card_until_the_civil_war_ends() -> None:
    game = Game.new(GameOptions(seed=3, chinese_civil_war=True))
    assert game.state.china_holder is None
    assert game.state.ccw_active


def test_12_1_only_the_ussr_may_place_there_as_it_is_adjacent_only_to_the_ussr() -> None:
    ussr = civil_war_game("USSR", {"USSR": [7], "US": [4]})
    play(ussr, "play 7 ops")
    assert CCW in targets(ussr, "infl")
    us = civil_war_game("US", {"USSR": [7], "US": [19]}, influence={"north-korea": (1, 0)})
    play(us, "play 19 ops")
    assert CCW not in targets(us, "infl")


def test_12_1_never_a_target_of_coups_or_realignment() -> None:
    game = civil_war_game("US", {"USSR": [7], "US": [19]}, influence={CCW: (0, 2)})
    play(game, "play 19 ops")
    assert CCW not in targets(game, "coup") | targets(game, "realign")


def test_12_1_the_space_has_no_effect_on_asia_scoring() -> None:
    base = {"north-korea": (0, 3)}
    without = civil_war_game("USSR", {"USSR": [1], "US": [4]}, influence=base)
    with_ccw = civil_war_game("USSR", {"USSR": [1], "US": [4]}, influence={**base, CCW: (0, 2)})
    for game in (without, with_ccw):
        play(game, "play 1 event")
    assert without.state.vp == with_ccw.state.vp


def test_12_2_12_3_the_third_ussr_influence_ends_it_and_hands_over_the_china_card() -> None:
    game = civil_war_game("USSR", {"USSR": [7], "US": [4]}, influence={CCW: (0, 1)})
    play(game, "play 7 ops", f"infl {CCW}")  # 3 ops: 1 each in the space (6.1)
    assert infl(game, CCW) == (0, 2)
    assert not any(entry.rule == "12.3" for entry in game.log)
    play(game, f"infl {CCW}")
    state = game.state
    assert (state.china_holder, state.china_face_up, state.ccw_active) == ("USSR", True, False)
    assert infl(game, CCW) == (0, 0)  # its influence is returned, the space ignored
    assert game.pending is not None and game.pending.kind == "place_influence"  # 1 op left
    assert CCW not in targets(game, "infl")


@pytest.mark.parametrize(("card", "side"), [(31, "USSR"), (58, "USSR"), (35, "US")])
def test_12_4_banned_events_and_12_4_3_still_playable_for_ops(card: int, side: str) -> None:
    hands = {"USSR": [7], "US": [4]}
    hands[side] = [card]
    game = civil_war_game(side, hands)
    assert "12.4" in greyed(game)[f"play {card} event"]
    assert f"play {card} ops" in ids(game)


def test_12_4_the_bans_are_lifted_once_the_civil_war_ends() -> None:
    game = civil_war_game("USSR", {"USSR": [7, 31], "US": [19]}, influence={CCW: (0, 2)})
    assert "12.4" in greyed(game)["play 31 event"]
    play(game, "play 7 ops", f"infl {CCW}")
    assert game.state.china_holder == "USSR"
    while game.pending is not None and game.pending.kind == "place_influence":
        game.choose(ids(game)[0])  # the USSR's two ops left
    play(game, "play 19 ops")
    while game.pending is not None and game.pending.player == "US":
        game.choose(ids(game)[0])
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("USSR", "action")
    assert "play 31 event" in ids(game)


def test_12_3_no_china_card_vp_at_final_scoring_if_it_never_came_into_play() -> None:
    doc = scenario("turn-end", turn=10, defcon=5, milops={"US": 5, "USSR": 5})
    game = Game.from_scenario(doc, GameOptions(chinese_civil_war=True))
    assert game.outcome is not None
    assert game.state.vp == 0
    assert not any("China Card" in entry.text and "VP" in entry.text for entry in game.log)


# -- realignment variant ---------------------------------------------------------------
VARIANT = GameOptions(realignment_variant=True)


def test_optional_realignment_ignores_the_defcon_regions() -> None:
    standard = options_game(
        GameOptions(), "US", {"US": [19], "USSR": [7]}, defcon=4, influence={"poland": (0, 1)}
    )
    play(standard, "play 19 ops")
    assert "poland" not in targets(standard, "realign")
    variant = options_game(
        VARIANT, "US", {"US": [19], "USSR": [7]}, defcon=4, influence={"poland": (0, 1)}
    )
    play(variant, "play 19 ops")
    assert "poland" in targets(variant, "realign")


def test_optional_the_phasing_player_never_loses_influence_to_his_own_realignment() -> None:
    influence = {"iran": (2, 2)}
    game = options_game(
        VARIANT, "US", {"US": [19], "USSR": [7]}, influence=influence, forced_dice=[1, 6]
    )
    play(game, "play 19 ops", "realign iran")
    assert infl(game, "iran") == (2, 2)


def test_optional_one_cards_ops_mix_influence_and_realignment_not_in_one_country() -> None:
    influence = {"iran": (1, 2), "iraq": (0, 1)}
    game = options_game(
        VARIANT, "US", {"US": [25], "USSR": [7]}, influence=influence, forced_dice=[6, 1]
    )
    play(game, "play 25 ops", "infl iran")
    assert game.pending is not None and game.pending.kind == "operation_mixed"
    assert "realign iraq" in ids(game)
    assert "realign iran" not in ids(game)  # it received influence this round
    play(game, "realign iraq")
    assert infl(game, "iraq") == (0, 0)
    assert "infl iraq" not in ids(game)  # it was the target of a realignment roll


def test_optional_mixed_operations_price_each_point_and_roll_and_spend_every_op() -> None:
    """The variant keeps 6.1.2 and 6.2.2: a point in a USSR-controlled country costs the US
    2 ops, a roll 1; each point adds 1 influence; the player decides every op."""
    influence = {"iraq": (0, 3), "iran": (1, 0), "syria": (0, 1)}
    game = options_game(
        VARIANT, "US", {"US": [21], "USSR": [7]}, influence=influence, forced_dice=[1, 1]
    )
    play(game, "play 21 ops", "infl iraq")  # Iraq is USSR-controlled: 2 of the 4 ops
    assert infl(game, "iraq") == (1, 3)
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("US", "operation_mixed")
    assert game.pending.context["ops_left"] == 2
    play(game, "realign syria")  # 1 op: the US loses nothing of its own (variant)
    assert game.pending is not None and game.pending.context["ops_left"] == 1
    play(game, "infl iran")
    assert infl(game, "iran") == (2, 0)
    assert (game.pending.player, game.pending.kind) == ("USSR", "action")


def test_optional_mixed_operations_with_an_events_influence_or_realignment() -> None:
    """The variant also mixes the ops an event grants for influence or realignment (#89
    KAL-007 with South Korea US-controlled)."""
    game = options_game(
        VARIANT,
        "US",
        {"US": [89], "USSR": [7]},
        influence={"south-korea": (3, 0), "iran": (1, 0), "syria": (0, 1)},
        turn=8,
    )
    play(game, "play 89 event", "yes", "infl iran")
    assert game.pending is not None and game.pending.kind == "operation_mixed"
    assert "realign syria" in ids(game)


def test_optional_a_coup_stays_a_coup_under_the_realignment_variant() -> None:
    game = options_game(
        VARIANT, "US", {"US": [4], "USSR": [7]}, influence={"mexico": (0, 2)}, forced_dice=[4]
    )
    play(game, "play 4 ops", "coup mexico")  # the 6.3 example
    assert infl(game, "mexico") == (1, 0)
    assert game.state.milops["US"] == 3


def test_optional_mixed_operations_may_stop_with_done() -> None:
    game = options_game(
        VARIANT, "US", {"US": [4], "USSR": [7]}, influence={"iran": (1, 0), "syria": (0, 1)}
    )
    play(game, "play 4 ops", "infl iran", "done")
    assert infl(game, "iran") == (2, 0)
    assert game.pending is not None and game.pending.player == "USSR"


def test_optional_mixed_operations_keep_the_china_cards_asia_point_for_asia() -> None:
    """9.x in the variant: after the China Card's 4 ops in Asia, its fifth point may go to
    an Asian country only, for influence or a roll."""
    game = options_game(
        VARIANT,
        "USSR",
        {"USSR": [7], "US": [4]},
        influence={"north-korea": (0, 1), "japan": (1, 0), "iran": (1, 0)},
    )
    play(game, "play 6 ops", *["infl north-korea"] * 4)
    assert game.pending is not None and game.pending.context["ops_left"] == 1
    assert "realign japan" in ids(game) and "realign iran" not in ids(game)
    assert "infl north-korea" in ids(game) and "infl iraq" not in ids(game)
    game.choose("realign japan")
    assert game.pending is not None and game.pending.player == "US"


def test_standard_rules_keep_one_kind_of_operation_per_card() -> None:
    influence = {"iran": (1, 2), "iraq": (0, 1)}
    game = options_game(GameOptions(), "US", {"US": [25], "USSR": [7]}, influence=influence)
    play(game, "play 25 ops", "infl iran")
    assert not any(i.startswith("realign ") for i in ids(game))


# -- space race without a roll -----------------------------------------------------------
def test_optional_a_space_race_attempt_may_be_made_without_rolling() -> None:
    options = GameOptions(space_race_no_roll=True)
    game = options_game(options, "USSR", {"USSR": [7, 13], "US": [4]})
    dice_before = game.state.dice_rolled
    play(game, "play 13 space")
    assert game.pending is not None and game.pending.kind == "space_roll"
    play(game, "no-roll")
    state = game.state
    assert state.space["USSR"] == 0
    assert state.space_attempts["USSR"] == 1
    assert state.dice_rolled == dice_before
    assert 13 in state.discard and 13 not in state.events_played


def test_optional_without_the_switch_the_attempt_always_rolls() -> None:
    game = options_game(GameOptions(), "USSR", {"USSR": [7, 13], "US": [4]}, forced_dice=[1])
    play(game, "play 13 space")
    assert game.state.space["USSR"] == 1


# -- first US edition, optional cards, bid -----------------------------------------------
def test_optional_first_us_edition_canada_starts_empty_and_optional_cards_are_out() -> None:
    game = Game.new(GameOptions(seed=5, first_us_edition=True))
    assert infl(game, "canada") == (0, 0)
    assert sorted(game.state.out_of_game) == [104, 105, 106, 107, 108, 109, 110]
    assert not {104, 105, 106, 107, 108, 109, 110} & set(
        game.state.draw + game.state.box + game.state.hands["US"] + game.state.hands["USSR"]
    )
    assert infl(Game.new(GameOptions(seed=5)), "canada") == (2, 0)


def test_optional_cards_switch_off_leaves_them_out_on() -> None:
    assert not Game.new(GameOptions(seed=1, optional_cards=False)).state.box.count(107)
    assert 107 in Game.new(GameOptions(seed=1)).state.box


def test_optional_us_bid_places_extra_influence_where_the_us_already_has_some() -> None:
    game = Game.new(GameOptions(seed=2, us_bid=2))
    bot = RandomBot(2)
    while game.pending is not None and game.pending.kind != "bid_influence":
        game.choose(bot.choose(game.pending))
    assert game.pending is not None and game.pending.player == "US"
    us = game.state.influence
    offered = {i.split(" ", 1)[1] for i in ids(game)}
    assert offered == {key for key, value in us.items() if value.us > 0}
    before = infl(game, "canada")
    play(game, "infl canada", "infl canada")
    assert infl(game, "canada") == (before[0] + 2, before[1])
    assert game.pending is not None and game.pending.kind == "headline"


def test_options_are_in_the_log_header_and_the_save() -> None:
    options = GameOptions(seed=9, chinese_civil_war=True, us_bid=1, optional_cards=False)
    game = Game.new(options)
    assert "chinese_civil_war=True" in str(game.log[0])
    bot = RandomBot(9)
    for _ in range(40):
        assert game.pending is not None
        game.choose(bot.choose(game.pending))
    loaded = Game.from_json(game.to_json())
    assert loaded.options == options
    for _ in range(40):
        if game.pending is None:
            break
        choice = bot.choose(game.pending)
        game.choose(choice)
        loaded.choose(choice)
    assert loaded.state == game.state


@pytest.mark.parametrize(
    ("tournament_deal", "ussr_gets", "us_gets"),
    [(False, {16, 17, 18}, {19, 20, 21, 22}), (True, {16, 18, 20}, {17, 19, 21, 22})],
)
def test_optional_tournament_deal_gives_one_card_at_a_time_ussr_first(
    tournament_deal: bool, ussr_gets: set[int], us_gets: set[int]
) -> None:
    """Published tournament rules: the USSR takes the first card of a deal, then the
    players alternate until each hand is full; the standard deal fills the USSR's first."""
    doc = scenario(
        "turn-start",
        turn=3,
        hands={"USSR": [7, 8, 9, 10, 11], "US": [12, 13, 14, 15]},
        draw=[16, 17, 18, 19, 20, 21, 22],
    )
    game = Game.from_scenario(doc, GameOptions(tournament_deal=tournament_deal))
    hands = game.state.hands
    assert set(hands["USSR"]) == {7, 8, 9, 10, 11} | ussr_gets
    assert set(hands["US"]) == {12, 13, 14, 15} | us_gets


SWITCHES: list[dict[str, Any]] = [
    {"chinese_civil_war": True},
    {"realignment_variant": True},
    {"space_race_no_roll": True},
    {"first_us_edition": True},
    {"optional_cards": False},
    {"us_bid": 3},
    {"tournament_deal": True},
]


@pytest.mark.parametrize("switch", SWITCHES, ids=lambda s: next(iter(s)))
def test_random_self_play_with_each_switch(switch: dict[str, Any]) -> None:
    """100 seeded games per switch end with an outcome and no engine error."""
    from cold_war_tui.selfplay import play_random_game

    for seed in range(100):
        game, _ = play_random_game(seed, GameOptions(seed=seed, **switch))
        assert game.outcome is not None


def test_12_4_2_korean_war_has_one_more_minus_one_during_the_civil_war() -> None:
    influence = {"south-korea": (2, 0), "japan": (4, 0)}
    standard = options_game(
        GameOptions(), "USSR", {"USSR": [11], "US": [4]}, influence=influence, forced_dice=[5]
    )
    play(standard, "play 11 event")
    assert infl(standard, "south-korea") == (0, 2)  # 5 - 1 = 4: success
    civil_war = civil_war_game(
        "USSR", {"USSR": [11], "US": [4]}, influence=influence, forced_dice=[5]
    )
    play(civil_war, "play 11 event")
    assert infl(civil_war, "south-korea") == (2, 0)  # 5 - 1 - 1 = 3: failure
    assert any(entry.rule == "12.4.2" for entry in civil_war.log)


def test_12_4_1_ussuri_river_skirmish_acts_as_if_the_us_held_the_china_card() -> None:
    game = civil_war_game("US", {"US": [76], "USSR": [7]})
    play(game, "play 76 event")
    assert game.state.china_holder is None  # still out of play
    assert game.pending is not None and game.pending.player == "US"
    assert any(i.startswith("infl ") for i in ids(game))  # +4 US influence in Asia


def test_optional_first_us_edition_aldrich_ames_orders_the_us_hand() -> None:
    options = GameOptions(first_us_edition=True)
    game = options_game(
        options, "USSR", {"USSR": [98, 7], "US": [19, 25, 26]}, turn=8, china={"holder": "US"}
    )
    play(game, "play 98 event")
    assert game.pending is not None and game.pending.kind == "ames_order"
    assert game.pending.player == "USSR"
    play(game, "next 26", "next 19", "next 25")
    assert game.view("USSR").opponent_known_cards == [19, 25, 26]
    us_menu = ids(game)
    assert game.pending is not None and game.pending.player == "US"
    assert {i.split()[1] for i in us_menu if i.startswith("play ")} == {"26"}
    assert "first US edition" in greyed(game)["play 19 ops"]
    assert "play 6 ops" in greyed(game)  # no China Card for the rest of the turn


@pytest.mark.parametrize(
    "order",
    [
        {"ames-order:19": 1, "ames-order:25": 2, "ames-order:49": 3},  # #49 ordered last
        {"ames-order:19": 1, "ames-order:25": 2},  # #49 received after the order
    ],
)
def test_optional_first_us_edition_ames_order_and_missile_envy_never_leave_the_us_no_play(
    order: dict[str, int],
) -> None:
    """#98 (first US edition) with #49 Missile Envy's obligation on the US: the order says
    #19 first, the obligation says #49 for ops. The US, holding cards, may not pass (5.1):
    the order narrows the menu first and the obligation waits, as it waits for a trap."""
    options = GameOptions(first_us_edition=True)
    game = options_game(
        options,
        "US",
        {"USSR": [7], "US": [19, 25, 49]},
        turn=8,
        influence={"japan": (1, 0)},
        effects={"missile-envy:US": 1},
        turn_effects={"open-hand:US": 1, "ames-order": 1, **order},
    )
    assert game.pending is not None and game.pending.player == "US"
    assert {i.split()[1] for i in ids(game) if i.startswith("play ")} == {"19"}
    play(game, "play 19 ops", "infl japan")
    assert game.state.hands["US"] == [25, 49]
    assert game.state.effects["missile-envy:US"] == 1  # still owed


def test_deluxe_aldrich_ames_discards_one_us_card_instead() -> None:
    game = options_game(GameOptions(), "USSR", {"USSR": [98, 7], "US": [19, 25]}, turn=8)
    play(game, "play 98 event")
    assert game.pending is not None and game.pending.kind == "event_discard"
