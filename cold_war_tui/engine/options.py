"""Options fixed at the start of a game: the seed and the switches of chapter 12 and the
optional rules (01-seed-rules-en.md). Saved with the game and written in the log header."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

OPTIONAL_CARDS = frozenset(range(104, 111))
MAX_US_BID = 20
"""The largest US influence bid a game accepts."""


class GameOptions(BaseModel):
    """The seed and the rule switches of one game; saved with it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: int = 0
    chinese_civil_war: bool = Field(
        default=False,
        description="Chinese Civil War (12): the China Card waits until the USSR wins China",
    )
    realignment_variant: bool = Field(
        default=False,
        description="Realignment ignores DEFCON, never costs the roller, mixes with influence",
    )
    space_race_no_roll: bool = Field(
        default=False,
        description="A space race attempt may be declared without rolling",
    )
    first_us_edition: bool = Field(
        default=False,
        description="First US edition: Canada starts empty, no optional cards, old #98 text",
    )
    optional_cards: bool = Field(
        default=True,
        description="The optional cards #104-#110 are in the deck",
    )
    tournament_deal: bool = Field(
        default=False,
        description="Tournament deal: one card at a time, the USSR first",
    )
    us_bid: int = Field(
        default=0,
        ge=0,
        le=MAX_US_BID,
        description="Extra US influence placed after set-up where the US already has some",
    )

    def cards_out(self) -> frozenset[int]:
        """Cards that are not in this game at all."""
        if self.first_us_edition or not self.optional_cards:
            return OPTIONAL_CARDS
        return frozenset()

    def summary(self) -> str:
        """The switches that differ from the standard game, for the log's header."""
        changed = [
            f"{name}={value}"
            for name, value in self.model_dump().items()
            if name != "seed" and value != _DEFAULTS[name]
        ]
        return ", ".join(changed) or "standard rules"


_DEFAULTS = {name: info.default for name, info in GameOptions.model_fields.items()}
