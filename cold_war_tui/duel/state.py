"""The mutable state of one side's board; only the engine writes it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from cold_war_tui.duel.board import Cell
from cold_war_tui.duel.settings import Player

ObjectKind = Literal["city", "abm", "silo"]


@dataclass
class City:
    """A city: it scores while intact."""

    cell: Cell
    destroyed_on: int | None = None


@dataclass
class Abm:
    """An ABM site (ПРО)."""

    cell: Cell
    stopped: int = 0
    destroyed_on: int | None = None
    disabled_on: int | None = None


@dataclass
class Silo:
    """A missile silo (шахта, МБР)."""

    cell: Cell
    missiles: int
    launched: int = 0
    destroyed_on: int | None = None
    disabled_on: int | None = None


@dataclass
class Group:
    """A sabotage-reconnaissance group (ДРГ); used once, then gone."""

    cell: Cell
    used_on: int | None = None
    target: Cell | None = None
    destroyed_on: int | None = None

    @property
    def active(self) -> bool:
        """Still on the board: it can be sent and it guards its square."""
        return self.used_on is None and self.destroyed_on is None


@dataclass(frozen=True)
class Shot:
    """One missile fired by a side at the enemy board."""

    turn: int
    silo: Cell
    target: Cell
    shot_down: bool


@dataclass(frozen=True)
class Raid:
    """One sabotage by a side on the enemy board, and what it found."""

    turn: int
    group: Cell
    centre: Cell
    foiled: bool
    revealed: tuple[tuple[ObjectKind, Cell], ...]


@dataclass
class Side:
    """One player's board plus his records of his own shots, raids and private marks."""

    player: Player
    placed: bool = False
    cities: list[City] = field(default_factory=list)
    abms: list[Abm] = field(default_factory=list)
    silos: list[Silo] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    raids: list[Raid] = field(default_factory=list)
    marks: dict[Cell, str] = field(default_factory=dict)
    asked_to_finish: bool = False

    def snapshot(self) -> dict[str, Any]:
        """A JSON-ready picture of the side, for save checks and state comparison."""

        def row(obj: object) -> dict[str, Any]:
            data = dict(vars(obj))
            return {k: (v.name if isinstance(v, Cell) else v) for k, v in data.items()}

        return {
            "player": self.player,
            "placed": self.placed,
            "cities": [row(c) for c in self.cities],
            "abms": [row(a) for a in self.abms],
            "silos": [row(s) for s in self.silos],
            "groups": [row(g) for g in self.groups],
            "shots": [row(s) for s in self.shots],
            "raids": [
                {
                    "turn": r.turn,
                    "group": r.group.name,
                    "centre": r.centre.name,
                    "foiled": r.foiled,
                    "revealed": [[kind, cell.name] for kind, cell in r.revealed],
                }
                for r in self.raids
            ],
            "marks": {cell.name: mark for cell, mark in sorted(self.marks.items())},
            "asked_to_finish": self.asked_to_finish,
        }
