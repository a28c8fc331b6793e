"""Both save loaders on hostile text (issue 14 item 1): JSON that makes Python's own reader
fail, values JSON has not, text over the size limit and arguments that are not text are
each one short SaveError line, for the card game (`Game.from_json`) and the duel alike."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cold_war_tui.duel import SaveError as DuelSaveError
from cold_war_tui.duel import saves as duel_saves
from cold_war_tui.engine import Game
from cold_war_tui.engine import SaveError as CardGameSaveError
from cold_war_tui.untrusted import MAX_SAVE_CHARS

LOADERS = [
    pytest.param(Game.from_json, CardGameSaveError, id="card-game"),
    pytest.param(duel_saves.from_json, DuelSaveError, id="duel"),
]
DIGITS = "9" * 5000
CASES = [
    pytest.param("[" * 100_000 + "]" * 100_000, "nested too deeply", id="nested-100000-deep"),
    pytest.param(f'{{"format": {DIGITS}, "version": {DIGITS}}}', "too long", id="5000-digits"),
    pytest.param('{"format": 1, "version": 1, "x": NaN}', "NaN is not a JSON value", id="nan"),
    pytest.param(" " * (MAX_SAVE_CHARS + 1), f"limit of {MAX_SAVE_CHARS:,}", id="over-the-limit"),
    pytest.param(None, "expected JSON text, got NoneType", id="none"),
]


@pytest.mark.parametrize(("load", "error"), LOADERS)
@pytest.mark.parametrize(("text", "words"), CASES)
def test_hostile_text_is_one_short_save_error_line(
    load: Callable[[object], object], error: type[Exception], text: object, words: str
) -> None:
    with pytest.raises(error) as caught:
        load(text)
    message = str(caught.value)
    assert words in message, message
    assert "\n" not in message and len(message) < 400, message
