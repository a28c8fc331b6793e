"""Play the rollouts of `bench_bots.rollout_rate` and nothing else (count_instructions.sh).

`python benchmarks/rollout_work.py GAMES [--setup-only]`: the rollouts from the action
rounds of GAMES random games. `--setup-only` finds the same positions and plays no
rollout: count_instructions.sh's baseline, so that the difference is the rollouts alone.
"""

from __future__ import annotations

import sys

from bench_bots import ROLLOUT_SEED, rollout_jobs  # the benchmark's own (same folder)

from cold_war_tui.bots.safety import Outcomes
from cold_war_tui.bots.strong import rollout

if __name__ == "__main__":
    jobs = rollout_jobs(int(sys.argv[1]), ROLLOUT_SEED)
    for world, move, player, policy in () if "--setup-only" in sys.argv[2:] else jobs:
        rollout(world, move, player, policy, Outcomes())
