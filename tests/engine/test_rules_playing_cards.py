"""Chapter 5 (playing cards): 5.1 and the worked examples of 5.2, with 8.2.4."""

from __future__ import annotations

import pytest
from engine_scenarios import action_game, game_at, greyed, ids, infl, play

from cold_war_tui.engine import IllegalChoice


def test_5_1_a_player_holding_cards_may_not_pass() -> None:
    game = action_game("USSR", {"USSR": [7], "US": [4]})
    assert "pass" not in ids(game)
    assert "5.1" in greyed(game)["pass"]
    before = game.state
    with pytest.raises(IllegalChoice, match=r"5\.1"):
        game.choose("pass")
    assert game.state == before


def test_5_1_a_player_without_cards_passes_without_a_decision() -> None:
    # The USSR has no card (and no China Card): its round passes by itself.
    game = action_game("USSR", {"USSR": [], "US": [4]}, china={"holder": "US"})
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("US", "action")
    assert game.state.rounds_taken["USSR"] == 1


def test_5_1_a_card_is_played_as_event_or_for_ops_never_both() -> None:
    # The USSR's own card: the event, or operations with no event.
    game = action_game("USSR", {"USSR": [7], "US": [4]}, influence={"poland": (0, 1)})
    assert {"play 7 event", "play 7 ops"} <= set(ids(game))
    play(game, "play 7 ops", "infl poland", "infl poland", "infl poland")
    assert 7 not in game.state.events_played
    assert 7 in game.state.discard


def test_5_2_example_1_nato_for_ops_before_its_prerequisites_goes_to_discard() -> None:
    """5.2 example 1: USSR plays #21 NATO for 4 ops before #16 and #23."""
    game = action_game("USSR", {"USSR": [21], "US": [4]}, influence={"poland": (0, 1)})
    game.choose("play 21 ops")
    # No before/after question: the US event cannot happen, the ops follow at once.
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("USSR", "operation")
    assert game.pending.context["ops"] == 4
    play(game, "infl poland", "infl poland", "infl poland", "infl poland")
    assert infl(game, "poland") == (0, 5)
    state = game.state
    assert 21 in state.discard
    assert 21 not in state.removed
    assert 21 not in state.in_play
    assert 21 not in state.events_played
    assert (game.pending.player, game.pending.kind) == ("US", "action")


def test_5_2_example_1_the_us_may_not_play_nato_before_its_prerequisites() -> None:
    game = action_game("US", {"USSR": [7], "US": [21]})
    assert "play 21 event" not in ids(game)
    assert "play 21 event" in greyed(game)
    with pytest.raises(IllegalChoice):
        game.choose("play 21 event")


def test_5_2_example_2_arab_israeli_war_under_camp_david_accords() -> None:
    """5.2 example 2: US plays #13 for 2 ops while #65 Camp David Accords is in effect."""
    game = action_game(
        "US",
        {"USSR": [7], "US": [13]},
        influence={"israel": (1, 0)},
        in_play=[65],
        events_played=[65],
    )
    game.choose("play 13 ops")
    assert game.pending is not None
    assert game.pending.kind == "operation"  # no event, no before/after question
    play(game, "infl israel", "infl israel")
    state = game.state
    assert infl(game, "israel") == (3, 0)
    assert 13 in state.discard
    assert 13 not in state.events_played
    assert state.milops == {"US": 0, "USSR": 0}  # the war did not happen (8.2.4)


def test_5_2_example_3_alliance_for_progress_without_effect_is_removed() -> None:
    """5.2 example 3: USSR plays #78 with no US battleground in the Americas."""
    game = action_game("USSR", {"USSR": [78], "US": [4]}, influence={"poland": (0, 1)})
    game.choose("play 78 ops")
    # The phasing player chooses the order (5.2).
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("USSR", "event_order")
    play(game, "event-first", "infl poland", "infl poland", "infl poland")
    state = game.state
    assert state.vp == 0
    assert 78 in state.events_played
    assert 78 in state.removed
    assert 78 not in state.discard


def test_5_2_example_4_star_wars_with_the_us_not_ahead_is_removed() -> None:
    """5.2 example 4: USSR plays #85 Star Wars while the US is not ahead in space."""
    game = action_game(
        "USSR",
        {"USSR": [85], "US": [4]},
        influence={"poland": (0, 1)},
        turn=8,
        space={"US": 1, "USSR": 1},
        discard=[5],
    )
    play(game, "play 85 ops", "ops-first", "infl poland", "infl poland")
    state = game.state
    assert 85 in state.removed
    assert 85 in state.events_played
    assert 5 in state.discard  # Star Wars took nothing from the discard pile
    assert infl(game, "poland") == (0, 3)


def test_5_2_note_the_opponent_resolves_the_triggered_events_choices() -> None:
    # With the US ahead in space, Star Wars (played by the USSR for ops) is the US's to resolve.
    game = action_game(
        "USSR",
        {"USSR": [85], "US": [4]},
        influence={"poland": (0, 1)},
        turn=8,
        space={"US": 2, "USSR": 1},
        discard=[5],
    )
    play(game, "play 85 ops", "event-first")
    assert game.pending is not None
    assert (game.pending.player, game.pending.kind) == ("US", "star_wars")
    assert "take 5" in ids(game)


def test_5_2_ops_first_then_the_opponents_event() -> None:
    # #4 Duck and Cover (US) for the USSR's ops, ops first: DEFCON drops only afterwards.
    game = action_game("USSR", {"USSR": [4], "US": [19]}, influence={"poland": (0, 1)})
    play(game, "play 4 ops", "ops-first", "infl poland", "infl poland")
    assert game.state.defcon == 5
    game.choose("infl poland")
    state = game.state
    assert state.defcon == 4
    assert state.vp == 1  # the US gains 5 - DEFCON
    assert 4 in state.events_played
    assert 4 in state.discard  # not starred


def test_8_2_4_example_arab_israeli_war_for_ops_advances_the_ussr_milops() -> None:
    """8.2.4: US plays #13 for ops; the USSR war event advances the USSR's milops by 2."""
    game = action_game(
        "US",
        {"USSR": [7], "US": [13]},
        influence={"israel": (1, 0), "syria": (0, 1)},
        forced_dice=[6, 6],
    )
    play(game, "play 13 ops", "event-first")
    assert game.state.milops == {"US": 0, "USSR": 2}
    assert 13 in game.state.events_played


def test_5_2_a_starred_event_that_cannot_happen_goes_to_the_discard_pile() -> None:
    """5.2 / 7.5: #55 Willy Brandt (starred) headlined after Tear Down This Wall prevents it:
    no event, so the card is discarded, not removed from the game."""
    game = game_at(
        "headline",
        headline={"USSR": 55, "US": 19},
        hands={"USSR": [7], "US": [4]},
        events_played=[96],
        influence={"italy": (0, 1)},
    )
    state = game.state
    assert 55 in state.discard and 55 not in state.removed
    assert state.vp == 0
