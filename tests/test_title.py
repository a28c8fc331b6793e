"""The title screen: it opens, its menu and keys work (the game screens: tests/tui)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.duel.setup import DuelSetupScreen
from cold_war_tui.tui.screens.title import TitleScreen


async def test_title_screen_starts_the_duel_by_keys(tmp_path: Path) -> None:
    app = ColdWarApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#menu", OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert labels == [
            "New game",
            "Continue (no autosave yet)",
            "Load a saved game",
            "DEFCON duel",
            "Study a game (a play-site log or a save)",
            "Rules and cards",
            "Quit",
        ]
        menu.focus()
        menu.highlighted = 3
        await pilot.press("enter")
        # The duel opens in the same app, above the title screen.
        assert isinstance(app.screen, DuelSetupScreen) and app.is_running
        assert isinstance(app.screen_stack[0], TitleScreen)


async def test_quit_from_the_title_screen(tmp_path: Path) -> None:
    app = ColdWarApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
    assert app.return_value is None
