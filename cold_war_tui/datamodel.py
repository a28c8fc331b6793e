"""The game data as frozen pydantic models.

These models are pure (no YAML, no files): the engine builds its lean lookup
tables from them, and `gamedata` fills them from the YAML files in `data/`.
Every model forbids unknown fields so a typo in a data file is an error, not a
silently ignored key.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Side = Literal["US", "USSR"]
CardSide = Literal["US", "USSR", "Neutral"]
Period = Literal["Early", "Mid", "Late"]
RegionKey = Literal["europe", "asia", "middle-east", "africa", "central-america", "south-america"]
SubregionKey = Literal["western-europe", "eastern-europe", "southeast-asia"]
SpaceBonus = Literal["two-attempts", "headline-second", "discard-held-card", "eight-action-rounds"]


class Frozen(BaseModel):
    """Base of every data model: immutable, strict about unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Influence(Frozen):
    us: int = Field(ge=0)
    ussr: int = Field(ge=0)


class Country(Frozen):
    key: str = Field(pattern=r"^[a-z][a-z-]*$")
    name: str = Field(min_length=1)
    region: RegionKey
    subregions: tuple[SubregionKey, ...]
    stability: int = Field(ge=1, le=5)
    battleground: bool
    adjacent: tuple[str, ...]
    start: Influence


class Card(Frozen):
    number: int = Field(ge=1, le=110)
    name: str = Field(min_length=1)
    ops: int = Field(ge=0, le=4)
    side: CardSide
    period: Period
    starred: bool
    scoring: bool
    optional: bool
    in_draw_deck: bool
    war: bool
    persistent: bool
    turn_effect: bool
    requires: tuple[int, ...]
    prevents: tuple[int, ...]  # cards that can no longer be played as an event (7.5)
    cancels: tuple[int, ...]  # cards whose effect in play this event ends (they stay playable)
    enables: tuple[int, ...]
    text: str = Field(min_length=1)


class RegionScoring(Frozen):
    presence: int = Field(ge=0)
    domination: int = Field(ge=0)
    control: int | None = Field(default=None, ge=0)


class Region(Frozen):
    key: RegionKey
    name: str
    scoring_card: int
    scoring: RegionScoring
    control_wins: bool
    closed_at_defcon: int | None = Field(ge=2, le=5)


class Subregion(Frozen):
    key: SubregionKey
    name: str
    region: RegionKey


class SoutheastAsiaScoring(Frozen):
    per_country: int = Field(ge=0)
    overrides: dict[str, int]


class RegionsFile(Frozen):
    regions: tuple[Region, ...]
    subregions: tuple[Subregion, ...]
    southeast_asia_scoring: SoutheastAsiaScoring


class SpaceBox(Frozen):
    box: int = Field(ge=1, le=8)
    name: str
    ops_needed: int = Field(ge=1, le=4)
    roll_max: int = Field(ge=1, le=6)
    vp: tuple[int, int]
    bonus: SpaceBonus | None


class SpaceRaceFile(Frozen):
    boxes: tuple[SpaceBox, ...]


class StartFile(Frozen):
    defcon: int = Field(ge=2, le=5)
    vp: int
    china_card_holder: Side
    china_card_face_up: bool


class FreePlacement(Frozen):
    side: Side
    influence: int = Field(ge=0)
    subregion: SubregionKey


class HandSize(Frozen):
    from_turn: int = Field(ge=1)
    cards: int = Field(ge=1)


class ActionRounds(Frozen):
    from_turn: int = Field(ge=1)
    rounds: int = Field(ge=1)


class DeckAddition(Frozen):
    turn: int = Field(ge=1)
    period: Period


class FirstUsEdition(Frozen):
    start_overrides: dict[str, Influence]


class SetupFile(Frozen):
    start: StartFile
    free_placements: tuple[FreePlacement, ...]
    turns: int = Field(ge=1)
    hand_size: tuple[HandSize, ...]
    action_rounds: tuple[ActionRounds, ...]
    deck_additions: tuple[DeckAddition, ...]
    first_us_edition: FirstUsEdition


class CountriesFile(Frozen):
    countries: tuple[Country, ...]
    chinese_civil_war: Country


class CardsFile(Frozen):
    cards: tuple[Card, ...]


class GameData(Frozen):
    """All game facts, validated field by field and as a whole (see gamedata)."""

    countries: tuple[Country, ...]
    chinese_civil_war: Country
    cards: tuple[Card, ...]
    regions: tuple[Region, ...]
    subregions: tuple[Subregion, ...]
    southeast_asia_scoring: SoutheastAsiaScoring
    space_race: tuple[SpaceBox, ...]
    setup: SetupFile
