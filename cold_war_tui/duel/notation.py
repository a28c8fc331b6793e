"""The seed's notation for requests (МБР / Цели / ДРГ) and answers (Сбиты / ПРО МБР), and more.

Printing follows the seed exactly, or its English form (ICBM / Targets, rows A-H). Reading is
lenient about case, spacing, commas, slashes, colons, a full stop, singular keywords and the
seed's headings, but strict about one thing: a text is in one alphabet, because look-alike
letters stand for different rows (`lexicon`). Placements, the end-or-continue choice and whole
games use the same style (docs/duel.md). Every bad input raises NotationError.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pydantic

from cold_war_tui.duel.board import Cell
from cold_war_tui.duel.errors import DuelError, NotationError, count, excerpt
from cold_war_tui.duel.lexicon import (
    ROW_LETTERS,
    Alphabet,
    Vocabulary,
    alphabet_of,
    check_alphabet,
    describe,
    row_alphabet,
    tokens,
    twin,
)
from cold_war_tui.duel.moves import Answer, Choice, Finish, Launch, Move, Placement
from cold_war_tui.duel.settings import DuelSettings

if TYPE_CHECKING:
    from cold_war_tui.duel.engine import DuelGame
    from cold_war_tui.duel.records import Kind

__all__ = [
    "NotationError",
    "export_game",
    "format_answer",
    "format_choice",
    "format_exchange",
    "format_finish",
    "format_move",
    "format_placement",
    "import_game",
    "parse_answer",
    "parse_cell",
    "parse_choice",
    "parse_exchange",
    "parse_finish",
    "parse_move",
    "parse_placement",
]

NONE_WORDS = frozenset({"НЕТ", "NONE", "-", "—", "–"})

REQUEST = Vocabulary(
    "request",
    {
        "silos": ("МБР", "ICBM", "MBR"),
        "targets": ("Цели", "Targets", "Цель", "Target", "CELI"),
        "sabotage": ("ДРГ", "DRG", "SABOTAGE"),
        "groups": ("Свои ДРГ", "Own DRG"),
        "pass": ("Пас", "Pass"),
    },
    headings=("ЗАПРОС", "REQUEST"),
)
ANSWER = Vocabulary(
    "answer",
    {
        "shot": ("Сбиты", "Shot down", "Сбита", "Сбит", "Сбито", "SHOT"),
        "abms": ("ПРО", "ABM"),
        "silos": ("МБР", "ICBM", "MBR"),
        "cities": ("Города", "Cities", "Город", "City"),
        "foiled": ("Сорваны", "Foiled", "Сорвана"),
        "nothing": ("Объектов нет", "Nothing found", "Объектов", "NOTHING"),
    },
    headings=("ОТВЕТ", "ANSWER"),
)
PLACEMENT = Vocabulary(
    "placement",
    {
        "cities": ("Города", "Cities", "Город", "City"),
        "abms": ("ПРО", "ABM"),
        "silos": ("МБР", "ICBM", "MBR"),
        "groups": ("ДРГ", "DRG"),
    },
)
FINISH = Vocabulary(
    "end-or-continue choice",
    {"continue": ("Продолжить", "Continue"), "end": ("Закончить", "End", "Конец")},
)


def parse_cell(token: str) -> Cell:
    """Read one cell such as 'Б5', 'б5' or 'B5'."""
    return Cell.parse(token)


def _spell(cells: Iterable[Cell], latin: bool) -> str:
    return " ".join(c.spell(latin) for c in cells)


def _none(latin: bool) -> str:
    return "none" if latin else "нет"


def _words(text: object, what: str) -> list[str]:
    """The tokens of a text; anything but a string is refused as the bad input it is."""
    if not isinstance(text, str):
        raise NotationError(f"{what} is read from text, not from {type(text).__name__}")
    return tokens(text)


def _keyword(vocab: Vocabulary, words: list[str], i: int) -> tuple[str | None, int]:
    """The keyword at position i (two-word keywords first) and how many tokens it takes."""
    if i + 1 < len(words):
        key = vocab.lookup(f"{words[i]} {words[i + 1]}")
        if key is not None:
            return key, 2
    return vocab.lookup(words[i]), 1


def _cell(tok: str) -> Cell:
    """A cell token; a letter that only looks like a row letter is named with its twin."""
    letter = tok[0].upper()
    look = twin(letter)
    if letter not in ROW_LETTERS and look is not None and look in ROW_LETTERS:
        raise NotationError(
            f"{excerpt(tok)}: the row letter is {describe(letter)}; it looks like {describe(look)}"
        )
    return Cell.parse(tok)


def _sections(words: list[str], vocab: Vocabulary) -> dict[str, list[Cell]]:
    """Read 'KEYWORD cell cell ... KEYWORD cell ...' into lists of cells per section.

    An optional heading (the seed's 'Запрос' or 'Ответ') may come first. Keywords and row
    letters must be of one alphabet (`lexicon.check_alphabet`).
    """
    if words and vocab.is_heading(words[0]):
        words = words[1:]
    what, known = vocab.what, vocab.known()
    found: dict[str, list[Cell]] = {}
    written: list[tuple[str, Alphabet | None, bool]] = []
    current: str | None = None
    i = 0
    while i < len(words):
        tok = words[i]
        key, size = _keyword(vocab, words, i)
        if key is not None:
            shown = " ".join(words[i : i + size])
            if key in found:
                raise NotationError(f"{excerpt(shown)}: this part of the {what} is given twice")
            found[key] = []
            current = key
            written.append((shown, alphabet_of(shown), False))
            i += size
            continue
        if len(tok) <= 4 and tok.upper() in NONE_WORDS:
            if current is None or found[current]:
                raise NotationError(f"{excerpt(tok)}: 'нет' (none) may only follow a keyword")
            i += 1
            continue
        if current is None or len(tok) != 2:
            hint = vocab.misspelt(words[i : i + 2])
            if hint is not None:
                raise NotationError(hint)
        if current is None:
            raise NotationError(
                f"{excerpt(tok)}: {vocab.a_what} must start with a keyword ({known})"
            )
        if len(tok) != 2:
            raise NotationError(
                f"{excerpt(tok)}: unknown word in {vocab.a_what}; expected a keyword ({known}) "
                "or a cell such as Б5"
            )
        found[current].append(_cell(tok))
        written.append((tok, row_alphabet(tok[0].upper()), True))
        i += 1
    if not found:
        raise NotationError(f"empty {what}: expected a keyword ({known})")
    check_alphabet(written)
    return found


# ---------------------------------------------------------------------- requests


def parse_move(text: str) -> Move:
    """Read a request: 'МБР А5 Б5 / Цели Б1 В4 / ДРГ В5' (and the owner's 'Свои ДРГ')."""
    return _move(_words(text, "a request"))


def _move(words: list[str]) -> Move:
    parts = _sections(words, REQUEST)
    if "pass" in parts:
        if len(parts) > 1 or parts["pass"]:
            raise NotationError("'Пас' (pass) stands alone in a request")
        return Move()
    silos, targets = parts.get("silos", []), parts.get("targets", [])
    if len(silos) != len(targets):
        raise NotationError(
            f"'Цели': {count(len(targets), 'target')} for {count(len(silos), 'silo')} (МБР); "
            "each silo needs one target, in the same order"
        )
    sabotage, groups = parts.get("sabotage", []), parts.get("groups", [])
    if groups and len(groups) != len(sabotage):
        raise NotationError(
            f"'Свои ДРГ': {count(len(groups), 'own group')} for "
            f"{count(len(sabotage), 'sabotage square')} (ДРГ)"
        )
    launches = tuple(Launch(s, t) for s, t in zip(silos, targets, strict=True))
    return Move(launches, tuple(sabotage), tuple(groups))


def format_move(move: Move, private: bool = False, latin: bool = False) -> str:
    """Print a request as the seed does (`latin`: the English form); `private` adds the
    owner's 'Свои ДРГ' line."""
    word = partial(REQUEST.spell, latin=latin)
    lines = []
    if move.launches:
        lines.append(f"{word('silos')} {_spell(move.silos, latin)}")
        lines.append(f"{word('targets')} {_spell(move.targets, latin)}")
    if move.sabotage:
        lines.append(f"{word('sabotage')} {_spell(move.sabotage, latin)}")
    if private and move.groups:
        lines.append(f"{word('groups')} {_spell(move.groups, latin)}")
    return "\n".join(lines) if lines else word("pass")


# ---------------------------------------------------------------------- answers


def parse_answer(text: str) -> Answer:
    """Read an answer: 'Сбиты Б1 Е6 / ПРО В4 В6 МБР В5' ('нет' for an empty part)."""
    return _answer(_words(text, "an answer"))


def _answer(words: list[str]) -> Answer:
    parts = _sections(words, ANSWER)
    report = ("abms", "silos", "cities", "foiled", "nothing")
    if "nothing" in parts and (parts["nothing"] or any(k in parts for k in report[:4])):
        raise NotationError("'Объектов нет' (nothing found) cannot list objects")
    return Answer(
        shot_down=tuple(parts.get("shot", [])),
        sabotage=any(k in parts for k in report),
        abms=tuple(parts.get("abms", [])),
        silos=tuple(parts.get("silos", [])),
        cities=tuple(parts.get("cities", [])),
        foiled=tuple(parts.get("foiled", [])),
    )


def format_answer(answer: Answer, latin: bool = False) -> str:
    """Print an answer: the 'Сбиты' line, then the sabotage report if the move had one.

    The report names what the successful squares found and every foiled square; 'Объектов
    нет' only when nothing was found and nothing foiled.
    """
    word = partial(ANSWER.spell, latin=latin)
    lines = [f"{word('shot')} {_spell(answer.shot_down, latin) or _none(latin)}"]
    if answer.sabotage:
        report = [
            f"{word(key)} {_spell(group, latin)}"
            for key, group in (
                ("abms", answer.abms),
                ("silos", answer.silos),
                ("cities", answer.cities),
                ("foiled", answer.foiled),
            )
            if group
        ]
        lines.append(" ".join(report) or word("nothing"))
    return "\n".join(lines)


def parse_exchange(text: str) -> tuple[Move, Answer]:
    """Read a request and its answer as the seed prints them: 'Запрос ... Ответ ...'."""
    words = _words(text, "an exchange")
    split = next((i for i, w in enumerate(words) if ANSWER.is_heading(w)), None)
    if split is None:
        raise NotationError("a request and its answer: the heading 'Ответ' (answer) is missing")
    return _move(words[:split]), _answer(words[split:])


def format_exchange(move: Move, answer: Answer, latin: bool = False, one_line: bool = False) -> str:
    """Print a request and its answer under the seed's headings, blank lines between;
    `one_line` joins the lines with ' / ' and keeps only the answer's heading (the record
    line of the screens). `parse_exchange` reads both forms."""
    request, said = format_move(move, latin=latin), format_answer(answer, latin)
    heading = ("Request", "Answer") if latin else ("Запрос", "Ответ")
    if one_line:
        return f"{request} / {heading[1]}: {said}".replace("\n", " / ")
    return f"{heading[0]}\n\n{request}\n\n{heading[1]}\n\n{said}"


# ---------------------------------------------------------------------- placement, finish


def parse_placement(text: str) -> Placement:
    """Read a set-up: 'Города ... / ПРО ... / МБР ... / ДРГ ...' (a missing part is empty)."""
    parts = _sections(_words(text, "a placement"), PLACEMENT)
    return Placement(
        tuple(parts.get("cities", [])),
        tuple(parts.get("abms", [])),
        tuple(parts.get("silos", [])),
        tuple(parts.get("groups", [])),
    )


def format_placement(placement: Placement, latin: bool = False) -> str:
    """Print a set-up, one kind per line."""
    word = partial(PLACEMENT.spell, latin=latin)
    lines = [
        f"{word(key)} {_spell(group, latin) or _none(latin)}"
        for key, group in (
            ("cities", placement.cities),
            ("abms", placement.abms),
            ("silos", placement.silos),
        )
    ]
    if placement.groups:
        lines.append(f"{word('groups')} {_spell(placement.groups, latin)}")
    return "\n".join(lines)


def parse_finish(text: str) -> Finish:
    """Read the last player's choice: 'Продолжить' (launch the rest) or 'Закончить'."""
    words = _words(text, "an end-or-continue choice")
    key = FINISH.lookup(words[0].rstrip("!")) if len(words) == 1 else None
    if key is None:
        shown = excerpt(text.strip())
        raise NotationError(f"{shown}: expected 'Продолжить' (continue) or 'Закончить' (end)")
    return Finish(key == "end")


def format_finish(finish: Finish, latin: bool = False) -> str:
    """Print the last player's choice."""
    return FINISH.spell("end" if finish.end else "continue", latin)


def parse_choice(kind: Kind | str, text: str) -> Choice:
    """Read the decision of a given kind ('place', 'move' or 'finish')."""
    readers: dict[str, Callable[[str], Choice]] = {
        "place": parse_placement,
        "move": parse_move,
        "finish": parse_finish,
    }
    reader = readers.get(kind) if isinstance(kind, str) else None
    if reader is None:
        shown = excerpt(kind) if isinstance(kind, str) else type(kind).__name__
        raise NotationError(f"unknown decision kind {shown}; expected place, move or finish")
    return reader(text)


def format_choice(choice: Choice, private: bool = False, latin: bool = False) -> str:
    """Print any decision; `private` keeps the owner's group cells in a move."""
    if isinstance(choice, Placement):
        return format_placement(choice, latin)
    if isinstance(choice, Move):
        return format_move(choice, private, latin)
    return format_finish(choice, latin)


# ---------------------------------------------------------------------- whole games

_TITLE = "DEFCON: дуэль"
_MOVE = re.compile(r"^Ход (\d+): ([AB]), DEFCON (\d)$")
_SKIP = re.compile(r"^Ход (\d+): ([AB]), пропуск$")
_PLACE = re.compile(r"^Расстановка ([AB])$")
_FINISH = re.compile(r"^Решение ([AB]): (.+)$")


def export_game(game: DuelGame, latin: bool | None = None) -> str:
    """The whole game in notation, both boards included (a record for after the game)."""
    use_latin = game.settings.latin if latin is None else latin
    said = "Answer:" if use_latin else "Ответ:"
    blocks = [f"{_TITLE}\nНастройки {game.settings.model_dump_json()}"]
    for e in game.log:
        if isinstance(e.choice, Placement):
            blocks.append(f"Расстановка {e.player}\n{format_placement(e.choice, use_latin)}")
        elif isinstance(e.choice, Finish):
            blocks.append(f"Решение {e.player}: {format_finish(e.choice, use_latin)}")
        elif isinstance(e.choice, Move) and e.answer is not None:
            request = format_move(e.choice, private=True, latin=use_latin)
            answer = format_answer(e.answer, use_latin)
            blocks.append(
                f"Ход {(e.turn or 0) + 1}: {e.player}, DEFCON {e.defcon}\n{request}\n"
                f"{said}\n{answer}"
            )
        else:
            blocks.append(f"Ход {(e.turn or 0) + 1}: {e.player}, пропуск")
    if game.result is not None:
        r = game.result
        outcome = f"победа {r.winner}" if r.winner else "ничья"
        blocks.append(f"Итог: A {r.cities['A']}, B {r.cities['B']}, {outcome} ({r.reason})")
    return "\n\n".join(blocks) + "\n"


def import_game(text: str) -> DuelGame:
    """Replay an exported game, checking every recorded answer against the rules."""
    from cold_war_tui.duel.engine import DuelGame

    if not isinstance(text, str):
        raise NotationError(f"a game record is read from text, not from {type(text).__name__}")
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    if not blocks or not blocks[0].startswith(_TITLE):
        raise NotationError(f"a game record starts with {_TITLE!r}")
    head = blocks[0].splitlines()
    if len(head) != 2 or not head[1].startswith("Настройки "):
        raise NotationError("the first block needs a 'Настройки {...}' line")
    game = DuelGame(_record_settings(head[1][len("Настройки ") :]))
    for block in blocks[1:]:
        first, _, rest = block.partition("\n")
        try:
            _replay_block(game, first.strip(), rest)
        except DuelError as exc:
            raise NotationError(f"{excerpt(first.strip(), 40)}: {exc}") from exc
    return game


def _record_settings(raw: str) -> DuelSettings:
    """The settings line of a record; the message names the first bad setting, briefly."""
    try:
        return DuelSettings.from_saved(json.loads(raw))
    except pydantic.ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "settings"
        raise NotationError(f"'Настройки': bad setting {excerpt(where)}: {first['msg']}") from exc
    except (ValueError, RecursionError) as exc:
        raise NotationError("'Настройки': the settings are not readable JSON") from exc


def _replay_block(game: DuelGame, first: str, rest: str) -> None:
    if m := _PLACE.match(first):
        _expect(game, m.group(1))
        game.apply(parse_placement(rest))
    elif m := _FINISH.match(first):
        _expect(game, m.group(1))
        game.apply(parse_finish(m.group(2)))
    elif m := _MOVE.match(first):
        _expect(game, m.group(2))
        words = tokens(rest)
        split = next((i for i, w in enumerate(words) if ANSWER.is_heading(w)), len(words))
        answer = game.apply(_move(words[:split]))
        if split < len(words) and answer != _answer(words[split:]):
            raise NotationError(f"the recorded answer differs from the rules' {answer}")
    elif _SKIP.match(first) or first.startswith("Итог"):
        return
    else:
        raise NotationError("unknown block; expected Расстановка, Ход, Решение or Итог")


def _expect(game: DuelGame, player: str) -> None:
    pending = game.pending
    if pending is None or pending.player != player:
        raise NotationError(f"player {player} is not the one to decide here")


def spell_all(cells: Sequence[Cell], latin: bool = False) -> str:
    """Cells joined by spaces (for screens and messages)."""
    return _spell(cells, latin)
