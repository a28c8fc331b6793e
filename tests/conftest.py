"""Shared fixtures: where the reference data of ../shared lives, if it is there; another
copy of the game holding a data folder's autosaves. Ctrl+C for the programs the tests
interrupt, whatever the shell that started the tests did with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"


# A shell starts a background job (`make test &` in a script) with SIGINT ignored, and a
# program inherits an ignored signal through exec: the tests' own `cold-war-tui` would
# never see the Ctrl+C they send. A handler, unlike SIG_IGN, is reset to the default in
# the programs they start.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

LATEST = "COLD_WAR_TUI_LATEST"
"""Set by `make test-latest`: the installed versions are the newest the ranges allow."""
PINNED_ONLY = (
    "made with constraints.txt's exact versions (screen snapshots, the pinned set): "
    "skipped by make test-latest, which runs the newest versions the ranges allow"
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under `make test-latest`, skip what holds only for the pinned versions: the screen
    snapshots (a newer Textual or Rich draws a few cells differently) and tests marked
    `pinned`."""
    if not os.environ.get(LATEST):
        return
    skip = pytest.mark.skip(reason=PINNED_ONLY)
    for item in items:
        if "snap_compare" in getattr(item, "fixturenames", ()) or item.get_closest_marker("pinned"):
            item.add_marker(skip)


@pytest.fixture
def shared_data() -> Path:
    """../shared/data, or a skip with the reason when this is a plain clone."""
    if not (SHARED_DATA / "cards.json").is_file():
        pytest.skip("../shared/data is absent (a plain clone): reference facts not checked")
    return SHARED_DATA


ANOTHER_COPY = """
import sys, time
from pathlib import Path
from cold_war_tui.tui.saves import SaveStore
store = SaveStore(Path(sys.argv[1]))
print(store.game_slots.claim(), store.duel_slots.claim(), flush=True)
time.sleep(300)
"""


@contextmanager
def _another_copy(folder: Path) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        [sys.executable, "-c", ANOTHER_COPY, str(folder)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        claimed = process.stdout.readline().split()
        assert claimed == [str(folder / "autosave.json"), str(folder / "duel-autosave.json")]
        yield process
    finally:
        process.kill()
        process.wait()
        if process.stdout is not None:
            process.stdout.close()


@pytest.fixture
def another_copy() -> Callable[[Path], AbstractContextManager[subprocess.Popen[str]]]:
    """`with another_copy(folder) as process:` a process that holds the first autosave slots
    of `folder` (the card game's and the duel's), as a running copy of the game does."""
    return _another_copy
