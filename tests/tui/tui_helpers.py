"""Helpers of the TUI tests: what the screen shows as text, and a key-press game driver."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot

from cold_war_tui.engine import Game
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.saves import SaveMeta
from cold_war_tui.tui.screens.dialogs import ConfirmScreen, TurnOverScreen
from cold_war_tui.tui.screens.game import GameScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.widgets.map_view import MapView


def screen_text(app: ColdWarApp) -> str:
    """Every character the terminal shows now (the composed screen, as plain text)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system=None,
        legacy_windows=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text()


def game_screen(app: ColdWarApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def game_of(app: ColdWarApp) -> Game:
    return game_screen(app).session.game


def make_app(data_dir: Path) -> ColdWarApp:
    return ColdWarApp(data_dir=data_dir, new_seed=lambda: 7)


async def open_game(pilot: Pilot[object], app: ColdWarApp, game: Game, **names: str) -> None:
    """Start `game` on the game screen (its first hand-over is shown)."""
    assert app.ensure_ready() is not None
    app.start_game(game, SaveMeta(names={"US": names.get("us", ""), "USSR": names.get("ussr", "")}))
    await pilot.pause()


async def press(pilot: Pilot[object], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
    await pilot.pause()


async def wait_for(pilot: Pilot[object], ready: Callable[[], bool], limit: float = 10.0) -> None:
    """Pause until `ready()` (a screen that loads in a worker needs more than one pause on a
    busy machine); gives up after `limit` seconds and lets the test's assertion say what."""
    for _ in range(int(limit / 0.05)):
        if ready():
            return
        await pilot.pause(0.05)


async def drive(
    pilot: Pilot[object],
    app: ColdWarApp,
    done: Callable[[Game], bool],
    *,
    max_keys: int = 400,
    on_hand_over: Callable[[ColdWarApp], None] | None = None,
) -> int:
    """Play by key presses only until `done(game)`: Enter on hand-overs, cards for ops
    ("ops" typed in the menu), the first map target or menu entry otherwise. Returns
    the number of keys pressed."""
    pressed = 0
    avoid = False
    while pressed < max_keys:
        game = game_of(app)
        if done(game) or game.pending is None:
            return pressed
        screen = app.screen
        if isinstance(screen, HandOverScreen):
            if on_hand_over is not None:
                on_hand_over(app)
            keys = ["enter"]
        elif isinstance(screen, TurnOverScreen):
            keys = ["enter"]  # the end-of-turn summary
        elif isinstance(screen, ConfirmScreen):
            keys, avoid = ["n"], True
        elif isinstance(screen, GameScreen):
            focused = app.focused
            if isinstance(focused, MapView):
                keys = ["enter"]
            elif game.pending.kind == "action":
                keys = ["o", "p", "s", "enter"]
            else:
                keys = ["enter"]
            if avoid:
                keys = (
                    ["tab", "down", "enter"] if isinstance(focused, MapView) else ["down", "enter"]
                )
                avoid = False
        else:
            raise AssertionError(f"unexpected screen {type(screen).__name__}")
        await press(pilot, *keys)
        pressed += len(keys)
    raise AssertionError(f"not done after {max_keys} keys")
