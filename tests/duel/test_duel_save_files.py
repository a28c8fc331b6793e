"""Duel save files in the one save store (cold_war_tui.tui.duel.store over
cold_war_tui.tui.saves): the folder, writing, listing, loading.

Every test runs with COLD_WAR_TUI_DATA_DIR set to a temporary folder (conftest.py).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest

from cold_war_tui.duel import saves as duel_format
from cold_war_tui.tui.duel.store import DuelSaves, read_duel
from cold_war_tui.tui.saves import DUEL_SAVE_FORMAT, SaveProblem, SaveStore, is_duel_file
from cold_war_tui.userdata import DATA_DIR_ENV, STALE_TEMP_SECONDS, data_dir

from .helpers import short_game

NOW = datetime(2025, 3, 1, 12, 30, 5)


def test_data_folder_comes_from_the_environment(data_dir: Path) -> None:
    """Saves: $COLD_WAR_TUI_DATA_DIR wins; duel saves go to its `saves/`, the card game's
    folder; nothing is created until a save is written."""
    assert os.environ[DATA_DIR_ENV] == str(data_dir)
    store = SaveStore()
    assert DuelSaves(store).folder == store.saves_dir == data_dir / "saves"
    assert store.duel_autosave_path == data_dir / "duel-autosave.json"
    assert not data_dir.exists()


def test_default_data_folder_is_the_platform_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves: without the variable, platformdirs' user data folder (only computed, not made)."""
    import platformdirs

    monkeypatch.delenv(DATA_DIR_ENV)
    assert data_dir() == Path(platformdirs.user_data_dir("cold-war-tui", appauthor=False))


def test_save_writes_a_file_that_loads_to_the_same_game(tmp_path: Path) -> None:
    """Saves: a saved duel loads back to the same state, pending decision and marks; the
    write is the store's atomic one (no temporary file left)."""
    saves = DuelSaves(SaveStore(tmp_path))
    game = short_game()
    path = saves.save(game)
    assert path.parent == tmp_path / "saves" and path.suffix == ".json"
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
    again = saves.load(path).game
    assert again.snapshot() == game.snapshot() and again.pending == game.pending
    game.choose("МБР З3 Цели А1")
    assert saves.save(game, path) == path  # saving again goes to the same file
    assert saves.load(path).game.snapshot() == game.snapshot()


def test_duel_saves_are_told_apart_by_their_format(tmp_path: Path) -> None:
    """Saves: one folder holds both games; a duel save says so in its `format` (the store's
    constant is the duel package's), whatever its name."""
    assert DUEL_SAVE_FORMAT == duel_format.SAVE_FORMAT
    saves = DuelSaves(SaveStore(tmp_path))
    duel = saves.save(short_game(), tmp_path / "saves" / "any name.json")
    card = tmp_path / "saves" / "card.json"
    card.write_text('{"format": 1, "choices": []}', encoding="utf-8")
    assert is_duel_file(duel) and not is_duel_file(card)
    assert not is_duel_file(tmp_path / "missing.json")
    assert [e.name for e in saves.entries()] == ["any name.json"]


def test_a_failed_write_is_one_save_problem_and_keeps_the_old_file(tmp_path: Path) -> None:
    """Saves: a duel save that cannot be written says which file, in the store's one
    message; an autosave whose place is taken by a folder too."""
    store = SaveStore(tmp_path)
    saves = DuelSaves(store)
    store.duel_autosave_path.mkdir(parents=True)
    with pytest.raises(SaveProblem, match=f"{store.duel_autosave_path}: cannot be written"):
        saves.autosave(short_game())


def test_new_file_names_never_clash(tmp_path: Path) -> None:
    """Saves: names come from the date and time, with a number when the name is taken."""
    saves = DuelSaves(SaveStore(tmp_path))
    first = saves.new_path(NOW)
    assert first.name == "duel-2025-03-01-123005.json"
    first.parent.mkdir(parents=True)
    first.write_text("{}", encoding="utf-8")
    assert saves.new_path(NOW).name == "duel-2025-03-01-123005-2.json"


def test_listing_shows_summaries_and_problems_newest_first(tmp_path: Path) -> None:
    """Saves: the list of the load screen; a broken file is listed with its problem, the
    autosave first."""
    store = SaveStore(tmp_path)
    saves = DuelSaves(store)
    assert saves.entries() == []
    good = saves.save(short_game(), store.saves_dir / "duel-good.json")
    broken = store.saves_dir / "duel-broken.json"
    broken.write_text(good.read_text(encoding="utf-8")[:200], encoding="utf-8")
    (store.saves_dir / "notes.txt").write_text("not a save", encoding="utf-8")
    os.utime(good, (1_000_000, 1_000_000))
    saves.autosave(short_game())
    os.utime(store.duel_autosave_path, (1_000, 1_000))
    entries = saves.entries()
    assert [e.name for e in entries] == ["duel-autosave.json", "duel-broken.json", "duel-good.json"]
    assert entries[1].problem is not None and "truncated or corrupt" in entries[1].problem
    assert entries[2].problem is None and entries[2].summary == "turn 2, DEFCON 4, B to move"


def test_stale_temporaries_of_the_old_duel_folder_are_removed(tmp_path: Path) -> None:
    """Saves: the store's clean-up at start-up covers the old duel folder too."""
    store = SaveStore(tmp_path)
    store.old_duel_dir.mkdir(parents=True)
    stale = store.old_duel_dir / ".duel-x.json.k1.tmp"
    stale.write_text("{")
    old = datetime.now().timestamp() - STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    assert store.remove_stale_temps() == 1 and not stale.exists()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "the file is empty"),
        (b'{"format": "cold-war-tui/defcon-duel", "version": 1, "settings": {', "truncated"),
        (b'{"format": "cold-war-tui/defcon-duel", "version": 7}', "newer version"),
        (b"\xff\xfe\x00garbage", r"not a saved game \(not UTF-8 text\)"),
    ],
)
def test_a_bad_file_is_refused_by_name_and_left_untouched(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    """Saves: a corrupt, truncated or future-version file gets a message naming the file and
    the problem; loading only reads it."""
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    before = path.stat().st_mtime_ns
    with pytest.raises(SaveProblem, match=problem) as info:
        read_duel(path)
    assert str(info.value).startswith(f"{path}: ")
    assert path.read_bytes() == content and path.stat().st_mtime_ns == before


def test_missing_file_and_folder_are_named(tmp_path: Path) -> None:
    """Saves: a path that is not a readable file is refused with a clear reason."""
    with pytest.raises(SaveProblem, match="no such file"):
        read_duel(tmp_path / "nowhere.json")
    with pytest.raises(SaveProblem, match="is a folder"):
        read_duel(tmp_path)
