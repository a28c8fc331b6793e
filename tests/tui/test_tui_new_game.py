"""The New game screen: names, the shown seed, and every rule switch of GameOptions."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static, Switch
from tui_helpers import game_of, make_app, press, screen_text

from cold_war_tui.engine import GameOptions
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.new_game import NewGameScreen, option_fields


def test_every_option_but_the_seed_is_a_field() -> None:
    names = [f.name for f in option_fields()]
    assert names == [n for n in GameOptions.model_fields if n != "seed"]
    for field in option_fields():
        assert field.label and field.kind in ("bool", "int")


async def test_switches_and_seed_reach_the_game(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#seed", Input).value == "7"
        bools = [f for f in option_fields() if f.kind == "bool"]
        first = bools[0]
        screen.query_one(f"#opt-{first.name}", Switch).value = not first.default
        ints = [f for f in option_fields() if f.kind == "int"]
        if ints:  # a number out of its bounds is refused with a message
            field = screen.query_one(f"#opt-{ints[0].name}", Input)
            field.value = "999"
            await press(pilot, "f5")
            assert isinstance(app.screen, NewGameScreen)
            assert str(screen.query_one("#message", Static).content).startswith(ints[0].words)
            field.value = str(ints[0].default)
        screen.query_one("#seed", Input).value = "99"
        await press(pilot, "f5")
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass the terminal to the USSR player, then press Enter" in screen_text(app)
        options = game_of(app).options
        assert options.seed == 99
        assert getattr(options, first.name) == (not first.default)
        await press(pilot, "enter")
