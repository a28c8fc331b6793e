"""Lean lookup tables of the map, built once from the validated game data.

The hot path (legal targets, control, scoring) works on small integer
indices and tuples instead of pydantic models.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeVar, cast

from cold_war_tui.datamodel import GameData
from cold_war_tui.datamodel import Side as Side  # the engine's one side type, re-exported

# The two sides; `Side` (from datamodel, the one definition) types them in the whole engine.
US: Final = "US"
USSR: Final = "USSR"
SIDES: tuple[Side, Side] = (US, USSR)


def other(side: str) -> Side:
    """The opponent of `side`."""
    return USSR if side == US else US


@dataclass(frozen=True, slots=True)
class Board:
    keys: tuple[str, ...]
    names: tuple[str, ...]
    stability: tuple[int, ...]
    battleground: tuple[bool, ...]
    region: tuple[str, ...]
    subregions: tuple[frozenset[str], ...]
    neighbours: tuple[tuple[int, ...], ...]
    with_neighbours: tuple[frozenset[int], ...]  # a country and its neighbours (6.1.1)
    ccw: int
    adjacent_to: dict[str, frozenset[int]]
    index: dict[str, int]  # every key, the Chinese Civil War space (index `ccw`) last
    region_members: dict[str, tuple[int, ...]]
    region_battlegrounds: dict[str, frozenset[int]]
    subregion_members: dict[str, tuple[int, ...]]
    region_names: dict[str, str]
    region_order: tuple[str, ...]
    start_influence: dict[str, tuple[int, ...]]  # the standard set-up, by side

    @property
    def size(self) -> int:
        return len(self.keys)


T = TypeVar("T")
_DERIVED: dict[tuple[int, Callable[[GameData], object]], tuple[GameData, object]] = {}


def derived(data: GameData, build: Callable[[GameData], T]) -> T:
    """`build(data)`, made once per data object (game data never changes once loaded)."""
    key = (id(data), build)
    cached = _DERIVED.get(key)
    if cached is not None and cached[0] is data:
        return cast(T, cached[1])
    value = build(data)
    _DERIVED[key] = (data, value)
    return value


def board_for(data: GameData) -> Board:
    """The board of `data`, built once per data object."""
    return derived(data, _build)


def _build(data: GameData) -> Board:
    countries = (*data.countries, data.chinese_civil_war)
    index = {c.key: i for i, c in enumerate(countries)}
    neighbours = tuple(tuple(sorted(index[a] for a in c.adjacent if a in index)) for c in countries)
    adjacent_to = {
        US: frozenset(i for i, c in enumerate(countries) if "us" in c.adjacent),
        USSR: frozenset(i for i, c in enumerate(countries) if "ussr" in c.adjacent),
    }
    region_order = tuple(r.key for r in data.regions)
    scored = range(len(data.countries))
    region_members: dict[str, tuple[int, ...]] = {
        r: tuple(i for i in scored if countries[i].region == r) for r in region_order
    }
    subregion_members: dict[str, tuple[int, ...]] = {
        s.key: tuple(i for i in scored if s.key in countries[i].subregions) for s in data.subregions
    }
    return Board(
        keys=tuple(c.key for c in countries),
        names=tuple(c.name for c in countries),
        stability=tuple(c.stability for c in countries),
        battleground=tuple(c.battleground for c in countries),
        region=tuple(c.region for c in countries),
        subregions=tuple(frozenset(c.subregions) for c in countries),
        neighbours=neighbours,
        with_neighbours=tuple(frozenset((i, *n)) for i, n in enumerate(neighbours)),
        ccw=index[data.chinese_civil_war.key],
        adjacent_to=adjacent_to,
        index=index,
        region_members=region_members,
        region_battlegrounds={
            r: frozenset(i for i in members if countries[i].battleground)
            for r, members in region_members.items()
        },
        subregion_members=subregion_members,
        region_names={r.key: r.name for r in data.regions},
        region_order=region_order,
        start_influence={
            US: tuple(c.start.us for c in countries),
            USSR: tuple(c.start.ussr for c in countries),
        },
    )
