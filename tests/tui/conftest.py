"""Fixtures of the TUI tests: a temporary data folder (never the real home), helpers."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, the autosave and exports of every TUI test go to a fresh temporary folder."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv("COLD_WAR_TUI_DATA_DIR", str(folder))
    return folder
