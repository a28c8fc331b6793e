"""Screenshots of the DEFCON duel for screenshots/ (run by `make screenshots`).

Drives the duel inside the game's one app (`ColdWarApp.open_duel`) with Textual's Pilot, by
key presses, and saves six SVG pictures:

- `duel-setup.svg`: the set-up, player B played by the computer (hunter), the rules in brief;
- `duel-placement.svg`: player A placing his forces (A's own screen, after the hand-over);
- `duel-move.svg`: player A's third move, request sent and answered (A's own screen, after the
  hand-over; of B's board it shows only what the rules told A);
- `duel-computer.svg`: the hunter's move on A's screen (one human: no hand-over), its
  request and the answer, before the next decision;
- `duel-legend-80x24.svg`: A's move screen at 80x24 with the legend (F1) open;
- `duel-end.svg`: the final count, where both boards may be shown (the game is over).

No picture shows a player's secrets on the other player's screen: each is taken on the
screen of the player whose turn it is, right after his hand-over page (checked below).
PNG copies are made when `rsvg-convert` (Debian: librsvg2-bin) or the `cairosvg` package is
there; otherwise a notice is printed and the SVGs are kept. Saves (the duel's autosave) go
to a temporary folder, never the user's.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from textual.pilot import Pilot

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cold_war_tui.duel import (  # noqa: E402
    Cell,
    DuelGame,
    DuelSettings,
    Finish,
    Kind,
    Move,
    notation,
)
from cold_war_tui.tui.app import ColdWarApp  # noqa: E402
from cold_war_tui.tui.duel.computer import ComputerTurnScreen  # noqa: E402
from cold_war_tui.tui.duel.finish import DuelEndScreen, FinishScreen  # noqa: E402
from cold_war_tui.tui.duel.move import MoveScreen  # noqa: E402
from cold_war_tui.tui.duel.placement import PlacementScreen  # noqa: E402
from cold_war_tui.tui.duel.setup import DuelSetupScreen  # noqa: E402
from cold_war_tui.tui.screens.hand_over import HandOverScreen  # noqa: E402
from cold_war_tui.userdata import DATA_DIR_ENV  # noqa: E402

OUT = ROOT / "screenshots"
SIZE = (120, 32)
ZOOM = "1.25"  # PNG copies: a little larger than the SVG's own size, for the README

SETTINGS = DuelSettings()
PLACE_A = "Города Б2 Б6 В3 Г7 Д2 Д5 Е4 Ж6 З2 З7 ПРО В5 Е6 Г3 МБР А1 А8 Ж1 З4 З8 ДРГ Д4 Б7"
PLACE_B = "Города А3 А6 Б4 В7 Г2 Д6 Е3 Ж5 З1 З6 ПРО Б5 Е7 Д3 МБР А1 В1 Г8 Ж2 З8 ДРГ Г5 Е1"
OPENING = ["МБР А1 Цели Б4", "МБР В1 Г8 Цели Д2 Б6"]
# A's third move, made by keys in the picture: three missiles (DEFCON 3), one sabotage square.
MOVE_A = "МБР А8 З4 З8 Цели Г8 В1 Е3 ДРГ Д3"
TARGETS = {
    "A": "А3 А6 Б4 В7 Г2 Д6 Е3 Ж5 З1 З6 Ж2 З8 А1",
    "B": "Б2 Б6 В3 Г7 Д2 Д5 Е4 Ж6 З2 З7 А8 З4 Ж1",
}


def cells(text: str) -> list[Cell]:
    return [Cell.parse(t) for t in text.split()]


class Driver:
    """Key presses for the duel screens, computed from where the cursor is now."""

    def __init__(self, pilot: Pilot[None], app: ColdWarApp) -> None:
        self.pilot = pilot
        self.app = app

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.pilot.pause()

    async def goto(self, here: Cell, there: Cell) -> None:
        keys = ["down" if there.row > here.row else "up"] * abs(there.row - here.row)
        keys += ["right" if there.col > here.col else "left"] * abs(there.col - here.col)
        if keys:
            await self.press(*keys)

    async def hand_over(self, player: str) -> None:
        """Pass the hand-over page: only then does the player's own screen show."""
        screen = self.app.screen
        assert isinstance(screen, HandOverScreen) and screen.player == player, screen
        await self.press("enter")

    async def place(self, text: str) -> None:
        """Place a whole army on the placement screen (cities, ABM sites, silos, groups)."""
        screen = self.app.screen
        assert isinstance(screen, PlacementScreen)
        parts = text.replace("ДРГ", "|g").replace("МБР", "|s").replace("ПРО", "|a")
        parts = parts.replace("Города", "|c")
        for chunk in parts.split("|")[1:]:
            key, *names = chunk.split()
            for cell in cells(" ".join(names)):
                await self.goto(screen.cursor, cell)
                await self.press(key)

    async def request(self, text: str, mark: tuple[str, str] | None = None) -> None:
        """Build a request on the move screen (silo, then its target; sabotage squares; a
        private mark) and send it."""
        screen = self.app.screen
        assert isinstance(screen, MoveScreen)
        move = notation.parse_move(text)
        for launch in move.launches:
            if screen.focus_enemy:
                await self.press("tab")
            await self.goto(screen.own_cursor, launch.silo)
            await self.press("enter", "tab")  # the silo; then over to the enemy board
            await self.goto(screen.enemy_cursor, launch.target)
            await self.press("enter")  # its target
        if (move.sabotage or mark) and not screen.focus_enemy:
            await self.press("tab")
        for centre in move.sabotage:
            await self.goto(screen.enemy_cursor, centre)
            await self.press("d")
        if mark is not None:
            await self.goto(screen.enemy_cursor, Cell.parse(mark[0]))
            for _ in range("?x!".index(mark[1]) + 1):
                await self.press("m")
        await self.press("f")
        assert screen.answer is not None, "the request was refused"


def opening_game() -> DuelGame:
    """Both armies placed and the first two moves made (through the rules engine)."""
    game = DuelGame(SETTINGS)
    game.choose(PLACE_A)
    game.choose(PLACE_B)
    for text in OPENING:
        game.choose(text)
    return game


def scripted(game: DuelGame) -> Move | Finish:
    """A plain, fixed policy for the rest of the demo game: every usable silo fires (within
    the limit) at the next cells of a fixed list; the last armed player goes on."""
    pending = game.pending
    assert pending is not None
    if pending.kind is Kind.FINISH:
        return Finish(end=False)
    view = game.view(pending.player)
    silos = list(view.usable_silos)
    if pending.limit is not None:
        silos = silos[: pending.limit]
    targets = TARGETS[pending.player].split()
    fired = sum(len(line.choice.launches) for line in view.log if isinstance(line.choice, Move))
    launches = [(s, Cell.parse(targets[(fired + i) % len(targets)])) for i, s in enumerate(silos)]
    if not launches:
        return Move()
    return Move.of([s.name for s, _ in launches], [t.name for _, t in launches])


def end_game() -> tuple[DuelGame, Move | Finish]:
    """The demo game up to its last decision, and that decision."""
    game = opening_game()
    game.choose(MOVE_A)
    choices: list[Move | Finish] = []
    while game.pending is not None:
        choice = scripted(game)
        choices.append(choice)
        game.apply(choice)
    again = opening_game()
    again.choose(MOVE_A)
    for choice in choices[:-1]:
        again.apply(choice)
    return again, choices[-1]


async def shoot_placement() -> None:
    app = ColdWarApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_duel(game=DuelGame(SETTINGS))
        await pilot.pause()
        drive = Driver(pilot, app)
        await drive.hand_over("A")
        await drive.place(PLACE_A)
        screen = app.screen
        assert isinstance(screen, PlacementScreen) and screen.player == "A"
        await drive.goto(screen.cursor, Cell.parse("Г6"))
        app.save_screenshot("duel-placement.svg", str(OUT))


async def shoot_move() -> None:
    app = ColdWarApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_duel(game=opening_game())
        await pilot.pause()
        drive = Driver(pilot, app)
        await drive.hand_over("A")
        await drive.request(MOVE_A, mark=("Б5", "?"))
        screen = app.screen
        assert isinstance(screen, MoveScreen) and screen.player == "A"
        app.save_screenshot("duel-move.svg", str(OUT))


async def shoot_end() -> None:
    game, last = end_game()
    assert game.pending is not None
    player = game.pending.player
    app = ColdWarApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_duel(game=game)
        await pilot.pause()
        drive = Driver(pilot, app)
        await drive.hand_over(player)
        if isinstance(last, Finish):
            assert isinstance(app.screen, FinishScreen)
            await drive.press("e" if last.end else "c")
        else:
            await drive.request(notation.format_move(last))
            await drive.press("enter")
        assert isinstance(app.screen, DuelEndScreen), app.screen
        app.save_screenshot("duel-end.svg", str(OUT))


def to_png(svg: Path) -> bool:
    """A PNG copy beside the SVG; False when no converter is installed.

    Textual's SVG writes spaces as no-break spaces, which librsvg and cairo strip at the start
    of a text run unless the document asks to keep white space: the copy converted asks so.
    """
    png = svg.with_suffix(".png")
    text = svg.read_text(encoding="utf-8").replace("<svg ", '<svg xml:space="preserve" ', 1)
    if shutil.which("rsvg-convert"):
        with tempfile.TemporaryDirectory() as temporary:
            source = Path(temporary) / svg.name
            source.write_text(text, encoding="utf-8")
            command = ["rsvg-convert", "--zoom", ZOOM, "--output", str(png), str(source)]
            subprocess.run(command, check=True)
        return True
    try:
        import cairosvg
    except ImportError:
        return False
    cairosvg.svg2png(bytestring=text.encode("utf-8"), write_to=str(png), scale=float(ZOOM))
    return True


async def shoot_setup() -> None:
    """The set-up with player B played by the computer (hunter), and the rules in brief."""
    app = ColdWarApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_duel(computer={"B": "hunter"})
        await pilot.pause()
        assert isinstance(app.screen, DuelSetupScreen)
        await pilot.press("down")
        await pilot.pause()
        app.save_screenshot("duel-setup.svg", str(OUT))


async def shoot_computer() -> None:
    """The hunter's move on A's screen, its request and the answer shown: A human against
    the computer (B), after A's opening move (no hand-over: one human)."""
    game = DuelGame(SETTINGS)
    game.choose(PLACE_A)
    game.choose(PLACE_B)  # the computer plays B from here
    game.choose(OPENING[0])
    app = ColdWarApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_duel(game=game, computer={"B": "hunter"}, pause=600)
        screen = app.screen
        assert isinstance(screen, ComputerTurnScreen)
        for _ in range(600):
            if screen.done:
                break
            await pilot.pause(0.05)
        assert screen.done and app.screen is screen
        await pilot.pause()  # the footer shows the screen's keys
        app.save_screenshot("duel-computer.svg", str(OUT))


async def shoot_legend() -> None:
    """A's move screen at 80x24 with the legend (F1) open."""
    app = ColdWarApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_duel(game=opening_game())
        await pilot.pause()
        drive = Driver(pilot, app)
        await drive.hand_over("A")
        await drive.press("f1")
        assert isinstance(app.screen, MoveScreen) and app.screen.legend_shown
        app.save_screenshot("duel-legend-80x24.svg", str(OUT))


async def main() -> int:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as temporary:
        os.environ[DATA_DIR_ENV] = temporary  # the duel autosaves: never to the user's folder
        await shoot_setup()
        await shoot_placement()
        await shoot_move()
        await shoot_computer()
        await shoot_legend()
        await shoot_end()
    names = [
        "duel-setup.svg",
        "duel-placement.svg",
        "duel-move.svg",
        "duel-computer.svg",
        "duel-legend-80x24.svg",
        "duel-end.svg",
    ]
    converted = [to_png(OUT / name) for name in names]
    for name, png in zip(names, converted, strict=True):
        print(f"screenshots/{name}" + (f" (+ {Path(name).with_suffix('.png')})" if png else ""))
    if not all(converted):
        print(
            "notice: no SVG to PNG converter (rsvg-convert from librsvg2-bin, or pip cairosvg):"
            " kept the SVG files only"
        )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
