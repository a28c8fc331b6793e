"""The hunter's placement: cities spread and covered by ABM sites, silos apart.

A layout is scored against one missile at every cell of the board (the enemy does not know
where anything is): the cities and silos it would destroy, less what ABM cover would stop.
One missile that can take two cities, or a silo with a city or another silo, costs extra, so
a revealed silo draws fire on itself alone. Simulated annealing from a random start finds a
good layout (a move shifts one object; only the targets it touches are scored again); the
start and the moves are random, so the layout differs from game to game.
"""

from __future__ import annotations

import math

from cold_war_tui.duel.board import ALL_CELLS
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.bots.geometry import CELLS, SQUARE, coverers
from cold_war_tui.duel.moves import Placement
from cold_war_tui.duel.settings import DuelSettings

ABM_SHARE = 3 / 8
"""ABM sites among the objects: the seed's own example mix (3 ABM + 5 silos of 8)."""
THROUGH = (1.0, 0.3, 0.1, 0.05)
"""The chance a missile gets through when 0, 1, 2, 3+ ABM sites cover its target."""
SILO_WEIGHT = 0.6
"""A silo lost counts as this many cities (its missiles are what it is worth)."""
CROWD = 2.0
"""The cost of each extra city one missile could take, squared."""
MIXED = 5.0
"""The cost of a missile able to take a silo with a city or a second silo."""
STARTS = 2
STEPS = 2000
HOT, COLD = 1.5, 0.02
"""The annealing's temperature at the first and the last step."""

CITY, ABM, SILO = 0, 1, 2


class Layout:
    """Cities, ABM sites and silos on cell indices, with the per-target counts the score
    needs, so that moving one object rescores only the targets it touches."""

    def __init__(self, parts: list[list[int]], settings: DuelSettings) -> None:
        cover = coverers(settings.abm_cover)
        self.guarded_by = [[t for t in range(CELLS) if a in cover[t]] for a in range(CELLS)]
        self.parts = parts
        self.where = {c: kind for kind, cells in enumerate(parts) for c in cells}
        self.cities, self.silos, self.guards = [0] * CELLS, [0] * CELLS, [0] * CELLS
        for kind, cells in enumerate(parts):
            for c in cells:
                self._count(kind, c, 1)
        self.score = sum(self.cost(t) for t in range(CELLS))

    def touched(self, kind: int, cell: int) -> list[int]:
        """The targets whose cost depends on an object of this kind at this cell."""
        return self.guarded_by[cell] if kind == ABM else list(SQUARE[cell])

    def _count(self, kind: int, cell: int, step: int) -> None:
        counts = (self.cities, self.guards, self.silos)[kind]
        for t in self.touched(kind, cell):
            counts[t] += step

    def cost(self, t: int) -> float:
        """Expected losses to one missile at t, plus its crowding costs."""
        n_city, n_silo = self.cities[t], self.silos[t]
        if not (n_city or n_silo):
            return 0.0
        through = THROUGH[min(self.guards[t], len(THROUGH) - 1)]
        total = (n_city + SILO_WEIGHT * n_silo) * through
        if n_city > 1:
            total += CROWD * (n_city - 1) ** 2
        if n_silo:
            total += MIXED * (n_city + n_silo - 1)
        return total

    def shift(self, kind: int, slot: int, new: int) -> float:
        """Move one object to an empty cell; return the change of the score."""
        old = self.parts[kind][slot]
        targets = set(self.touched(kind, old)) | set(self.touched(kind, new))
        before = sum(self.cost(t) for t in targets)
        self._count(kind, old, -1)
        self._count(kind, new, 1)
        self.parts[kind][slot] = new
        del self.where[old]
        self.where[new] = kind
        delta = sum(self.cost(t) for t in targets) - before
        self.score += delta
        return delta


def hunter_placement(draw: Draw, settings: DuelSettings) -> Placement:
    """The best of a few annealed layouts (groups stand on silos: a sabotage square holding
    a silo then holds the group too, and is foiled)."""
    layout = min((_anneal(draw, settings) for _ in range(STARTS)), key=lambda lay: lay.score)
    _settle(layout, SILO)
    cities, abms, silos = layout.parts
    groups: list[int] = []
    if settings.sabotage_groups:
        groups = _group_cells(draw, settings, cities + abms + silos, silos)
    return Placement(
        tuple(ALL_CELLS[c] for c in cities),
        tuple(ALL_CELLS[c] for c in abms),
        tuple(ALL_CELLS[c] for c in silos),
        tuple(ALL_CELLS[c] for c in groups),
    )


def _anneal(draw: Draw, settings: DuelSettings) -> Layout:
    """One layout, annealed from a random start, its silos then settled."""
    n_abm = round(settings.objects * ABM_SHARE)
    sizes = (settings.cities, n_abm, settings.objects - n_abm)
    cells = draw.sample(range(CELLS), sum(sizes))
    layout = Layout(
        [cells[: sizes[0]], cells[sizes[0] : sizes[0] + sizes[1]], cells[sizes[0] + sizes[1] :]],
        settings,
    )
    kinds = [k for k in (CITY, ABM, SILO) if layout.parts[k]]
    for step in range(STEPS if kinds and len(layout.where) < CELLS else 0):
        heat = HOT * (COLD / HOT) ** (step / STEPS)
        kind = kinds[draw.below(len(kinds))]
        slot = draw.below(len(layout.parts[kind]))
        old = layout.parts[kind][slot]
        near = SQUARE[old]
        new = near[draw.below(len(near))] if draw.below(2) else draw.below(CELLS)
        if new in layout.where:
            continue
        delta = layout.shift(kind, slot, new)
        if delta > 0 and draw.random() >= math.exp(-delta / heat):
            layout.shift(kind, slot, old)
    _settle(layout, SILO)
    return layout


def _settle(layout: Layout, kind: int) -> None:
    """Move each object of a kind to the best free cell for it, if that helps: the
    annealing may end with a silo beside a city, which one such move mends."""
    cells = layout.parts[kind]
    for slot, old in enumerate(list(cells)):
        best, best_delta = old, -1e-9
        for new in range(CELLS):
            if new in layout.where:
                continue
            delta = layout.shift(kind, slot, new)
            layout.shift(kind, slot, old)
            if delta < best_delta:
                best, best_delta = new, delta
        if best != old:
            layout.shift(kind, slot, best)


def _group_cells(
    draw: Draw, settings: DuelSettings, taken: list[int], silos: list[int]
) -> list[int]:
    """On silos where groups may share a cell, else beside them; the rest anywhere free."""
    share = settings.groups_share_cells
    if share:
        wanted = draw.shuffled(silos)
    else:
        wanted = draw.shuffled([c for s in silos for c in SQUARE[s] if c not in taken])
    others = draw.shuffled([c for c in range(CELLS) if share or c not in taken])
    cells: list[int] = []
    for c in [*wanted, *others]:
        if c not in cells:
            cells.append(c)
        if len(cells) == settings.groups:
            break
    return cells
