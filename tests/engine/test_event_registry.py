"""The rules' registries are built explicitly (issue 20): one table lists every card's event
and every hook; nothing registers itself at import. The table agrees with cards.yaml: each
card has exactly one event function, or is listed without one, in its period's module."""

from __future__ import annotations

import ast
from pathlib import Path

from cold_war_tui.engine import hooks
from cold_war_tui.engine.events import registry
from cold_war_tui.engine.events.registry import (
    EVENT_TABLE,
    EVENTS,
    HOOKS,
    MODULE_OF,
    WITHOUT_EVENT,
    unimplemented_events,
)
from cold_war_tui.gamedata import load_default_data

EVENTS_DIR = Path(registry.__file__).resolve().parent
# The module each period's events live in; scoring_cards holds the scoring cards of all.
PERIOD_MODULES = {
    "Early": {"early_war"},
    "Mid": {"mid_war", "mid_war_lasting"},
    "Late": {"late_war"},
}


def test_every_card_of_the_data_has_exactly_one_event_or_is_listed_without_one() -> None:
    data = load_default_data()
    numbers = [spec.number for spec in EVENT_TABLE]
    assert len(numbers) == len(set(numbers)), "a card is in the table twice"
    assert set(numbers).isdisjoint(WITHOUT_EVENT)
    assert set(numbers) | set(WITHOUT_EVENT) == {card.number for card in data.cards}
    assert WITHOUT_EVENT.keys() == {6}  # the China Card (9.x)
    assert unimplemented_events() == frozenset()


def test_each_card_lives_in_the_module_of_its_period_or_theme() -> None:
    """The card -> module index (MODULE_OF) against cards.yaml's `period` and `scoring`."""
    for card in load_default_data().cards:
        if card.number in WITHOUT_EVENT:
            continue
        module = MODULE_OF[card.number]
        if card.scoring:
            assert module == "scoring_cards", card.number
        else:
            assert module in PERIOD_MODULES[card.period], (card.number, card.period, module)
    assert set(MODULE_OF.values()) == {"scoring_cards"}.union(*PERIOD_MODULES.values())


def test_every_event_module_is_in_the_index_and_registers_nothing_itself() -> None:
    """No decorator and no module-level call registers an event or a hook: importing a
    module has no effect on the rules; only registry.py assembles them."""
    plain = {"__init__", "toolkit", "registry"}
    modules = {path.stem for path in EVENTS_DIR.glob("*.py")} - plain
    assert modules == set(MODULE_OF.values())
    for path in EVENTS_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                assert not node.decorator_list, (path.name, node.name)
            if path.stem != "registry":
                assert not isinstance(node, ast.Expr) or isinstance(node.value, ast.Constant), (
                    path.name,
                    node.lineno,
                )
    assert not hasattr(hooks, "HOOKS")


def test_every_hook_is_a_function_of_an_event_module() -> None:
    for point in HOOKS.__dataclass_fields__:
        for hook in getattr(HOOKS, point):
            functions = (
                (hook.choices, hook.handle) if isinstance(hook, hooks.MenuAction) else (hook,)
            )
            for function in functions:
                assert function.__module__.rsplit(".", 1)[1] in set(MODULE_OF.values()), point


def test_events_by_number_match_the_table() -> None:
    assert list(EVENTS.values()) == list(EVENT_TABLE)


def _module_constants(path: Path) -> dict[str, object]:
    """Module-level `NAME = literal` assignments of one source file."""
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id.isupper():
                    found[target.id] = node.value.value
    return found


def test_every_card_constant_and_the_side_type_are_defined_once() -> None:
    """`UN_INTERVENTION = 32` was defined three times; sides are `board.Side` (one
    Literal["US", "USSR"], from datamodel) everywhere in the engine."""
    engine = EVENTS_DIR.parent
    seen: dict[str, list[str]] = {}
    for path in sorted(engine.rglob("*.py")):
        for name, value in _module_constants(path).items():
            if isinstance(value, int) and not isinstance(value, bool):
                seen.setdefault(name, []).append(path.name)
        source = path.read_text(encoding="utf-8")
        assert 'Literal["US", "USSR"]' not in source, path.name
    assert {name: files for name, files in seen.items() if len(files) > 1} == {}
    assert seen["UN_INTERVENTION"] == ["core.py"]
