"""`cold-war-tui arena` with variants of strong as more names: `strong@W`, `strong@W/plays`.

Strong scores a play by its mean evaluation plus a weight times the log of the prior's
probability of it (`strong.PRIOR_WEIGHT`), and the first target of its operations by
the verbs' habit the same way (docs/bots.md, "The prior"). To measure a change of
either against the shipped bot, name a variant in `--bots`:

- `strong@W`: strong with W as the prior's weight;
- `strong@W/plays`: the same without the verbs' habit (the shipped prior less its
  `op:` weights: every verb equally likely).

The names are registered before the arena's workers are forked, so they play there too.

    .venv/bin/python tools/arena_variants.py --bots strong@4,strong --games 40 --seed 7000
"""

from __future__ import annotations

import re
import sys
from functools import partial
from types import MappingProxyType

import cold_war_tui.bots as bots
from cold_war_tui.bots.prior import Prior, shipped_prior
from cold_war_tui.bots.strong import StrongBot
from cold_war_tui.cli import main as cli

NAME = re.compile(r"strong@(\d+(?:\.\d+)?)(/plays)?")


def variant(
    weight: float, plays_only: bool, seed: int, think: float | None, iterations: int | None
) -> StrongBot:
    prior = shipped_prior()
    if plays_only:
        weights = {k: v for k, v in prior.weights.items() if not k.startswith("op:")}
        prior = Prior(weights=weights, meta=prior.meta)
    return StrongBot(seed, think, iterations, prior=prior, prior_weight=weight)


def register(names: str) -> None:
    """Add each variant among the comma-separated `names` to the bots."""
    extra = {
        name: partial(variant, float(match.group(1)), match.group(2) is not None)
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
