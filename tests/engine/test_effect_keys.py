"""Typed effects (issue 20): every effect key is defined in `engine/effect_keys.py`, nothing
else in the engine spells one, and a scenario or save naming an unknown effect is refused
with its documented error in one line."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from cold_war_tui.engine import Game, SaveError, ScenarioError, effect_keys
from cold_war_tui.engine.board import SIDES, board_for
from cold_war_tui.engine.effect_keys import KINDS, PERSISTENT, THIS_TURN, key_problem
from cold_war_tui.gamedata import load_default_data
from cold_war_tui.tui.effect_names import EFFECTS, HIDDEN

ENGINE = Path(effect_keys.__file__).resolve().parent
BOARD = board_for(load_default_data())


def _every_built_key() -> list[tuple[str, str]]:
    """(table, key) of every constant, per-side table and constructor of effect_keys."""
    built: list[tuple[str, str]] = []
    for name in dir(effect_keys):
        value = getattr(effect_keys, name)
        if name.startswith("_"):
            continue
        if name.isupper() and isinstance(value, str) and value in KINDS:
            built.append((KINDS[value].lasts, value))
        elif name.isupper() and isinstance(value, dict) and set(value) == set(SIDES):
            built += [(KINDS[key.split(":")[0]].lasts, key) for key in value.values()]
    built += [
        ("game", effect_keys.nato_exempt("france")),
        ("game", effect_keys.no_action("coup", "USSR", "japan")),
        ("game", effect_keys.no_action("realign", "USSR", "japan")),
        ("turn", effect_keys.no_action("influence", "USSR", "europe")),
        ("turn", effect_keys.area_bonus("USSR", "southeast-asia")),
        ("turn", effect_keys.coup_bonus("US", "central-america")),
        ("turn", effect_keys.coup_malus("USSR", "south-america")),
        ("turn", effect_keys.ames_position(12)),
    ]
    return built


def test_every_key_the_rules_build_is_an_effect_of_its_table() -> None:
    built = _every_built_key()
    assert {key.split(":")[0] for _, key in built} == set(KINDS)
    for lasts, key in built:
        known = PERSISTENT if lasts == "game" else THIS_TURN
        assert key_problem(key, known, BOARD) is None, key


def test_a_misspelt_effect_fails_loudly() -> None:
    with pytest.raises(AttributeError):
        effect_keys.NAT0  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(KeyError):
        effect_keys.no_action("cop", "US", "japan")  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        effect_keys.OPS_BONUS["us"]


def test_closure_reads_back_what_no_action_builds() -> None:
    """restrictions.py reads `no-ACTION:SIDE:PLACE` keys through `closure` only."""
    for action in ("coup", "realign", "influence"):
        key = effect_keys.no_action(action, "USSR", "europe")  # type: ignore[arg-type]
        assert effect_keys.closure(key) == ("USSR", action, "europe")
    assert effect_keys.closure(effect_keys.NATO) is None
    assert effect_keys.closure(effect_keys.OPS_BONUS["US"]) is None


def _effect_names_spelt(tree: ast.AST) -> list[str]:
    """String literals (and the fixed start of f-strings) that look like an effect key."""
    found = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                text = first.value
        if text is not None and (text in KINDS or (text.split(":")[0] in KINDS and ":" in text)):
            found.append(text)
    return found


def test_no_engine_module_but_effect_keys_spells_an_effect_key() -> None:
    """A key spelt elsewhere could drift from the registry: only effect_keys builds keys."""
    spelt = {}
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "effect_keys.py":
            continue
        found = _effect_names_spelt(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            spelt[str(path.relative_to(ENGINE))] = found
    assert spelt == {}


def test_every_effect_the_ui_names_is_an_effect_of_the_rules() -> None:
    """The TUI's words for effects (tui/effect_names.py) match keys by pattern: each
    pattern, filled in, is a key the engine defines, and every kind has words or is hidden."""
    filled = {"{side}": "US", "{key}": "europe", "{n}": "12"}
    patterns = [pattern for pattern, _, _ in EFFECTS] + list(HIDDEN)
    for pattern in patterns:
        key = ":".join(filled.get(part, part) for part in pattern.split(":"))
        problems = [key_problem(key, table, BOARD) for table in (PERSISTENT, THIS_TURN)]
        assert None in problems, (pattern, problems)
    assert {pattern.split(":")[0] for pattern in patterns} == set(KINDS)


def test_a_scenario_naming_an_unknown_effect_is_refused_in_one_line() -> None:
    with pytest.raises(ScenarioError) as caught:
        Game.from_scenario({"turn_effects": {"ops-bonsu:US": 1}})
    message = str(caught.value)
    assert message.startswith("scenario field 'turn_effects': 'ops-bonsu:US'"), message
    assert "\n" not in message


@pytest.mark.parametrize("field", ["effects", "turn_effects"])
def test_a_save_naming_an_unknown_effect_is_refused_naming_it(field: str) -> None:
    game = Game.from_scenario({"phase": "action", "turn": 2})
    doc = json.loads(game.to_json())
    doc["snapshot"][field]["norad-typo"] = 1
    with pytest.raises(SaveError) as caught:
        Game.from_json(json.dumps(doc))
    message = str(caught.value)
    assert f"'snapshot.{field}'" in message and "'norad-typo'" in message, message
    assert "\n" not in message
