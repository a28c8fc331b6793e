"""The seven scoring cards (10.x): each scores its region when played."""

from __future__ import annotations

from cold_war_tui.engine.board import US, USSR, Side
from cold_war_tui.engine.core import Core
from cold_war_tui.engine.decisions import Flow
from cold_war_tui.engine.rulebook import Resolver
from cold_war_tui.engine.scoring import score_region, southeast_asia_score


def region_scorer(number: int) -> Resolver:
    """The event of scoring card `number`: score the region regions.yaml names for it."""

    def resolve(core: Core, side: Side) -> Flow[None]:
        score_region(core, core.scoring_region[number])
        return
        yield

    return resolve


def southeast_asia_scoring(core: Core, side: Side) -> Flow[None]:
    """#38: 1 VP per controlled Southeast Asian country, 2 for Thailand; netted."""
    vp = southeast_asia_score(core)
    core.log("10", f"Southeast Asia: US {vp[US]} VP, USSR {vp[USSR]} VP")
    net = vp[US] - vp[USSR]
    core.gain_vp(US if net >= 0 else USSR, abs(net), "10", "Southeast Asia scoring")
    return
    yield
