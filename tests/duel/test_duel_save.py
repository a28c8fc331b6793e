"""Saves and replays: a game is its settings plus its decisions (requirement 1; no dice)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cold_war_tui.duel import Cell, DuelGame, DuelSettings, SaveError, saves

from .helpers import game_with, play_random, random_choice

VARIANTS = [
    DuelSettings(),
    DuelSettings(start_defcon=2, first_player="B", passes_end_game=False),
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


def save_data(**changes: Any) -> str:
    """A save of a short legal game (both placed, one move), with top-level fields changed."""
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=2,
    )  # fmt: skip
    game.choose("МБР А2 Цели Г4")
    data = json.loads(game.to_json())
    data.update(changes)
    return json.dumps(data, ensure_ascii=False, indent=1)


TRUNCATED = save_data()[:300]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "the file is empty"),
        ("   \n", "the file is empty"),
        (TRUNCATED, "not valid JSON, the file is truncated or corrupt"),
        ("{not json", r"not valid JSON.*\(Expecting property name .* line 1, column 2\)"),
        ("[1, 2]", "not a DEFCON duel save: it has no 'format' field"),
        ('{"format": "other"}', "not a DEFCON duel save: its format is 'other'"),
        (save_data(version=2), r"newer version of Cold War TUI \(save version 2; this version "),
        (save_data(version=0), "not a DEFCON duel save of a known version: version 0"),
        (save_data(version="1"), "of a known version: version '1'"),
        (save_data(settings={"cities": 99}), "bad setting cities: Input should be less than"),
        (save_data(settings=None), "the rule settings are missing"),
        (save_data(choices=None), "the list of decisions .* is missing"),
        (save_data(choices=[{"player": "A"}]), "decision 1 is not a player and a text"),
        (
            save_data(choices=[{"player": "A", "text": "Города И9"}]),
            r"decision 1 \(A\) does not replay: 'И9': row letter 'И' is not one of",
        ),
        (save_data(marks={"A": {"Б2": "xx"}}), "mark 'Б2' of A: a mark is one visible character"),
        (save_data(marks={"A": {"Щ2": "x"}}), "mark 'Щ2' of A"),
        (save_data(marks=[]), "the private marks are not a table"),
    ],
)
def test_a_bad_save_is_refused_with_a_message_naming_the_problem(text: str, problem: str) -> None:
    """Saves: an empty, truncated, corrupt, foreign, future-version or altered save raises
    SaveError (a ValueError) whose message names the problem."""
    with pytest.raises(SaveError, match=problem):
        DuelGame.from_json(text)


def test_a_save_of_a_later_game_state_is_refused_when_decisions_are_missing() -> None:
    """Saves: a save whose decisions were cut short no longer replays to its state."""
    data = json.loads(save_data())
    data["choices"] = data["choices"][:-1]
    with pytest.raises(SaveError, match="do not replay to the saved state"):
        DuelGame.from_json(json.dumps(data))
    data["choices"].append({"player": "A", "text": "Продолжить"})
    with pytest.raises(SaveError, match=r"decision 3 \(A\) does not replay"):
        DuelGame.from_json(json.dumps(data))


def test_summary_of_a_save_tells_no_secret() -> None:
    """Saves: the one-line summary shown in the list of saves: whose turn, DEFCON, the count."""
    assert saves.summary(DuelGame()) == "set-up, A to place"
    game = DuelGame.from_json(save_data())
    assert saves.summary(game) == "turn 2, DEFCON 4, B to move"
    ended = play_random(DuelSettings(), 3)
    assert ended.result is not None
    text = saves.summary(ended)
    assert text.startswith(f"over: cities A {ended.result.cities['A']}, B ")


def test_a_pass_and_a_sabotage_only_move_are_saved_and_replayed() -> None:
    """Issue 15 item 1: passes and sabotage-only moves are decisions like any other: they go
    into the save in notation ('Пас', 'ДРГ ...') and replay to the same state."""
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=2,
    )  # fmt: skip
    game.choose("Пас")
    game.choose("ДРГ Е5")
    text = game.to_json()
    assert [c["text"] for c in json.loads(text)["choices"][2:]] == ["Пас", "ДРГ Е5\nСвои ДРГ А3"]
    assert DuelGame.from_json(text).snapshot() == game.snapshot()


def test_a_save_from_before_the_pass_rule_still_loads() -> None:
    """Saves: a save written before this version has `announce_foiled` (now retired) and no
    `passes_end_game` among its settings; it loads, under the default rules."""
    data = json.loads(save_data())
    del data["settings"]["passes_end_game"]
    data["settings"]["announce_foiled"] = False
    game = DuelGame.from_json(json.dumps(data))
    assert game.settings == DuelSettings.model_validate(
        {k: v for k, v in data["settings"].items() if k != "announce_foiled"}
    )
    assert game.snapshot() == data["state"]
