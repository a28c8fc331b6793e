"""Regenerate screenshots/*.svg (and PNG copies) of the card game's screens.

Drives the app with Textual's Pilot at 120x40 (and the game at 80x24 too) in a
temporary data folder, so no save of the user is read or written. PNG copies
need `rsvg-convert` (Debian: librsvg2-bin) or the `cairosvg` package; without
either, the script says so and writes the SVG files only.

    .venv/bin/python tools/screenshots.py [NAME ...]   (only the pictures named)
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "screenshots"
WIDE = (120, 40)
SMALL = (80, 24)
TINY = (60, 20)

Steps = Callable[[Pilot[Any]], Awaitable[None]]


async def quiet(pilot: Pilot[Any]) -> None:
    """No blinking cursor in a picture."""
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def open_position(doc: dict[str, Any] | None, *keys: str) -> Steps:
    """A game screen: the scenario `doc`, or (None) the whole random game of demo."""

    async def steps(pilot: Pilot[Any]) -> None:
        from cold_war_tui.engine import Game
        from cold_war_tui.tui.app import ColdWarApp
        from cold_war_tui.tui.demo import played_game
        from cold_war_tui.tui.saves import SaveMeta

        app = pilot.app
        assert isinstance(app, ColdWarApp)
        app.ensure_ready()
        names = {"US": "Ann", "USSR": "Boris"}
        game = Game.from_scenario(doc) if doc is not None else played_game()
        app.start_game(game, SaveMeta(names=names))
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await quiet(pilot)

    return steps


def versus_computer(
    make_game: Callable[[], Any], pause: float, ready: Callable[[Any], bool]
) -> Steps:
    """A game of `make_game()`, the US a human (Ann) and the USSR the computer (random,
    answering at once, `pause` seconds between its moves), pictured once `ready(app)`."""

    async def steps(pilot: Pilot[Any]) -> None:
        from cold_war_tui.tui.app import ColdWarApp
        from cold_war_tui.tui.players import ComputerSettings
        from cold_war_tui.tui.saves import SaveMeta

        app = pilot.app
        assert isinstance(app, ColdWarApp)
        app.ensure_ready()
        app.computer = ComputerSettings(think=0, pause=pause)
        meta = SaveMeta(names={"US": "Ann", "USSR": ""}, players={"US": "human", "USSR": "random"})
        app.start_game(make_game(), meta)
        for _ in range(200):
            await pilot.pause(0.02)
            if ready(app):
                break
        await quiet(pilot)

    return steps


def against_the_computer() -> Steps:
    """A new game: the computer's first set-up point is on the map (highlighted), and it
    thinks about the next (its pause is long)."""
    from cold_war_tui.engine import Game, GameOptions

    def acted(app: Any) -> bool:
        return bool(app.screen.query("#map") and app.screen.query_one("#map").acted)

    return versus_computer(lambda: Game.new(GameOptions(seed=1983)), 3600, acted)


def computer_moved() -> Steps:
    """The mid-game: the computer (USSR) has played its round, and the US player reads
    its result in the log panel (also at 80x24)."""
    from cold_war_tui.engine import Game
    from cold_war_tui.tui.demo import MIDGAME
    from cold_war_tui.tui.screens.game import GameScreen

    def human_to_move(app: Any) -> bool:
        return isinstance(app.screen, GameScreen) and app.screen.mine() is not None

    return versus_computer(lambda: Game.from_scenario({**MIDGAME, "seed": 5}), 0, human_to_move)


def with_hint(doc: dict[str, Any], *pressed: str) -> Steps:
    """A position, then `h`: the hint is shown once the computer has thought."""
    opening = open_position(doc, *pressed)

    async def steps(pilot: Pilot[Any]) -> None:
        from cold_war_tui.tui.players import ComputerSettings

        pilot.app.computer = ComputerSettings(iterations=2)  # type: ignore[attr-defined]
        await opening(pilot)
        await pilot.press("h")
        screen = pilot.app.screen
        for _ in range(300):
            await pilot.pause(0.05)
            if screen.hint_armed is None and screen.hint_job is None:  # type: ignore[attr-defined]
                break
        await quiet(pilot)

    return steps


STUDY_LOG = ROOT / "tests" / "data" / "study" / "first-turn.txt"


def studying(path: Path | None, *pressed: str, ask: bool = False, review: bool = False) -> Steps:
    """The study screen on the log or save at `path` (None: a save of `demo.played_game`),
    after `pressed`; `ask` waits for the computer's verdict (`a`), `review` for the whole
    game's review and its list of costly moves (`r`). The computer searches one iteration
    a decision, so the pictures do not change from run to run."""

    async def steps(pilot: Pilot[Any]) -> None:
        from cold_war_tui.tui.app import ColdWarApp
        from cold_war_tui.tui.demo import played_game
        from cold_war_tui.tui.screens.review import ReviewScreen
        from cold_war_tui.tui.screens.study import StudyScreen
        from cold_war_tui.tui.study import SaveStudy, open_study
        from cold_war_tui.tui.verdict import StudyBudget

        app = pilot.app
        assert isinstance(app, ColdWarApp)
        app.ensure_ready()
        app.study_budget = StudyBudget(think=None, iterations=1)
        names = {"US": "Ann", "USSR": "Boris"}
        study = open_study(path) if path else SaveStudy("demo-game.json", played_game(), names)
        app.open_study(study)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StudyScreen)
        await pilot.press(*pressed)
        if ask:
            await pilot.press("a")
            while screen.analysing is not None:
                await pilot.pause(0.1)
        if review:
            await pilot.press("r")
            while not isinstance(app.screen, ReviewScreen):
                await pilot.pause(0.2)
        await quiet(pilot)

    return steps


def keys(*pressed: str) -> Steps:
    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press(*pressed)
        await quiet(pilot)

    return steps


def shots() -> list[tuple[str, tuple[int, int], Steps]]:
    from cold_war_tui.tui.demo import MIDGAME, WITH_EFFECTS

    operation = ("enter", *"socialist", "down", "enter", *"gree")
    open_middle_east = {**MIDGAME, "defcon": 4}
    return [
        ("title", WIDE, quiet),
        ("new-game", WIDE, keys("n")),
        ("new-game-computer", WIDE, keys("n", "tab", "tab", "tab", "tab", "enter", "down")),
        ("game-computer", WIDE, against_the_computer()),
        ("hand-over", WIDE, open_position(MIDGAME, *operation, "enter", "enter", "enter")),
        ("game", WIDE, open_position(MIDGAME, *operation)),
        ("game-action", WIDE, open_position(MIDGAME, "enter", "down")),
        ("game-80x24", SMALL, computer_moved()),
        (
            "game-odds",
            WIDE,
            open_position(open_middle_east, *operation[:-4], "tab", *"coup in iran"),
        ),
        ("game-hint", WIDE, with_hint(MIDGAME, "enter")),
        ("too-small", TINY, open_position(MIDGAME, "enter")),
        ("piles", WIDE, open_position(WITH_EFFECTS, "enter", "f4", "down", "down")),
        ("rules", WIDE, keys("r", *"coup")),
        ("game-over", WIDE, open_position(None)),
        ("study", WIDE, studying(STUDY_LOG, "right", "right", ask=True)),
        ("study-80x24", SMALL, studying(STUDY_LOG, "right", "right", "right", ask=True)),
        ("study-review", WIDE, studying(None, review=True)),
    ]


async def take(name: str, size: tuple[int, int], steps: Steps, data_dir: Path) -> Path:
    from cold_war_tui.tui.app import ColdWarApp

    app = ColdWarApp(data_dir=data_dir, new_seed=lambda: 1983)
    async with app.run_test(size=size) as pilot:
        await steps(pilot)
        app.save_screenshot(f"{name}.svg", str(OUT))
    return OUT / f"{name}.svg"


def for_raster(svg: str) -> str:
    """The SVG as rsvg/cairo draw it right: a monospace font, kept spaces."""
    svg = svg.replace("<svg class=", '<svg xml:space="preserve" class=', 1)
    svg = svg.replace("&#160;", " ")
    return re.sub(
        r"font-family: Fira Code, monospace", "font-family: DejaVu Sans Mono, monospace", svg
    )


def png_converter() -> Callable[[Path, Path], None] | None:
    rsvg = shutil.which("rsvg-convert")
    if rsvg is not None:

        def with_rsvg(svg: Path, png: Path) -> None:
            subprocess.run(
                [rsvg, "-o", str(png)], input=for_raster(svg.read_text()).encode(), check=True
            )

        return with_rsvg
    try:
        import cairosvg  # type: ignore[import-not-found]
    except ImportError:
        return None

    def with_cairo(svg: Path, png: Path) -> None:
        cairosvg.svg2png(bytestring=for_raster(svg.read_text()).encode(), write_to=str(png))

    return with_cairo


def main(argv: list[str] | None = None) -> int:
    """Take every picture, or only those named on the command line (`study study-review`)."""
    wanted = set(sys.argv[1:] if argv is None else argv)
    unknown = wanted - {name for name, _, _ in shots()}
    if unknown:
        print(f"no such picture: {', '.join(sorted(unknown))}")
        return 2
    chosen = [shot for shot in shots() if not wanted or shot[0] in wanted]
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["COLD_WAR_TUI_DATA_DIR"] = folder  # never the user's saves
        written = [
            asyncio.run(take(name, size, steps, Path(folder))) for name, size, steps in chosen
        ]
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    convert = png_converter()
    if convert is None:
        print(
            "PNG copies skipped: install rsvg-convert (apt-get install librsvg2-bin) "
            "or cairosvg (pip install cairosvg)"
        )
        return 0
    for svg in written:
        png = svg.with_suffix(".png")
        convert(svg, png)
        print(f"wrote {png.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
