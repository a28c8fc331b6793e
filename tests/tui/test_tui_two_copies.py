"""Two copies of the game on one data folder, Ctrl+S, and a damaged autosave on the title.

- Each running copy holds an advisory lock on the autosave it writes; a second copy
  finds it held and writes its own (`autosave-2.json`), Continue lists both, and a lock
  left by a killed copy blocks nobody.
- Ctrl+S writes a named save in `saves/`, never over an autosave, in both games.
- An autosave whose replay does not match its snapshot shows as damaged on the title
  screen before Continue is picked.
"""

from __future__ import annotations

import json
import signal
import subprocess
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from textual.widgets import Input, OptionList, Static
from tui_helpers import game_of, make_app, open_game, press, wait_for

from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.autosaves import AutosaveSlots
from cold_war_tui.tui.saves import SaveMeta, SaveStore
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.title import TitleScreen

Copy = Callable[[Path], AbstractContextManager[subprocess.Popen[str]]]


def played(seed: int, choices: int) -> Game:
    game = Game.new(GameOptions(seed=seed))
    for _ in range(choices):
        assert game.pending is not None
        game.choose(game.pending.choices[0].id)
    return game


def continue_labels(app: ColdWarApp) -> list[str]:
    menu = app.screen_stack[0].query_one("#menu", OptionList)
    labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
    return [label for label in labels if label.startswith("Continue")]


# -- 1. two copies on one data folder ------------------------------------------------------
def test_a_second_claim_takes_the_next_slot_and_a_released_one_is_free(tmp_path: Path) -> None:
    first, second, third = (AutosaveSlots(tmp_path, "autosave") for _ in range(3))
    assert first.claim() == tmp_path / "autosave.json"
    assert second.claim() == tmp_path / "autosave-2.json"
    assert second.in_use(tmp_path / "autosave.json") and not first.in_use(first.path)
    # continuing the first copy's autosave while it runs: the second keeps its own slot
    assert second.claim(prefer=tmp_path / "autosave.json") == tmp_path / "autosave-2.json"
    first.release()
    assert third.claim() == tmp_path / "autosave.json"
    assert [second.number(p) for p in (tmp_path / "autosave-2.json", tmp_path / "x.json")] == [
        2,
        None,
    ]


async def test_a_second_copy_never_overwrites_the_first_ones_autosave(
    data_dir: Path, another_copy: Copy
) -> None:
    """Copy A plays (it holds the autosave's lock); copy B starts a new game on the same
    folder: B's choices go to autosave-2.json, A's file is untouched; Continue lists both,
    A's marked as open elsewhere."""
    store = SaveStore(data_dir)
    store.autosave(played(3, 11), SaveMeta(names={"US": "Ann", "USSR": "Boris"}))
    first = (data_dir / "autosave.json").read_bytes()
    with another_copy(data_dir):
        app = make_app(data_dir)
        async with app.run_test(size=(120, 40)) as pilot:
            await open_game(pilot, app, Game.new(GameOptions(seed=8)), us="Cy", ussr="Di")
            await press(pilot, "enter", "enter", "enter")  # the hand-over, two choices
            choices = game_of(app).choices
            assert len(choices) == 2
        assert (data_dir / "autosave.json").read_bytes() == first
        assert json.loads((data_dir / "autosave-2.json").read_text())["choices"] == choices
        app = make_app(data_dir)
        async with app.run_test(size=(120, 40)) as pilot:
            labels = continue_labels(app)
            assert len(labels) == 2
            assert any("Cy (US)" in label for label in labels)
            (ann,) = [label for label in labels if "Ann (US)" in label]
            assert ann.endswith("open in another window: continues as a copy")
            # continuing A's game here plays a copy of it, in this copy's own file
            menu = app.screen.query_one("#menu", OptionList)
            menu.highlighted = next(
                i
                for i in range(menu.option_count)
                if "Ann" in str(menu.get_option_at_index(i).prompt)
            )
            await press(pilot, "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
            assert "open in another window" in " ".join(n.message for n in app._notifications)
            await press(pilot, "enter", "enter")
        assert (data_dir / "autosave.json").read_bytes() == first


async def test_a_lock_left_by_a_killed_copy_blocks_nobody(
    data_dir: Path, another_copy: Copy
) -> None:
    store = SaveStore(data_dir)
    store.autosave(played(3, 11), SaveMeta())
    with another_copy(data_dir) as copy:
        copy.send_signal(signal.SIGKILL)
        copy.wait()
    assert (data_dir / ".autosave.json.lock").exists()  # left behind, and harmless
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        assert len(continue_labels(app)) == 1
        await press(pilot, "c")
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await press(pilot, "enter", "enter")
        choices = game_of(app).choices
        assert len(choices) == 12
    assert json.loads((data_dir / "autosave.json").read_text())["choices"] == choices
    assert not (data_dir / "autosave-2.json").exists()


# -- 2. Ctrl+S writes a named save --------------------------------------------------------------
async def test_ctrl_s_of_the_card_game_refuses_to_write_over_an_autosave(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, Game.new(GameOptions(seed=9)))
        await press(pilot, "enter", "enter")
        for target in (data_dir / "autosave.json", data_dir / "duel-autosave-3.json"):
            before = (data_dir / "autosave.json").read_bytes()
            await press(pilot, "ctrl+s")
            app.screen.query_one("#value", Input).value = str(target)
            await press(pilot, "enter")
            message = str(app.screen.query_one("#message", Static).content)
            assert (
                message == f"{target}: an autosave, written by the game itself; save under a name"
            )
            assert (data_dir / "autosave.json").read_bytes() == before
            assert not (data_dir / "duel-autosave-3.json").exists()


# -- 9. a damaged autosave on the title ---------------------------------------------------------
async def test_an_autosave_that_does_not_replay_shows_damaged_on_the_title(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    store.autosave(played(4, 12), SaveMeta(names={"US": "Ann", "USSR": ""}))
    doc = json.loads(store.autosave_path.read_text())
    doc["snapshot"]["vp"] = 5  # edited: the replay has 0
    store.autosave_path.write_text(json.dumps(doc))
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: "unreadable" in " ".join(continue_labels(app)))
        (label,) = continue_labels(app)
        assert label == (
            "Continue: unreadable: the saved state does not match its replay "
            "(edited or damaged save)"
        )
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.get_option_at_index(1).disabled
        await press(pilot, "c")
        assert isinstance(app.screen, TitleScreen)
