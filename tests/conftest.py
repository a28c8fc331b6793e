"""Shared fixtures: where the reference data of ../shared lives, if it is there."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    """../shared/data, or a skip with the reason when this is a plain clone."""
    if not (SHARED_DATA / "cards.json").is_file():
        pytest.skip("../shared/data is absent (a plain clone): reference facts not checked")
    return SHARED_DATA
