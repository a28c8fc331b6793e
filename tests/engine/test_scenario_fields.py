"""Scenario documents (docs/scenario.md): a bad value is a ScenarioError naming its field
(issue 14 item 13), and the effect names a scenario may set are those the rules read."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cold_war_tui.bots.random import bot_for_game
from cold_war_tui.engine import Game, GameOptions, ScenarioError
from cold_war_tui.engine.board import board_for
from cold_war_tui.engine.effect_keys import PERSISTENT, THIS_TURN, key_problem
from cold_war_tui.gamedata import load_default_data

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"milops": {"US": -1}}, "milops.US"),
        ({"milops": {"USSR": 6}}, "milops.USSR"),
        ({"space": {"US": -2}}, "space.US"),
        ({"space": {"US": 9}}, "space"),
        ({"space_attempts": {"US": -1}}, "space_attempts.US"),
        ({"rounds_taken": {"USSR": -1}}, "rounds_taken.USSR"),
        ({"events_played": [21, 999]}, "events_played"),
        ({"hands": {"US": [999]}}, "hands.US"),
        ({"hands": {"US": [21], "USSR": [21]}}, "hands.USSR"),
        ({"discard": [6]}, "discard"),
        ({"influence": {"narnia": {"us": 1}}}, "influence"),
        ({"effects": {"made-up-effect": 1}}, "effects"),
        ({"effects": {"nato-exempt:narnia": 1}}, "effects"),
        ({"effects": {"missile-envy:UN": 1}}, "effects"),
        ({"turn_effects": {"nato": 1}}, "turn_effects"),  # NATO is persistent, not this turn
        ({"turn_effects": {"ops-bonus": 1}}, "turn_effects"),  # needs its side
        ({"forced_dice": [7]}, "forced_dice"),
    ],
)
def test_a_bad_scenario_value_is_a_scenario_error_naming_the_field(
    fields: dict[str, Any], named: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        Game.from_scenario(fields)
    message = str(caught.value)
    assert f"'{named}" in message, message
    assert "\n" not in message


def test_a_huge_unknown_key_is_quoted_as_an_excerpt() -> None:
    with pytest.raises(ScenarioError) as caught:
        Game.from_scenario({"effects": {"x" * 100_000: 1}})
    assert len(str(caught.value)) < 300


def test_the_effects_a_scenario_may_set_are_accepted() -> None:
    """Every shape of every known name, with real sides, countries and regions."""
    game = Game.from_scenario(
        {
            "effects": {"nato": 1, "nato-exempt:france": 1, "no-coup:USSR:europe": 1},
            "turn_effects": {"coup-malus": 1, "coup-malus:US:asia": 1, "ames-order:12": 2},
        }
    )
    assert game.state.effects["nato-exempt:france"] == 1
    assert game.state.turn_effects["ames-order:12"] == 2


def _documented_keys(section: str) -> list[str]:
    """The keys of one table of docs/effects.md, placeholders filled in with real names."""
    text = (DOCS / "effects.md").read_text(encoding="utf-8")
    table = text.split(f"## {section}")[1].split("\n## ")[0]
    keys = re.findall(r"^\| `([^`]+)`(?:, `([^`]+)`)?(?: / `([^`]+)`)?", table, re.MULTILINE)
    filled = {"SIDE": "US", "OPP": "USSR", "REGION": "europe", "KEY": "japan", "N": "12"}
    found = [key for row in keys for key in row if key]
    return [":".join(filled.get(part, part) for part in key.split(":")) for key in found]


@pytest.mark.parametrize(
    ("section", "known"), [("Persistent", PERSISTENT), ("This turn", THIS_TURN)]
)
def test_every_documented_effect_key_is_known_to_the_registry(
    section: str, known: dict[str, Any]
) -> None:
    board = board_for(load_default_data())
    keys = _documented_keys(section)
    assert len(keys) >= 14
    for key in keys:
        assert key_problem(key, known, board) is None, key


@pytest.mark.parametrize(
    "options",
    [GameOptions(), GameOptions(first_us_edition=True), GameOptions(chinese_civil_war=True)],
    ids=["standard", "first-us-edition", "chinese-civil-war"],
)
def test_every_effect_the_rules_set_in_play_is_known_to_the_registry(
    options: GameOptions,
) -> None:
    """Random games: every effect key that appears in the state, after any decision, is
    one a scenario may set (so the registry keeps up with the rules)."""
    board = board_for(load_default_data())
    seen: set[tuple[str, str]] = set()
    for seed in range(12):
        game = Game.new(options.model_copy(update={"seed": seed}))
        bot = bot_for_game(seed)
        while (pending := game.pending) is not None:
            game.choose(bot.choose(pending))
            state = game.state
            seen |= {("effects", key) for key in state.effects}
            seen |= {("turn_effects", key) for key in state.turn_effects}
    assert len(seen) >= 10
    for field, key in seen:
        known = PERSISTENT if field == "effects" else THIS_TURN
        assert key_problem(key, known, board) is None, (field, key)
