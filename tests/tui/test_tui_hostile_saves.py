"""Hostile files in the saves folder and behind --load (issue 14 items 1, 3, 6).

A file that is not a save is listed as unreadable, never stops the Load screen,
and its message is one short line; nothing is written or lost on the way.
Every input is generated here, small (the size limit is tested just over it).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static
from tui_helpers import make_app, press

from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.saves import (
    NAME_CHARS,
    SaveMeta,
    SaveProblem,
    SaveStore,
    peek,
    read_save,
    save_text,
)
from cold_war_tui.tui.screens.load import LoadScreen
from cold_war_tui.tui.screens.title import TitleScreen
from cold_war_tui.tui.session import Session
from cold_war_tui.userdata import MAX_SAVE_BYTES, STALE_TEMP_SECONDS


def good_save_text() -> str:
    game = Game.new(GameOptions(seed=3))
    for _ in range(5):
        assert game.pending is not None
        game.choose(game.pending.choices[0].id)
    return save_text(game, SaveMeta(names={"US": "Ann", "USSR": "Boris"}))


def hostile_files(folder: Path) -> dict[str, str]:
    """name -> words its problem must contain; the files are written into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (folder / "digits.json").write_text('{"format": ' + "9" * 5000 + "}")
    (folder / "huge.json").write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    os.mkfifo(folder / "pipe.json")
    return {
        "deep": "nested too deeply",
        "digits": "too long",
        "huge": f"over the limit of {MAX_SAVE_BYTES:,} bytes",
        "binary": "not UTF-8",
        "pipe": "not a regular file",
    }


def in_thread(work: Callable[[], object]) -> object:
    """Run `work()` in a thread: a read that blocks (a named pipe) fails the test, not hangs."""
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(work()), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), "reading blocked"
    return result[0]


# -- item 1: the Load list survives any file ----------------------------------------------------
def test_the_load_list_names_every_damaged_file(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    expected = hostile_files(store.saves_dir)
    (store.saves_dir / "good.json").write_text(good_save_text())
    infos = in_thread(store.list_saves)
    assert isinstance(infos, list)
    labels = {info.path.stem: info.label for info in infos}
    assert "unreadable" not in labels["good"]
    for name, words in expected.items():
        # the list says what is wrong; loading the file says where (JSON problems)
        assert words in labels[name] or "unreadable: invalid JSON" in labels[name], labels[name]
        assert len(labels[name]) < 200


def test_a_preview_shows_only_short_plausible_facts(tmp_path: Path) -> None:
    doc = json.loads(good_save_text())
    doc["meta"]["saved_at"] = "2024-01-01T10:00:00" + "x" * 100_000
    doc["meta"]["names"] = {"US": "N" * 100_000}
    doc["snapshot"]["turn"] = 10**4000
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(doc))
    info = peek(path)
    assert info.turn is None and len(info.label) < 120
    assert len(SaveMeta.from_dict(doc["meta"]).names["US"]) == NAME_CHARS


async def test_the_load_screen_lists_damaged_files_and_stays_usable(data_dir: Path) -> None:
    expected = hostile_files(data_dir / "saves")
    (data_dir / "saves" / "good.json").write_text(good_save_text())
    before = {p.name: p.read_bytes() for p in (data_dir / "saves").iterdir() if p.is_file()}
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "l")
        assert isinstance(app.screen, LoadScreen)
        options = app.screen.query_one("#saves", OptionList)
        assert options.option_count == len(expected) + 1
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert sum("unreadable" in p for p in prompts) == len(expected)
        options.highlighted = next(i for i, p in enumerate(prompts) if p.startswith("deep"))
        await press(pilot, "enter")
        assert isinstance(app.screen, LoadScreen)
        message = str(app.screen.query_one("#message", Static).content)
        assert "nested too deeply" in message and "\n" not in message
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)
    after = {p.name: p.read_bytes() for p in (data_dir / "saves").iterdir() if p.is_file()}
    assert after == before  # nothing written, nothing lost


# -- item 3: --load of something that is not a regular file, size limit, excerpts --------------
def test_read_save_refuses_a_named_pipe_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")

    def attempt() -> str:
        with pytest.raises(SaveProblem) as caught:
            read_save(tmp_path / "pipe.json")
        return str(caught.value)

    assert "not a regular file" in str(in_thread(attempt))


async def test_load_flag_with_a_named_pipe_keeps_the_app_responsive(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    os.mkfifo(data_dir / "pipe.json")
    app = ColdWarApp(load=data_dir / "pipe.json", data_dir=data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, TitleScreen)
        assert "not a regular file" in str(app.screen.query_one("#note", Static).content)
        await pilot.press("ctrl+q")
    assert app.return_code == 0


def test_a_save_with_a_huge_choice_gives_a_short_message(tmp_path: Path) -> None:
    doc = json.loads(good_save_text())
    doc["choices"][2] = "y" * 900_000  # under the size limit: the replay refuses it
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc))
    started = time.perf_counter()
    with pytest.raises(SaveProblem) as caught:
        read_save(path)
    assert time.perf_counter() - started < 10
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "choice 3" in message
    assert len(message.removeprefix(f"{path}: ")) < 300


# -- item 6: killed autosaves -------------------------------------------------------------------
def test_stale_temporary_files_are_removed_and_fresh_ones_kept(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.saves_dir.mkdir(parents=True)
    old = time.time() - STALE_TEMP_SECONDS - 5
    stale = [tmp_path / ".autosave.json.k1l2.tmp", store.saves_dir / ".mine.json.zz9.tmp"]
    for path in stale:
        path.write_text("{")
        os.utime(path, (old, old))
    fresh = tmp_path / ".autosave.json.now1.tmp"  # maybe another instance writing right now
    fresh.write_text("{")
    keep = tmp_path / "notes.tmp"  # not a temporary of ours
    keep.write_text("mine")
    os.utime(keep, (old, old))
    assert store.remove_stale_temps() == 2
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and keep.exists()


async def test_the_app_removes_stale_temporaries_at_start_up(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    stale = data_dir / ".autosave.json.abc.tmp"
    stale.write_text("{")
    old = time.time() - STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.ensure_ready() is not None
        await pilot.pause()
    assert not stale.exists()


def test_an_autosave_failure_names_the_file(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.autosave_path.mkdir(parents=True)  # a folder where the autosave should go
    session = Session(Game.new(GameOptions(seed=1)), store, SaveMeta())
    session.autosave()
    assert session.autosave_error is not None
    assert str(store.autosave_path) in session.autosave_error
