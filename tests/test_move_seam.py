"""The notation is read at the edge only: nothing outside engine/moves.py takes a choice id
or a decision's prompt apart. The rules, the bots and the screens read a move's fields
(`choice.move`), so rewording a prompt or reshaping an id touches one module.

A scan of the package's source: in the engine and the bots no string is split or
prefix-tested at all except the few listed here with what they read; elsewhere no such
call may be made on a name that holds a choice id, a label or a prompt."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cold_war_tui"
SPLITTERS = frozenset(
    {"split", "rsplit", "partition", "rpartition", "startswith", "endswith"}
    | {"removeprefix", "removesuffix"}
)
# The notation's own reader, and the duel (its own engine and notation, docs/duel.md).
EXEMPT = ("engine/moves.py", "duel/", "tui/duel/")
# Where every string split is listed: the modules that make and answer decisions.
STRICT = ("engine/", "bots/")
ALLOWED = {
    ("engine/effect_keys.py", "closure"): "an effect key, `no-coup:USSR:japan`",
    ("engine/effect_keys.py", "key_problem"): "an effect key read from a save",
    ("engine/events/registry.py", "<module>"): "the module name of an event function",
}
# A receiver that holds a choice id, a label or a prompt, by its name.
ID_LIKE = re.compile(
    r"(^|[^\w.])(c|i|choice\w*|chosen|pick\w*|\w*_ids?|ids?|prompt|label|notation|move)\b"
    r"|\.(id|prompt|label|notation)\b"
)


def split_calls(path: Path) -> list[tuple[str, str, int]]:
    """(function, receiver source, line) of every string-splitting call in `path`."""
    calls: list[tuple[str, str, int]] = []

    class Visitor(ast.NodeVisitor):
        def __init__(self) -> None:
            self.functions = ["<module>"]

        def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
            self.functions.append(node.name)
            self.generic_visit(node)
            self.functions.pop()

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_Call(self, node: ast.Call) -> None:
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in SPLITTERS:
                calls.append((self.functions[-1], ast.unparse(func.value), node.lineno))
            self.generic_visit(node)

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    return calls


SOURCES = sorted(
    path
    for path in PACKAGE.rglob("*.py")
    if not path.relative_to(PACKAGE).as_posix().startswith(EXEMPT)
)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_choice_id_or_prompt_is_taken_apart(path: Path) -> None:
    relative = path.relative_to(PACKAGE).as_posix()
    for function, receiver, line in split_calls(path):
        where = f"{relative}:{line} ({function}: {receiver})"
        if relative.startswith(STRICT):
            assert (relative, function) in ALLOWED, f"{where} splits a string"
        else:
            assert not ID_LIKE.search(receiver), f"{where} takes an id or a prompt apart"


def test_the_scan_sees_what_it_forbids(tmp_path: Path) -> None:
    """The scan on the ways ids used to be taken apart, and on what it must leave alone."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f(chosen, pending, c, choice_id, query):\n"
        "    chosen.split(' ', 1)\n"
        "    c.id.startswith('infl ')\n"
        "    choice_id.partition(' ')\n"
        "    pending.prompt.endswith('?')\n"
        "    query.lower().split()\n",
        encoding="utf-8",
    )
    calls = split_calls(sample)
    flagged = [receiver for _, receiver, _ in calls if ID_LIKE.search(receiver)]
    assert flagged == ["chosen", "c.id", "choice_id", "pending.prompt"]


def test_every_allowed_split_is_still_there() -> None:
    """An entry of ALLOWED that no longer matches a call is stale: remove it."""
    found = {
        (path.relative_to(PACKAGE).as_posix(), function)
        for path in SOURCES
        for function, _, _ in split_calls(path)
    }
    assert set(ALLOWED) <= found
