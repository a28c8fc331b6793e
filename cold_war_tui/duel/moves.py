"""What players decide (placement, move, end-or-continue) and what the defender answers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cold_war_tui.duel.board import Cell


def cells(names: Iterable[str | Cell]) -> tuple[Cell, ...]:
    """Cells from names such as 'Б5' (a convenience for tests and scripts)."""
    return tuple(n if isinstance(n, Cell) else Cell.parse(n) for n in names)


@dataclass(frozen=True)
class Placement:
    """A player's secret set-up on his own board."""

    cities: tuple[Cell, ...]
    abms: tuple[Cell, ...] = ()
    silos: tuple[Cell, ...] = ()
    groups: tuple[Cell, ...] = ()

    @classmethod
    def of(
        cls,
        cities: Iterable[str | Cell],
        abms: Iterable[str | Cell] = (),
        silos: Iterable[str | Cell] = (),
        groups: Iterable[str | Cell] = (),
    ) -> Placement:
        """Build from cell names."""
        return cls(cells(cities), cells(abms), cells(silos), cells(groups))


@dataclass(frozen=True)
class Launch:
    """One missile: from one of the mover's silos to a cell of the enemy board."""

    silo: Cell
    target: Cell


@dataclass(frozen=True)
class Move:
    """A request: launches, sabotage squares on the enemy board, and which own groups go.

    `groups` is the owner's private record (the seed has him note it for replays); left
    empty, the engine sends his unused groups in the order he placed them.
    """

    launches: tuple[Launch, ...] = ()
    sabotage: tuple[Cell, ...] = ()
    groups: tuple[Cell, ...] = ()

    @classmethod
    def of(
        cls,
        silos: Iterable[str | Cell] = (),
        targets: Iterable[str | Cell] = (),
        sabotage: Iterable[str | Cell] = (),
        groups: Iterable[str | Cell] = (),
    ) -> Move:
        """Build from parallel lists of silo and target names, as the notation writes them."""
        silo_cells, target_cells = cells(silos), cells(targets)
        if len(silo_cells) != len(target_cells):
            raise ValueError(f"{len(silo_cells)} silos but {len(target_cells)} targets")
        launches = tuple(Launch(s, t) for s, t in zip(silo_cells, target_cells, strict=True))
        return cls(launches, cells(sabotage), cells(groups))

    @property
    def silos(self) -> tuple[Cell, ...]:
        """The silos used, in order (the МБР line)."""
        return tuple(launch.silo for launch in self.launches)

    @property
    def targets(self) -> tuple[Cell, ...]:
        """The targets, in the same order (the Цели line)."""
        return tuple(launch.target for launch in self.launches)


@dataclass(frozen=True)
class Finish:
    """The only player who still has missiles: end the game now, or launch the rest."""

    end: bool


Choice = Placement | Move | Finish


@dataclass(frozen=True)
class Answer:
    """The defender's answer to a request.

    `shot_down` lists the targets of the missiles shot down, in launch order. The rest is the
    sabotage report (present when the move had a sabotage): intact objects in the successful
    squares, sorted, and the foiled squares if the settings announce them.
    """

    shot_down: tuple[Cell, ...] = ()
    sabotage: bool = False
    abms: tuple[Cell, ...] = ()
    silos: tuple[Cell, ...] = ()
    cities: tuple[Cell, ...] = ()
    foiled: tuple[Cell, ...] = ()
