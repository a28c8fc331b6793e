"""6.4 The space race: ops needed, attempts per turn, VP, the box bonuses (6.4.4 example)."""

from __future__ import annotations

import pytest
from engine_scenarios import action_game, game_at, greyed, ids, play

from cold_war_tui.engine import IllegalChoice

US_1_OP, US_2_OPS, US_3_OPS = 19, 22, 4
USSR_2_OPS, USSR_3_OPS, USSR_3_OPS_B = 8, 7, 14


def test_6_4_1_a_card_needs_the_ops_printed_under_the_next_box() -> None:
    # Box 5 (Lunar Orbit) needs 3 ops: a 2-ops card may not try, a 3-ops card may.
    game = action_game(
        "USSR", {"USSR": [USSR_2_OPS, USSR_3_OPS], "US": [US_1_OP]}, space={"USSR": 4, "US": 4}
    )
    assert "play 7 space" in ids(game)
    assert "play 8 space" not in ids(game)
    assert "6.4.1" in greyed(game)["play 8 space"]


def test_6_4_1_a_roll_within_the_box_range_advances() -> None:
    game = action_game("USSR", {"USSR": [USSR_3_OPS, USSR_2_OPS], "US": [US_1_OP]}, forced_dice=[4])
    game.choose("play 7 space")  # box 1 needs 1-3: a 4 fails
    assert game.state.space["USSR"] == 0
    assert game.state.space_attempts["USSR"] == 1


def test_6_4_2_one_attempt_per_turn() -> None:
    game = action_game(
        "USSR",
        {"USSR": [USSR_3_OPS], "US": [US_1_OP]},
        space_attempts={"USSR": 1},
    )
    assert "play 7 space" not in ids(game)
    assert "6.4.2" in greyed(game)["play 7 space"]
    before = game.state
    with pytest.raises(IllegalChoice):
        game.choose("play 7 space")
    assert game.state == before


def test_6_4_3_vp_for_the_first_and_the_second_to_reach_a_box() -> None:
    game = action_game("USSR", {"USSR": [USSR_3_OPS, 10], "US": [US_3_OPS, 26]}, forced_dice=[1, 1])
    game.choose("play 7 space")  # the USSR reaches box 1 first: 2 VP
    assert game.state.space["USSR"] == 1
    assert game.state.vp == -2
    game.choose("play 4 space")  # the US reaches it second: 1 VP
    assert game.state.space["US"] == 1
    assert game.state.vp == -1


def test_6_4_4_example_box_2_gives_a_second_attempt_in_a_later_round() -> None:
    """6.4.4 example: the USSR reaches box 2 and may try again in a later action round."""
    game = action_game(
        "USSR",
        {"USSR": [USSR_3_OPS, USSR_2_OPS], "US": [US_1_OP, 26]},
        space={"USSR": 1},
        forced_dice=[1],
    )
    game.choose("play 7 space")
    assert game.state.space["USSR"] == 2
    play(game, "play 19 ops", "infl mexico")
    assert (game.pending.player, game.state.action_round) == ("USSR", 2)
    assert "play 8 space" in ids(game)


def test_6_4_4_box_2_gives_two_attempts_a_turn_never_three() -> None:
    """6.4.2 / 6.4.4: the box 2 bonus allows a second attempt in a turn, not a third."""
    game = action_game(
        "USSR",
        {"USSR": [USSR_3_OPS, USSR_2_OPS, USSR_3_OPS_B], "US": [US_1_OP, 26, US_3_OPS]},
        influence={"mexico": (1, 0)},
        space={"USSR": 2},
        forced_dice=[6, 6],  # both attempts fail (box 3 needs 1-3)
    )
    play(game, "play 7 space", "play 19 ops", "infl mexico", "play 8 space")
    assert game.state.space_attempts["USSR"] == 2
    play(game, "play 26 ops", "infl mexico")
    assert "play 14 space" not in ids(game)
    assert "6.4.2" in greyed(game)["play 14 space"]


def test_6_4_4_the_first_loses_the_bonus_when_the_second_arrives() -> None:
    game = action_game(
        "US",
        {"USSR": [USSR_3_OPS], "US": [US_2_OPS, 26]},
        space={"USSR": 2, "US": 1},
        space_attempts={"USSR": 1},
        forced_dice=[1],
    )
    game.choose("play 22 space")  # the US reaches box 2 too
    assert game.state.space["US"] == 2
    assert game.pending is not None
    assert game.pending.player == "USSR"
    assert "6.4.2" in greyed(game)["play 7 space"]


def test_6_4_4_example_box_4_and_box_2_bonuses_are_cumulative() -> None:
    """6.4.4 example: the USSR at box 4 before the US reaches box 2: both bonuses."""
    doc = {"space": {"USSR": 4, "US": 1}}
    action = action_game(
        "USSR", {"USSR": [USSR_3_OPS], "US": [US_1_OP]}, space_attempts={"USSR": 1}, **doc
    )
    assert "play 7 space" in ids(action)  # a second attempt this turn
    headline = game_at("headline", hands={"USSR": [USSR_3_OPS, 3], "US": [48, US_1_OP]}, **doc)
    decision = headline.pending
    assert decision is not None
    assert (decision.player, decision.kind) == ("US", "headline")  # the US reveals first
    assert decision.context.get("opponent_headline") is None
    headline.choose("headline 48")
    decision = headline.pending
    assert decision is not None
    assert (decision.player, decision.kind) == ("USSR", "headline")
    assert decision.context["opponent_headline"] == 48
    assert headline.view("USSR").opponent_known_cards == [48]


def test_6_4_4_without_the_box_4_bonus_headlines_are_secret() -> None:
    game = game_at("headline", hands={"USSR": [USSR_3_OPS, 3], "US": [48, US_1_OP]})
    assert game.pending is not None
    assert game.pending.player == "USSR"
    game.choose("headline 3")
    assert game.pending is not None
    assert game.pending.player == "US"
    assert game.pending.context.get("opponent_headline") is None
    assert game.view("US").opponent_known_cards == []


def test_6_4_4_box_6_may_discard_a_held_card_at_turn_end() -> None:
    game = game_at(
        "turn-end",
        hands={"USSR": [USSR_3_OPS], "US": []},
        space={"USSR": 6, "US": 5},
        milops={"US": 5, "USSR": 5},
    )
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("USSR", "turn_end_discard")
    assert set(ids(game)) == {"discard 7", "keep"}
    game.choose("discard 7")
    assert 7 in game.state.discard
    assert 7 not in game.state.events_played  # 5.4: a discarded card's event does not happen


def test_6_4_4_box_8_gives_an_eighth_action_round() -> None:
    game = action_game(
        "USSR",
        {"USSR": [USSR_3_OPS, USSR_3_OPS_B], "US": [US_1_OP]},
        turn=4,
        action_round=7,
        space={"USSR": 8, "US": 7},
        china={"holder": None},
    )
    play(game, "play 7 ops", "infl poland", "infl poland", "infl poland")
    play(game, "play 19 ops", "infl mexico")
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("USSR", "action")
    assert game.state.action_round == 8
    assert "pass" in ids(game)  # a round beyond the turn's rounds may be passed


def test_6_4_5_a_space_race_card_never_triggers_its_event() -> None:
    # The US sends #11 Korean War (a starred USSR war card) to the space race.
    game = action_game("US", {"US": [11], "USSR": [USSR_3_OPS]}, forced_dice=[6])
    game.choose("play 11 space")
    state = game.state
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("USSR", "action")  # no event question
    assert 11 not in state.events_played
    assert 11 in state.discard  # discarded, not removed
    assert state.milops == {"US": 0, "USSR": 0}


def test_6_4_6_the_last_box_ends_the_space_race() -> None:
    game = action_game("USSR", {"USSR": [16], "US": [US_1_OP]}, space={"USSR": 8, "US": 0})
    assert "play 16 space" not in ids(game)
    assert "play 6 space" not in ids(game)
    assert "6.4.6" in greyed(game)["play 16 space"]


def test_6_4_4_the_us_holds_the_box_2_bonus_too() -> None:
    game = action_game(
        "US", {"US": [US_3_OPS], "USSR": [USSR_3_OPS]}, space={"US": 2}, space_attempts={"US": 1}
    )
    assert "play 4 space" in ids(game)


def test_6_4_1_a_roll_equal_to_the_box_maximum_advances() -> None:
    game = action_game("USSR", {"USSR": [USSR_3_OPS], "US": [US_1_OP]}, forced_dice=[3])
    game.choose("play 7 space")  # box 1: 1-3
    assert game.state.space["USSR"] == 1


@pytest.mark.parametrize("box", [0, 7])
def test_6_4_1_the_china_card_may_make_an_attempt_even_for_the_4_ops_box(box: int) -> None:
    """Ruling 10: the China Card (4 ops) may be used for the space race, box 8 included."""
    game = action_game("USSR", {"USSR": [USSR_3_OPS], "US": [US_1_OP]}, space={"USSR": box})
    assert "play 6 space" in ids(game)


def test_6_4_6_an_event_at_the_last_box_moves_nothing() -> None:
    """#18 Captured Nazi Scientist at box 8: no box beyond it, no VP."""
    game = action_game("US", {"US": [18], "USSR": [USSR_3_OPS]}, space={"US": 8})
    game.choose("play 18 event")
    assert (game.state.space["US"], game.state.vp) == (8, 0)


def test_6_4_1_card_31_red_scare_leaves_the_china_card_3_ops_too_few_for_box_8() -> None:
    """6.4.1 with ruling 34: under #31 Red Scare/Purge the China Card is worth 3 ops (its
    ops entry says so), like any card: too few for box 8 (4 ops), enough for box 1."""
    malus = {"ops-malus:USSR": 1}
    game = action_game(
        "USSR", {"USSR": [USSR_3_OPS], "US": [US_1_OP]}, space={"USSR": 7}, turn_effects=malus
    )
    assert game.ops_value(6, "USSR") == 3
    assert "play 6 space" not in ids(game)
    assert "6.4.1" in greyed(game)["play 6 space"]
    early = action_game("USSR", {"USSR": [USSR_3_OPS], "US": [US_1_OP]}, turn_effects=malus)
    assert "play 6 space" in ids(early)
