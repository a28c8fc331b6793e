"""One primitive moves a card (issue 20): `Core.move_card` is the only code that takes a card
out of a place or puts one in, and it keeps `known` right: a card that leaves its holder's
hand (and headline slot) leaves what the other side is shown of that hand."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from engine_scenarios import action_game

from cold_war_tui.engine import core as core_module
from cold_war_tui.engine.core import HAND, HEADLINE

ENGINE = Path(core_module.__file__).resolve().parent
PLACES = {"hands", "draw", "discard", "removed", "in_play", "limbo", "box", "out_of_game", "known"}
EDITS = {"append", "remove", "pop", "extend", "insert", "clear"}
# Modules that build or rewrite whole places, not move a card: the state's own copies, a
# scenario's set-up, determinize's relabelling, and the primitive itself.
BUILDERS = {"core.py", "state.py", "scenario.py", "determinize.py"}


def _place_edits(tree: ast.AST) -> list[int]:
    """Lines that edit a card place by hand: `x.discard.append(...)`, `hands[s].remove(...)`,
    `state.headline[s] = ...`."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
            if isinstance(target, ast.Subscript):
                target = target.value
            attribute = isinstance(target, ast.Attribute) and target.attr in PLACES
            if node.func.attr in EDITS and attribute:
                lines.append(node.lineno)
        if isinstance(node, ast.Assign):
            for t in node.targets:
                slot = isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute)
                if slot and t.value.attr in {"headline", "hands"}:  # type: ignore[attr-defined]
                    lines.append(node.lineno)
                if isinstance(t, ast.Attribute) and t.attr in PLACES:
                    lines.append(node.lineno)
    return lines


def test_no_rules_module_moves_a_card_by_hand() -> None:
    found = {}
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name in BUILDERS and path.parent == ENGINE:
            continue
        lines = _place_edits(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[str(path.relative_to(ENGINE))] = lines
    assert found == {}


def _core(hands: dict[str, list[int]]):  # type: ignore[no-untyped-def]
    return action_game("US", hands)._core


def test_a_card_leaving_a_hand_leaves_known() -> None:
    core = _core({"US": [21, 19], "USSR": [7]})
    core.reveal("US", [21, 19])
    core.move_card(21, HAND["US"], "discard")
    assert core.state.known["US"] == [19]
    assert core.state.discard[-1] == 21


def test_a_card_moving_between_its_holders_hand_and_headline_stays_known() -> None:
    """6.4.4: a headline shown first is known while it waits in the headline slot."""
    core = _core({"US": [21, 19], "USSR": [7]})
    core.reveal("US", [21])
    core.move_card(21, HAND["US"], HEADLINE["US"])
    assert core.state.known["US"] == [21] and core.state.headline["US"] == 21
    core.move_card(21, HEADLINE["US"], "limbo")
    assert core.state.known["US"] == [] and core.state.headline["US"] is None


def test_a_card_given_to_the_other_hand_is_known_only_if_revealed_there() -> None:
    """#67 Grain Sales, #49 Missile Envy: the move clears the old holder's knowledge; the
    event reveals the card in its new hand when the text says so."""
    core = _core({"US": [21], "USSR": [7]})
    core.reveal("USSR", [7])
    core.move_card(7, HAND["USSR"], HAND["US"])
    assert core.state.known == {"US": [], "USSR": []}
    assert core.state.hands["US"] == [21, 7]


def test_moving_a_card_from_where_it_is_not_fails_loudly() -> None:
    core = _core({"US": [21], "USSR": [7]})
    with pytest.raises(ValueError):
        core.move_card(7, HAND["US"], "discard")
    with pytest.raises(ValueError):
        core.move_card(7, HEADLINE["USSR"], "discard")
