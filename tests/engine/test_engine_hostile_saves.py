"""Saves from outside and misuse of the API (issue 14): one documented error, never a crash.

Every input is generated here, small; none is a file in the repository.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cold_war_tui.engine import Game, GameOptions, IllegalChoice, SaveError
from cold_war_tui.untrusted import EXCERPT_CHARS


def saved(choices: int = 8) -> tuple[Game, dict[str, Any]]:
    game = Game.new(GameOptions(seed=11))
    for _ in range(choices):
        assert game.pending is not None
        game.choose(game.pending.choices[0].id)
    return game, json.loads(game.to_json())


def refusal(text: object) -> str:
    """The message of the SaveError `Game.from_json(text)` raises; it is one short line."""
    with pytest.raises(SaveError) as caught:
        Game.from_json(text)  # type: ignore[arg-type]
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400, message
    return message


# -- item 3: excerpts (item 1 and the size limit: tests/test_hostile_save_text.py) ------
def test_a_huge_bad_choice_is_quoted_as_a_short_excerpt() -> None:
    _, doc = saved()
    doc["choices"][3] = "x" * 500_000
    message = refusal(json.dumps(doc))
    assert "choice 4" in message and "500,000 characters" in message
    assert "x" * (EXCERPT_CHARS + 1) not in message


# -- item 4: the format version --------------------------------------------------------------
@pytest.mark.parametrize("version", [True, 0, -1, 1.0, "1", None, [1]])
def test_the_format_must_be_a_positive_integer(version: object) -> None:
    _, doc = saved()
    doc["format"] = version
    assert "format version" in refusal(json.dumps(doc))


# -- item 5: one line naming the field -------------------------------------------------------
@pytest.mark.parametrize(
    ("part", "edit", "field"),
    [
        ("options", lambda d: d["options"].update(us_bid="lots"), "options.us_bid"),
        ("options", lambda d: d.update(options=[1, 2]), "options"),
        ("snapshot", lambda d: d["snapshot"].update(defcon="high"), "snapshot.defcon"),
        ("snapshot", lambda d: d.update(snapshot="a string"), "snapshot"),
        ("scenario", lambda d: d.update(scenario={"turn": "x"}), "turn"),
    ],
)
def test_a_wrong_type_in_the_save_names_its_field_in_one_line(
    part: str, edit: Any, field: str
) -> None:
    _, doc = saved()
    edit(doc)
    message = refusal(json.dumps(doc))
    assert field in message, message
    assert "errors.pydantic.dev" not in message and "validation error" not in message


# -- item 11: decisions are immutable, `choose` takes only a listed str -----------------------
def test_a_decision_is_immutable_all_the_way_down() -> None:
    game, _ = saved()
    pending = game.pending
    assert pending is not None
    assert isinstance(pending.choices, tuple) and isinstance(pending.unavailable, tuple)
    with pytest.raises(AttributeError):
        pending.choices.append(pending.choices[0])  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        pending.context["ops_left"] = 99  # type: ignore[index]


class EqualsEverything:
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


class SneakyStr(str):
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


@pytest.mark.parametrize("choice", [EqualsEverything(), SneakyStr("anything"), 7, None, b"pass"])
def test_choose_takes_only_a_str_and_a_refusal_changes_nothing(choice: object) -> None:
    game, _ = saved()
    before = (game.to_json(), game.pending)
    with pytest.raises(IllegalChoice):
        game.choose(choice)  # type: ignore[arg-type]
    assert (game.to_json(), game.pending) == before
    assert Game.from_json(game.to_json()).state == game.state  # its own save still loads


# -- item 12: wrong argument types raise the documented errors -------------------------------
def test_from_json_takes_utf8_bytes_and_refuses_other_bytes() -> None:
    game, _ = saved()
    assert Game.from_json(game.to_json().encode()).state == game.state
    assert "not UTF-8" in refusal(b"\xff\xfe{}")


def test_new_with_options_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="options must be GameOptions"):
        Game.new("x")  # type: ignore[arg-type]


def test_rewind_takes_a_count_of_zero_or_more() -> None:
    game, _ = saved()
    with pytest.raises(TypeError, match="whole number"):
        game.rewind("x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="whole number"):
        game.rewind(True)
    with pytest.raises(ValueError, match="0 or more"):
        game.rewind(-1)
    assert game.rewind(100).choices == []


# -- the property: nothing but SaveError escapes from_json ------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=20,
)
_, VALID = saved(choices=4)
# A valid save with one part replaced reaches further into the loader than random JSON.
save_like = st.builds(
    lambda key, value: {**VALID, key: value},
    st.sampled_from(sorted(VALID)),
    json_values,
) | st.builds(
    lambda key, value: {**VALID, "scenario": {key: value}},
    st.sampled_from(
        ["turn", "phase", "milops", "hands", "effects", "turn_effects", "events_played", "draw"]
    ),
    json_values,
)


def loads_or_refuses(text: str | bytes) -> None:
    try:
        Game.from_json(text)
    except SaveError as err:
        assert "\n" not in str(err)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_arbitrary_bytes_only_ever_raise_save_error(raw: bytes) -> None:
    loads_or_refuses(raw)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values | save_like)
def test_arbitrary_json_only_ever_raises_save_error(doc: object) -> None:
    loads_or_refuses(json.dumps(doc))
