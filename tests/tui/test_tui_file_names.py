"""Every message about a save names the file the same way: its path as the user gave it
(a relative path stays relative; the data folder's files carry the folder), then the
problem: "PATH: the problem"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, Static
from tui_helpers import make_app, press, wait_for

from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.saves import SaveMeta, SaveProblem, read_save, save_text
from cold_war_tui.tui.screens.load import LoadScreen


def damaged(kind: str) -> str:
    game = Game.new(GameOptions(seed=2))
    for _ in range(6):
        assert game.pending is not None
        game.choose(game.pending.choices[0].id)
    doc = json.loads(save_text(game, SaveMeta()))
    if kind == "edited":  # readable, but its replay does not match the snapshot
        doc["snapshot"]["vp"] = 3
    elif kind == "newer":
        doc["format"] = 99
    else:
        return '{"format": 1, "choi'
    return json.dumps(doc)


@pytest.mark.parametrize("kind", ["edited", "newer", "truncated"])
def test_read_save_names_the_file_by_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(damaged(kind))
    with pytest.raises(SaveProblem) as caught:
        read_save(path)
    assert str(caught.value).startswith(f"{path}: ")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SaveProblem) as caught:
        read_save(Path("game.json"))  # as the user typed it
    assert str(caught.value).startswith("game.json: ")


async def test_the_title_and_the_load_screen_say_it_the_same_way(data_dir: Path) -> None:
    path = data_dir / "game.json"
    data_dir.mkdir(parents=True)
    path.write_text(damaged("edited"))
    app = ColdWarApp(load=path, data_dir=data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        title = app.screen_stack[0].query_one("#note", Static)
        await wait_for(pilot, lambda: "Cannot load" in str(title.content))
        on_title = str(title.content)
        assert on_title.startswith(f"Cannot load the save: {path}: the saved state")
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "l")
        assert isinstance(app.screen, LoadScreen)
        app.screen.query_one("#path", Input).value = str(path)
        app.screen.query_one("#path", Input).focus()
        await press(pilot, "enter")
        assert str(app.screen.query_one("#message", Static).content) == on_title
