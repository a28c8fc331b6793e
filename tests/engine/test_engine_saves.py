"""Saves: a save replays to the same game; a corrupt save raises SaveError naming the problem."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_scenarios import action_game, play

from cold_war_tui.engine import Game, GameOptions, SaveError
from cold_war_tui.selfplay import play_random_game


def saved_game() -> tuple[Game, dict[str, Any]]:
    """A game a few choices in (set-up placements), and its save document."""
    game = Game.new(GameOptions(seed=11))
    for _ in range(8):
        assert game.pending is not None
        game.choose(game.pending.choices[0].id)
    return game, json.loads(game.to_json())


def test_a_save_loads_to_an_equal_game() -> None:
    game, _ = saved_game()
    loaded = Game.from_json(game.to_json())
    assert loaded.state == game.state
    assert loaded.choices == game.choices
    assert loaded.pending is not None and game.pending is not None
    assert loaded.pending.choices == game.pending.choices


def test_a_scenario_game_saves_its_scenario_and_dice() -> None:
    game = action_game(
        "US", {"US": [4], "USSR": [7]}, influence={"mexico": (0, 2)}, forced_dice=[4, 6]
    )
    text = play(game, "play 4 ops", "coup mexico").to_json()
    loaded = Game.from_json(text)
    assert loaded.state == game.state
    assert loaded.state.forced_dice == [6]
    assert loaded.to_json() == text


def test_a_finished_game_saves_and_loads() -> None:
    game, _ = play_random_game(5)
    loaded = Game.from_json(game.to_json())
    assert loaded.pending is None
    assert loaded.outcome == game.outcome


def test_rewind_undoes_the_last_choices() -> None:
    game, _ = saved_game()
    earlier = Game.from_json(game.to_json()).rewind(3)
    assert earlier.choices == game.choices[:-3]
    replay = Game.new(game.options)
    for choice in game.choices[:-3]:
        replay.choose(choice)
    assert earlier.state == replay.state


def test_corrupt_save_invalid_json() -> None:
    with pytest.raises(SaveError, match="invalid JSON"):
        Game.from_json('{"format": 1, "choices": [')


def test_corrupt_save_not_an_object() -> None:
    with pytest.raises(SaveError, match="JSON object"):
        Game.from_json("[1, 2, 3]")


def test_corrupt_save_without_a_format_version() -> None:
    _, doc = saved_game()
    del doc["format"]
    with pytest.raises(SaveError, match="format version"):
        Game.from_json(json.dumps(doc))


def test_corrupt_save_from_a_future_format_version() -> None:
    _, doc = saved_game()
    doc["format"] = 99
    with pytest.raises(SaveError, match=r"newer version \(format 99"):
        Game.from_json(json.dumps(doc))


def test_corrupt_save_with_a_choice_that_does_not_replay() -> None:
    _, doc = saved_game()
    doc["choices"][4] = "coup atlantis"
    with pytest.raises(SaveError, match=r"choice 5 \('coup atlantis'\) does not replay"):
        Game.from_json(json.dumps(doc))


def test_corrupt_save_with_choices_that_are_not_strings() -> None:
    _, doc = saved_game()
    doc["choices"] = [1, 2]
    with pytest.raises(SaveError, match="choices"):
        Game.from_json(json.dumps(doc))


def test_corrupt_save_with_an_edited_snapshot() -> None:
    _, doc = saved_game()
    doc["snapshot"]["vp"] = 7
    with pytest.raises(SaveError, match="does not match its replay"):
        Game.from_json(json.dumps(doc))


def test_a_save_from_before_the_rules_version_loads_when_it_replays_the_same() -> None:
    game, doc = saved_game()
    assert doc["rules"] == 3
    del doc["rules"]  # saves made before issue 17 have no rules version
    assert Game.from_json(json.dumps(doc)).state == game.state


def test_a_save_from_older_rules_that_replays_differently_is_refused_saying_so() -> None:
    """Issue 17 changed rules (#5, #106, ...): an older save whose replay now differs is
    refused with one line that names the rules version, not as a damaged file."""
    _, doc = saved_game()
    del doc["rules"]
    doc["snapshot"]["vp"] = 7  # what a different replay looks like
    with pytest.raises(SaveError, match=r"saved under older rules \(version 1; .* version 3"):
        Game.from_json(json.dumps(doc))


def test_corrupt_save_with_a_damaged_snapshot() -> None:
    _, doc = saved_game()
    del doc["snapshot"]["defcon"]
    with pytest.raises(SaveError, match="damaged"):
        Game.from_json(json.dumps(doc))


def test_corrupt_save_with_unknown_options() -> None:
    _, doc = saved_game()
    doc["options"]["cheat"] = True
    with pytest.raises(SaveError, match="damaged"):
        Game.from_json(json.dumps(doc))
