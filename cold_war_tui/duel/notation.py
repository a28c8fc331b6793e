"""The seed's notation for requests (МБР / Цели / ДРГ) and answers (Сбиты / ПРО МБР), and more.

Printing follows the seed exactly; reading is lenient: Cyrillic or Latin row letters (A-H stand
for А-З in order), any case, any whitespace, commas, a colon after a keyword, Latin keywords.
Placements, the end-or-continue choice and whole games use the same style (docs/duel.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from cold_war_tui.duel.board import ROWS_CYRILLIC, ROWS_LATIN, Cell
from cold_war_tui.duel.errors import DuelError, NotationError
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
    "format_finish",
    "format_move",
    "format_placement",
    "import_game",
    "parse_answer",
    "parse_cell",
    "parse_choice",
    "parse_finish",
    "parse_move",
    "parse_placement",
]

NONE_WORDS = frozenset({"НЕТ", "NONE", "-", "—", "–"})

REQUEST_WORDS = {
    "МБР": "silos",
    "ICBM": "silos",
    "MBR": "silos",
    "ЦЕЛИ": "targets",
    "TARGETS": "targets",
    "CELI": "targets",
    "ДРГ": "sabotage",
    "DRG": "sabotage",
    "SABOTAGE": "sabotage",
    "СВОИ ДРГ": "groups",
    "OWN DRG": "groups",
    "ПАС": "pass",
    "PASS": "pass",
}
ANSWER_WORDS = {
    "СБИТЫ": "shot",
    "SHOT": "shot",
    "ПРО": "abms",
    "ABM": "abms",
    "МБР": "silos",
    "ICBM": "silos",
    "MBR": "silos",
    "ГОРОДА": "cities",
    "ГОРОД": "cities",
    "CITIES": "cities",
    "СОРВАНЫ": "foiled",
    "СОРВАНА": "foiled",
    "FOILED": "foiled",
    "ОБЪЕКТОВ": "nothing",
    "NOTHING": "nothing",
}
PLACEMENT_WORDS = {
    "ГОРОДА": "cities",
    "CITIES": "cities",
    "ПРО": "abms",
    "ABM": "abms",
    "МБР": "silos",
    "ICBM": "silos",
    "MBR": "silos",
    "ДРГ": "groups",
    "DRG": "groups",
}
FINISH_WORDS = {
    "ПРОДОЛЖИТЬ": False,
    "CONTINUE": False,
    "ЗАКОНЧИТЬ": True,
    "КОНЕЦ": True,
    "END": True,
}

_SPLIT = re.compile(r"[\s,;]+")
_ROW_LETTERS = frozenset(ROWS_CYRILLIC + ROWS_LATIN)


def parse_cell(token: str) -> Cell:
    """Read one cell such as 'Б5', 'б5' or 'B5'."""
    return Cell.parse(token)


def _spell(cells: Iterable[Cell], latin: bool) -> str:
    return " ".join(c.spell(latin) for c in cells)


def _tokens(text: str) -> list[str]:
    """Split on whitespace and commas; join a lone row letter with a following lone digit."""
    raw = [t for t in _SPLIT.split(text) if t]
    out: list[str] = []
    for tok in raw:
        if out and tok.isdigit() and len(out[-1]) == 1 and out[-1].upper() in _ROW_LETTERS:
            out[-1] += tok
        else:
            out.append(tok)
    return out


def _sections(text: str, words: dict[str, str], what: str, known: str) -> dict[str, list[Cell]]:
    """Read 'KEYWORD cell cell ... KEYWORD cell ...' into lists of cells per section."""
    tokens = _tokens(text)
    found: dict[str, list[Cell]] = {}
    current: str | None = None
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        word = tok.upper().rstrip(":.")
        pair = f"{word} {tokens[i + 1].upper().rstrip(':.')}" if i + 1 < len(tokens) else ""
        if pair in words or word in words:
            key = words[pair] if pair in words else words[word]
            shown = " ".join(tokens[i : i + 2]) if pair in words else tok
            if key in found:
                raise NotationError(f"{shown!r}: this part of the {what} is given twice")
            found[key] = []
            current = key
            i += 2 if pair in words else 1
            continue
        if word in NONE_WORDS:
            if current is None or found[current]:
                raise NotationError(f"{tok!r}: 'нет' (none) may only follow a keyword")
            i += 1
            continue
        if current is None:
            raise NotationError(f"{tok!r}: a {what} must start with a keyword ({known})")
        if len(word) != 2:
            raise NotationError(
                f"{tok!r}: unknown word in a {what}; expected a keyword ({known}) "
                "or a cell such as Б5"
            )
        found[current].append(Cell.parse(tok))
        i += 1
    if not found:
        raise NotationError(f"empty {what}: expected a keyword ({known})")
    return found


# ---------------------------------------------------------------------- requests


def parse_move(text: str) -> Move:
    """Read a request: 'МБР А5 Б5 / Цели Б1 В4 / ДРГ В5' (and the owner's 'Свои ДРГ')."""
    parts = _sections(text, REQUEST_WORDS, "request", "МБР, Цели, ДРГ, Свои ДРГ, Пас")
    if "pass" in parts:
        if len(parts) > 1 or parts["pass"]:
            raise NotationError("'Пас' (pass) stands alone in a request")
        return Move()
    silos, targets = parts.get("silos", []), parts.get("targets", [])
    if len(silos) != len(targets):
        raise NotationError(
            f"'Цели': {len(targets)} targets for {len(silos)} silos (МБР); "
            "each silo needs one target, in the same order"
        )
    sabotage, groups = parts.get("sabotage", []), parts.get("groups", [])
    if groups and len(groups) != len(sabotage):
        raise NotationError(
            f"'Свои ДРГ': {len(groups)} own groups for {len(sabotage)} sabotage squares (ДРГ)"
        )
    launches = tuple(Launch(s, t) for s, t in zip(silos, targets, strict=True))
    return Move(launches, tuple(sabotage), tuple(groups))


def format_move(move: Move, private: bool = False, latin: bool = False) -> str:
    """Print a request as the seed does; `private` adds the owner's 'Свои ДРГ' line."""
    lines = []
    if move.launches:
        lines.append(f"МБР {_spell(move.silos, latin)}")
        lines.append(f"Цели {_spell(move.targets, latin)}")
    if move.sabotage:
        lines.append(f"ДРГ {_spell(move.sabotage, latin)}")
    if private and move.groups:
        lines.append(f"Свои ДРГ {_spell(move.groups, latin)}")
    return "\n".join(lines) if lines else "Пас"


# ---------------------------------------------------------------------- answers


def parse_answer(text: str) -> Answer:
    """Read an answer: 'Сбиты Б1 Е6 / ПРО В4 В6 МБР В5' ('нет' for an empty part)."""
    parts = _sections(
        text, ANSWER_WORDS, "answer", "Сбиты, ПРО, МБР, Города, Сорваны, Объектов нет"
    )
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
    """Print an answer: the 'Сбиты' line, then the sabotage report if the move had one."""
    lines = [f"Сбиты {_spell(answer.shot_down, latin) or 'нет'}"]
    if answer.sabotage:
        report = [
            f"{word} {_spell(group, latin)}"
            for word, group in (
                ("ПРО", answer.abms),
                ("МБР", answer.silos),
                ("Города", answer.cities),
                ("Сорваны", answer.foiled),
            )
            if group
        ]
        lines.append(" ".join(report) or "Объектов нет")
    return "\n".join(lines)


# ---------------------------------------------------------------------- placement, finish


def parse_placement(text: str) -> Placement:
    """Read a set-up: 'Города ... / ПРО ... / МБР ... / ДРГ ...' (a missing part is empty)."""
    parts = _sections(text, PLACEMENT_WORDS, "placement", "Города, ПРО, МБР, ДРГ")
    return Placement(
        tuple(parts.get("cities", [])),
        tuple(parts.get("abms", [])),
        tuple(parts.get("silos", [])),
        tuple(parts.get("groups", [])),
    )


def format_placement(placement: Placement, latin: bool = False) -> str:
    """Print a set-up, one kind per line."""
    lines = [
        f"Города {_spell(placement.cities, latin) or 'нет'}",
        f"ПРО {_spell(placement.abms, latin) or 'нет'}",
        f"МБР {_spell(placement.silos, latin) or 'нет'}",
    ]
    if placement.groups:
        lines.append(f"ДРГ {_spell(placement.groups, latin)}")
    return "\n".join(lines)


def parse_finish(text: str) -> Finish:
    """Read the last player's choice: 'Продолжить' (launch the rest) or 'Закончить'."""
    word = text.strip().upper().rstrip(".!")
    if word not in FINISH_WORDS:
        raise NotationError(f"{text.strip()!r}: expected 'Продолжить' or 'Закончить'")
    return Finish(FINISH_WORDS[word])


def format_finish(finish: Finish) -> str:
    """Print the last player's choice."""
    return "Закончить" if finish.end else "Продолжить"


def parse_choice(kind: Kind | str, text: str) -> Choice:
    """Read the decision of a given kind ('place', 'move' or 'finish')."""
    key = str(kind)
    if key == "place":
        return parse_placement(text)
    if key == "move":
        return parse_move(text)
    if key == "finish":
        return parse_finish(text)
    raise NotationError(f"unknown decision kind {key!r}")


def format_choice(choice: Choice, private: bool = False, latin: bool = False) -> str:
    """Print any decision; `private` keeps the owner's group cells in a move."""
    if isinstance(choice, Placement):
        return format_placement(choice, latin)
    if isinstance(choice, Move):
        return format_move(choice, private, latin)
    return format_finish(choice)


# ---------------------------------------------------------------------- whole games

_TITLE = "DEFCON: дуэль"
_MOVE = re.compile(r"^Ход (\d+): ([AB]), DEFCON (\d)$")
_SKIP = re.compile(r"^Ход (\d+): ([AB]), пропуск$")
_PLACE = re.compile(r"^Расстановка ([AB])$")
_FINISH = re.compile(r"^Решение ([AB]): (.+)$")


def export_game(game: DuelGame, latin: bool | None = None) -> str:
    """The whole game in notation, both boards included (a record for after the game)."""
    use_latin = game.settings.latin if latin is None else latin
    blocks = [f"{_TITLE}\nНастройки {game.settings.model_dump_json()}"]
    for e in game.log:
        if isinstance(e.choice, Placement):
            blocks.append(f"Расстановка {e.player}\n{format_placement(e.choice, use_latin)}")
        elif isinstance(e.choice, Finish):
            blocks.append(f"Решение {e.player}: {format_finish(e.choice)}")
        elif isinstance(e.choice, Move) and e.answer is not None:
            request = format_move(e.choice, private=True, latin=use_latin)
            answer = format_answer(e.answer, use_latin)
            blocks.append(
                f"Ход {(e.turn or 0) + 1}: {e.player}, DEFCON {e.defcon}\n{request}\n"
                f"Ответ:\n{answer}"
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

    blocks = [b.strip() for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    if not blocks or not blocks[0].startswith(_TITLE):
        raise NotationError(f"a game record starts with {_TITLE!r}")
    head = blocks[0].splitlines()
    if len(head) != 2 or not head[1].startswith("Настройки "):
        raise NotationError("the first block needs a 'Настройки {...}' line")
    try:
        settings = DuelSettings.model_validate(json.loads(head[1][len("Настройки ") :]))
    except ValueError as exc:
        raise NotationError(f"'Настройки': unreadable settings: {exc}") from exc
    game = DuelGame(settings)
    for block in blocks[1:]:
        first, _, rest = block.partition("\n")
        try:
            _replay_block(game, first.strip(), rest)
        except DuelError as exc:
            raise NotationError(f"{first.strip()!r}: {exc}") from exc
    return game


def _replay_block(game: DuelGame, first: str, rest: str) -> None:
    if m := _PLACE.match(first):
        _expect(game, m.group(1))
        game.apply(parse_placement(rest))
    elif m := _FINISH.match(first):
        _expect(game, m.group(1))
        game.apply(parse_finish(m.group(2)))
    elif m := _MOVE.match(first):
        _expect(game, m.group(2))
        request, sep, said = rest.partition("Ответ:")
        answer = game.apply(parse_move(request))
        if sep and answer != parse_answer(said):
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
