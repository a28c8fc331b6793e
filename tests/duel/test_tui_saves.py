"""Pilot tests of saving and loading in the duel screens (Ctrl+S, `l`, `duel --load FILE`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList

from cold_war_tui import cli
from cold_war_tui.duel import DuelGame, DuelSettings
from cold_war_tui.duel.tui import (
    DuelApp,
    DuelSetupScreen,
    HandOverScreen,
    MoveScreen,
    SavesScreen,
)

from .helpers import game_with, short_game
from .test_tui import screen_text

SIZE = (120, 40)


def messages(app: DuelApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_ctrl_s_saves_the_duel_and_saves_again_to_the_same_file(tmp_path: Path) -> None:
    """Saves: Ctrl+S writes the duel to the saves folder; a later Ctrl+S updates that file; a
    request being built is not a decision yet, and the message says so."""
    game = short_game()
    app = DuelApp(game=game, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("ctrl+s")
        files = list(tmp_path.glob("*.json"))
        assert len(files) == 1 and files[0].name.startswith("duel-")
        assert f"Saved to {files[0]}" in messages(app)
        assert DuelGame.from_json(files[0].read_text("utf-8")).snapshot() == game.snapshot()
        # B moves by keys (silo З3 -> А1), picks a silo of the next request, saves again.
        await pilot.press("enter", *["down"] * 7, "right", "right", "enter", "ctrl+s")  # З3
        assert any("request being built is not saved" in m for m in messages(app))
        await pilot.press("tab", "enter", "f")  # its target А1, and the request goes
        assert isinstance(app.screen, MoveScreen) and app.screen.answer is not None
        await pilot.press("ctrl+s")
        assert list(tmp_path.glob("*.json")) == files
        again = DuelGame.from_json(files[0].read_text("utf-8"))
        assert again.snapshot() == game.snapshot() and again.turn == 2


async def test_nothing_to_save_on_the_set_up_screen(data_dir: Path) -> None:
    """Saves: before a duel starts Ctrl+S is greyed out and writes nothing; the default
    folder is `duel/` in $COLD_WAR_TUI_DATA_DIR."""
    app = DuelApp()
    async with app.run_test(size=SIZE) as pilot:
        assert app.saves.folder == data_dir / "duel"
        assert app.check_action("save", ()) is None
        await pilot.press("ctrl+s")
        assert not data_dir.exists()
        await pilot.press("enter")  # start a new duel: now there is something to save
        assert app.check_action("save", ()) is True
        await pilot.press("ctrl+s")
        assert len(list((data_dir / "duel").glob("*.json"))) == 1


async def test_load_key_lists_saves_and_opens_one_behind_a_hand_over(tmp_path: Path) -> None:
    """Saves: `l` on the first screen lists the saves (a broken one greyed out with its
    problem); Enter opens a duel, with a hand-over before the player's screen (I11)."""
    game = short_game()
    game.set_mark("B", game.view("B").enemy_silos[0][0], "!")
    good = tmp_path / "good.json"
    good.write_text(game.to_json(), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cold-war-tui/defcon-duel", "version": 3}', encoding="utf-8")
    app = DuelApp(save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, DuelSetupScreen)
        await pilot.press("l")
        assert isinstance(app.screen, SavesScreen)
        menu = app.screen.query_one(OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert len(labels) == 2
        bad = next(label for label in labels if "broken.json" in label)
        assert "cannot be loaded: saved by a newer version" in bad
        assert "turn 2, DEFCON 4, B to move" in next(x for x in labels if "good.json" in x)
        index = next(i for i, label in enumerate(labels) if "good.json" in label)
        assert menu.get_option_at_index(1 - index).disabled
        menu.highlighted = index
        await pilot.press("enter")
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass the terminal to player B" in screen_text(app)
        assert "Loaded good.json. DEFCON 4." in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, MoveScreen) and app.screen.player == "B"
        assert "! " in screen_text(app)  # B's private mark came back with the save
        assert app.game is not None and app.game.snapshot() == game.snapshot()
        await pilot.press("ctrl+s")  # saves go back to the file the duel came from
        assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json", "good.json"]


async def test_a_save_broken_after_listing_shows_the_problem(tmp_path: Path) -> None:
    """Saves: if a listed file is damaged before it is opened, the list screen says why,
    the file is left as it is and the app goes on."""
    path = tmp_path / "duel.json"
    path.write_text(short_game().to_json(), encoding="utf-8")
    app = DuelApp(save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        cut = path.read_text("utf-8")[:150]
        path.write_text(cut, encoding="utf-8")
        await pilot.press("enter")
        assert isinstance(app.screen, SavesScreen)
        assert "Could not load the save:" in screen_text(app)
        assert "truncated or corrupt" in screen_text(app)
        assert app.screen.query_one(OptionList).get_option_at_index(0).disabled  # relisted
        assert path.read_text("utf-8") == cut
        await pilot.press("escape")
        assert isinstance(app.screen, DuelSetupScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, HandOverScreen)


async def test_empty_saves_folder_says_so(tmp_path: Path) -> None:
    """Saves: with no save yet the list says where saves go and how to make one."""
    app = DuelApp(save_dir=tmp_path / "none")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert f"No saved duel in {tmp_path / 'none'}. Ctrl+S saves" in screen_text(app)


def future_save() -> str:
    data = json.loads(short_game().to_json())
    data["version"] = 2
    return json.dumps(data)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (lambda: short_game().to_json()[:400], "not valid JSON, the file is truncated or corrupt"),
        (lambda: "PK\x03\x04 zip?", "not valid JSON"),
        (future_save, "saved by a newer version of Cold War TUI (save version 2;"),
    ],
    ids=["truncated", "corrupt", "future-version"],
)
async def test_load_at_start_refuses_a_bad_save_and_keeps_running(
    tmp_path: Path, content: object, problem: str
) -> None:
    """Saves (`duel --load FILE`): a corrupt, truncated or future-version save gets a clear
    message naming the file and the problem, the file untouched, the app keeps running."""
    assert callable(content)
    path = tmp_path / "bad.json"
    path.write_text(content(), encoding="utf-8")
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    app = DuelApp(save_dir=tmp_path / "saves", load=path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, DuelSetupScreen)
        text = screen_text(app)
        assert f"Could not load the save: {path}: " in text and problem in text
        await pilot.press("enter", "ctrl+s")  # a new duel starts; its save is a new file
        assert isinstance(app.screen, HandOverScreen) and app.save_path is not None
        assert app.save_path.parent == tmp_path / "saves"
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


async def test_load_at_start_opens_the_duel(tmp_path: Path) -> None:
    """Saves: `DuelApp(load=FILE)` goes straight to the hand-over of the player to decide."""
    path = tmp_path / "mine.json"
    path.write_text(short_game().to_json(), encoding="utf-8")
    app = DuelApp(load=path)
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, HandOverScreen) and app.screen.player == "B"
        assert app.save_path == path


def test_cli_duel_load_passes_the_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Saves: `cold-war-tui duel --load FILE` opens the duel app on that file."""
    opened: list[Path | None] = []

    def fake_run(self: DuelApp) -> None:
        opened.append(self.load_path)

    monkeypatch.setattr(DuelApp, "run", fake_run)
    monkeypatch.setattr(cli, "load_default_data", lambda: None)  # the card data: not needed
    monkeypatch.setattr(cli, "has_terminal", lambda: True)  # pytest's streams are not one
    assert cli.main(["duel", "--load", str(tmp_path / "x.json")]) == 0
    assert cli.main(["duel"]) == 0
    assert opened == [tmp_path / "x.json", None]


def test_new_duel_settings_are_kept_by_a_save(tmp_path: Path) -> None:
    """Saves: the rule settings travel with the save (a loaded duel keeps its own rules)."""
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, row_letters="latin", start_defcon=2,
    )  # fmt: skip
    app = DuelApp(settings=DuelSettings(), save_dir=tmp_path)
    path = app.saves.save(game)
    assert app.saves.load(path).settings == game.settings
