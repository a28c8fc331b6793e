"""Saves and replays: a game is its settings plus its decisions (requirement 1; no dice)."""

from __future__ import annotations

import json
import random

import pytest

from cold_war_tui.duel import Cell, DuelGame, DuelSettings, SaveError

from .helpers import play_random, random_choice

VARIANTS = [
    DuelSettings(),
    DuelSettings(start_defcon=2, first_player="B", announce_foiled=True),
    DuelSettings(impacts="end_of_round", sabotage_lasts="one_round", abm_stops="per_game"),
    DuelSettings(last_player="one_salvo", missiles_per_silo=1, escalation="round"),
    DuelSettings(sabotage_groups=False, abm_cover="cross", missiles_destroy_groups=True),
]


@pytest.mark.parametrize("settings", VARIANTS)
@pytest.mark.parametrize("seed", range(4))
def test_json_round_trip_and_replay_give_the_same_state(settings: DuelSettings, seed: int) -> None:
    """Requirement 1: to_json/from_json and replay from the choices rebuild the same state,
    at the end and in the middle of a game."""
    rng = random.Random(seed)
    game = DuelGame(settings)
    step = 0
    while game.pending is not None:
        if step % 5 == 0:
            restored = DuelGame.from_json(game.to_json())
            assert restored.snapshot() == game.snapshot()
            assert restored.pending == game.pending
        game.apply(random_choice(game, rng))
        step += 1
    assert DuelGame.from_json(game.to_json()).snapshot() == game.snapshot()
    assert DuelGame.replay(settings, game.choices()).snapshot() == game.snapshot()
    assert DuelGame.from_json(game.to_json()).result == game.result


def test_marks_survive_a_save() -> None:
    """I11: private marks are part of the save, though not of the decisions."""
    game = play_random(DuelSettings(), 1)
    game.set_mark("A", Cell.parse("Д4"), "x")
    game.set_mark("B", Cell.parse("А1"), "?")
    again = DuelGame.from_json(game.to_json())
    assert again.view("A").marks == ((Cell.parse("Д4"), "x"),)
    assert again.view("B").marks == ((Cell.parse("А1"), "?"),)


def test_the_same_decisions_always_give_the_same_game() -> None:
    """Requirement 1: pure and deterministic; nothing is random in the engine."""
    first = play_random(DuelSettings(), 42)
    second = play_random(DuelSettings(), 42)
    assert first.to_json() == second.to_json()


def test_a_save_that_does_not_replay_is_refused() -> None:
    """Requirement 1: the state check in a save catches a tampered record."""
    game = play_random(DuelSettings(), 5)
    data = json.loads(game.to_json())
    data["state"]["sides"]["A"]["cities"][0]["destroyed_on"] = 99
    with pytest.raises(SaveError, match="do not replay to the saved state"):
        DuelGame.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    data["choices"][0]["player"] = "B"
    with pytest.raises(SaveError, match="decision 1 is by the wrong player"):
        DuelGame.from_json(json.dumps(data))
    with pytest.raises(SaveError, match="unreadable duel save"):
        DuelGame.from_json("{not json")
    with pytest.raises(SaveError, match="known version"):
        DuelGame.from_json('{"format": "other"}')
