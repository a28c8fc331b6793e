"""Pilot tests of the duel screens at the table: issue 15 item 3 (which group goes), passing,
and issue 18 items 9 and 10 (Escape, the way back to the title, the cursor, the focus, the
settings in words, the row letters, the header)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.widgets import Static

from cold_war_tui.duel import Cell, DuelGame, DuelSettings
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.duel.finish import DuelEndScreen
from cold_war_tui.tui.duel.move import MoveScreen
from cold_war_tui.tui.duel.placement import PlacementScreen
from cold_war_tui.tui.duel.setup import DuelSetupScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.title import TitleScreen

from .app_helpers import SIZE, duel_app
from .helpers import game_with


def two_groups() -> DuelGame:
    """Both placed, A to move; A's groups stand at А3 (placed first) and А4."""
    return game_with(
        "Города А1 МБР А2 ДРГ А3 А4", "Города А1 МБР З3 ДРГ А5 А6",
        cities=1, objects=1, groups=2, missiles_per_silo=1,
    )  # fmt: skip


def shown(app: ColdWarApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def test_the_player_sends_his_second_group() -> None:
    """Issue 15 item 3: the group that goes stops guarding its square, so the player picks
    it: `g` on his board, then `d` on the enemy map; the first group placed stays home."""
    game = two_groups()
    async with duel_app(game=game) as (app, pilot, _):
        await pilot.press("enter")
        assert isinstance(app.screen, MoveScreen)
        await pilot.press("right", "right", "right", "g")  # the group at А4
        assert "group А4: choose its square" in shown(app, "#request")
        await pilot.press("tab", *["down"] * 4, *["right"] * 4, "d")  # square Д5
        assert "ДРГ Д5\nСвои ДРГ А4" in shown(app, "#request")
        await pilot.press("f")
        await pilot.pause()
    groups = game.side("A").groups
    assert [(g.cell, g.active, g.target) for g in groups] == [
        (Cell.parse("А3"), True, None),
        (Cell.parse("А4"), False, Cell.parse("Д5")),
    ]


async def test_without_a_pick_the_first_group_goes_and_the_request_says_so() -> None:
    """Issue 15 item 3: `d` alone sends the first group still in play, named in the request."""
    game = two_groups()
    async with duel_app(game=game) as (app, pilot, _):
        await pilot.press("enter", "tab", "d")
        assert "ДРГ А1\nСвои ДРГ А3" in shown(app, "#request")
        await pilot.press("g")  # on the enemy map: groups are picked on the own board
        assert "Groups are chosen on your own board" in shown(app, "#message")


async def test_p_passes_and_an_empty_request_is_not_sent_by_accident() -> None:
    """Issue 15 item 1 on the screen: launching is optional; `p` passes, while `f` with
    nothing picked says how to pass instead of sending an empty move."""
    game = two_groups()
    async with duel_app(game=game) as (app, pilot, _):
        await pilot.press("enter", "f")
        assert "The request is empty" in shown(app, "#message") and game.turn == 0
        await pilot.press("right", "enter", "p")
        assert "Undo the request (Backspace) before passing" in shown(app, "#message")
        await pilot.press("backspace", "p")
        await pilot.pause()
        assert game.turn == 1 and game.log[-1].choice is not None
        assert "Пас" in shown(app, "#request")


async def test_escape_goes_back_from_the_set_up_screen() -> None:
    """Issue 18 item 9: Escape on the duel's set-up screen leaves the duel for the title
    screen of the same app (which keeps running)."""
    async with duel_app() as (app, pilot, flow):
        assert isinstance(app.screen, DuelSetupScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1
        assert app.duel is None and flow.game is None and app.is_running


@pytest.mark.parametrize("key", ["escape", "enter", "q"])
async def test_leaving_the_end_screen_returns_to_the_title(key: str) -> None:
    """Issue 18 item 9: leaving the end screen ends the duel for the title screen of the same
    app, not for the shell."""
    game = two_groups()
    game.choose("МБР А2 Цели З3")  # B's only silo goes: nobody has a missile left
    assert game.over
    async with duel_app(game=game) as (app, pilot, _):
        assert isinstance(app.screen, DuelEndScreen)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1
        assert app.duel is None and app.is_running


async def test_title_to_duel_and_back_then_ctrl_q_quits_from_the_duel() -> None:
    """Issue 18 item 9 in the one app: title -> duel (`d`) -> Escape -> title -> duel again;
    Ctrl+Q quits from inside the duel; `cold-war-tui duel` opens the same app on the
    duel's set-up, from where Escape shows its title."""
    app = ColdWarApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("d")
        assert isinstance(app.screen, DuelSetupScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("d", "enter")
        assert isinstance(app.screen, HandOverScreen) and app.screen.player == "A"
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running
    app = ColdWarApp(duel=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DuelSetupScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def test_the_board_cursor_stops_at_the_edges() -> None:
    """Issue 18 item 9: arrows stop at the board's edge instead of wrapping to the far side."""
    async with duel_app(game=DuelGame(DuelSettings())) as (app, pilot, _):
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, PlacementScreen)
        await pilot.press("up", "left")
        assert screen.cursor == Cell.parse("А1")
        await pilot.press(*["right"] * 10, *["down"] * 10)
        assert screen.cursor == Cell.parse("З8")
    async with duel_app(game=two_groups()) as (app, pilot, _):
        await pilot.press("enter", "up", "left", "tab", "left", "up")
        screen = app.screen
        assert isinstance(screen, MoveScreen)
        assert (screen.own_cursor, screen.enemy_cursor) == (Cell(0, 0), Cell(0, 0))


async def test_focus_moves_between_the_boards_only_by_tab() -> None:
    """Issue 18 item 9: picking a silo or a target leaves the focus where it is; Tab moves
    it, and the focused board's title is marked."""
    async with duel_app(game=two_groups()) as (app, pilot, _):
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, MoveScreen)

        def title_style(name: str) -> str:
            content = screen.query_one(f"#{name}-title", Static).content
            assert isinstance(content, Text)
            return str(content.style)

        assert "reverse" in title_style("own") and "reverse" not in title_style("enemy")
        await pilot.press("right", "enter")  # the silo А2
        assert not screen.focus_enemy
        await pilot.press("down")  # still on the own board
        assert screen.own_cursor == Cell.parse("Б2") and screen.enemy_cursor == Cell(0, 0)
        await pilot.press("tab", "enter")  # its target А1
        assert screen.focus_enemy and "reverse" in title_style("enemy")
        await pilot.press("right")
        assert screen.enemy_cursor == Cell.parse("А2")


async def test_settings_are_named_in_words_and_row_letters_can_be_latin() -> None:
    """Issue 18 item 9: the set-up screen names the settings in words (no I1-I12) and
    offers Latin or Cyrillic row letters, Cyrillic (the seed's) by default."""
    async with duel_app() as (app, pilot, flow):
        fields = shown(app, "#fields")
        assert "(I" not in fields and "per_move" not in fields and "True" not in fields
        assert "Row letters" in fields and "Cyrillic А-З" in fields
        assert " An ABM site stops              a missile every move" in fields
        await pilot.press(*["down"] * 15)  # below the two players
        await pilot.press("right")
        assert "Latin A-H" in shown(app, "#fields")
        await pilot.press("enter", "enter")
        assert flow.game is not None and flow.game.settings.row_letters == "latin"
        assert isinstance(app.screen, PlacementScreen)
        board = shown(app, "#own")
        assert board.splitlines()[2].startswith("B  ") and "Б" not in board
        assert "Cities none" in shown(app, "#counts")


async def test_the_enemy_board_header_is_followed_by_a_space() -> None:
    """Issue 18 item 10: "(only what you know)" does not run into the next column."""
    async with duel_app(size=(80, 24), game=two_groups()) as (app, pilot, _):
        await pilot.press("enter")
        title = app.screen.query_one("#enemy-title", Static)
        side = app.screen.query_one("#side")
        text = str(title.content)
        assert text.endswith("(only what you know)")
        assert title.region.x + len(text) < side.region.x


async def test_hand_over_then_the_enemy_board_shows_a_foiled_sabotage_in_words() -> None:
    """Issue 15 item 2 on the screen: the answer names the foiled square in notation and in
    words, and does not say that nothing was found."""
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ Д5",
        cities=1, objects=1, groups=1, missiles_per_silo=1,
    )  # fmt: skip
    async with duel_app(game=game) as (app, pilot, _):
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter", "tab", *["down"] * 4, *["right"] * 4, "d", "f")
        answer = shown(app, "#answer")
        assert "Сбиты нет\nСорваны Д5" in answer and "Sabotage foiled" in answer
        assert "found nothing" not in answer and "Объектов нет" not in answer
