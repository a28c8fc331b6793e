"""Saves: atomic writes, the Load list, replay checks, and broken saves named clearly."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static
from tui_helpers import drive, game_of, make_app, open_game, press, screen_text, wait_for

from cold_war_tui import userdata
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.saves import (
    SaveMeta,
    SaveProblem,
    SaveStore,
    peek,
    read_save,
    save_text,
)
from cold_war_tui.tui.screens.game import GameScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.load import LoadScreen
from cold_war_tui.tui.screens.title import TitleScreen


def played(seed: int = 5, choices: int = 20) -> Game:
    game = Game.new(GameOptions(seed=seed))
    for _ in range(choices):
        assert game.pending is not None
        game.choose(game.pending.choices[0].id)
    return game


def test_the_data_folder_comes_from_the_environment(data_dir: Path) -> None:
    assert userdata.data_dir() == data_dir
    assert SaveStore().root == data_dir


def test_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "save.json"
    userdata.write_atomic(target, "one")
    userdata.write_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["save.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "save.json"
    userdata.write_atomic(target, "old")

    def broken(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        userdata.write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_a_save_holds_version_options_seed_choices_snapshot_and_names(data_dir: Path) -> None:
    game = played()
    store = SaveStore(data_dir)
    path = store.save(game, SaveMeta(names={"US": "Ann", "USSR": "Boris"}), "first")
    assert path == data_dir / "saves" / "first.json"
    doc = json.loads(path.read_text())
    assert doc["format"] == 1
    assert doc["options"]["seed"] == 5
    assert doc["choices"] == game.choices
    assert doc["snapshot"]["turn"] == game.state.turn
    assert doc["meta"]["names"] == {"US": "Ann", "USSR": "Boris"}
    loaded, meta = read_save(path)
    assert loaded.choices == game.choices and loaded.state == game.state
    assert meta.names["USSR"] == "Boris"
    info = peek(path)
    assert info.turn == game.state.turn and info.vp == game.state.vp
    assert "first" in info.label and "turn 1" in info.label


def test_the_load_list_has_the_autosave_first(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    game = played()
    store.save(game, SaveMeta(), "a")
    store.autosave(game, SaveMeta())
    (store.saves_dir / "broken.json").write_text("{nope")
    labels = [i.label for i in store.list_saves()]
    assert labels[0].startswith("Autosave")
    assert any(label.startswith("broken  (unreadable: invalid JSON)") for label in labels)


def corrupt_versions(text: str) -> dict[str, tuple[str, str]]:
    """name -> (file text, words the message must contain)."""
    doc = json.loads(text)
    tampered = json.loads(text)
    tampered["snapshot"]["vp"] = 15
    future = json.loads(text)
    future["format"] = 99
    bad_choice = json.loads(text)
    bad_choice["choices"][3] = "infl narnia"
    return {
        "corrupt": ("this is not json", "invalid JSON"),
        "truncated": (text[: len(text) // 2], "invalid JSON"),
        "empty": ("", "empty"),
        "tampered": (json.dumps(tampered), "does not match its replay"),
        "future": (json.dumps(future), "newer version"),
        "bad-choice": (json.dumps(bad_choice), "choice 4"),
        "not-a-save": (json.dumps([1, 2]), "not a saved game"),
        "no-format": (json.dumps({k: v for k, v in doc.items() if k != "format"}), "format"),
    }


def test_broken_saves_are_named_and_left_untouched(tmp_path: Path) -> None:
    text = save_text(played(), SaveMeta())
    for name, (content, words) in corrupt_versions(text).items():
        path = tmp_path / f"{name}.json"
        path.write_text(content)
        before = (path.read_bytes(), path.stat().st_mtime_ns)
        with pytest.raises(SaveProblem) as caught:
            read_save(path)
        assert words in str(caught.value), (name, str(caught.value))
        assert (path.read_bytes(), path.stat().st_mtime_ns) == before, name
    with pytest.raises(SaveProblem, match="no such file"):
        read_save(tmp_path / "missing.json")
    with pytest.raises(SaveProblem, match="folder"):
        read_save(tmp_path)


async def test_ctrl_s_saves_and_load_lists_and_opens_it(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, Game.new(GameOptions(seed=9)), us="Ann", ussr="Boris")
        await press(pilot, "enter")
        await press(pilot, "enter", "enter")  # two set-up placements
        await press(pilot, "ctrl+s")
        field = app.screen.query_one("#value", Input)
        field.value = "mygame"
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        assert "Saved to" in screen_text(app)
        saved = data_dir / "saves" / "mygame.json"
        assert Game.from_json(saved.read_text()).choices == game_of(app).choices
        # the autosave follows every choice
        assert (
            json.loads((data_dir / "autosave.json").read_text())["choices"] == game_of(app).choices
        )
        await press(pilot, "enter")  # one more choice, after the save
        await press(pilot, "ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        text = screen_text(app)
        assert "Autosave" in text and "mygame" in text and "turn 1" in text
        saves = app.screen.query_one("#saves", OptionList)
        saves.highlighted = next(
            i for i, o in enumerate(saves.options) if "mygame" in str(o.prompt)
        )
        await press(pilot, "enter")
        assert isinstance(app.screen, HandOverScreen)  # a loaded game starts with a hand-over
        assert "(Boris)" in screen_text(app)
        await press(pilot, "enter")
        assert len(game_of(app).choices) == 2


async def test_a_broken_save_gets_a_message_and_the_app_keeps_running(data_dir: Path) -> None:
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    text = save_text(played(), SaveMeta())
    doc = json.loads(text)
    doc["snapshot"]["defcon"] = 2
    broken = saves / "tampered.json"
    broken.write_text(json.dumps(doc))
    before = broken.read_bytes()
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "l")  # title: Load
        assert isinstance(app.screen, LoadScreen)
        await press(pilot, "enter")
        assert isinstance(app.screen, LoadScreen)
        message = str(app.screen.query_one("#message", Static).content)
        assert "tampered.json" in message and "does not match its replay" in message
        # a path typed by hand, that does not exist
        await press(pilot, "tab", *"/nowhere/x.json", "enter")
        assert "no such file" in str(app.screen.query_one("#message", Static).content)
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)
    assert broken.read_bytes() == before


async def test_continue_resumes_the_autosave_and_load_flag_opens_a_file(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    game = played(seed=4, choices=12)
    store.autosave(game, SaveMeta(names={"US": "Ann", "USSR": ""}))
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "c")  # title: Continue
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert isinstance(app.screen, HandOverScreen)
        await press(pilot, "enter")
        assert game_of(app).choices == game.choices
        # the save holds every choice: the US's own set-up points can be taken back
        await press(pilot, "ctrl+z", "ctrl+z")
        assert game_of(app).choices == game.choices[:-2]
    path = store.save(game, SaveMeta(), "flag")
    app = ColdWarApp(load=path, data_dir=data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert isinstance(app.screen, HandOverScreen)
    broken = data_dir / "broken.json"
    broken.write_text('{"format": 7}')
    app = ColdWarApp(load=broken, data_dir=data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: "newer version" in screen_text(app))
        assert isinstance(app.screen, TitleScreen)
        assert "newer version" in screen_text(app)


async def test_the_log_exports_to_a_text_file(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, Game.new(GameOptions(seed=2)))
        await drive(pilot, app, lambda g: len(g.choices) >= 8)
        await press(pilot, "ctrl+e")
        exports = list((data_dir / "exports").glob("log-*.txt"))
        assert len(exports) == 1
        text = exports[0].read_text()
        assert "seed 2" in text and "[setup] USSR +1 influence" in text
        assert "Log exported to" in screen_text(app)


async def test_broken_game_data_ends_the_app_with_a_message(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cold_war_tui.gamedata as gamedata

    def broken() -> None:
        raise gamedata.DataError("cards.yaml:3: ops must be 0 to 4")

    monkeypatch.setattr(gamedata, "load_default_data", broken)
    app = ColdWarApp(data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await press(pilot, "n")
    assert app.data_error == "cards.yaml:3: ops must be 0 to 4"
    assert app.return_code == 2
