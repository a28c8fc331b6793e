"""The strong bot's time budget: `think` is when it may stop, CEILING x `think` when it
must (no new world, no new rollout), so that a slow decision stays a few seconds long.

The clock is a fake one that advances only when a rollout runs, so the tests read the
bot's bounds, not the machine's speed.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from bot_positions import ussr_to_play

from cold_war_tui.bots import strong
from cold_war_tui.bots.strong import (
    CEILING,
    CEILING_FLOOR,
    GUARD_MIN,
    SHORTLIST,
    Bounds,
    StrongBot,
)
from cold_war_tui.engine import Game

THINK = 0.25
PAST_CEILING = CEILING * THINK + 0.01
HAND = [7, 8, 9, 11, 12, 13, 14]  # USSR cards enough for a full shortlist of plays


def slow_rollouts(monkeypatch: pytest.MonkeyPatch, seconds: float) -> list[int]:
    """Make every rollout take `seconds` on the bot's clock; the list counts them."""
    clock = SimpleNamespace(now=0.0)
    monkeypatch.setattr(strong, "time", SimpleNamespace(perf_counter=lambda: clock.now))
    original = strong.rollout
    ran: list[int] = []

    def rollout(*args: Any, **kwargs: Any) -> float | None:
        clock.now += seconds
        ran.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(strong, "rollout", rollout)
    return ran


def test_the_first_pass_gives_every_candidate_a_rollout_past_the_think_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past `think` but short of the ceiling, every candidate still gets its rollout:
    a candidate without one could not be weighed at all."""
    slow_rollouts(monkeypatch, THINK)  # the whole of `think` at the first rollout
    analysis = StrongBot(1, think=THINK, iterations=None).analyse(ussr_to_play(HAND), "USSR")
    assert len(analysis.scores) == SHORTLIST
    assert SHORTLIST * THINK < CEILING * THINK == CEILING_FLOOR


def test_a_think_of_0_is_one_full_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """`think` 0 (the tests' quick computer, a quick hint): no time to spare, yet every
    candidate is weighed once; the ceiling's floor leaves room for it."""
    ran = slow_rollouts(monkeypatch, CEILING_FLOOR / (SHORTLIST + 1))
    analysis = StrongBot(1, think=0.0, iterations=None).analyse(ussr_to_play(HAND), "USSR")
    assert len(analysis.scores) == len(ran) == SHORTLIST


def test_no_rollout_begins_past_the_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rollout that takes longer than the ceiling is the decision's only one: the choice is
    the candidate it scored."""
    ran = slow_rollouts(monkeypatch, PAST_CEILING)
    analysis = StrongBot(1, think=THINK, iterations=None).analyse(ussr_to_play(HAND), "USSR")
    assert len(ran) == 1
    assert [move for move, _ in analysis.scores] == [analysis.choice]


def test_past_the_ceiling_the_defcon_2_guard_still_checks_one_world(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At DEFCON 2 the guard plays every candidate in GUARD_MIN worlds within its time;
    past the ceiling it stops after one world, never before it."""
    drawn: list[Game] = []
    original = strong.guard_worlds

    def counted(*args: Any) -> Iterator[Game]:
        for world in original(*args):
            drawn.append(world)
            yield world

    monkeypatch.setattr(strong, "guard_worlds", counted)
    ran = slow_rollouts(monkeypatch, PAST_CEILING)
    StrongBot(1, think=THINK, iterations=None).analyse(ussr_to_play(HAND, defcon=2), "USSR")
    assert len(drawn) == 1
    assert len(ran) >= 2  # the guard's world, then the search's one rollout


@pytest.mark.parametrize(
    ("now", "done", "over"),
    [
        (0.5, 0, False),  # within both bounds
        (1.5, GUARD_MIN - 1, False),  # past soft, short of the least
        (1.5, GUARD_MIN, True),  # past soft with the least done
        (2.5, 0, False),  # past hard with nothing done: one unit is always given
        (2.5, 1, True),  # past hard with one done
    ],
)
def test_a_step_stops_past_soft_with_its_least_done_and_past_hard_with_one(
    monkeypatch: pytest.MonkeyPatch, now: float, done: int, over: bool
) -> None:
    monkeypatch.setattr(strong, "time", SimpleNamespace(perf_counter=lambda: now))
    assert Bounds(soft=1.0, hard=2.0).over(done, least=GUARD_MIN) is over
    assert not Bounds().over(done, least=GUARD_MIN)  # with `iterations`: no time bound
