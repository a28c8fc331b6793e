"""Options fixed at the start of a game (the variants issue adds its switches here)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class GameOptions(BaseModel):
    """The seed and the rule switches of one game; saved with it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: int = 0
