"""The search's rollouts: a choice that rolls a die is judged without knowing the die.

A rollout plays on in one determinized world, whose generator fixes the dice to come.
One step of lookahead on a fork of that world would roll the very die the rollout then
rolls, so a coup or a realignment roll would be chosen just where it succeeds, and the
search would value dice far above what they are worth (strong realigned in 8% of its
plays against itself; experts in 2%). `Policy` judges such choices in a copy with fresh
dice (`worlds.rolls_dice`).
"""

from __future__ import annotations

import random

from bot_positions import ussr_to_play

from cold_war_tui.bots.worlds import Policy
from cold_war_tui.engine import Target

RED_SCARE = 31  # USSR, 4 ops
WORLDS = 40


def test_the_rollout_policy_s_coups_succeed_only_as_often_as_the_dice_allow() -> None:
    """The USSR's 4 ops, a coup in Syria (stability 2, US 2) against influence
    elsewhere: the coup gains USSR influence there only on a roll of 3 or more, 2 in 3.
    A policy that knew its world's die would choose the coup just when it gains."""
    game = ussr_to_play([RED_SCARE, 10], defcon=4, influence={"syria": {"us": 2, "ussr": 0}})
    game.choose(f"play {RED_SCARE} ops")
    coups = gains = 0
    for seed in range(WORLDS):
        world = game.determinize("USSR", seed)
        move = Policy(random.Random(seed)).choose(world)
        if isinstance(move, Target) and move.verb == "coup":
            coups += 1
            before = world.state.influence[move.country].ussr
            world.choose(move)
            gains += world.state.influence[move.country].ussr > before
    assert coups >= WORLDS // 4  # the coup is a real candidate here
    assert gains / coups < 0.85  # not chosen knowing the die (2 in 3 is the chance)
