"""Choose strong's PRIOR_WEIGHT on the games the prior was fitted on (never the held-out).

For a sample of the fitted games' action rounds, strong searches the position with the
prior's weight set to 0 (its candidates and their mean evaluations), then every weight
of a grid is tried offline: the play with the best mean + weight * log prior is compared
with the expert's (card, and card and mode). Prints one line per weight. The search runs
at the bot's default `think` unless `--iterations` (or another `--think`) is given: the
fewer worlds, the noisier the means, and the more a larger weight gains.

    .venv/bin/python tools/tune_prior_weight.py [FOLDER] [--every 4] [--think T | --iterations I]
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from fit_prior import DEFAULT_GAMES, held_out

from cold_war_tui.bots import strong
from cold_war_tui.bots.prior import shipped_prior, situation
from cold_war_tui.engine import Move, parse_move
from cold_war_tui.records import LogError, read_log

GRID = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 10.0, 1e6)


def searched(
    job: tuple[str, int, float | None, int | None],
) -> list[tuple[list[tuple[Move, float, float]], Move]]:
    """Per sampled round: each candidate with its mean and log prior; the expert's play."""
    path, every, think, iterations = job
    try:
        record = read_log(Path(path).read_text(encoding="utf-8"))
    except LogError:
        return []
    prior = shipped_prior()
    found = []
    actions = [r for r in record.rounds if r.kind == "action" and r.played]
    for n, round_ in enumerate(actions):
        if n % every:
            continue
        game = round_.position()
        pending = game.pending
        if pending is None or pending.kind != "action" or not pending.accepts(round_.played[0]):
            continue
        moves = [c.move for c in pending.choices]
        logp = dict(
            zip(
                moves,
                map(math.log, prior.probabilities(situation(game, pending.player, pending), moves)),
                strict=True,
            )
        )
        bot = strong.StrongBot(seed=n, think=think, iterations=iterations, prior_weight=0.0)
        analysis = bot.analyse(game, pending.player)
        found.append(([(m, v, logp[m]) for m, v in analysis.scores], parse_move(round_.played[0])))
    return found


def card(move: Move) -> int | None:
    return getattr(move, "card", None)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_GAMES)
    parser.add_argument("--every", type=int, default=4)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--think", type=float, help="seconds a decision (default: the bot's)")
    budget.add_argument("--iterations", type=int, help="worlds a decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--save", type=Path, help="also write the searched rounds (pickle)")
    args = parser.parse_args()
    paths = sorted(args.folder.glob("*.txt"))
    fitted = [p for p in paths if p not in held_out(paths)]
    jobs = [(str(p), args.every, args.think, args.iterations) for p in fitted]
    with ProcessPoolExecutor(args.workers) as pool:
        rounds = [r for found in pool.map(searched, jobs) for r in found]
    print(f"{len(rounds)} rounds of {len(fitted)} fitted games")
    if args.save:
        import pickle

        args.save.write_bytes(pickle.dumps(rounds))
    for weight in GRID:
        hits_card = hits_mode = 0
        for candidates, expert in rounds:
            pick = max(candidates, key=lambda c: c[1] + weight * c[2])[0]
            hits_mode += pick == expert
            hits_card += card(pick) == card(expert)
        card_share, mode_share = hits_card / len(rounds), hits_mode / len(rounds)
        print(f"weight {weight:g}: card {card_share:.3f}, card and mode {mode_share:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
