"""The duel inside the one app, for Pilot tests: open it above the title, read its screens."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.duel.flow import DuelFlow

SIZE = (120, 40)


@asynccontextmanager
async def duel_app(
    size: tuple[int, int] = SIZE, **duel: Any
) -> AsyncIterator[tuple[ColdWarApp, Pilot[None], DuelFlow]]:
    """`ColdWarApp` with a duel opened above its title screen (`open_duel(**duel)`: its
    set-up, a save to `load`, or a `game` at its pending decision). The data folder is the
    test's own (conftest.py)."""
    app = ColdWarApp()
    async with app.run_test(size=size) as pilot:
        flow = app.open_duel(**duel)
        await pilot.pause()
        yield app, pilot, flow


def screen_text(app: ColdWarApp) -> str:
    """Everything the current screen's Static widgets show, as plain text."""
    return "\n".join(str(w.content) for w in app.screen.query(Static))


def messages(app: ColdWarApp) -> list[str]:
    """The notifications on screen (Ctrl+S says where it saved)."""
    return [n.message for n in app._notifications]
