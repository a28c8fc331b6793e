"""`cold-war-tui arena` with variants of strong as more names: `strong@W`, `strong@W:V`.

Strong scores a play by its mean evaluation plus a weight times the log of the prior's
probability of it (`strong.PRIOR_WEIGHT`), and may score the first target of its
operations by the verbs' habit the same way (`strong.VERB_WEIGHT`, docs/bots.md, "The
prior"). To measure a change of either against the shipped bot, name a variant in
`--bots`:

- `strong@W`: strong with W as the prior's weight (the verbs' as shipped);
- `strong@W:V`: the same with V as the verbs' weight.

The names are registered before the arena's workers are forked, so they play there too.

    .venv/bin/python tools/arena_variants.py --bots strong@1.5:0.5,strong --games 40 --seed 7000
"""

from __future__ import annotations

import re
import sys
from functools import partial
from types import MappingProxyType

import cold_war_tui.bots as bots
from cold_war_tui.bots.strong import VERB_WEIGHT, StrongBot
from cold_war_tui.cli import main as cli

NUMBER = r"(\d+(?:\.\d+)?)"
NAME = re.compile(rf"strong@{NUMBER}(?::{NUMBER})?")


def variant(
    weight: float, verb_weight: float, seed: int, think: float | None, iterations: int | None
) -> StrongBot:
    return StrongBot(seed, think, iterations, prior_weight=weight, verb_weight=verb_weight)


def register(names: str) -> None:
    """Add each variant among the comma-separated `names` to the bots."""
    extra = {
        name: partial(variant, float(match.group(1)), float(match.group(2) or VERB_WEIGHT))
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
