"""Kill test: the game killed at random moments in a pseudo-terminal, and what it leaves.

    .venv/bin/python tools/kill_test.py [KILLS] [SEED]

Two computers (`random`) play each other with no pause between moves, so the game
autosaves many times a second. Each round starts the game in a pseudo-terminal (a new
game, or Continue of the autosave), lets it play for a random 0.3-6 s, then sends
SIGKILL, SIGTERM or SIGHUP at random. After each kill it counts: whether the autosave
is still a valid save (it replays and matches its snapshot), how many choices it holds,
the temporary files left in the data folder, and for SIGTERM and SIGHUP whether the
terminal was given back (the alternate screen left, the mouse off) with status 128 +
the signal. Prints one line per round and the totals. Not part of `make test` (about
5 s a round).
"""

from __future__ import annotations

import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from pty_program import PtyProgram

from cold_war_tui.tui.saves import SaveProblem, read_save

SIGNALS = (signal.SIGKILL, signal.SIGTERM, signal.SIGHUP)
NEW_GAME = ["--us", "computer:random", "--ussr", "computer:random", "--pause", "0"]


def environment(data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(COLD_WAR_TUI_DATA_DIR=str(data), TERM="xterm-256color", LANG="C.UTF-8")
    return env


def one_round(data: Path, fresh: bool, rng: random.Random) -> dict[str, object]:
    signum = rng.choice(SIGNALS)
    with PtyProgram(NEW_GAME if fresh else [], env=environment(data)) as program:
        ready = b"US played by" if fresh else b"New game"
        if not program.wait_for(ready, 60):
            return {"error": "the screen did not come up"}
        time.sleep(0.3)
        program.type(b"\x1b[15~" if fresh else b"c")  # F5 starts; c continues
        time.sleep(rng.uniform(0.3, 6.0))
        mark = len(program.output)
        program.process.send_signal(signum)
        status = program.finish(30)
        at_exit = program.output[mark:]
    restored = b"\x1b[?1049l" in at_exit and b"\x1b[?1000l" in at_exit
    return {"signal": signum, "status": status, "restored": restored}


def check(data: Path) -> tuple[bool, int, bool, set[Path]]:
    """Whether the autosave is valid, its choices, whether its game is over, and the
    temporary files in the data folder now."""
    temps = set(data.rglob("*.tmp"))
    try:
        game, _ = read_save(data / "autosave.json")
    except SaveProblem as err:
        print(f"  autosave not valid: {err}")
        return False, 0, True, temps
    return True, len(game.choices), game.outcome is not None, temps


def main() -> int:
    kills = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    data = Path(tempfile.mkdtemp(prefix="kill-test-"))
    totals: Counter[str] = Counter()
    left: set[Path] = set()  # every temporary file seen after a kill (the next start
    fresh = True  # removes those older than 60 s)
    for n in range(1, kills + 1):
        result = one_round(data, fresh, rng)
        if "error" in result:
            print(f"{n:3}: {result['error']}")
            totals["errors"] += 1
            continue
        valid, choices, over, temps = check(data)
        new_temps = len(temps - left)
        left |= temps
        signum = result["signal"]
        assert isinstance(signum, signal.Signals)
        expected = None if signum == signal.SIGKILL else 128 + signum
        caught = signum == signal.SIGKILL or (result["status"] == expected and result["restored"])
        totals["kills"] += 1
        totals[signum.name] += 1
        totals["valid autosaves"] += valid
        totals["temp files left"] += new_temps
        totals["terminal restored (SIGTERM/SIGHUP)"] += signum != signal.SIGKILL and caught
        print(
            f"{n:3}: {signum.name:7} status {result['status']}  autosave "
            f"{'valid' if valid else 'NOT VALID'} ({choices} choices{', over' if over else ''})"
            f"  temp files {new_temps} new, {len(temps)} now"
            + ("" if caught else "  TERMINAL NOT RESTORED")
        )
        fresh = over or not valid
    print(dict(totals))
    print(f"data folder: {data}")
    return 0 if totals["kills"] == totals["valid autosaves"] and not totals["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
