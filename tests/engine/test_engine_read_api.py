"""The engine's public read API (issue 20): what a UI or a bot asks instead of re-deriving.

Each answer is held to what the rules then do: a region's score to the VP its scoring
card gives, a card's ops to the action menu, the rounds left to the rounds played.
"""

from __future__ import annotations

import pytest
from engine_scenarios import SIDES, action_game

from cold_war_tui.bots.random import bot_for_game
from cold_war_tui.engine import Game, GameOptions

# The region scoring cards whose event is exactly "score the region now" (10.x).
SCORING = {1: "asia", 2: "europe", 3: "middle-east", 37: "central-america", 79: "africa"}
SCORING[81] = "south-america"


def test_a_scoring_card_scores_what_region_scores_announced() -> None:
    """10.x: over seeded games, each region scoring card played scores each side at the
    level and VP that `Game.region_scores` showed just before it (read from the log)."""
    checked = 0
    for seed in range(0, 120, 2):  # even seeds: bots that play scoring cards first
        game = Game.new(GameOptions(seed=seed))
        names = {r.key: r.name for r in game.data.regions}
        bot = bot_for_game(seed)
        while (pending := game.pending) is not None:
            choice = bot.choose(pending)
            verb, *rest = choice.split()
            scored = verb == "play" and rest[1] == "event" and int(rest[0]) in SCORING
            region = SCORING[int(rest[0])] if scored else ""
            score = game.region_scores()[region] if scored else {}
            logged = len(game.log)
            game.choose(choice)
            if scored and game.outcome is not None:
                event = f"event of #{rest[0]} "
                if not any(event in str(e) for e in game.log[logged:]):
                    continue  # the game ended before the card scored (#50's 3 VP come first)
            for side, status in score.items():
                line = f"{names[region]}: {side} {status.level} ("
                found = [str(e) for e in game.log[logged:] if line in str(e)]
                assert found and found[0].endswith(f"= {status.vp} VP"), (seed, found)
                checked += 1
    assert checked >= 60


def test_a_cards_ops_are_the_ops_the_action_menu_offers() -> None:
    """Every `play N ops` entry of every action menu shows `Game.ops_value(N, side)`."""
    seen = 0
    for seed in range(20):
        game = Game.new(GameOptions(seed=seed))
        bot = bot_for_game(seed)
        while (pending := game.pending) is not None:
            if pending.kind == "action":
                for choice in pending.choices:
                    verb, *rest = choice.id.split()
                    if verb == "play" and rest[1] == "ops":
                        ops = game.ops_value(int(rest[0]), pending.player)
                        assert f": {ops} op" in choice.label  # "1 op", "2 ops"
                        seen += 1
            game.choose(bot.choose(pending))
    assert seen > 500


def test_ops_value_applies_this_turns_modifiers_and_refuses_what_is_no_card() -> None:
    game = action_game(
        "USSR", {"USSR": [7, 1], "US": [21]}, turn_effects={"ops-bonus:USSR": 1}
    )  # #7 Socialist Governments: 3 ops; #1 Asia Scoring: none
    assert game.ops_value(7, "USSR") == 4
    assert game.ops_value(7, "US") == 3
    assert game.ops_value(1, "USSR") == 0
    assert game.ops_value(6, "US") == 4  # the China Card (9.x)
    with pytest.raises(ValueError):
        game.ops_value(999, "US")
    with pytest.raises(ValueError):
        game.ops_value(7, "NATO")


def test_action_rounds_and_rounds_left_count_the_turns_rounds() -> None:
    """6 rounds in turns 1-3, 7 from turn 4, one more at space box 8 or by #86's effect;
    a round counts as left until it is over."""
    game = action_game("USSR", {"USSR": [7], "US": [21]}, action_round=3)
    assert (game.action_rounds("USSR"), game.action_rounds("US")) == (6, 6)
    assert (game.rounds_left("USSR"), game.rounds_left("US")) == (4, 4)
    game.choose("play 7 ops")
    while game.pending is not None and game.pending.player == "USSR":
        game.choose(game.pending.choices[0].id)
    assert (game.rounds_left("USSR"), game.rounds_left("US")) == (3, 4)
    later = action_game("US", {"USSR": [7], "US": [21]}, turn=4, space={"US": 8, "USSR": 0})
    assert (later.action_rounds("US"), later.action_rounds("USSR")) == (8, 7)
    extra = action_game("US", {"USSR": [7], "US": [21]}, turn_effects={"extra-round:US": 1})
    assert extra.action_rounds("US") == 7


def test_rounds_left_reach_zero_when_a_side_has_played_its_last_round() -> None:
    for seed in range(10):
        game = Game.new(GameOptions(seed=seed))
        bot = bot_for_game(seed)
        while (pending := game.pending) is not None:
            state = game.state
            if pending.kind == "action":
                assert game.rounds_left(pending.player) >= 1
            if state.phase == "turn-end":
                assert all(game.rounds_left(side) == 0 for side in SIDES)
            game.choose(bot.choose(pending))


def test_control_is_influence_ahead_by_the_stability_in_every_country() -> None:
    """02-full-game, "Map and control", checked for every country of seeded positions."""
    stability = {c.key: c.stability for c in Game.new().data.countries}
    for seed in range(10):
        game = Game.new(GameOptions(seed=seed))
        bot = bot_for_game(seed)
        while (pending := game.pending) is not None and len(game.choices) < 120:
            game.choose(bot.choose(pending))
        control = game.control()
        assert set(control) == set(stability)
        for key, influence in game.state.influence.items():
            if key not in stability:
                continue  # the Chinese Civil War space is nobody's to control
            margin = influence.us - influence.ussr
            expected = "US" if margin >= stability[key] else None
            expected = "USSR" if -margin >= stability[key] else expected
            assert control[key] == expected


@pytest.mark.parametrize(
    ("defcon", "closed"),
    [(5, []), (4, ["europe"]), (3, ["europe", "asia"]), (2, ["europe", "asia", "middle-east"])],
)
def test_closed_regions_follow_defcon(defcon: int, closed: list[str]) -> None:
    """8.1.5: no coups or realignment in Europe at DEFCON 4, Asia at 3, Middle East at 2."""
    game = action_game("US", {"US": [21], "USSR": [7]}, defcon=defcon)
    assert game.closed_regions() == closed
