"""The duel against the computer, and the screens that explain themselves (Pilot tests).

A human plays a whole duel against `hunter` by key presses; the set-up chooses who
plays; no hand-over with one human; the computer's request and answer in the exchange
list; Escape one step back on every screen; the F1 legend; the rules on the set-up; the
sabotage star in its cell's column; saves that remember the computer.
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from cold_war_tui.duel import Cell, DuelSettings, notation
from cold_war_tui.duel.board import ROWS_CYRILLIC, ROWS_LATIN
from cold_war_tui.duel.saves import read
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.duel.computer import ComputerTurnScreen
from cold_war_tui.tui.duel.finish import DuelEndScreen, FinishScreen
from cold_war_tui.tui.duel.move import MoveScreen
from cold_war_tui.tui.duel.placement import PlacementScreen
from cold_war_tui.tui.duel.render import board_text, own_glyphs
from cold_war_tui.tui.duel.setup import DuelSetupScreen
from cold_war_tui.tui.screens.dialogs import ConfirmScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.title import TitleScreen

from .app_helpers import duel_app, screen_text
from .helpers import game_with

SMALL = DuelSettings(cities=3, objects=2, groups=1, missiles_per_silo=2, start_defcon=3)
HUMAN_ARMY = "Города А1 А8 З1 ПРО Б2 МБР З8 ДРГ З8"
SHOTS = [Cell(r, c) for r in (1, 4, 6) for c in (1, 4, 6)]
"""Where the scripted human aims, in turn: nine squares that cover the board."""


async def until_human(app: ColdWarApp, pilot: Pilot[None]) -> None:
    """Wait while the computer decides (it thinks in a thread)."""
    for _ in range(600):
        if not isinstance(app.screen, ComputerTurnScreen):
            return
        await pilot.pause(0.05)
    raise AssertionError("the computer did not finish its turn")


async def goto(pilot: Pilot[None], here: Cell, there: Cell) -> None:
    keys = ["down" if there.row > here.row else "up"] * abs(there.row - here.row)
    keys += ["right" if there.col > here.col else "left"] * abs(there.col - here.col)
    await pilot.press(*keys)


async def place(pilot: Pilot[None], screen: PlacementScreen, text: str) -> None:
    """Put a whole army down by keys."""
    placement = notation.parse_placement(text)
    for key, cells in (
        ("c", placement.cities),
        ("a", placement.abms),
        ("s", placement.silos),
        ("g", placement.groups),
    ):
        for cell in cells:
            await goto(pilot, screen.cursor, cell)
            await pilot.press(key)
    await pilot.press("enter")


async def test_a_whole_duel_against_the_hunter_by_key_presses() -> None:
    """A human (scripted) plays the hunter to the end: set-up by keys, no hand-over, the
    computer's requests and answers in the exchange list, the count on the end screen."""
    app = ColdWarApp()
    seen_computer = 0
    async with app.run_test(size=(100, 32)) as pilot:
        flow = app.open_duel(settings=SMALL, pause=0)
        await pilot.pause()
        assert isinstance(app.screen, DuelSetupScreen)
        assert "Player B                       Human" in screen_text(app)
        await pilot.press("down")  # Player B
        for _ in range(len(DUEL_LEVELS)):
            await pilot.press("right")  # Human -> Computer: random -> Computer: hunter
        assert "Computer: hunter" in screen_text(app)
        await pilot.press("enter")
        assert flow.computer == {"B": "hunter"}
        shots = iter(SHOTS)
        for _ in range(60):
            await until_human(app, pilot)
            screen = app.screen
            assert not isinstance(screen, HandOverScreen)  # one human: no hand-over
            if isinstance(screen, DuelEndScreen):
                break
            if isinstance(screen, PlacementScreen):
                await place(pilot, screen, HUMAN_ARMY)
            elif isinstance(screen, FinishScreen):
                await pilot.press("c")
            elif isinstance(screen, MoveScreen):
                record = str(screen.query_one("#record", Static).content)
                seen_computer += record.count("Enemy (DEFCON")
                silos = screen.get_view().usable_silos
                if silos:
                    await goto(pilot, screen.own_cursor, silos[0])
                    await pilot.press("enter", "tab")
                    await goto(pilot, screen.enemy_cursor, next(shots))
                    await pilot.press("enter", "f")
                else:
                    await pilot.press("p")
                assert screen.answer is not None, screen_text(app)
                await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, DuelEndScreen)
        game = flow.game
        assert game is not None and game.result is not None
        assert "The end" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
    assert seen_computer >= 1  # the hunter's requests and answers were in the list
    hunter_moves = [e for e in game.log if e.player == "B" and e.answer is not None]
    assert hunter_moves


DUEL_LEVELS = ("random", "hunter")


async def test_the_computers_request_and_answer_show_for_a_short_pause() -> None:
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города Г4 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1, first_player="B", start_defcon=1,
    )  # fmt: skip
    exchange = "Enemy (DEFCON 1): МБР З3 / Цели"
    async with duel_app(game=game, computer={"B": "hunter"}, pause=60) as (app, pilot, flow):
        screen = app.screen
        assert isinstance(screen, ComputerTurnScreen)
        for _ in range(200):
            if screen.done:
                break
            await pilot.pause(0.05)
        assert app.screen is screen  # the pause: its move stays on screen
        text = screen_text(app)
        assert "the computer (hunter)" in text and "Answer:" in text
        assert exchange in text  # the exchange list
        await pilot.press("enter")  # go on without waiting
        assert flow.game is not None
        # The hunter's seed is drawn afresh each duel: its one missile may hit A's only silo.
        if flow.game.result is None:
            assert isinstance(app.screen, FinishScreen) and app.screen.player == "A"
            assert exchange in screen_text(app)
        else:
            assert isinstance(app.screen, DuelEndScreen)


async def test_with_two_humans_the_hand_over_stays() -> None:
    async with duel_app(settings=SMALL) as (app, pilot, _):
        await pilot.press("enter")
        assert isinstance(app.screen, HandOverScreen)


async def test_the_computer_can_place_first_and_the_human_places_at_once() -> None:
    async with duel_app(settings=SMALL, computer={"A": "random"}, pause=0) as (app, pilot, flow):
        await pilot.press("enter")
        await until_human(app, pilot)
        assert isinstance(app.screen, PlacementScreen) and app.screen.player == "B"
        assert flow.game is not None and flow.game.side("A").placed


# -- Escape: one step back on every screen --------------------------------------------------


async def test_escape_steps_back_through_placement_to_the_set_up_and_the_title() -> None:
    async with duel_app(settings=SMALL) as (app, pilot, flow):
        await pilot.press("enter", "enter")  # start; A's hand-over
        assert isinstance(app.screen, PlacementScreen)
        await pilot.press("c", "right", "s")
        await pilot.press("escape")  # takes up the silo
        assert "Took up the silo at А2" in screen_text(app)
        assert app.screen.placement().cities == (Cell.parse("А1"),)
        assert not app.screen.placement().silos
        await pilot.press("escape")  # takes up the city
        assert not app.screen.placement().cities
        await pilot.press("escape")  # nothing left to take up: leave?
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, PlacementScreen)
        await pilot.press("escape", "y")
        assert isinstance(app.screen, DuelSetupScreen) and flow.game is None
        assert "You left the duel at turn 1" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1


async def test_escape_on_the_move_screen_undoes_a_pick_then_asks_to_leave() -> None:
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1,
    )  # fmt: skip
    async with duel_app(game=game) as (app, pilot, _):
        await pilot.press("enter", "right", "enter")  # hand-over; the silo А2 picked
        screen = app.screen
        assert isinstance(screen, MoveScreen) and screen.building()
        await pilot.press("f1")
        assert screen.legend_shown
        await pilot.press("escape")  # first the legend goes
        assert not screen.legend_shown and screen.building()
        await pilot.press("escape")  # then the pick
        assert not screen.building()
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # no: stay
        assert app.screen is screen


async def test_escape_asks_to_leave_from_the_hand_over_and_the_finish_screen() -> None:
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 ПРО З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1,
    )  # fmt: skip
    async with duel_app(game=game) as (app, pilot, flow):
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n", "enter")
        assert isinstance(app.screen, FinishScreen)  # B has no silo: A ends or goes on
        await pilot.press("escape", "y")
        assert isinstance(app.screen, DuelSetupScreen) and flow.game is None


async def test_escape_on_the_computers_turn_asks_to_leave() -> None:
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города Г4 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1, first_player="B",
    )  # fmt: skip
    async with duel_app(game=game, computer={"B": "hunter"}, pause=5) as (app, pilot, _):
        assert isinstance(app.screen, ComputerTurnScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert isinstance(app.screen, DuelSetupScreen)
        assert "Computer: hunter" in screen_text(app)  # the same players are proposed


# -- what the screens explain ------------------------------------------------------------------


async def test_the_set_up_gives_the_rules_in_five_lines() -> None:
    async with duel_app() as (app, _pilot, _):
        rules = str(app.screen.query_one("#rules", Static).content).splitlines()
        assert len(rules) == 5 and all(len(line) <= 79 for line in rules)
        text = "\n".join(rules)
        assert "10 cities" in text and "3×3" in text and "ABM site within 1 cell" in text
        assert "see docs/duel.md" not in screen_text(app)


async def test_f1_shows_a_legend_of_the_symbols_and_the_blast_at_80x24() -> None:
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1,
    )  # fmt: skip
    async with duel_app(size=(80, 24), game=game) as (app, pilot, _):
        await pilot.press("enter")
        legend = app.screen.query_one("#legend", Static)
        assert not legend.display
        await pilot.press("f1")
        assert legend.display
        text = str(legend.content)
        for words in ("3×3", "п ш lower case: switched off", "radius 1", "★ sabotage group"):
            assert words in text
        assert legend.region.bottom <= 23  # all of it on screen, above the footer
        await pilot.press("f1")
        assert not legend.display


def stars_under(lines: list[str], letter: str) -> list[str]:
    """The column numbers of the header above each ★ in the row of `letter`."""
    row = next(line for line in lines if line.startswith(letter))
    return [lines[0][i] for i, ch in enumerate(row) if ch == "★"]


def test_the_star_stands_in_its_cells_column_in_both_alphabets() -> None:
    """Groups at Д3 and Д7 (empty cells) and Г4 (on a silo): each ★ of row Д stands under
    its own column number; on an occupied cell it follows the object's letter."""
    for row_letters, letters in (("cyrillic", ROWS_CYRILLIC), ("latin", ROWS_LATIN)):
        game = game_with(
            "Города А1 МБР Г4 ДРГ Д3 Д7 Г4", "Города А1 МБР З3 ДРГ А3 А4 А5",
            cities=1, objects=1, groups=3, row_letters=row_letters,
        )  # fmt: skip
        view = game.view("A")
        lines = board_text(own_glyphs(view), None, row_letters == "latin").plain.splitlines()
        assert stars_under(lines, letters[4]) == ["3", "7"]
        silo_row = next(line for line in lines if line.startswith(letters[3]))
        assert "Ш★" in silo_row


async def test_the_star_stands_in_its_column_on_screen_at_80x24() -> None:
    for row_letters, letters in (("cyrillic", ROWS_CYRILLIC), ("latin", ROWS_LATIN)):
        game = game_with(
            "Города А1 МБР Г4 ДРГ Д3 Д7", "Города А1 МБР З3 ДРГ А3 А4",
            cities=1, objects=1, groups=2, row_letters=row_letters,
        )  # fmt: skip
        async with duel_app(size=(80, 24), game=game) as (app, pilot, _):
            await pilot.press("enter")
            own = app.screen.query_one("#own", Static)
            lines = own.render_lines(own.region.reset_offset)
            text = ["".join(seg.text for seg in line) for line in lines]
            assert stars_under(text, letters[4]) == ["3", "7"]


# -- saves remember the computer ---------------------------------------------------------------


async def test_a_save_records_the_computer_and_loads_with_the_same_players(data_dir: Path) -> None:
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города Г4 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1,
    )  # fmt: skip
    async with duel_app(game=game, computer={"B": "hunter"}, pause=0) as (app, pilot, flow):
        await pilot.press("ctrl+s")
        assert flow.save_path is not None
        saved = json.loads(flow.save_path.read_text("utf-8"))
        assert saved["players"] == {"A": "human", "B": "hunter"}
        autosave = data_dir / "duel-autosave.json"
    async with duel_app(load=flow.save_path, pause=0) as (app, pilot, again):
        assert again.computer == {"B": "hunter"}
        assert isinstance(app.screen, MoveScreen)  # one human: no hand-over on load
    assert not autosave.exists() or read(autosave.read_text("utf-8")).computer == {"B": "hunter"}


def test_an_old_save_without_players_loads_as_two_humans() -> None:
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города Г4 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1,
    )  # fmt: skip
    data = json.loads(game.to_json())
    del data["players"]
    saved = read(json.dumps(data))
    assert saved.computer == {} and not saved.notes
    assert saved.game.snapshot() == game.snapshot()
    data["players"] = {"A": "human", "B": "deep-blue"}
    odd = read(json.dumps(data))
    assert odd.computer == {} and "'deep-blue' is unknown: a human plays it" in odd.notes[0]


async def test_a_loaded_duel_of_two_humans_still_opens_behind_a_hand_over(data_dir: Path) -> None:
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города Г4 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=1,
    )  # fmt: skip
    path = data_dir / "old.json"
    data = json.loads(game.to_json())
    del data["players"]
    data_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    async with duel_app(load=path) as (app, _pilot, flow):
        assert flow.computer == {} and isinstance(app.screen, HandOverScreen)
