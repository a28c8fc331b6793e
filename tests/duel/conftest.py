"""Duel test fixtures: no test ever reads or writes the real user data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from cold_war_tui.userdata import DATA_DIR_ENV


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every duel test gets its own data folder through COLD_WAR_TUI_DATA_DIR."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    return folder
