"""Chapter 8: DEFCON (8.1) and required military operations (8.2), with the examples."""

from __future__ import annotations

import pytest
from engine_scenarios import action_game, game_at, play, targets

US_1_OP, US_3_OPS = 19, 4
USSR_1_OP, USSR_3_OPS = 10, 7

# One country with US influence in every region (for the USSR's coup and realignment targets).
ONE_PER_REGION = {
    "west-germany": "europe",
    "japan": "asia",
    "iran": "middle-east",
    "south-africa": "africa",
    "panama": "central-america",
    "venezuela": "south-america",
}
CLOSED_AT = {5: set(), 4: {"europe"}, 3: {"europe", "asia"}, 2: {"europe", "asia", "middle-east"}}


def test_8_1_3_a_battleground_coup_at_defcon_2_loses_for_the_phasing_player() -> None:
    """8.1.3 (the Olympic Games example, with a coup): DEFCON 1 on the US's round."""
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={"angola": (0, 1)},
        defcon=2,
        forced_dice=[1],
    )
    play(game, "play 4 ops", "coup angola")
    assert game.pending is None
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("USSR", "8.1.3")
    assert game.state.defcon == 1
    assert game.state.phase == "over"


def test_8_1_3_and_5_2_the_opponents_event_dropping_defcon_makes_the_phasing_player_lose() -> None:
    """5.2 NOTE / 8.1.3: USSR plays #4 Duck and Cover for ops at DEFCON 2: the USSR loses."""
    game = action_game(
        "USSR", {"USSR": [4], "US": [US_1_OP]}, influence={"poland": (0, 1)}, defcon=2
    )
    play(game, "play 4 ops", "event-first")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("US", "8.1.3")
    assert game.pending is None


def test_8_1_2_defcon_never_rises_above_5() -> None:
    # #34 Nuclear Test Ban at DEFCON 4: the USSR gains 4 - 2 VP, then DEFCON +2 stops at 5.
    game = action_game("USSR", {"USSR": [34], "US": [US_1_OP]}, defcon=4)
    game.choose("play 34 event")
    assert game.state.defcon == 5
    assert game.state.vp == -2


@pytest.mark.parametrize("defcon", [5, 4, 3, 2])
def test_8_1_5_defcon_closes_regions_to_coups_and_realignment(defcon: int) -> None:
    game = action_game(
        "USSR",
        {"USSR": [USSR_1_OP], "US": [US_1_OP]},
        influence={key: (1, 0) for key in ONE_PER_REGION},
        defcon=defcon,
    )
    game.choose("play 10 ops")
    open_countries = {k for k, region in ONE_PER_REGION.items() if region not in CLOSED_AT[defcon]}
    assert targets(game, "coup") == open_countries
    assert targets(game, "realign") == open_countries
    # Influence placement is not restricted by DEFCON.
    assert "poland" in targets(game, "infl")


@pytest.mark.parametrize("turn", [1, 2])
@pytest.mark.parametrize(("before", "after"), [(2, 3), (3, 4), (4, 5), (5, 5)])
def test_8_1_6_defcon_improves_by_one_at_the_start_of_each_turn(
    turn: int, before: int, after: int
) -> None:
    """8.1.6: every turn, the first one too (a position may open turn 1 below 5)."""
    game = game_at("turn-start", turn=turn, defcon=before)
    assert game.pending is not None
    assert game.pending.kind == "headline"
    assert game.state.defcon == after


def test_8_2_1_example_us_two_milops_at_defcon_4_gives_the_ussr_2_vp() -> None:
    game = game_at("turn-end", defcon=4, milops={"US": 2, "USSR": 4})
    assert game.state.vp == -2
    assert game.state.milops == {"US": 0, "USSR": 0}  # the markers return to 0
    assert game.state.turn == 2


@pytest.mark.parametrize(
    ("us", "ussr", "vp"),
    [(1, 3, -2), (3, 1, 2), (2, 2, 0), (0, 0, 0), (5, 0, 4)],
)
def test_8_2_1_when_both_fall_short_only_the_net_difference_counts(
    us: int, ussr: int, vp: int
) -> None:
    game = game_at("turn-end", defcon=4, milops={"US": us, "USSR": ussr})
    assert game.state.vp == vp


def test_8_2_2_realignment_is_not_a_military_operation() -> None:
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"north-korea": (0, 3)},
        forced_dice=[5, 2],
    )
    play(game, "play 19 ops", "realign north-korea")
    assert game.state.milops == {"US": 0, "USSR": 0}


def test_8_2_3_a_war_card_played_as_its_event_is_military_operations() -> None:
    game = action_game(
        "USSR",
        {"USSR": [13], "US": [US_1_OP]},
        influence={"israel": (1, 0)},
        forced_dice=[6, 6],
    )
    game.choose("play 13 event")
    assert game.state.milops["USSR"] == 2
    assert game.state.milops["US"] == 0
