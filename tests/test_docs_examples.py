"""Every example in docs/ runs as written (docs/scenario.md says how they are read).

A ```yaml block is a scenario document: it must load with `Game.from_scenario`; its
`# choices: [...]` comment is played in order and its `# result: {...}` comment must
then match `game.state` (only the fields it names). A ```python block is executed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from cold_war_tui.engine import Game

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"```(python|yaml)\n(.*?)```", re.S)
# API outlines with placeholders ([...]), not examples: named here so none is skipped silently.
OUTLINES = {"duel.md": "the duel API outline (placeholders such as cities=[...])"}


def _examples() -> list[Any]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for n, match in enumerate(BLOCK.finditer(page.read_text(encoding="utf-8")), 1):
            language, code = match.groups()
            marks = [pytest.mark.skip(reason=OUTLINES[page.name])] if page.name in OUTLINES else []
            found.append(pytest.param(language, code, id=f"{page.name}-{n}", marks=marks))
    return found


EXAMPLES = _examples()


def test_the_docs_have_examples_of_both_kinds() -> None:
    languages = {param.values[0] for param in EXAMPLES}
    assert languages == {"python", "yaml"}


def _comment(code: str, name: str) -> Any:
    """The YAML value of a `# name: ...` comment line, or None."""
    for line in code.splitlines():
        if line.startswith(f"# {name}:"):
            return yaml.safe_load(line.split(":", 1)[1])
    return None


def _assert_matches(expected: Any, actual: Any, where: str) -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} is not a field of the state"
            _assert_matches(value, actual[key], f"{where}.{key}")
    else:
        assert actual == expected, f"{where}: {actual!r}, the docs say {expected!r}"


@pytest.mark.parametrize(("language", "code"), EXAMPLES)
def test_every_example_in_docs_runs_as_written(language: str, code: str) -> None:
    if language == "python":
        exec(compile(code, "<docs example>", "exec"), {})
        return
    game = Game.from_scenario(yaml.safe_load(code))
    for choice in _comment(code, "choices") or []:
        game.choose(choice)
    result = _comment(code, "result")
    if result is not None:
        _assert_matches(result, game.state.model_dump(), "state")
