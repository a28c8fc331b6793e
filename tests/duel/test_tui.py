"""Pilot tests of the duel screens in the one app (requirement 8; I11 hot-seat secrecy)."""

from __future__ import annotations

import pytest
from textual.screen import ModalScreen
from textual.widgets import Static

from cold_war_tui.duel import Cell, DuelGame, DuelSettings
from cold_war_tui.tui.duel.finish import DuelEndScreen, FinishScreen
from cold_war_tui.tui.duel.move import MoveScreen
from cold_war_tui.tui.duel.placement import PlacementScreen
from cold_war_tui.tui.duel.setup import DuelSetupScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.title import TitleScreen

from .app_helpers import duel_app, screen_text
from .helpers import game_with

SMALL = DuelSettings(cities=1, objects=1, groups=1, missiles_per_silo=1)

# A: city, silo А2, group А3. Two variants differ only in where A's city stands (never seen by B).
A_CITY_A1 = ["c", "right", "s", "right", "g", "enter"]
A_CITY_V5 = ["down", "down", "right", "right", "right", "right", "c"]
A_CITY_V5 += ["up", "up", "left", "left", "left", "s", "right", "g", "enter"]
# B: city А1, group А3, silo З3.
B_PLACE = ["c", "right", "right", "g", *["down"] * 7, "s", "enter"]
# A: silo А2 -> target Г4; sabotage square centred on Б1 (reveals B's city А1). Only Tab
# moves the focus between the boards.
A_MOVE = ["right", "enter", "tab", "down", "down", "down", "right", "right", "right", "enter"]
A_MOVE += ["up", "up", "left", "left", "left", "d", "f"]
# B: silo З3 -> target А1, then a private mark on Б1 of the enemy map.
B_MOVE = ["down"] * 7 + ["right", "right", "enter", "tab", "enter", "down", "m", "f"]


_PLAYED: dict[tuple[str, ...], tuple[DuelGame, list[str]]] = {}


async def play(a_place: list[str]) -> tuple[DuelGame, list[str]]:
    """The small duel played by key presses (once per placement of A: each play takes seconds
    of key presses, and the tests only read the finished game): the game and B's screens."""
    key = tuple(a_place)
    if key not in _PLAYED:
        _PLAYED[key] = await _play(a_place)
    return _PLAYED[key]


async def _play(a_place: list[str]) -> tuple[DuelGame, list[str]]:
    seen_by_b: list[str] = []
    async with duel_app(settings=SMALL) as (app, pilot, flow):

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
        game = flow.game
        assert game is not None and game.over
        await keys("q")
        # The duel is over: the same app shows its title screen again.
        assert isinstance(app.screen, TitleScreen) and app.duel is None
    return game, seen_by_b


async def test_a_whole_small_duel_by_key_presses() -> None:
    """Requirement 8: set-up, hand-overs, placements, moves, the finish choice and the count."""
    game, _ = await play(A_CITY_A1)
    assert game.result is not None
    assert game.result.cities == {"A": 0, "B": 1}  # B's missile found A's city at А1
    assert game.result.winner == "B"
    assert game.view("B").marks and not game.view("A").marks


async def test_b_screens_never_show_a_secrets() -> None:
    """I11: B's screens are identical whether A's unrevealed city stands at А1 or at В5."""
    _, seen_first = await play(A_CITY_A1)
    game, seen_second = await play(A_CITY_V5)
    assert game.result is not None
    assert game.result.cities == {"A": 1, "B": 1}
    assert seen_first == seen_second
    for text in seen_first:
        assert "В5" not in text


async def test_setup_screen_changes_a_setting() -> None:
    """Requirement 8: the set-up screen edits the rule settings before the duel starts."""
    async with duel_app(settings=SMALL) as (_, pilot, flow):
        # below the two players: start DEFCON 5 -> 1 (the list wraps)
        await pilot.press("down", "down", "down", "left", "enter")
        await pilot.pause()
        assert flow.game is not None and flow.game.settings.start_defcon == 1


async def test_illegal_move_is_reported_on_screen() -> None:
    """Requirement 1 seen from the screen: a refused request shows the reason and changes
    nothing."""
    # The placements that A_CITY_A1 and B_PLACE make by keys (played by keys above).
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1,
    )  # fmt: skip
    async with duel_app(game=game) as (app, pilot, _):
        await pilot.press("enter")
        assert isinstance(app.screen, MoveScreen)
        # The silo А2 twice, each with a target: the rules allow one missile per silo.
        await pilot.press("right", "enter", "tab", "enter", "tab", "enter", "tab", "enter")
        await pilot.press("f")
        await pilot.pause()
        assert "silo А2 may launch only one missile per move" in screen_text(app)
        assert game.turn == 0


async def test_hand_over_screen_can_be_switched_off() -> None:
    """I11 setting `hand_over_screen`: without it the placement screen opens at once."""
    game = DuelGame(SMALL.model_copy(update={"hand_over_screen": False}))
    async with duel_app(game=game) as (app, pilot, _):
        assert isinstance(app.screen, PlacementScreen) and app.screen.player == "A"
        for key in A_CITY_A1:
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, PlacementScreen) and app.screen.player == "B"


def game_at_move(viewer: str, hidden_city: str) -> DuelGame:
    """Both placed, moves made until `viewer` is to move; the enemy's second city is unseen."""
    a = "Города А1 {city} ПРО Г4 МБР З8 ДРГ З1"
    b = "Города Б1 {city} ПРО Е5 МБР Б8 ДРГ А8"
    cities = {"A": "Е2" if viewer == "B" else "Ж1", "B": "Г7" if viewer == "A" else "Д7"}
    if viewer == "B":
        cities["A"] = hidden_city
    else:
        cities["B"] = hidden_city
    game = game_with(
        a.format(city=cities["A"]), b.format(city=cities["B"]),
        cities=2, objects=2, groups=1, missiles_per_silo=3,
    )  # fmt: skip
    game.choose("МБР З8 Цели В3")  # A: silo З8 revealed to B
    if viewer == "A":
        game.choose("МБР Б8 Цели Ж6 ДРГ Ж2")  # B: silo revealed, a sabotage of A's board
        game.set_mark("A", Cell.parse("Д3"), "?")
    else:
        game.set_mark("B", Cell.parse("В2"), "!")
    return game


@pytest.mark.parametrize("viewer", ["A", "B"])
async def test_a_players_screens_never_show_the_enemy_secrets(viewer: str) -> None:
    """I11: the hand-over and the move screen of each player are the same, character for
    character, whichever cell the enemy's unrevealed city stands on."""
    shown: list[list[str]] = []
    for hidden in ("В7", "Е3"):
        game = game_at_move(viewer, hidden)
        async with duel_app(game=game) as (app, pilot, _):
            seen = [screen_text(app)]
            await pilot.press("enter")
            assert isinstance(app.screen, MoveScreen) and app.screen.player == viewer
            seen.append(screen_text(app))
            seen.append(app.export_screenshot())
        shown.append(seen)
        assert hidden not in seen[1]
    assert shown[0] == shown[1]
