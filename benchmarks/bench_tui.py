"""TUI benchmark: launch to the first interactive screen, and keypress to updated frame.

Protocol:
- Launch: a fresh Python process imports the app and runs it headless at 120x40;
  the clock runs from just before the process starts until the title screen has
  painted its first frame and waits for keys (the child prints when it does).
  "app" imports only the TUI; "cli" first imports the command line module and
  builds its argument parser as `cold-war-tui` (no sub-command) does.
  The best and the median of several launches are printed, and the in-process
  time from creating the app (modules imported) to its first frame.
- Keypress to frame: the mid-game position of `cold_war_tui.tui.demo.MIDGAME`
  (turn 3, the USSR's action round) on the game screen at 120x40. Keys are
  pressed like a person would (50 ms apart): arrows in the decision menu (each
  moves the highlight, the map cursor, the hand highlight and the card text),
  then arrows on the map during an operation. The time runs from the key event
  to the next frame the app composes (Textual's `_display`), headless.
- Computer move to frame: the same position, both sides played by the `random`
  bot with no pause (`ComputerSettings(think=0, pause=0)`), for a number of
  decisions. Per decision: from the bot's answer reaching the game screen
  (`Session.choose`) to the next frame (applying it, the autosave, redrawing
  tracks, map, log and panels), and the whole cycle from one answer to the next
  (the worker's thread and the bot's own time included).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CHILD = """
import sys
if sys.argv[2] == "cli":  # what `cold-war-tui` does before the app: its argument parser
    from cold_war_tui.cli import build_parser
    build_parser(rule_flags=False).parse_args([])
from cold_war_tui.tui.app import ColdWarApp

class Probe(ColdWarApp):
    def on_ready(self) -> None:
        self.call_after_refresh(self.report)

    def report(self) -> None:
        print("ready", flush=True)
        self.exit()

Probe(data_dir=__import__("pathlib").Path(sys.argv[1])).run(headless=True, size=(120, 40))
"""


def launch(runs: int, how: str) -> list[float]:
    samples = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            started = time.perf_counter()
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, folder, how], stdout=subprocess.PIPE, text=True
            )
            assert child.stdout is not None
            line = child.stdout.readline()
            samples.append(time.perf_counter() - started)
            child.wait()
            assert line.strip() == "ready", line
    return samples


async def in_process_launch() -> float:
    """Seconds from creating the app (modules imported) to its first frame."""
    from cold_war_tui.tui.app import ColdWarApp

    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        app = ColdWarApp(data_dir=Path(folder))
        first: list[float] = []
        original = app._display

        def display(screen: object, renderable: object) -> None:
            if renderable is not None and not first:
                first.append(time.perf_counter())
            original(screen, renderable)  # type: ignore[arg-type]

        app._display = display  # type: ignore[method-assign]
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
        return first[0] - started


def record_frames(app: Any, frames: list[float]) -> None:
    """Append the time of every frame the app composes to `frames` (Textual's `_display`)."""
    original = app._display

    def display(screen: object, renderable: object) -> None:
        if renderable is not None:
            frames.append(time.perf_counter())
        original(screen, renderable)

    app._display = display


async def keypresses(count: int) -> dict[str, list[float]]:
    from cold_war_tui.engine import Game
    from cold_war_tui.tui.app import ColdWarApp
    from cold_war_tui.tui.demo import MIDGAME
    from cold_war_tui.tui.saves import SaveMeta
    from cold_war_tui.tui.widgets.map_view import MapView

    frames: list[float] = []
    results: dict[str, list[float]] = {"menu": [], "map": []}
    with tempfile.TemporaryDirectory() as folder:
        app = ColdWarApp(data_dir=Path(folder))
        record_frames(app, frames)
        async with app.run_test(size=(120, 40)) as pilot:
            app.ensure_ready()
            app.start_game(Game.from_scenario(MIDGAME), SaveMeta())
            await pilot.pause()
            await pilot.press("enter")  # the hand-over
            await pilot.pause(0.2)

            async def timed(key: str, bucket: str) -> None:
                frames.clear()
                started = time.perf_counter()
                await pilot.press(key)
                await pilot.pause(0.05)
                after = [f for f in frames if f >= started]
                if after:
                    results[bucket].append(after[0] - started)

            for n in range(count):
                await timed("down" if (n // 6) % 2 == 0 else "up", "menu")
            # play #7 Socialist Governments for ops: the operation is chosen on the map
            await pilot.press(*"socialist", "down", "enter")
            await pilot.pause(0.2)
            assert isinstance(app.focused, MapView), app.focused
            for n in range(count):
                await timed(("down", "down", "right", "up", "left", "up")[n % 6], "map")
    return results


async def computer_moves(count: int) -> dict[str, list[float]]:
    from cold_war_tui.engine import Game
    from cold_war_tui.tui.app import ColdWarApp
    from cold_war_tui.tui.demo import MIDGAME
    from cold_war_tui.tui.players import ComputerSettings
    from cold_war_tui.tui.saves import SaveMeta
    from cold_war_tui.tui.screens.game import GameScreen
    from cold_war_tui.tui.session import Session

    frames: list[float] = []
    answers: list[float] = []
    original_choose = Session.choose

    def choose(session: Session, choice_id: str) -> None:
        answers.append(time.perf_counter())
        original_choose(session, choice_id)

    with tempfile.TemporaryDirectory() as folder:
        app = ColdWarApp(data_dir=Path(folder), computer=ComputerSettings(think=0, pause=0))
        record_frames(app, frames)
        Session.choose = choose  # type: ignore[method-assign]
        try:
            async with app.run_test(size=(120, 40)) as pilot:
                app.ensure_ready()
                players = {"US": "random", "USSR": "random"}
                app.start_game(Game.from_scenario(MIDGAME), SaveMeta(players=players))
                while len(answers) < count and isinstance(app.screen, GameScreen):
                    await pilot.pause(0.01)
        finally:
            Session.choose = original_choose  # type: ignore[method-assign]
    to_frame = []
    for answer in answers:
        after = [f for f in frames if f >= answer]
        if after:
            to_frame.append(after[0] - answer)
    cycle = [b - a for a, b in itertools.pairwise(answers)]
    return {"frame": to_frame, "cycle": cycle}


def report(name: str, samples: list[float]) -> None:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(f"  {name:<18} median {statistics.median(ms):6.1f} ms   p95 {p95:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=5)
    parser.add_argument("--keys", type=int, default=60)
    parser.add_argument("--moves", type=int, default=150)
    args = parser.parse_args()
    print(f"launch to the first interactive screen (title), {args.launches} runs, target < 0.5 s")
    app = launch(args.launches, "app")
    print(f"  new process, app   best {min(app):6.3f} s   median {statistics.median(app):6.3f} s")
    cli = launch(args.launches, "cli")
    print(f"  new process, cli   best {min(cli):6.3f} s   median {statistics.median(cli):6.3f} s")
    print(f"  in-process         {asyncio.run(in_process_launch()):6.3f} s (modules imported)")
    results = asyncio.run(keypresses(args.keys))
    print("keypress to updated frame, mid-game at 120x40 (target median < 16 ms, p95 < 50 ms)")
    report("menu arrows", results["menu"])
    report("map arrows", results["map"])
    report("all keys", results["menu"] + results["map"])
    moves = asyncio.run(computer_moves(args.moves))
    print(
        f"computer move to frame, random against random from mid-game ({len(moves['cycle'])} moves)"
    )
    report("answer to frame", moves["frame"])
    report("answer to answer", moves["cycle"])


if __name__ == "__main__":
    main()
