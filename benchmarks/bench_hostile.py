"""Hostile inputs benchmark (issue 14): time and peak memory of `validate-data` and of loading
a save (card game and duel) on an alias bomb, JSON/YAML nested 100,000 deep and a 50 MB file,
and on the worst files the limits let through.

Protocol: the inputs are generated in a temporary folder (nothing is committed). Each case
runs in a fresh Python process that first imports the program and reads the shipped data,
then times the one operation and reports its own peak resident memory (VmHWM on Linux, else
`os.wait4`'s figure), which includes the interpreter and the imports (about 80 MB). Targets: under
2 s and under 200 MB per case. A final row gives the same for valid input, for comparison.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TARGET_SECONDS = 2.0
TARGET_MB = 200
FIFTY_MB = 50 * 1024 * 1024

CHILD = """
import json, sys, time
from pathlib import Path
from cold_war_tui.gamedata import load_default_data
import cold_war_tui.engine  # the game's start-up imports it
load_default_data()
kind, target = sys.argv[1], Path(sys.argv[2])
started = time.perf_counter()
if kind == "validate-data":
    from cold_war_tui.gamedata import check_data
    check = check_data(target)
    outcome = check.problems[0] if check.problems else "valid"
elif kind == "card game save":
    from cold_war_tui.tui.saves import SaveProblem, read_save
    try:
        read_save(target)
        outcome = "loaded"
    except SaveProblem as err:
        outcome = str(err)
else:
    from cold_war_tui.tui.duel.store import read_duel
    from cold_war_tui.tui.saves import SaveProblem
    try:
        read_duel(target)
        outcome = "loaded"
    except SaveProblem as err:
        outcome = str(err)
seconds = time.perf_counter() - started
# VmHWM: this process's own peak (getrusage's ru_maxrss keeps the parent's across exec).
status = Path("/proc/self/status")
lines = status.read_text().splitlines() if status.exists() else []
peak_kb = next((int(l.split()[1]) for l in lines if l.startswith("VmHWM:")), None)
print(json.dumps({"seconds": seconds, "outcome": outcome, "peak_kb": peak_kb}))
"""


def alias_bomb(levels: int = 10) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for n in range(1, levels + 1):
        lines.append(f"a{n}: &a{n} [" + ",".join([f"*a{n - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def deep(levels: int = 100_000) -> str:
    return "x: " + "[" * levels + "]" * levels + "\n"


def fifty_mb() -> str:
    return "cards:\n" + "  - x\n" * (FIFTY_MB // 6)


def run(kind: str, target: Path) -> tuple[float, float, str]:
    """(seconds of the operation, peak MB of the process, its outcome) in a fresh process."""
    process = subprocess.Popen(
        [sys.executable, "-c", CHILD, kind, str(target)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{kind} on {target.name} failed with status {process.returncode}")
    result = json.loads(out)
    peak_kb = result["peak_kb"] or usage.ru_maxrss
    return result["seconds"], peak_kb / 1024, result["outcome"]


def main() -> None:
    from cold_war_tui.gamedata import default_data_dir
    from cold_war_tui.selfplay import play_random_game
    from cold_war_tui.tui.saves import SaveMeta, save_text
    from cold_war_tui.userdata import MAX_SAVE_BYTES

    cases = {"alias bomb": alias_bomb(), "nested 100,000 deep": deep(), "50 MB file": fifty_mb()}
    game, _ = play_random_game(6)
    valid_save = save_text(game, SaveMeta())
    failures = 0
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        rows: list[tuple[str, str, Path]] = []
        for n, (name, text) in enumerate(cases.items()):
            folder = root / f"data-{n}"
            shutil.copytree(default_data_dir(), folder)
            (folder / "cards.yaml").write_text(text)
            save = root / f"save-{n}.json"
            save.write_text(text if name != "nested 100,000 deep" else deep().removeprefix("x: "))
            rows += [
                (name, "validate-data", folder),
                (name, "card game save", save),
                (name, "duel save", save),
            ]
        # The worst a file within the limits can do: every card entry empty (16 missing
        # fields each), a save just under the size limit whose choice does not replay.
        limits = root / "data-limits"
        shutil.copytree(default_data_dir(), limits)
        (limits / "cards.yaml").write_text("cards:\n" + "- {}\n" * 999)
        doc = json.loads(valid_save)
        doc["choices"][3] = ""
        room = MAX_SAVE_BYTES - len(json.dumps(doc, separators=(",", ":"))) - 10
        doc["choices"][3] = "x" * room
        (root / "limits.json").write_text(json.dumps(doc, separators=(",", ":")))
        rows += [
            ("at the limits", "validate-data", limits),
            ("at the limits", "card game save", root / "limits.json"),
        ]
        (root / "valid.json").write_text(valid_save)
        rows += [
            ("valid (reference)", "validate-data", default_data_dir()),
            ("valid (reference)", "card game save", root / "valid.json"),
        ]
        print(f"{'input':22} {'operation':15} {'seconds':>8} {'peak MB':>8}  outcome")
        for name, kind, target in rows:
            seconds, peak, outcome = run(kind, target)
            ok = seconds < TARGET_SECONDS and peak < TARGET_MB
            failures += not ok
            mark = "" if ok else "  OVER TARGET"
            short = outcome.replace(str(root) + "/", "")[:70]
            print(f"{name:22} {kind:15} {seconds:8.3f} {peak:8.1f}  {short}{mark}")
    print(f"targets: under {TARGET_SECONDS} s and {TARGET_MB} MB per case; {failures} over")
    if failures:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
