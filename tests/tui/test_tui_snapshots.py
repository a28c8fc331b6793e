"""Snapshots of the main screens at 120x40 and 80x24 (update: pytest --snapshot-update).

Game screens use fixed positions (cold_war_tui.tui.demo), so the pictures do not
depend on how earlier card events of a random game play out.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from cold_war_tui.engine import Game
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.demo import GAME_OVER, MIDGAME, WITH_EFFECTS
from cold_war_tui.tui.saves import SaveMeta

Compare = Callable[..., bool]
WIDE = (120, 40)
SMALL = (80, 24)


def app_for(data_dir: Path) -> ColdWarApp:
    return ColdWarApp(data_dir=data_dir, new_seed=lambda: 424242)


def still(pilot: Pilot[Any]) -> None:
    """No blinking cursor in a picture."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False


def game_at(doc: dict[str, Any], *keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, ColdWarApp)
        app.ensure_ready()
        app.start_game(Game.from_scenario(doc), SaveMeta(names={"US": "Ann", "USSR": "Boris"}))
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        still(pilot)

    return run_before


def test_title_wide(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(app_for(data_dir), terminal_size=WIDE)


def test_title_small(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(app_for(data_dir), terminal_size=SMALL)


def test_new_game_wide(snap_compare: Compare, data_dir: Path) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("n")
        await pilot.pause()
        still(pilot)

    assert snap_compare(app_for(data_dir), terminal_size=WIDE, run_before=run_before)


def test_hand_over_wide(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(app_for(data_dir), terminal_size=WIDE, run_before=game_at(MIDGAME))


def test_game_wide(snap_compare: Compare, data_dir: Path) -> None:
    run_before = game_at(MIDGAME, "enter", *"socialist", "down", "enter", *"gree")
    assert snap_compare(app_for(data_dir), terminal_size=WIDE, run_before=run_before)


def test_game_small(snap_compare: Compare, data_dir: Path) -> None:
    run_before = game_at(MIDGAME, "enter", "down")
    assert snap_compare(app_for(data_dir), terminal_size=SMALL, run_before=run_before)


def test_piles_wide(snap_compare: Compare, data_dir: Path) -> None:
    run_before = game_at(WITH_EFFECTS, "enter", "f4", "down")
    assert snap_compare(app_for(data_dir), terminal_size=WIDE, run_before=run_before)


def test_too_small(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(app_for(data_dir), terminal_size=(60, 20), run_before=game_at(MIDGAME))


def test_game_over_wide(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(app_for(data_dir), terminal_size=WIDE, run_before=game_at(GAME_OVER))


def test_rules_wide(snap_compare: Compare, data_dir: Path) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"coup")
        await pilot.pause()
        still(pilot)

    assert snap_compare(app_for(data_dir), terminal_size=WIDE, run_before=run_before)
