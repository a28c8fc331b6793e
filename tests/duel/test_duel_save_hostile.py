"""Hostile duel saves (issue 14 and its property): the format's loader raises only SaveError,
and the save store's file reader only SaveProblem, in one short line, on any text or bytes;
the saves folder lists a damaged file, never fails. The
cases both loaders share are in tests/test_hostile_save_text.py."""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cold_war_tui.duel import DuelGame, DuelSettings, SaveError, saves
from cold_war_tui.tui.duel.store import DuelSaves, read_duel
from cold_war_tui.tui.saves import SaveProblem, SaveStore
from cold_war_tui.userdata import MAX_SAVE_BYTES

from .helpers import random_choice


def finished_game() -> DuelGame:
    rng = random.Random(3)
    game = DuelGame(DuelSettings())
    while game.pending is not None:
        game.apply(random_choice(game, rng))
    return game


VALID = json.loads(saves.to_json(finished_game()))


@pytest.mark.parametrize("text", [None, 7, b"{}"])
def test_a_duel_save_that_is_not_text_is_a_save_error(text: object) -> None:
    with pytest.raises(SaveError, match="expected JSON text"):
        saves.from_json(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("version", [True, 0, -1, 1.5])
def test_the_duel_save_version_is_a_positive_integer(version: object) -> None:
    with pytest.raises(SaveError, match="known version"):
        saves.from_json(json.dumps({**VALID, "version": version}))


def test_a_huge_mark_name_is_quoted_as_an_excerpt() -> None:
    doc = {**VALID, "marks": {"A": {"Q" * 200_000: "x"}}}
    with pytest.raises(SaveError) as caught:
        saves.from_json(json.dumps(doc))
    assert "200,000 characters" in str(caught.value) and len(str(caught.value)) < 400


def test_the_folder_lists_pipes_and_oversized_files_as_damaged(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.saves_dir.mkdir()
    os.mkfifo(store.saves_dir / "duel-pipe.json")
    (store.saves_dir / "duel-huge.json").write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    (store.saves_dir / "duel-deep.json").write_text("[" * 100_000 + "]" * 100_000)
    entries = {e.name: e for e in DuelSaves(store).entries()}
    assert "not a regular file" in (entries["duel-pipe.json"].problem or "")
    assert "over the limit" in (entries["duel-huge.json"].problem or "")
    assert "nested too deeply" in (entries["duel-deep.json"].problem or "")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=20,
)
save_like = st.builds(
    lambda key, value: {**VALID, key: value}, st.sampled_from(sorted(VALID)), json_values
)


@settings(max_examples=200, deadline=None)
@given(json_values | save_like)
def test_arbitrary_json_only_ever_raises_save_error(doc: object) -> None:
    try:
        saves.from_json(json.dumps(doc))
    except SaveError as err:
        assert "\n" not in str(err)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_arbitrary_bytes_in_a_file_only_ever_raise_save_problem(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        path.write_bytes(raw)
        try:
            read_duel(path)
        except SaveProblem as err:
            assert "\n" not in str(err)
