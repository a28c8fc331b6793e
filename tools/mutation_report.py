"""Summarise a `make mutate` run: the kill rate of the rules modules, and what survived.

Reads mutmut's result files (`mutants/**/*.py.meta`) and mutated sources. A surviving
mutant listed in `tools/mutation_review.tsv` (by function and mutated line, so the list
outlives mutmut's numbering) was reviewed: `equivalent` (no game can tell it apart) or
`text` (it changes only words for people: a prompt, a label, a rule citation). Both are
left out of the kill rate; every other survivor is printed with its change, to be killed
by a rule test or reviewed.

usage: python tools/mutation_report.py [--target PERCENT] [FOLDER]  (default build/mutate)
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REVIEW = ROOT / "tools" / "mutation_review.tsv"
# mutmut's exit codes (mutmut/stats.py): tests failed, or the mutant hung, is a kill.
KILLED = {1, 3, 36, 24, -24, 152, 255}
SURVIVED = {0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=95.0, help="kill rate to reach, percent")
    parser.add_argument("folder", nargs="?", default=ROOT / "build" / "mutate", type=Path)
    args = parser.parse_args()
    target, mutants = args.target, args.folder / "mutants"
    if not mutants.is_dir():
        print(f"no {mutants} folder: run `make mutate` first", file=sys.stderr)
        return 2
    reviewed = _read_review()
    counts: Counter[str] = Counter()
    by_module: Counter[tuple[str, str]] = Counter()
    unreviewed: list[tuple[str, Change]] = []
    for meta in sorted(mutants.rglob("*.py.meta")):
        source = meta.with_suffix("")
        functions = _functions(source)
        for key, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items():
            module = key.rsplit(".", 1)[0]
            status = _status(code)
            if status == "survived":
                function, _, _ = key.rpartition("__mutmut_")
                change = _change(functions, key, function)
                verdict = reviewed.get((function, change))
                if verdict is not None:
                    status = verdict
                else:
                    unreviewed.append((key, change))
            counts[status] += 1
            by_module[module, status] += 1
    scored = counts["killed"] + counts["survived"]
    rate = 100.0 * counts["killed"] / scored if scored else 0.0
    print(f"mutants: {sum(counts.values())}  " + "  ".join(f"{k}: {v}" for k, v in counts.items()))
    for module in sorted({m for m, _ in by_module}):
        row = {s: n for (m, s), n in by_module.items() if m == module}
        print(f"  {module}: " + ", ".join(f"{s} {n}" for s, n in sorted(row.items())))
    print(f"kill rate, reviewed equivalent and text-only mutants left out: {rate:.1f}%")
    rules = scored + counts["equivalent"]
    if rules:
        strict = 100.0 * counts["killed"] / rules
        print(f"kill rate counting the equivalent ones as survivors: {strict:.1f}%")
    for key, (before, after) in unreviewed:
        print(f"\nsurvived: {key}")
        print("\n".join([*(f"  - {line}" for line in before), *(f"  + {line}" for line in after)]))
    return 0 if rate >= target else 1


def _status(code: int | None) -> str:
    if code is None:
        return "not checked"
    if code in KILLED:
        return "killed"
    if code in SURVIVED:
        return "survived"
    return "other"


Change = tuple[tuple[str, ...], tuple[str, ...]]  # the original lines, the mutated lines


def _read_review() -> dict[tuple[str, Change], str]:
    """(function, change) -> verdict, from tab-separated rows `verdict function before after`
    (several lines of one side joined by " ⏎ ")."""
    reviewed = {}
    for row in REVIEW.read_text(encoding="utf-8").splitlines():
        if not row.strip() or row.startswith("#"):
            continue
        verdict, function, before, after = row.split("\t")
        reviewed[function, (tuple(before.split(" ⏎ ")), tuple(after.split(" ⏎ ")))] = verdict
    return reviewed


def _functions(source: Path) -> dict[str, str]:
    """The source of every function of a mutated file, by name (methods included)."""
    text = source.read_text(encoding="utf-8")
    lines = text.splitlines()
    return {
        node.name: "\n".join(lines[node.lineno - 1 : node.end_lineno])
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def _change(functions: dict[str, str], key: str, function: str) -> Change:
    """The original and the mutated lines (stripped) of mutant `key`'s function."""
    short = key.rsplit(".", 1)[1]
    orig = f"{function.rsplit('.', 1)[1]}__mutmut_orig"
    original = functions.get(orig, "").splitlines()
    mutated = functions.get(short, "").replace(short, orig, 1).splitlines()
    diff = list(difflib.ndiff(original, mutated))
    before = tuple(line[2:].strip() for line in diff if line.startswith("- "))
    after = tuple(line[2:].strip() for line in diff if line.startswith("+ "))
    return before or ("(nothing)",), after or ("(nothing)",)


if __name__ == "__main__":
    sys.exit(main())
