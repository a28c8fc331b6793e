"""Copy the project for `make mutate`, the touched events' decorators written as calls.

mutmut 3 never mutates a decorated function (a decorator runs at import), and every card
event and hook is registered with one. In the copy each event of `TOUCHED` (the events of
issue 17's rules fixes, and the hooks through which their effects act) is written so

    @event(5)
    def five_year_plan(core, side): ...

becomes

    def five_year_plan(core, side): ...
    five_year_plan = event(5)(five_year_plan)

which registers the same function (the registering decorators return it unchanged), so
mutmut mutates it like any other function. The other events keep their decorators, which
keeps the run short (about half an hour on 2 cores). Nothing else changes.

usage: python tools/mutation_copy.py DESTINATION
"""

from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("cold_war_tui", "data", "tests", "pyproject.toml")
UNDECORATED = "cold_war_tui/engine/events"
# The functions made mutable: the card events and hooks the rules fixes of issue 17 touched.
TOUCHED = frozenset(
    {
        "five_year_plan",  # 5
        "olympic_games",  # 20
        "containment",  # 25
        "red_scare_purge",  # 31
        "un_intervention",  # 32
        "brush_war",  # 36
        "arms_race",  # 39
        "quagmire",  # 42
        "how_i_learned",  # 46
        "missile_envy",  # 49
        "brezhnev_doctrine",  # 51
        "willy_brandt",  # 55
        "flower_power",  # 59
        "flower_power_war_card",
        "grain_sales_to_soviets",  # 67
        "star_wars",  # 85
        "soviets_shoot_down_kal_007",  # 89
        "iran_contra_scandal",  # 93
        "tear_down_this_wall",  # 96
        "an_evil_empire",  # 97
        "norad",  # 106
        "_defcon_moved_to_2",
        "_action_round_starts_unmoved",
        "_norad_round_end",
        "che",  # 107
    }
)


def undecorate(source: str) -> str:
    """`source` with the decorators of its `TOUCHED` functions applied by assignments."""
    lines = source.splitlines()
    decorated = [
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef) and node.decorator_list and node.name in TOUCHED
    ]
    for node in reversed(decorated):  # bottom-up, so earlier line numbers stay valid
        calls = [ast.get_source_segment(source, d) for d in node.decorator_list]
        applied = node.name
        for call in reversed(calls):  # the decorator nearest the function applies first
            applied = f"{call}({applied})"
        assert node.end_lineno is not None
        lines.insert(node.end_lineno, f"{node.name} = {applied}")
        first = node.decorator_list[0].lineno - 1
        del lines[first : node.lineno - 1]
    return "\n".join(lines) + "\n"


def main(destination: Path) -> None:
    shutil.rmtree(destination, ignore_errors=True)
    destination.mkdir(parents=True)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", ".pytest_cache")
            shutil.copytree(source, destination / name, ignore=ignore)
        else:
            shutil.copy2(source, destination / name)
    for module in sorted((destination / UNDECORATED).glob("*.py")):
        module.write_text(undecorate(module.read_text(encoding="utf-8")), encoding="utf-8")


def missing(root: Path = ROOT) -> set[str]:
    """Names of `TOUCHED` that no event module defines (a renamed event would be skipped)."""
    defined = {
        node.name
        for module in (root / UNDECORATED).glob("*.py")
        for node in ast.parse(module.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef)
    }
    return set(TOUCHED) - defined


if __name__ == "__main__":
    if missing():
        sys.exit(f"tools/mutation_copy.py: TOUCHED names no event function: {sorted(missing())}")
    main(Path(sys.argv[1]))
