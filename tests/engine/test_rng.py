"""The seeded generator: SplitMix64 exactly, so a game replays on any Python version."""

from __future__ import annotations

import pytest

from cold_war_tui.engine.rng import below, seed_state, shuffle


def test_raw_outputs_match_the_splitmix64_reference_vectors() -> None:
    # The published SplitMix64 outputs for seed 0 (n = 2**64 returns the raw output).
    state = seed_state(0)
    outputs = []
    for _ in range(3):
        state, value = below(state, 1 << 64)
        outputs.append(value)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_dice_are_uniform_over_many_draws() -> None:
    state = seed_state(7)
    counts = [0] * 6
    for _ in range(60_000):
        state, value = below(state, 6)
        counts[value] += 1
    assert all(9_500 < count < 10_500 for count in counts)


def test_shuffle_is_a_permutation_fixed_by_the_seed() -> None:
    first, second = list(range(20)), list(range(20))
    shuffle(seed_state(3), first)
    shuffle(seed_state(3), second)
    assert first == second != list(range(20))
    assert sorted(first) == list(range(20))


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="positive"):
        below(seed_state(1), 0)
