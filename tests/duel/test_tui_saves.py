"""Pilot tests of saving and loading the duel in the one app (Ctrl+S, `l`, the autosave,
`duel --load FILE`), through the save store it shares with the card game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList

from cold_war_tui import cli
from cold_war_tui.duel import DuelGame, DuelSettings
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.duel.move import MoveScreen
from cold_war_tui.tui.duel.placement import PlacementScreen
from cold_war_tui.tui.duel.saves_list import DuelSavesScreen
from cold_war_tui.tui.duel.setup import DuelSetupScreen
from cold_war_tui.tui.duel.store import DuelSaves
from cold_war_tui.tui.saves import SaveStore
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.load import LoadScreen
from cold_war_tui.tui.screens.title import TitleScreen

from .app_helpers import SIZE, duel_app, messages, screen_text
from .helpers import game_with, short_game


async def test_ctrl_s_saves_the_duel_and_saves_again_to_the_same_file(data_dir: Path) -> None:
    """Saves: Ctrl+S writes the duel to the saves folder it shares with the card game; a
    later Ctrl+S updates that file; a request being built is not a decision yet, and the
    message says so."""
    game = short_game()
    folder = data_dir / "saves"
    async with duel_app(game=game) as (app, pilot, _):
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("ctrl+s")
        files = list(folder.glob("*.json"))
        assert len(files) == 1 and files[0].name.startswith("duel-")
        assert f"Saved to {files[0]}" in messages(app)
        assert DuelGame.from_json(files[0].read_text("utf-8")).snapshot() == game.snapshot()
        # B moves by keys (silo З3 -> А1), picks a silo of the next request, saves again.
        await pilot.press("enter", *["down"] * 7, "right", "right", "enter", "ctrl+s")  # З3
        assert any("request being built is not saved" in m for m in messages(app))
        await pilot.press("tab", "enter", "f")  # its target А1, and the request goes
        assert isinstance(app.screen, MoveScreen) and app.screen.answer is not None
        await pilot.press("ctrl+s")
        assert list(folder.glob("*.json")) == files
        again = DuelGame.from_json(files[0].read_text("utf-8"))
        assert again.snapshot() == game.snapshot() and again.turn == 2


async def test_nothing_to_save_on_the_set_up_screen(data_dir: Path) -> None:
    """Saves: outside a duel the app's Ctrl+S for the duel is hidden; before a duel starts
    it is greyed out and writes nothing; the duel's saves go to `saves/` in
    $COLD_WAR_TUI_DATA_DIR."""
    async with duel_app() as (app, pilot, flow):
        assert flow.saves.folder == data_dir / "saves"
        assert app.check_action("save_duel", ()) is None
        await pilot.press("ctrl+s")
        assert not data_dir.exists()
        await pilot.press("enter")  # start a new duel: now there is something to save
        assert app.check_action("save_duel", ()) is True
        await pilot.press("ctrl+s")
        assert len(list((data_dir / "saves").glob("*.json"))) == 1
        app.show_title()
        assert app.check_action("save_duel", ()) is False


async def test_every_decision_is_autosaved(data_dir: Path) -> None:
    """Saves: like the card game's autosave, the duel is written after every decision (a
    killed terminal loses at most the decision being made); `l` lists the autosave first
    and opens it behind a hand-over."""
    game = short_game()
    autosave = data_dir / "duel-autosave.json"
    async with duel_app(game=game) as (app, pilot, _):
        assert not autosave.exists()
        await pilot.press("enter", *["down"] * 7, "right", "right", "enter", "tab", "enter", "f")
        assert game.turn == 2
        assert DuelGame.from_json(autosave.read_text("utf-8")).snapshot() == game.snapshot()
    async with duel_app() as (app, pilot, flow):
        await pilot.press("l")
        menu = app.screen.query_one(OptionList)
        assert "duel-autosave.json" in str(menu.get_option_at_index(0).prompt)
        await pilot.press("enter")
        assert isinstance(app.screen, HandOverScreen) and app.screen.player == "A"
        assert flow.game is not None and flow.game.snapshot() == game.snapshot()


async def test_load_key_lists_saves_and_opens_one_behind_a_hand_over(data_dir: Path) -> None:
    """Saves: `l` on the first screen lists the duel saves (a broken one greyed out with its
    problem; the card game's saves in the same folder are not listed); Enter opens a duel,
    with a hand-over before the player's screen (I11)."""
    game = short_game()
    game.set_mark("B", game.view("B").enemy_silos[0][0], "!")
    folder = data_dir / "saves"
    folder.mkdir(parents=True)
    good = folder / "good.json"
    good.write_text(game.to_json(), encoding="utf-8")
    broken = folder / "broken.json"
    broken.write_text('{"format": "cold-war-tui/defcon-duel", "version": 3}', encoding="utf-8")
    (folder / "cards.json").write_text('{"format": 1, "choices": []}', encoding="utf-8")
    async with duel_app() as (app, pilot, flow):
        assert isinstance(app.screen, DuelSetupScreen)
        await pilot.press("l")
        assert isinstance(app.screen, DuelSavesScreen)
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
        assert f"Loaded {good}. DEFCON 4." in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, MoveScreen) and app.screen.player == "B"
        assert "! " in screen_text(app)  # B's private mark came back with the save
        assert flow.game is not None and flow.game.snapshot() == game.snapshot()
        await pilot.press("ctrl+s")  # saves go back to the file the duel came from
        names = sorted(p.name for p in folder.iterdir())
        assert names == ["broken.json", "cards.json", "good.json"]


async def test_a_save_broken_after_listing_shows_the_problem(data_dir: Path) -> None:
    """Saves: if a listed file is damaged before it is opened, the list screen says why,
    the file is left as it is and the app goes on."""
    path = data_dir / "saves" / "duel-mine.json"
    path.parent.mkdir(parents=True)
    path.write_text(short_game().to_json(), encoding="utf-8")
    async with duel_app() as (app, pilot, _):
        await pilot.press("l")
        cut = path.read_text("utf-8")[:150]
        path.write_text(cut, encoding="utf-8")
        await pilot.press("enter")
        assert isinstance(app.screen, DuelSavesScreen)
        assert "Cannot load the save:" in screen_text(app)
        assert "truncated or corrupt" in screen_text(app)
        assert app.screen.query_one(OptionList).get_option_at_index(0).disabled  # relisted
        assert path.read_text("utf-8") == cut
        await pilot.press("escape")
        assert isinstance(app.screen, DuelSetupScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, HandOverScreen)


async def test_empty_saves_folder_says_so(data_dir: Path) -> None:
    """Saves: with no save yet the list says where saves go and how to make one."""
    async with duel_app() as (app, pilot, _):
        await pilot.press("l")
        assert f"No saved duel in {data_dir / 'saves'}. Ctrl+S saves" in screen_text(app)


async def test_saves_of_the_old_duel_folder_are_listed_and_open(data_dir: Path) -> None:
    """Saves: duel saves of earlier versions, in the data folder's `duel/`, still show in
    the list and load; Ctrl+S saves them anew as a named save in `saves/`, the old file
    left as it was."""
    old = data_dir / "duel" / "duel-2025-03-01-123005.json"
    old.parent.mkdir(parents=True)
    old.write_text(short_game().to_json(), encoding="utf-8")
    before = old.read_bytes()
    async with duel_app() as (app, pilot, flow):
        await pilot.press("l", "enter")
        assert isinstance(app.screen, HandOverScreen) and flow.save_path is None
        await pilot.press("ctrl+s")
        saved = list((data_dir / "saves").glob("duel-*.json"))
        assert len(saved) == 1 and flow.save_path == saved[0]
    assert old.read_bytes() == before


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
    tmp_path: Path, data_dir: Path, content: object, problem: str
) -> None:
    """Saves (`duel --load FILE`): a corrupt, truncated or future-version save gets a clear
    message naming the file and the problem, the file untouched, the app keeps running."""
    assert callable(content)
    path = tmp_path / "bad.json"
    path.write_text(content(), encoding="utf-8")
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    async with duel_app(load=path) as (app, pilot, flow):
        assert isinstance(app.screen, DuelSetupScreen)
        text = screen_text(app)
        assert f"Cannot load the save: {path}: " in text and problem in text
        await pilot.press("enter", "ctrl+s")  # a new duel starts; its save is a new file
        assert isinstance(app.screen, HandOverScreen) and flow.save_path is not None
        assert flow.save_path.parent == data_dir / "saves"
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


async def test_load_at_start_opens_the_duel(tmp_path: Path) -> None:
    """Saves: `ColdWarApp(load=FILE, duel=True)` (`cold-war-tui duel --load FILE`) goes
    straight to the hand-over of the player to decide, above the title screen; a file from
    outside the saves folder is never written by Ctrl+S (it saves anew in `saves/`)."""
    path = tmp_path / "mine.json"
    path.write_text(short_game().to_json(), encoding="utf-8")
    app = ColdWarApp(load=path, duel=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and app.screen.player == "B"
        assert app.duel is not None and app.duel.save_path is None
        assert isinstance(app.screen_stack[0], TitleScreen)


async def test_the_card_game_load_list_opens_a_duel_save(data_dir: Path) -> None:
    """Saves: one folder for both games; the title's Load list names a duel save as one,
    and opening it (or `cold-war-tui --load` on it) opens the duel behind a hand-over."""
    path = data_dir / "saves" / "duel-2025-03-01-123005.json"
    path.parent.mkdir(parents=True)
    path.write_text(short_game().to_json(), encoding="utf-8")
    app = ColdWarApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert isinstance(app.screen, LoadScreen)
        label = str(app.screen.query_one("#saves", OptionList).get_option_at_index(0).prompt)
        assert label.startswith("duel-2025-03-01-123005  ") and label.endswith("DEFCON duel")
        await pilot.press("enter")
        assert isinstance(app.screen, HandOverScreen) and app.screen.player == "B"
        assert app.duel is not None and app.duel.save_path == path
    app = ColdWarApp(load=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and app.duel is not None


def test_cli_duel_load_opens_the_app_on_the_duel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Saves: `cold-war-tui duel --load FILE` opens the one app on that duel save;
    `cold-war-tui duel` on the duel's set-up; `cold-war-tui` on the title."""
    opened: list[tuple[Path | None, bool]] = []

    def fake_run(self: ColdWarApp) -> None:
        opened.append((self.load_path, self.start_in_duel))

    monkeypatch.setattr(ColdWarApp, "run", fake_run)
    monkeypatch.setattr(cli, "drawing_problem", lambda: None)  # pytest's streams are not one
    assert cli.main(["duel", "--load", str(tmp_path / "x.json")]) == 0
    assert cli.main(["duel"]) == 0
    assert cli.main([]) == 0
    assert opened == [(tmp_path / "x.json", True), (None, True), (None, False)]


def test_new_duel_settings_are_kept_by_a_save(tmp_path: Path) -> None:
    """Saves: the rule settings travel with the save (a loaded duel keeps its own rules)."""
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, row_letters="latin", start_defcon=2,
    )  # fmt: skip
    saves = DuelSaves(SaveStore(tmp_path))
    path = saves.save(game)
    assert saves.load(path).game.settings == game.settings
    assert saves.load(path).game.settings != DuelSettings()


async def test_the_palette_saves_the_duel_or_leaves_it_for_the_title(data_dir: Path) -> None:
    """Saves: Ctrl+P on a duel screen offers "Save the duel" and "Title screen" (leaving
    loses nothing: every decision is autosaved); before the duel starts neither is
    offered."""
    async with duel_app() as (app, pilot, flow):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Save the duel" not in titles and "Title screen" not in titles
        await pilot.press("enter", "enter")  # a new duel, past A's hand-over
        assert isinstance(app.screen, PlacementScreen)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        commands["Save the duel"].callback()
        assert len(list((data_dir / "saves").glob("duel-*.json"))) == 1
        commands["Title screen"].callback()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.duel is None
        assert flow.game is not None and flow.game.pending is not None
