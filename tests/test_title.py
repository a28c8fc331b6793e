"""The title screen (a placeholder until the TUI issue): it opens and its menu works."""

from __future__ import annotations

from textual.widgets import OptionList

from cold_war_tui.tui.app import ColdWarApp


async def test_title_screen_starts_the_duel_by_keys() -> None:
    app = ColdWarApp()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.query_one("#menu", OptionList)
        assert str(menu.get_option_at_index(1).prompt) == "DEFCON duel"
        menu.focus()
        menu.highlighted = 1
        await pilot.press("enter")
    assert app.return_value == "duel"


async def test_quit_from_the_title_screen() -> None:
    app = ColdWarApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
    assert app.return_value is None
