"""Helpers of the computer-player tests: an app whose computer answers at once, a scripted
human who plays by keys, and a bot that thinks for as long as a test wants."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType

import pytest
from textual import events
from textual.pilot import Pilot
from tui_helpers import game_of

from cold_war_tui import bots
from cold_war_tui.bots import Bot
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.players import ComputerSettings, Players
from cold_war_tui.tui.saves import SaveMeta
from cold_war_tui.tui.screens.dialogs import ConfirmScreen, TurnOverScreen
from cold_war_tui.tui.screens.game import GameScreen
from cold_war_tui.tui.screens.game_over import GameOverScreen
from cold_war_tui.tui.widgets.decision import DecisionMenu

QUICK = ComputerSettings(think=0, pause=0)


def quick_app(data_dir: Path, players: Players | None = None) -> ColdWarApp:
    """The app of the tests: seed 7 proposed, the computer answers without a pause."""
    return ColdWarApp(data_dir=data_dir, new_seed=lambda: 7, computer=QUICK, players=players)


def start(app: ColdWarApp, seed: int, players: dict[str, str]) -> None:
    """A new game of `seed` on the game screen, with these players ("human" or a level)."""
    assert app.ensure_ready() is not None
    app.start_game(Game.new(GameOptions(seed=seed)), SaveMeta(players=players))


class SlowBot:
    """A bot that thinks until the test lets it answer (`release`), then plays the first
    choice: the UI must stay responsive meanwhile, and quitting must not wait for it."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.released = threading.Event()
        self.answered = threading.Event()

    def choose(self, game: Game, player: str) -> str:
        self.asked.set()
        self.released.wait(30)
        pending = game.pending
        assert pending is not None
        self.answered.set()
        return pending.choices[0].id


def add_bot(monkeypatch: pytest.MonkeyPatch, name: str, bot: Bot) -> None:
    """Put a bot into BOTS after the others, as a stronger one added later would be."""

    def factory(seed: int, think: float | None, iterations: int | None) -> Bot:
        return bot

    monkeypatch.setattr(bots, "BOTS", MappingProxyType({**bots.BOTS, name: factory}))


async def wait_for_human(pilot: Pilot[object], app: ColdWarApp, limit: int = 2000) -> None:
    """Pause until the game waits for a human at the terminal, a dialog, or the game's end;
    an end-of-turn summary is read and closed on the way."""
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, TurnOverScreen) and screen.is_mounted:
            await pilot.press("enter")
            continue
        if isinstance(screen, GameOverScreen | ConfirmScreen) and screen.is_mounted:
            return
        if isinstance(screen, GameScreen) and screen.is_mounted and screen.mine() is not None:
            return
        await pilot.pause()
    raise AssertionError("the computer did not hand the game back")


async def choose_by_keys(pilot: Pilot[object], app: ColdWarApp, choice: str) -> int:
    """Pick `choice` as a player would: Tab to the menu if the map has the keys, arrows to
    the entry, Enter. Returns the number of keys pressed."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    game = game_of(app)
    pending = game.pending
    assert pending is not None
    made = len(game.choices)
    menu = screen.query_one("#menu", DecisionMenu)
    keys = []
    if app.focused is not menu:  # Tab; the keys after it wait until the menu has the focus
        keys.append("tab")
        await burst(pilot, app, keys)
        await settle(pilot, lambda: app.focused is menu)
    target = [c.id for c in pending.choices].index(choice)
    here = menu.highlighted or 0
    arrows = ["down"] * (target - here) if target >= here else ["up"] * (here - target)
    await burst(pilot, app, arrows)
    keys += arrows
    await settle(pilot, lambda: app.focused is menu and menu.highlighted == target)
    assert app.focused is menu and menu.highlighted == target, (keys, menu.highlighted, target)

    def chosen() -> bool:
        return len(game_of(app).choices) > made or isinstance(app.screen, ConfirmScreen)

    for _ in range(3):  # an Enter on an entry not yet scrolled into view only shows it
        await burst(pilot, app, ["enter"])
        keys.append("enter")
        await settle(pilot, chosen, limit=50)
        if chosen():
            break
    return len(keys)


async def burst(pilot: Pilot[object], app: ColdWarApp, keys: list[str]) -> None:
    """Send keys in one burst, as a fast typist or a paste does. (Pilot.press waits for
    the app to be idle after each key: about 60 ms a key, most of it asleep, while the
    app's own work is about 10 ms a key.)"""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))
    await pilot.pause()


async def settle(pilot: Pilot[object], ready: Callable[[], bool], limit: int = 500) -> None:
    """Let the app work until `ready()` (the caller asserts what it expects)."""
    for _ in range(limit):
        if ready():
            return
        await pilot.pause()
