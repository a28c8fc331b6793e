"""The seed's notation (03-defcon-paper-game.md 'Move notation' and I12)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cold_war_tui.duel import (
    Answer,
    Cell,
    DuelGame,
    DuelSettings,
    Finish,
    Launch,
    Move,
    Placement,
    notation,
)
from cold_war_tui.duel.board import ALL_CELLS

from .helpers import play_random

SEED_REQUEST = "МБР А5 Б5 Е7 Ж8\nЦели Б1 В4 Е6 Г8\nДРГ В5 Д5"
SEED_ANSWER = "Сбиты Б1 Е6\nПРО В4 В6 МБР В5"


def cells(text: str) -> tuple[Cell, ...]:
    return tuple(Cell.parse(t) for t in text.split())


def test_seed_request_round_trips_exactly() -> None:
    """'Move notation': the seed's example request reads and prints back character for character."""
    move = notation.parse_move(SEED_REQUEST)
    assert move.silos == cells("А5 Б5 Е7 Ж8")
    assert move.targets == cells("Б1 В4 Е6 Г8")
    assert move.sabotage == cells("В5 Д5")
    assert move.launches[0] == Launch(Cell.parse("А5"), Cell.parse("Б1"))
    assert notation.format_move(move) == SEED_REQUEST


def test_seed_answer_round_trips_exactly() -> None:
    """'Move notation': the seed's example answer reads and prints back character for character."""
    answer = notation.parse_answer(SEED_ANSWER)
    assert answer == Answer(
        shot_down=cells("Б1 Е6"), sabotage=True, abms=cells("В4 В6"), silos=cells("В5")
    )
    assert notation.format_answer(answer) == SEED_ANSWER


@pytest.mark.parametrize(
    "text",
    [
        "ICBM A5 B5 F7 G8\nTARGETS B1 C4 F6 D8\nDRG C5 E5",
        "мбр а5 б5 е7 ж8 цели б1 в4 е6 г8 дрг в5 д5",
        "  МБР: А5, Б5, Е7, Ж8;\n\n Цели:  Б1,В4,  Е6, Г8\r\nДРГ   В5 Д 5  ",
        "mbr a5 b5 f7 g8 celi b1 c4 f6 d8 drg c5 e5",
    ],
)
def test_parsing_is_lenient_and_accepts_latin_rows(text: str) -> None:
    """I12: Cyrillic or Latin rows (A-H stand for А-З in order), any case and whitespace."""
    assert notation.parse_move(text) == notation.parse_move(SEED_REQUEST)


def test_latin_printing() -> None:
    """I12 setting `row_letters=latin`: printing with A-H."""
    move = notation.parse_move(SEED_REQUEST)
    assert notation.format_move(move, latin=True) == (
        "ICBM A5 B5 F7 G8\nTargets B1 C4 F6 D8\nDRG C5 E5"
    )


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("МБР А5 И5\nЦели Б1 Б2", "'И5': row letter 'И' is not one of А-З or A-H"),
        ("МБР А9\nЦели Б1", "'А9': column '9' is not a number 1-8"),
        ("МБР А5\nЦели Б1 В4", "'Цели': 2 targets for 1 silo "),
        ("А5 МБР", "'А5': a request must start with a keyword"),
        ("МБР А5 Цели Б1 Цели Б2", "'Цели': this part of the request is given twice"),
        ("МБР А5 Цели Б1 Бум", "'Бум': unknown word in a request"),
        ("МБР А5 Цели Б1 ДРГ В5 Свои ДРГ А1 А2", "'Свои ДРГ': 2 own groups for 1 sabotage square "),
        ("", "empty request"),
        ("Пас МБР А5 Цели Б1", "'Пас' (pass) stands alone"),
    ],
)
def test_bad_requests_name_the_token(text: str, fragment: str) -> None:
    """Requirement 4: a bad text raises NotationError (a ValueError) naming the token and why."""
    with pytest.raises(notation.NotationError) as info:
        notation.parse_move(text)
    assert isinstance(info.value, ValueError)
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Сбиты Б1 Ы2", "'Ы2': row letter"),
        ("ПРО В4 Объектов нет", "cannot list objects"),
        ("Б1 Сбиты", "must start with a keyword"),
    ],
)
def test_bad_answers_name_the_token(text: str, fragment: str) -> None:
    """Requirement 4: bad answers are refused with the offending token named."""
    with pytest.raises(notation.NotationError, match=fragment):
        notation.parse_answer(text)


@pytest.mark.parametrize(
    "text",
    [
        "Сбиты нет",
        "Сбиты Б1 Б1",
        "Сбиты нет\nОбъектов нет",
        "Сбиты Б1\nГорода В6 В7",
        "Сбиты нет\nПРО Г4 МБР Д3 Города Г3",
        "Сбиты Е6\nМБР В5 Сорваны Д5",
    ],
)
def test_answer_forms_for_empty_parts_and_cities(text: str) -> None:
    """'Move notation' + docs: 'нет' for nothing shot down, 'Объектов нет' for an empty
    sabotage report, 'Города' for revealed cities; all round-trip exactly."""
    assert notation.format_answer(notation.parse_answer(text)) == text


def test_request_forms_pass_and_private_groups() -> None:
    """Docs: 'Пас' for an empty move; 'Свои ДРГ' is the owner's private record of his groups."""
    assert notation.parse_move("Пас") == Move()
    assert notation.format_move(Move()) == "Пас"
    move = notation.parse_move("ДРГ В5\nСвои ДРГ З1")
    assert notation.format_move(move) == "ДРГ В5"
    assert notation.format_move(move, private=True) == "ДРГ В5\nСвои ДРГ З1"


def test_placement_and_finish_notation() -> None:
    """Docs: set-ups and the last player's choice use the same style."""
    text = "Города А1 А2\nПРО нет\nМБР Б1 Б2 Б3\nДРГ А1"
    placement = notation.parse_placement(text)
    assert placement == Placement.of(["А1", "А2"], [], ["Б1", "Б2", "Б3"], ["А1"])
    assert notation.format_placement(placement) == text
    assert notation.parse_finish(" закончить ") == Finish(True)
    assert notation.format_finish(Finish(False)) == "Продолжить"
    with pytest.raises(notation.NotationError, match="'Стоп'"):
        notation.parse_finish("Стоп")


cell_lists = st.lists(st.sampled_from(ALL_CELLS), max_size=6).map(tuple)


@given(
    st.lists(st.tuples(st.sampled_from(ALL_CELLS), st.sampled_from(ALL_CELLS)), max_size=8),
    cell_lists,
    st.booleans(),
)
def test_any_move_round_trips(
    pairs: list[tuple[Cell, Cell]], sabotage: tuple[Cell, ...], own: bool
) -> None:
    """I12: printing then reading any request gives it back, in either alphabet."""
    groups = sabotage[::-1] if own else ()
    move = Move(tuple(Launch(s, t) for s, t in pairs), sabotage, groups)
    for latin in (False, True):
        assert notation.parse_move(notation.format_move(move, private=True, latin=latin)) == move


@given(cell_lists, st.booleans(), cell_lists, cell_lists, cell_lists, cell_lists)
def test_any_answer_round_trips(
    shot: tuple[Cell, ...],
    sabotage: bool,
    abms: tuple[Cell, ...],
    silos: tuple[Cell, ...],
    cities: tuple[Cell, ...],
    foiled: tuple[Cell, ...],
) -> None:
    """I12: printing then reading any answer gives it back."""
    answer = Answer(shot, sabotage, *((abms, silos, cities, foiled) if sabotage else ((),) * 4))
    assert notation.parse_answer(notation.format_answer(answer)) == answer


@pytest.mark.parametrize("seed", range(6))
def test_whole_game_export_replays(seed: int) -> None:
    """I12: a game's full move list exports in the notation and replays to the same state."""
    settings = DuelSettings(
        passes_end_game=seed % 2 == 1, row_letters="latin" if seed > 3 else "cyrillic"
    )
    game = play_random(settings, seed)
    text = notation.export_game(game)
    assert text.startswith("DEFCON: дуэль\nНастройки {")
    assert "\n\nХод 1: A, DEFCON 5\n" in text
    assert text.rstrip().splitlines()[-1].startswith("Итог: A ")
    again = notation.import_game(text)
    assert again.snapshot() == game.snapshot()


def test_import_refuses_a_falsified_answer() -> None:
    """I12: replaying a record checks every answer against the rules."""
    game = play_random(DuelSettings(), 3)
    text = notation.export_game(game)
    forged = text.replace("Ответ:\nСбиты нет", "Ответ:\nСбиты А1", 1)
    assert forged != text
    with pytest.raises(notation.NotationError, match="recorded answer differs"):
        notation.import_game(forged)


def test_seed_example_played_on_a_board() -> None:
    """'Move notation': the seed's request played on a board that fits its answer (ABM sites
    В4 В6 and silo В5 in the sabotage square, sites covering Б1 and Е6). The app answers
    `Сбиты Б1 В4 Е6`: the site at В4 covers its own cell, and "the app never forgets" the
    interception the seed's defender left out (on paper that missile got through)."""
    game = DuelGame(DuelSettings(start_defcon=2))
    game.choose("Города А1 А2 А3 А4 Б1 Б2 Б3 Б4 В1 В2 ПРО З1 З2 З3 З4 МБР А5 Б5 Е7 Ж8 ДРГ Г1 Г2")
    game.choose("Города Ж1 Ж2 Ж3 З5 З6 З8 А7 А8 А4 Б8 ПРО В4 В6 А2 Ж7 МБР В5 З1 З2 З3 ДРГ З4 З7")
    answer = game.choose(SEED_REQUEST)
    assert answer is not None
    request = game.log[-1].choice
    assert isinstance(request, Move) and notation.format_move(request) == SEED_REQUEST
    assert notation.format_answer(answer) == "Сбиты Б1 В4 Е6\nПРО В4 В6 МБР В5"
    assert game.defcon == 1  # the seed: after four missiles at DEFCON 2, DEFCON 1 begins
