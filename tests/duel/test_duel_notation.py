"""The seed's notation (03-defcon-paper-game.md 'Move notation' and I12)."""

from __future__ import annotations

import contextlib

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


# ------------------------------------------------------- issue 15: the notation people type

# The lines under "Возможная нотация ходов" in seed 003, exactly as printed there.
SEED_PASSAGE = (
    "Запрос\n\nМБР А5 Б5 Е7 Ж8\nЦели Б1 В4 Е6 Г8\nДРГ В5 Д5\n\n"
    "Ответ\n\nСбиты Б1 Е6\nПРО В4 В6 МБР В5"
)


def test_seed_passage_parses_as_printed_and_formats_back() -> None:
    """'Move notation' (issue 15, done-when): the seed's request and answer, headings and
    blank lines included, read as printed, with and without slashes, and print back."""
    move, answer = notation.parse_exchange(SEED_PASSAGE)
    assert move == notation.parse_move(SEED_REQUEST)
    assert answer == notation.parse_answer(SEED_ANSWER)
    assert notation.format_exchange(move, answer) == SEED_PASSAGE
    assert notation.parse_move("Запрос\n\n" + SEED_REQUEST) == move
    assert notation.parse_answer("Ответ\n\n" + SEED_ANSWER) == answer
    slashed = "Запрос / МБР А5 Б5 Е7 Ж8 / Цели Б1 В4 Е6 Г8 / ДРГ В5 Д5 / Ответ / Сбиты Б1 Е6 / "
    assert notation.parse_exchange(slashed + "ПРО В4 В6 МБР В5") == (move, answer)


def test_what_the_app_writes_reads_back() -> None:
    """Issue 15 item 4: the record line joins lines with ' / '; the parser reads it back."""
    move, answer = notation.parse_exchange(SEED_PASSAGE)
    for latin in (False, True):
        line = notation.format_exchange(move, answer, latin, one_line=True)
        assert " / " in line and "\n" not in line
        assert notation.parse_exchange(line) == (move, answer)
        assert notation.parse_move(notation.format_move(move, latin=latin).replace("\n", " / "))
    assert notation.format_exchange(move, answer, one_line=True) == (
        "МБР А5 Б5 Е7 Ж8 / Цели Б1 В4 Е6 Г8 / ДРГ В5 Д5 / Ответ: Сбиты Б1 Е6 / ПРО В4 В6 МБР В5"
    )


@pytest.mark.parametrize(
    ("text", "letter", "twin"),
    [
        ("МБР A5 B5 E7\nЦели Б1 В4 Е6", "Latin B, the 2nd row (Б)", "Cyrillic В, the 3rd row"),
        ("МБР А5 Б5 E7\nЦели Б1 В4 Е6", "Latin E, the 5th row (Д)", "Cyrillic Е, the 6th row"),
        ("МБР З5\nЦели H1", "Latin H, the 8th row (З)", "Cyrillic Н, not a row letter"),
        ("МБР Г5\nЦели C1", "Latin C, the 3rd row (В)", "Cyrillic С, not a row letter"),
        ("ICBM A5 В5\nTargets B1 C4", "Cyrillic В, the 3rd row", "Latin B, the 2nd row (Б)"),
        ("ICBM F5\nTargets Е1", "Cyrillic Е, the 6th row", "Latin E, the 5th row (Д)"),
    ],
)
def test_look_alike_row_letters_are_refused_with_both_readings(
    text: str, letter: str, twin: str
) -> None:
    """Issue 15 item 5: Latin B, E, H, C look like Cyrillic В, Е, Н, С but stand for other
    rows; a text that mixes the alphabets is refused, naming the letter and both readings."""
    with pytest.raises(notation.NotationError) as info:
        notation.parse_move(text)
    message = str(info.value)
    assert letter in message and f"looks like {twin}" in message
    assert "one alphabet" in message


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (notation.parse_move, "МБР Б5 D5\nЦели Б1 Б2"),
        (notation.parse_move, "МБР А5\nTargets Б1"),
        (notation.parse_answer, "Сбиты Б1 F6"),
        (notation.parse_placement, "Города А1 Б1\nМБР G2"),
    ],
)
def test_any_mix_of_alphabets_is_refused(parse: object, text: str) -> None:
    """Issue 15 item 5: keywords and row letters of one text are of one alphabet; А/A, the
    1st row in both, fits either."""
    assert callable(parse)
    with pytest.raises(notation.NotationError, match="one alphabet"):
        parse(text)
    assert notation.parse_move("МБР A5\nЦели Б1") == notation.parse_move("МБР А5\nЦели Б1")
    assert notation.parse_move("ICBM А5\nTargets B1") == notation.parse_move("МБР А5\nЦели Б1")


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("МБР А5 Цель Б1", "МБР А5\nЦели Б1"),
        ("МБР А5 Цели Б1.", "МБР А5\nЦели Б1"),
        ("Запрос: МБР А5, Цель Б1.", "МБР А5\nЦели Б1"),
        ("ICBM A5 Target B1.", "МБР А5\nЦели Б1"),
    ],
)
def test_what_a_russian_player_writes_is_read(text: str, same_as: str) -> None:
    """Issue 15 item 6: singular keywords, the seed's headings and a full stop at the end."""
    assert notation.parse_move(text) == notation.parse_move(same_as)


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("Сбита Б1", "Сбиты Б1"),
        ("Ответ: Сбита Б1.", "Сбиты Б1"),
        ("Сбиты нет. Город В6.", "Сбиты нет\nГорода В6"),
        ("Сбиты нет\nСорвана Д5", "Сбиты нет\nСорваны Д5"),
        ("Shot down none\nFoiled E5", "Сбиты нет\nСорваны Д5"),
    ],
)
def test_singular_answers_are_read(text: str, same_as: str) -> None:
    """Issue 15 items 2 and 6: 'Сбита Б1' (one missile at DEFCON 5), 'Сорвана', 'Город', the
    heading and a full stop; the foiled form reads in Russian and in English."""
    assert notation.parse_answer(text) == notation.parse_answer(same_as)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("MБР А5\nЦели Б1", "'MБР': the letter M is Latin; the keyword МБР"),
        ("МБР А5\nЦeли Б1", "'Цeли': the letter E is Latin; the keyword ЦЕЛИ"),
        ("ICВM A5\nTargets B1", "'ICВM': the letter В is Cyrillic; the keyword ICBM"),
        ("Cвои ДРГ А1", "the letter C is Latin; the keyword СВОИ ДРГ"),
    ],
)
def test_a_keyword_with_a_look_alike_letter_names_the_letter(text: str, fragment: str) -> None:
    """Issue 15 item 6: not just "must start with a keyword": which letter is wrong."""
    with pytest.raises(notation.NotationError, match=fragment):
        notation.parse_move(text)


def test_messages_use_the_right_article_and_number() -> None:
    """Issue 15 item 6: "an answer" (not "a answer"); "1 silo", "2 targets"."""
    with pytest.raises(notation.NotationError, match="an answer must start with a keyword"):
        notation.parse_answer("Б1 Сбиты")
    with pytest.raises(notation.NotationError, match="2 targets for 1 silo "):
        notation.parse_move("МБР А5 Цели Б1 Б2")


def test_english_form_of_every_kind_of_text() -> None:
    """I12 `row_letters=latin` prints the English form (Latin keywords with Latin rows), so
    what the app prints never mixes alphabets; each form reads back."""
    answer = Answer(cells("Б1"), True, cells("В4"), cells("В5"), cells("В6"), cells("Д5"))
    assert notation.format_answer(answer, latin=True) == (
        "Shot down B1\nABM C4 ICBM C5 Cities C6 Foiled E5"
    )
    assert notation.format_answer(Answer(sabotage=True), latin=True) == (
        "Shot down none\nNothing found"
    )
    placement = Placement.of(["А1"], [], ["Б2"], ["З8"])
    assert notation.format_placement(placement, latin=True) == (
        "Cities A1\nABM none\nICBM B2\nDRG H8"
    )
    assert notation.parse_placement(notation.format_placement(placement, True)) == placement
    assert notation.format_move(Move(), latin=True) == "Pass"
    assert notation.format_finish(Finish(True), latin=True) == "End"
    assert notation.parse_finish("Continue") == Finish(False)


# ---------------------------------------------------------------- issue 14 item 15: bad input


PARSERS = [
    notation.parse_move,
    notation.parse_answer,
    notation.parse_placement,
    notation.parse_finish,
    notation.parse_exchange,
    notation.parse_cell,
    notation.import_game,
]


@pytest.mark.parametrize("parse", PARSERS)
@pytest.mark.parametrize("bad", [None, 5, 2.5, b"\xd0\x9c\xd0\x91\xd0\xa0 A5", ["МБР"], {"x": 1}])
def test_non_text_input_raises_notation_error(parse: object, bad: object) -> None:
    """Issue 14 item 15: a non-string input raises NotationError, not TypeError."""
    assert callable(parse)
    with pytest.raises(notation.NotationError, match="not from"):
        parse(bad)


@pytest.mark.parametrize("parse", PARSERS)
def test_messages_echo_only_a_short_excerpt(parse: object) -> None:
    """Issue 14 item 15: a bad token of a megabyte is named by a short excerpt, not whole."""
    assert callable(parse)
    huge = "Ж" * 1_000_000
    for text in (huge, f"МБР {huge}", f"Сбиты Б1 {huge}", f"Ответ {huge}"):
        with pytest.raises(notation.NotationError) as info:
            parse(text)
        assert len(str(info.value)) < 300


WORDS = [
    "МБР", "Цели", "Цель", "ДРГ", "Свои", "Пас", "Сбиты", "Сбита", "ПРО", "Города", "Сорваны",
    "Объектов", "нет", "Запрос", "Ответ", "ICBM", "Targets", "Shot", "down", "Pass", "Nothing",
    "А5", "B5", "В5", "Е7", "E7", "З8", "H8", "Б 5", "И5", "А9", "/", ",", ".", ":", "\n",
    "Настройки", "DEFCON: дуэль", "Ход 1: A, DEFCON 5", "Продолжить", "{", "[[[",
]  # fmt: skip
ANY_INPUT = st.one_of(
    st.text(),
    st.lists(st.sampled_from(WORDS)).map(" ".join),
    st.binary(),
    st.integers(),
    st.none(),
    st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@given(ANY_INPUT, st.sampled_from(PARSERS))
def test_only_notation_error_escapes_the_parsers(data: object, parse: object) -> None:
    """Issue 14 item 15: whatever is fed to the notation parsers, text or not, they return a
    result or raise NotationError; no other exception escapes."""
    assert callable(parse)
    with contextlib.suppress(notation.NotationError):
        parse(data)


@given(ANY_INPUT, ANY_INPUT)
def test_only_notation_error_escapes_parse_choice(kind: object, data: object) -> None:
    """Issue 14 item 15: parse_choice refuses an unknown kind or a bad text the same way."""
    for which in (kind, "place", "move", "finish"):
        with contextlib.suppress(notation.NotationError):
            notation.parse_choice(which, data)  # type: ignore[arg-type]


def test_a_record_with_deeply_nested_settings_is_refused() -> None:
    """Issue 14 item 15: settings nested past Python's recursion limit are one clear error."""
    with pytest.raises(notation.NotationError, match="not readable JSON"):
        notation.import_game("DEFCON: дуэль\nНастройки " + "[" * 200_000)


def test_a_record_from_before_announce_foiled_was_retired_still_replays() -> None:
    """Issue 15 item 2: records (and saves) written with the retired `announce_foiled` setting
    still read; their answers now name foiled squares, as the rules give."""
    game = play_random(DuelSettings(), 2)
    text = notation.export_game(game).replace(
        '"sabotage_groups":', '"announce_foiled":true,"sabotage_groups":', 1
    )
    assert '"announce_foiled":true' in text
    assert notation.import_game(text).snapshot() == game.snapshot()
