"""The hunter's play, position by position: belief, targeting, sabotage and timing.

Each test sets up a small duel by notation (tests/duel/helpers.py), lets scripted moves
tell the hunter something, and checks what it does with it.
"""

from __future__ import annotations

from cold_war_tui.duel import DuelGame, Kind, Move, notation
from cold_war_tui.duel.board import Cell, covers, square
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.bots.hunter import HunterBot
from cold_war_tui.duel.bots.worlds import Belief

from .helpers import game_with

# B's board in these tests: cities on the left, one ABM site at Б7, silos Д4 and З8.
B_BOARD = "Города А1 Б2 В1 Г2 Д1 Е2 Ж1 З2 ПРО Б7 МБР Д4 З8 ДРГ З1"
B_TWO_GROUPS = B_BOARD + " Е5"
A_BOARD = "Города А8 Б6 В8 Г6 Д8 Е6 Ж8 З6 ПРО В7 МБР А5 З4 ДРГ А5"


def hunter_move(game: DuelGame, seed: int = 1) -> Move:
    pending = game.pending
    assert pending is not None and pending.kind is Kind.MOVE
    move = notation.parse_move(HunterBot(seed).choose(game, pending.player))
    return move


def test_a_missile_shot_down_means_an_abm_site_in_cover_in_every_world() -> None:
    game = game_with(A_BOARD, B_BOARD, cities=8, objects=3, groups=1, start_defcon=4)
    game.choose("МБР А5 Цели А7")  # A (scripted): shot down by B's site at Б7
    game.choose("Пас")
    view = game.view("A")
    assert view.outgoing[0].shot_down
    worlds = Belief(Draw(2)).update(view)
    assert worlds
    target = Cell.parse("А7")
    for world in worlds:
        sites = [a.cell for a in world.side("B").abms]
        assert any(covers(site, target) for site in sites)


def test_it_hits_a_revealed_silo_before_it_fires_again() -> None:
    game = game_with(
        A_BOARD, B_BOARD, cities=8, objects=3, groups=1, start_defcon=3, first_player="B"
    )
    game.choose("МБР Д4 Цели Д2")  # B's silo at Д4 shows itself; two missiles left there
    move = hunter_move(game)
    assert any(Cell.parse("Д4") in square(t) for t in move.targets)


def test_it_aims_at_the_cities_its_sabotage_found() -> None:
    game = game_with(A_BOARD, B_BOARD, cities=8, objects=3, groups=1, start_defcon=2)
    game.choose("ДРГ В2 Свои ДРГ А5")  # A's group finds the cities Б2 В1 Г2 (scripted)
    game.choose("Пас")  # B
    assert game.defcon == 1
    move = hunter_move(game)
    hit = {c for t in move.targets for c in square(t)}
    assert {Cell.parse(n) for n in ("Б2", "В1", "Г2")} <= hit


def test_it_aims_away_from_a_known_abm_site() -> None:
    game = game_with(
        A_BOARD, "Города А1 А3 А5 Д1 Д3 Д5 З1 З3 ПРО Г7 МБР Д8 З8 ДРГ З1",
        cities=8, objects=3, groups=1, start_defcon=4,
    )  # fmt: skip
    game.choose("ДРГ Г7 Свои ДРГ А5")  # finds the ABM site at Г7 (and switches it off)
    game.choose("Пас")
    view = game.view("A")
    assert ("abm", Cell.parse("Г7")) in view.raids[0].revealed
    move = hunter_move(game)
    assert move.targets
    assert not any(covers(Cell.parse("Г7"), t) for t in move.targets[:1])


def test_its_group_disables_a_revealed_silo_when_it_has_no_missile() -> None:
    game = game_with(
        "Города А8 Б6 В8 Г6 Д8 Е6 Ж8 З6 ПРО В7 А5 З4 ДРГ А5", B_BOARD,
        cities=8, objects=3, groups=1, start_defcon=3, first_player="B",
    )  # fmt: skip
    game.choose("Продолжить")  # B, the only one with missiles, goes on
    game.choose("МБР Д4 Цели Д2")
    move = hunter_move(game)
    assert not move.launches
    assert move.sabotage and Cell.parse("Д4") in square(move.sabotage[0])


def test_it_keeps_a_group_home_to_guard_its_revealed_silo() -> None:
    a_board = "Города А8 Б6 В8 Г6 Д8 Е6 Ж8 З6 ПРО В7 МБР А5 З4 ДРГ А5 Е1"
    game = game_with(a_board, B_TWO_GROUPS, cities=8, objects=3, groups=2, start_defcon=4)
    b_board = game.side("B")
    assert len(b_board.groups) == 2  # the enemy can still sabotage
    game.choose("МБР А5 Цели Е8")  # A's silo at А5 shows itself (its group stands on it)
    game.choose("МБР Д4 Цели Г7")  # B's silo at Д4 too
    move = hunter_move(game)
    assert Cell.parse("А5") not in move.groups


def test_it_holds_a_weak_shot_at_high_defcon_and_fires_at_defcon_1() -> None:
    boards = ("Города А1 МБР З8 ДРГ А1", "Города Д5 МБР З1 ДРГ Д5")
    high = game_with(*boards, cities=1, objects=1, groups=1)
    assert hunter_move(high) == Move()  # one city somewhere: not worth showing the silo
    low = game_with(*boards, cities=1, objects=1, groups=1, start_defcon=1)
    assert hunter_move(low).launches


def test_it_fires_when_a_pass_would_end_the_game() -> None:
    boards = ("Города А1 МБР З8 ДРГ А1", "Города Д5 МБР З1 ДРГ Д5")
    game = game_with(*boards, cities=1, objects=1, groups=1, first_player="B")
    game.choose("Пас")  # B passes: a second pass in a row would end the game
    assert hunter_move(game).launches
