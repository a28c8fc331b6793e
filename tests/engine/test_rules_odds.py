"""The odds a player sees before a roll (engine/odds.py): coups 6.3.2, realignment 6.2.2,
the space race 6.4.1. Each is checked against the rule's example and against the roll
itself (forced dice): the lowest die the odds name wins, the one below loses."""

from __future__ import annotations

from fractions import Fraction

import pytest
from engine_scenarios import CHINA, action_game, infl, log_text, play

from cold_war_tui.engine import Game
from cold_war_tui.engine.odds import IMPOSSIBLE

US_1_OP, US_3_OPS = 19, 4  # Truman Doctrine, Duck and Cover (US events: no opponent event)
USSR_1_OP = 10  # Blockade


def mexico(*dice: int) -> Game:
    """6.3 example: the US plays a 3-ops card to coup Mexico (stability 2; USSR 2, US 0)."""
    game = action_game(
        "US",
        {"US": [US_3_OPS], "USSR": [USSR_1_OP]},
        influence={"mexico": (0, 2)},
        defcon=5,
        forced_dice=list(dice),
    )
    game.choose("play 4 ops")
    return game


def test_6_3_2_odds_of_the_mexico_example() -> None:
    odds = mexico().coup_odds("mexico")
    assert (odds.side, odds.ops, odds.modifier, odds.target) == ("US", 3, 0, 4)
    assert (odds.needed, odds.chance) == (2, Fraction(5, 6))  # die + 3 > 4: 2 or more
    assert (odds.best, odds.opponent_influence) == (5, 2)  # a 6 removes 2 and places 3


@pytest.mark.parametrize(("die", "succeeds"), [(1, False), (2, True)])
def test_6_3_2_the_needed_roll_is_the_lowest_that_succeeds(die: int, succeeds: bool) -> None:
    game = mexico(die)
    game.choose("coup mexico")
    assert (infl(game, "mexico") != (0, 2)) == succeeds


def test_6_3_2_coup_odds_count_the_china_cards_bonus_in_asia_only() -> None:
    """9.x: the China Card's 4 ops are 5 when every point goes to Asia."""
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"north-korea": (0, 3), "iraq": (0, 3)},
        china={"holder": "US", "face_up": True},
        defcon=5,
    )
    game.choose(f"play {CHINA} ops")
    assert game.coup_odds("north-korea").ops == 5
    assert game.coup_odds("iraq").ops == 4


def test_6_3_2_coup_odds_count_salt_and_an_impossible_coup_says_so() -> None:
    """#43 SALT Negotiations: -1 to every coup roll this turn. A 1-op coup in stability 4
    (2 x 4 = 8) cannot win even with a 6."""
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"israel": (0, 1), "mexico": (0, 1)},
        turn_effects={"coup-malus": 1},
        defcon=5,
    )
    game.choose("play 19 ops")
    salt = game.coup_odds("mexico")  # 6 + 1 - 1 = 6 > 4: a 4 or more
    assert (salt.modifier, salt.needed, salt.chance) == (-1, 5, Fraction(2, 6))
    hopeless = game.coup_odds("israel")
    assert (hopeless.needed, hopeless.chance, hopeless.best) == (IMPOSSIBLE, 0, -2)


def test_6_3_2_coup_odds_need_a_pending_operation() -> None:
    game = action_game("US", {"US": [US_3_OPS], "USSR": [USSR_1_OP]})
    with pytest.raises(ValueError, match="no operation"):
        game.coup_odds("mexico")
    game.choose("play 4 ops")
    with pytest.raises(ValueError, match="no country 'atlantis'"):
        game.coup_odds("atlantis")


def north_korea(*dice: int) -> Game:
    """6.2.2 example: the US realigns North Korea (USSR 3, US none)."""
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"north-korea": (0, 3)},
        forced_dice=list(dice),
    )
    game.choose("play 19 ops")
    return game


def test_6_2_2_odds_of_the_north_korea_example() -> None:
    """The US gets nothing; the USSR +1 (adjacent to the USSR) and +1 (more influence):
    the US wins only when its die beats the USSR's by 3 or more (6 of 36)."""
    odds = north_korea().realign_odds("north-korea", "US")
    assert odds.roller.total == 0
    assert (odds.defender.superpower, odds.defender.more_influence) == (1, 1)
    assert (odds.defender.adjacent, odds.defender.effects, odds.defender.total) == (0, 0, 2)
    assert (odds.gain, odds.tie, odds.loss) == (Fraction(6, 36), Fraction(4, 36), Fraction(26, 36))
    assert not odds.loss_costs  # the US has no influence there to lose


def test_6_2_2_realignment_odds_count_adjacent_control() -> None:
    """+1 for each adjacent country the roller controls (South Korea, stability 3)."""
    game = action_game(
        "US",
        {"US": [US_1_OP], "USSR": [USSR_1_OP]},
        influence={"north-korea": (1, 3), "south-korea": (3, 0)},
    )
    game.choose("play 19 ops")
    odds = game.realign_odds("north-korea", "US")
    assert (odds.roller.adjacent, odds.roller.total, odds.defender.total) == (1, 1, 2)
    assert odds.loss_costs  # a lower roll takes the US's 1 influence


def test_6_2_2_the_log_gives_the_modifiers_behind_each_total() -> None:
    game = north_korea(5, 2)
    play(game, "realign north-korea")
    assert (
        "realignment in North Korea: US 5 vs USSR 4 (USSR +1 superpower +1 more influence)"
    ) in "\n".join(log_text(game))
    assert infl(game, "north-korea") == (0, 2)


def test_6_4_1_space_odds_name_the_next_box_and_its_roll() -> None:
    game = action_game("USSR", {"USSR": [USSR_1_OP], "US": [US_1_OP]}, space={"US": 8, "USSR": 0})
    first = game.space_odds("USSR")
    assert first is not None
    assert (first.box, first.name, first.ops_needed, first.roll_max) == (1, "Earth Satellite", 2, 3)
    assert first.chance == Fraction(1, 2)
    assert game.space_odds("US") is None  # 6.4.6: the last box was reached
