"""How the players of real games played their cards, counted as the arena counts a bot's.

Every headline and action round of the logs is replayed (`Round.replay`, docs/records.md)
and each side's decisions are read by `arena.card_uses`: the same uses, in the same
units, as the `plays` and `side_plays` of an `arena` report, so the two can stand side
by side (docs/bots.md); the uses are given for both sides together, then for each. A
round the engine cannot follow to its end (`Round.problem`) is left out and counted.

    .venv/bin/python tools/expert_uses.py ../shared/games/*.txt
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from cold_war_tui.arena import EVENT_USES, PLAY_USES, card_uses
from cold_war_tui.records import LogError, read_log

PLAYED_ROUNDS = ("headline", "action")
SIDES = ("US", "USSR")


def uses_of(path: Path) -> tuple[dict[str, Counter[str]], int]:
    """The card uses of each side in one log, and the rounds left out."""
    record = read_log(path.read_text(encoding="utf-8"))
    uses: dict[str, Counter[str]] = {side: Counter() for side in SIDES}
    skipped = 0
    for round_ in record.rounds:
        if round_.kind not in PLAYED_ROUNDS:
            continue
        if round_.problem is not None:
            skipped += 1
            continue
        game = round_.replay()
        for side in SIDES:
            uses[side].update(card_uses(game.observations(side).asked))
    return uses, skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    args = parser.parse_args(argv)
    by_side: dict[str, Counter[str]] = {side: Counter() for side in SIDES}
    skipped = 0
    for path in args.logs:
        try:
            uses, left_out = uses_of(path)
        except (OSError, UnicodeDecodeError, LogError) as err:
            print(f"expert_uses: {path}: {err}", file=sys.stderr)
            return 2
        for side in SIDES:
            by_side[side].update(uses[side])
        skipped += left_out
    total = sum(by_side.values(), Counter())
    plays = sum(total.values())
    if not plays:
        print("expert_uses: no card plays in these logs", file=sys.stderr)
        return 2
    print(f"{len(args.logs)} logs, {plays} card plays ({skipped} rounds left out)")
    print(", ".join(f"{use} {total[use] / plays:.1%}" for use in PLAY_USES))
    for side, counted in by_side.items():
        n = max(sum(counted.values()), 1)
        print(f"the {side}'s: " + ", ".join(f"{use} {counted[use] / n:.1%}" for use in PLAY_USES))
    events = sum(total[use] for use in EVENT_USES) / plays
    action = plays - total["headline"]
    print(
        f"events with the headlines {events:.1%}; of the action rounds alone: "
        f"events {total['event'] / action:.1%}, realignment {total['realign'] / action:.1%}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
