"""The scoring cards and the events with no choice of their own (VP, DEFCON and space
moves: #4, #18, #34, #48, #78, #84, #85): one exact-effect test per card."""

from __future__ import annotations

import pytest
from engine_scenarios import action_game, ids, infl, play

from cold_war_tui.engine.events.registry import EVENTS
from cold_war_tui.engine.scoring import southeast_asia_score
from cold_war_tui.gamedata import load_default_data


def test_every_cancelled_card_registers_the_lasting_effects_a_cancel_ends() -> None:
    """The `cancels` of data/cards.yaml end the effects an event registered (#42 -> #106,
    #96 -> #55, #97 -> #59); a cancelled card without them would be cancelled in name only."""
    data = load_default_data()
    cancelled = {target for card in data.cards for target in card.cancels}
    assert cancelled == {55, 59, 106}
    assert all(EVENTS[card].effects for card in cancelled)


# USSR control of one battleground: presence + 1 per battleground (+1 next to the US).
@pytest.mark.parametrize(
    ("card", "country", "stability", "vp"),
    [
        (1, "north-korea", 3, 3 + 1),  # Asia: presence 3
        (2, "poland", 3, 3 + 1),  # Europe: presence 3
        (3, "iraq", 3, 3 + 1),  # Middle East: presence 3
        (37, "cuba", 3, 1 + 1 + 1),  # Central America: presence 1, Cuba is next to the US
        (79, "nigeria", 1, 1 + 1),  # Africa: presence 1
        (81, "chile", 3, 2 + 1),  # South America: presence 2
    ],
)
def test_scoring_cards_score_their_region(card: int, country: str, stability: int, vp: int) -> None:
    game = action_game("USSR", {"USSR": [card], "US": [4]}, influence={country: (0, stability)})
    play(game, f"play {card} event")
    assert game.state.vp == -vp
    assert card in game.state.discard  # scoring cards are not starred...


def test_38_southeast_asia_scoring_counts_each_sides_countries_from_0() -> None:
    game = action_game("USSR", {"USSR": [38], "US": [19]}, influence={"vietnam": (0, 1)})
    assert southeast_asia_score(game._core) == {"US": 0, "USSR": 1}
    game.choose("play 38 event")
    assert game.state.vp == -1


def test_38_southeast_asia_scoring_thailand_counts_two() -> None:
    influence = {"thailand": (0, 2), "vietnam": (0, 1)}
    game = action_game("USSR", {"USSR": [38], "US": [4]}, influence=influence)
    play(game, "play 38 event")
    assert game.state.vp == -3
    assert 38 in game.state.removed  # ...except Southeast Asia Scoring


def test_4_duck_and_cover_lowers_defcon_then_scores_5_minus_defcon() -> None:
    game = action_game("US", {"US": [4], "USSR": [7]}, defcon=4)
    play(game, "play 4 event")
    assert (game.state.defcon, game.state.vp) == (3, 2)


def test_18_captured_nazi_scientist_advances_one_space_box_with_its_vp() -> None:
    game = action_game("US", {"US": [18], "USSR": [7]})
    play(game, "play 18 event")
    assert (game.state.space["US"], game.state.vp) == (1, 2)
    assert 18 in game.state.removed


def test_34_nuclear_test_ban_scores_defcon_minus_2_then_raises_defcon_by_2() -> None:
    game = action_game("USSR", {"USSR": [34], "US": [4]}, defcon=4)
    play(game, "play 34 event")
    assert (game.state.defcon, game.state.vp) == (5, -2)


def test_48_kitchen_debates_needs_more_us_controlled_battlegrounds() -> None:
    influence = {"mexico": (2, 0), "france": (3, 0), "poland": (0, 3)}
    game = action_game("US", {"US": [48], "USSR": [7]}, influence=influence)
    play(game, "play 48 event")
    assert game.state.vp == 2
    even = action_game(
        "US", {"US": [48], "USSR": [7]}, influence={"mexico": (2, 0), "poland": (0, 3)}
    )
    play(even, "play 48 event")
    assert even.state.vp == 0


def test_78_alliance_for_progress_one_vp_per_american_battleground() -> None:
    influence = {"mexico": (2, 0), "panama": (2, 0), "chile": (3, 0), "cuba": (0, 3)}
    game = action_game("US", {"US": [78], "USSR": [7]}, influence=influence)
    play(game, "play 78 event")
    assert game.state.vp == 3


def test_84_reagan_bombs_libya_one_vp_per_two_ussr_influence() -> None:
    game = action_game("US", {"US": [84], "USSR": [7]}, influence={"libya": (0, 5)})
    play(game, "play 84 event")
    assert game.state.vp == 2


def test_85_star_wars_plays_a_discarded_event_when_ahead_in_space() -> None:
    game = action_game(
        "US",
        {"US": [85], "USSR": [7]},
        space={"US": 2, "USSR": 1},
        discard=[4, 1],
        defcon=4,
    )
    play(game, "play 85 event")
    assert ids(game) == ["take 4"]  # scoring cards are never offered
    play(game, "take 4")
    assert (game.state.defcon, game.state.vp) == (3, 2)  # Duck and Cover happened
    assert 4 in game.state.discard and 85 in game.state.removed
    assert infl(game, "libya") == (0, 0)


def test_85_star_wars_has_no_effect_when_not_ahead() -> None:
    game = action_game("US", {"US": [85], "USSR": [7]}, space={"US": 1, "USSR": 1}, discard=[4])
    play(game, "play 85 event")
    assert 4 in game.state.discard
    assert 85 in game.state.removed  # no effect still counts as played (5.2)
