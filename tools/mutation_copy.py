"""Copy the project for `make mutate`.

mutmut 3 never mutates a decorated function (a decorator runs at import). Card events and
hooks used to be registered by decorators, so this copy once rewrote some of them as
plain calls; since issue 20 they are plain functions listed in
`engine/events/registry.py`, and every one of them is mutated as it is. The copy keeps
mutmut's work out of the source tree.

usage: python tools/mutation_copy.py DESTINATION
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("cold_war_tui", "data", "docs", "tests", "tools", "pyproject.toml")


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


if __name__ == "__main__":
    main(Path(sys.argv[1]))
