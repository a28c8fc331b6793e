"""The duel's autosave and Ctrl+S with other copies of the game on the data folder: a second
copy autosaves to its own file, and Ctrl+S always writes a named save in `saves/`."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from cold_war_tui.duel import DuelGame
from cold_war_tui.tui.app import ColdWarApp

from .helpers import short_game

Copy = Callable[[Path], AbstractContextManager[subprocess.Popen[str]]]


async def test_a_second_copy_of_a_duel_autosaves_to_its_own_file(
    data_dir: Path, another_copy: Copy
) -> None:
    with another_copy(data_dir):
        app = ColdWarApp(data_dir=data_dir)
        async with app.run_test(size=(120, 40)) as pilot:
            flow = app.open_duel(game=short_game())
            await pilot.pause()
            await pilot.press("enter", *["down"] * 7, "right", "right", "enter", "tab", "enter")
            await pilot.press("f")
            assert flow.game is not None and flow.game.turn == 2
    assert not (data_dir / "duel-autosave.json").exists()
    assert DuelGame.from_json((data_dir / "duel-autosave-2.json").read_text()).turn == 2


async def test_ctrl_s_of_a_duel_resumed_from_its_autosave_writes_a_named_save(
    data_dir: Path,
) -> None:
    autosave = data_dir / "duel-autosave.json"
    data_dir.mkdir(parents=True)
    autosave.write_text(short_game().to_json(), encoding="utf-8")
    app = ColdWarApp(load=autosave, duel=True, data_dir=data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", *["down"] * 7, "right", "right", "enter", "tab", "enter", "f")
        await pilot.press("ctrl+s")
        messages = [n.message for n in app._notifications]
        saved = list((data_dir / "saves").glob("duel-*.json"))
        assert len(saved) == 1 and f"Saved to {saved[0]}" in messages, messages
    # the autosave goes on as the duel's autosave: it has the move, and is no named save
    assert DuelGame.from_json(autosave.read_text()).turn == 2
