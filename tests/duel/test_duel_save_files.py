"""Duel save files (cold_war_tui.userdata): the data folder, writing, listing, loading.

Every test runs with COLD_WAR_TUI_DATA_DIR set to a temporary folder (conftest.py).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest

from cold_war_tui.duel import SaveError
from cold_war_tui.userdata import DATA_DIR_ENV, DuelSaves, data_dir, read_duel_save

from .helpers import short_game

NOW = datetime(2025, 3, 1, 12, 30, 5)


def test_data_folder_comes_from_the_environment(data_dir: Path) -> None:
    """Saves: $COLD_WAR_TUI_DATA_DIR wins; the default folder is the saves folder's parent."""
    assert os.environ[DATA_DIR_ENV] == str(data_dir)
    assert DuelSaves().folder == data_dir / "duel"
    assert not data_dir.exists()  # nothing is created until a save is written


def test_default_data_folder_is_the_platform_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves: without the variable, platformdirs' user data folder (only computed, not made)."""
    import platformdirs

    monkeypatch.delenv(DATA_DIR_ENV)
    assert data_dir() == Path(platformdirs.user_data_dir("cold-war-tui", appauthor=False))


def test_save_writes_a_file_that_loads_to_the_same_game(tmp_path: Path) -> None:
    """Saves: a saved duel loads back to the same state, pending decision and marks."""
    saves = DuelSaves(tmp_path / "saves")
    game = short_game()
    path = saves.save(game)
    assert path.parent == tmp_path / "saves" and path.suffix == ".json"
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
    again = saves.load(path)
    assert again.snapshot() == game.snapshot() and again.pending == game.pending
    game.choose("МБР З3 Цели А1")
    assert saves.save(game, path) == path  # saving again goes to the same file
    assert saves.load(path).snapshot() == game.snapshot()


def test_new_file_names_never_clash(tmp_path: Path) -> None:
    """Saves: names come from the date and time, with a number when the name is taken."""
    saves = DuelSaves(tmp_path)
    first = saves.new_path(NOW)
    assert first.name == "duel-2025-03-01-123005.json"
    first.write_text("{}", encoding="utf-8")
    assert saves.new_path(NOW).name == "duel-2025-03-01-123005-2.json"


def test_listing_shows_summaries_and_problems_newest_first(tmp_path: Path) -> None:
    """Saves: the list of the load screen; a broken file is listed with its problem."""
    saves = DuelSaves(tmp_path)
    assert saves.entries() == []
    good = saves.save(short_game(), tmp_path / "good.json")
    broken = tmp_path / "broken.json"
    broken.write_text(good.read_text(encoding="utf-8")[:200], encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a save", encoding="utf-8")
    os.utime(good, (1_000_000, 1_000_000))
    entries = saves.entries()
    assert [e.name for e in entries] == ["broken.json", "good.json"]
    assert entries[0].problem is not None and "truncated or corrupt" in entries[0].problem
    assert entries[1].problem is None and entries[1].summary == "turn 2, DEFCON 4, B to move"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "the file is empty"),
        (b'{"format": "cold-war-tui/defcon-duel", "version": 1, "settings": {', "truncated"),
        (b'{"format": "cold-war-tui/defcon-duel", "version": 7}', "newer version"),
        (b"\xff\xfe\x00garbage", r"not a text \(UTF-8\) file"),
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
    with pytest.raises(SaveError, match=problem) as info:
        read_duel_save(path)
    assert str(info.value).startswith(f"{path}: ")
    assert path.read_bytes() == content and path.stat().st_mtime_ns == before


def test_missing_file_and_folder_are_named(tmp_path: Path) -> None:
    """Saves: a path that is not a readable file is refused with a clear reason."""
    with pytest.raises(SaveError, match="no such file"):
        read_duel_save(tmp_path / "nowhere.json")
    with pytest.raises(SaveError, match="is a folder"):
        read_duel_save(tmp_path)
