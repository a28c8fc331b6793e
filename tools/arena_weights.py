"""`cold-war-tui arena` with strong at another weight of its prior, as a name `strong@W`.

Strong scores a play by its mean evaluation plus a weight times the log of the prior's
probability of it (`strong.PRIOR_WEIGHT`). To measure a new weight against the shipped
one, name the bot `strong@W` in `--bots`: it is strong, with W as that weight. The
names are registered before the arena's workers are forked, so they play there too.

    .venv/bin/python tools/arena_weights.py --bots strong@4,strong --games 40 --seed 7000
"""

from __future__ import annotations

import re
import sys
from functools import partial
from types import MappingProxyType

import cold_war_tui.bots as bots
from cold_war_tui.bots.strong import StrongBot
from cold_war_tui.cli import main as cli

NAME = re.compile(r"strong@(\d+(?:\.\d+)?)")


def weighted(weight: float, seed: int, think: float | None, iterations: int | None) -> StrongBot:
    return StrongBot(seed, think, iterations, prior_weight=weight)


def register(names: str) -> None:
    """Add each `strong@W` of the comma-separated `names` to the bots."""
    extra = {
        name: partial(weighted, float(match.group(1)))
        for name in names.split(",")
        if (match := NAME.fullmatch(name))
    }
    bots.BOTS = MappingProxyType({**bots.BOTS, **extra})


def main(argv: list[str]) -> int:
    if "--bots" in argv[:-1]:
        register(argv[argv.index("--bots") + 1])
    return cli(["arena", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
