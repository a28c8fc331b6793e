"""Pilot tests of the duel screens (requirement 8; I11 hot-seat secrecy)."""

from __future__ import annotations

from textual.screen import ModalScreen
from textual.widgets import Static

from cold_war_tui.duel import DuelSettings
from cold_war_tui.duel.tui import (
    DuelApp,
    DuelEndScreen,
    DuelSetupScreen,
    FinishScreen,
    HandOverScreen,
    MoveScreen,
    PlacementScreen,
)

SMALL = DuelSettings(cities=1, objects=1, groups=1, missiles_per_silo=1)

# A: city, silo А2, group А3. Two variants differ only in where A's city stands (never seen by B).
A_CITY_A1 = ["c", "right", "s", "right", "g", "enter"]
A_CITY_V5 = ["down", "down", "right", "right", "right", "right", "c"]
A_CITY_V5 += ["up", "up", "left", "left", "left", "s", "right", "g", "enter"]
# B: city А1, group А3, silo З3.
B_PLACE = ["c", "right", "right", "g", "up", "s", "enter"]
# A: silo А2 -> target Г4; sabotage square centred on Б1 (reveals B's city А1).
A_MOVE = ["right", "enter", "down", "down", "down", "right", "right", "right", "enter"]
A_MOVE += ["tab", "up", "up", "left", "left", "left", "d", "f"]
# B: silo З3 -> target А1, then a private mark on Б1 of the enemy map.
B_MOVE = ["up", "right", "right", "enter", "enter", "tab", "down", "m", "f"]


def screen_text(app: DuelApp) -> str:
    """Everything the current screen's Static widgets show, as plain text."""
    return "\n".join(str(w.content) for w in app.screen.query(Static))


async def play(a_place: list[str]) -> tuple[DuelApp, list[str]]:
    """Play the small duel by key presses; return the app and what B's screens showed."""
    app = DuelApp(SMALL)
    seen_by_b: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:

        async def keys(*names: str) -> None:
            for name in names:
                await pilot.press(name)
            await pilot.pause()

        assert isinstance(app.screen, DuelSetupScreen)
        await keys("enter")
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass the terminal to player A" in screen_text(app)
        await keys("enter")
        assert isinstance(app.screen, PlacementScreen)
        await keys(*a_place)
        # B's hand-over: an opaque Screen, not a translucent ModalScreen.
        assert isinstance(app.screen, HandOverScreen)
        assert not isinstance(app.screen, ModalScreen)
        assert "Pass the terminal to player B" in screen_text(app)
        seen_by_b.append(screen_text(app))
        await keys("enter")
        assert isinstance(app.screen, PlacementScreen) and app.screen.player == "B"
        seen_by_b.append(screen_text(app))
        await keys(*B_PLACE)
        await keys("enter")  # hand-over to A
        assert isinstance(app.screen, MoveScreen) and app.screen.player == "A"
        assert "DEFCON 5" in screen_text(app) and "up to 1" in screen_text(app)
        await keys(*A_MOVE)
        text = screen_text(app)
        assert "МБР А2\nЦели Г4\nДРГ Б1" in text
        assert "Сбиты нет\nГорода А1" in text
        assert "Sabotage found: cities (Города) А1." in text
        await keys("enter")  # end of A's move
        assert isinstance(app.screen, HandOverScreen)
        seen_by_b.append(screen_text(app))
        await keys("enter")
        assert isinstance(app.screen, FinishScreen) and app.screen.player == "B"
        seen_by_b.append(screen_text(app))
        await keys("c")
        assert isinstance(app.screen, MoveScreen) and app.screen.player == "B"
        seen_by_b.append(screen_text(app))
        enemy_map = str(app.screen.query_one("#enemy", Static).content)
        assert "Ш " in enemy_map  # A's silo, revealed by its launch
        assert "■" not in enemy_map  # A's city was never revealed to B
        await keys(*B_MOVE)
        seen_by_b.append(screen_text(app))
        assert "? " in str(app.screen.query_one("#enemy", Static).content)
        await keys("enter")
        assert isinstance(app.screen, DuelEndScreen)
        assert app.game is not None and app.game.over
        await keys("q")
    return app, seen_by_b


async def test_a_whole_small_duel_by_key_presses() -> None:
    """Requirement 8: set-up, hand-overs, placements, moves, the finish choice and the count."""
    app, _ = await play(A_CITY_A1)
    game = app.game
    assert game is not None and game.result is not None
    assert game.result.cities == {"A": 0, "B": 1}  # B's missile found A's city at А1
    assert game.result.winner == "B"
    assert app.return_value == game.result
    assert game.view("B").marks and not game.view("A").marks


async def test_b_screens_never_show_a_secrets() -> None:
    """I11: B's screens are identical whether A's unrevealed city stands at А1 or at В5."""
    _, seen_first = await play(A_CITY_A1)
    app, seen_second = await play(A_CITY_V5)
    assert app.game is not None and app.game.result is not None
    assert app.game.result.cities == {"A": 1, "B": 1}
    assert seen_first == seen_second
    for text in seen_first:
        assert "В5" not in text


async def test_setup_screen_changes_a_setting() -> None:
    """Requirement 8: the set-up screen edits the rule settings before the duel starts."""
    app = DuelApp(SMALL)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down", "left", "enter")  # start DEFCON 5 -> 1 (the list wraps)
        await pilot.pause()
        assert app.game is not None and app.game.settings.start_defcon == 1


async def test_illegal_move_is_reported_on_screen() -> None:
    """Requirement 1 seen from the screen: a refused request shows the reason and changes
    nothing."""
    app = DuelApp(SMALL, setup=False)
    async with app.run_test(size=(120, 40)) as pilot:
        for key in ["enter", *A_CITY_A1, "enter", *B_PLACE, "enter"]:
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, MoveScreen)
        await pilot.press("f")
        await pilot.pause()
        assert "launch at least one missile" in screen_text(app)
        assert app.game is not None and app.game.turn == 0


async def test_hand_over_screen_can_be_switched_off() -> None:
    """I11 setting `hand_over_screen`: without it the placement screen opens at once."""
    app = DuelApp(SMALL.model_copy(update={"hand_over_screen": False}), setup=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PlacementScreen) and app.screen.player == "A"
        for key in A_CITY_A1:
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, PlacementScreen) and app.screen.player == "B"
