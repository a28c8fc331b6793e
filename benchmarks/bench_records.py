"""The log reader against the logs' own arithmetic (docs/records.md).

Every round of every game in ../shared/games is replayed from its position with its
choice ids and the logged dice; the board afterwards must be the next round's position
(influence, VP, DEFCON, military operations, space race). Prints the share of rounds
that agree (the target is 99%), each disagreement by log and line, and the time the
reading and the replays take. Skipped, saying so, when the games are not there (a plain
clone): they are never part of the repository.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from cold_war_tui.records import LogError, read_log
from cold_war_tui.records.check import checked_rounds, disagreements

REPO = Path(__file__).resolve().parent.parent
PLACES = (REPO.parent / "shared" / "games", Path("/work/shared/games"))
TARGET = 0.99


def games_folder() -> Path | None:
    return next((folder for folder in PLACES if folder.is_dir()), None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, help="the logs (../shared/games)")
    args = parser.parse_args()
    folder = args.folder or games_folder()
    if folder is None:
        print("records: ../shared/games is absent (a plain clone): no replay share measured")
        return 0
    logs = sorted(folder.glob("*.txt"))
    started = time.perf_counter()
    total = agreed = 0
    unread: list[str] = []
    found: list[str] = []
    for log in logs:
        try:
            record = read_log(log.read_text(encoding="utf-8"))
        except LogError as err:
            unread.append(f"{log.name}: {err}")
            continue
        rounds = checked_rounds(record)
        wrong = list(disagreements(record))
        total += rounds
        agreed += rounds - len(wrong)
        for disagreement in wrong:
            round_ = disagreement.round
            found.append(
                f"  {log.name}:{round_.line} (turn {round_.turn}, "
                f"{round_.side or round_.kind} {round_.action_round or ''}): "
                + "; ".join(disagreement.differences)
            )
    spent = time.perf_counter() - started
    share = agreed / total if total else 0.0
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    verdict = "meets" if share >= TARGET and not unread else "MISSES"
    print(
        f"records: {len(logs) - len(unread)} of {len(logs)} logs read; {agreed} of {total} "
        f"rounds replay to the next round's board: {share:.2%} ({verdict} the target of "
        f"{TARGET:.0%}); {spent:.1f} s (load {load})"
    )
    for line in unread + found:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
