"""SIGTERM or SIGHUP while a screen is being put up (Continue, a computer's move, a
hand-over): the app waits for it to finish mounting, then exits with 128 + the signal,
never with that screen's error (the pseudo-terminal tests: tests/test_terminal.py)."""

from __future__ import annotations

import signal
from pathlib import Path

from tui_helpers import make_app

from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.saves import SaveMeta


async def test_a_signal_while_the_game_screen_mounts_exits_with_its_status(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.ensure_ready() is not None
        app.start_game(Game.new(GameOptions(seed=3)), SaveMeta())  # pushed, not yet mounted
        app._exit_by_signal(signal.SIGTERM)  # what the event loop's signal handler calls
        await pilot.pause()
    assert app.return_code == 128 + signal.SIGTERM
