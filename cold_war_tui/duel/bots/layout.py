"""The hunter's placement: cities spread and covered by ABM sites, silos apart.

A layout is scored against one missile at every cell of the board (the enemy does not know
where anything is): the cities and silos it would destroy, less what ABM cover would stop.
One missile that can take two cities, or a silo with a city or another silo, costs extra, so
a revealed silo draws fire on itself alone. A local search from random starts finds a good
layout; the start is random, so the layout is different every game.
"""

from __future__ import annotations

from cold_war_tui.duel.board import ALL_CELLS
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.bots.geometry import CELLS, SQUARE, SQUARE_MASK, coverer_masks, mask
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
MIXED = 1.0
"""The cost of a missile able to take a silo with a city or a second silo."""
STARTS = 3
STEPS = 500


def score(cities: list[int], abms: list[int], silos: list[int], cover: tuple[int, ...]) -> float:
    """Lower is better: expected losses to one missile per cell, plus the crowding costs.
    `cover[t]` holds the cells (as bits) from which an ABM site protects target t."""
    city_bits, abm_bits, silo_bits = mask(cities), mask(abms), mask(silos)
    last = len(THROUGH) - 1
    total = 0.0
    for target in range(CELLS):
        area = SQUARE_MASK[target]
        n_city = (city_bits & area).bit_count()
        n_silo = (silo_bits & area).bit_count()
        if not (n_city or n_silo):
            continue
        through = THROUGH[min((abm_bits & cover[target]).bit_count(), last)]
        total += (n_city + SILO_WEIGHT * n_silo) * through
        if n_city > 1:
            total += CROWD * (n_city - 1) ** 2
        if n_silo:
            total += MIXED * (n_city + n_silo - 1)
    return total


def hunter_placement(draw: Draw, settings: DuelSettings) -> Placement:
    """The best layout found from a few random starts (groups stand on silos: a sabotage
    square holding a silo then holds the group too, and is foiled)."""
    cover = coverer_masks(settings.abm_cover)
    n_abm = round(settings.objects * ABM_SHARE)
    sizes = (settings.cities, n_abm, settings.objects - n_abm)
    best: tuple[float, list[list[int]]] | None = None
    for _ in range(STARTS):
        cells = draw.sample(range(CELLS), sum(sizes))
        parts = [
            cells[: sizes[0]],
            cells[sizes[0] : sizes[0] + sizes[1]],
            cells[sizes[0] + sizes[1] :],
        ]
        value = score(parts[0], parts[1], parts[2], cover)
        for _ in range(STEPS):
            taken = {c for part in parts for c in part}
            which = draw.below(3)
            if not parts[which]:
                continue
            slot = draw.below(len(parts[which]))
            old = parts[which][slot]
            new = draw.below(CELLS)
            if new in taken:
                continue
            parts[which][slot] = new
            trial = score(parts[0], parts[1], parts[2], cover)
            if trial <= value:
                value = trial
            else:
                parts[which][slot] = old
        if best is None or value < best[0]:
            best = (value, [list(p) for p in parts])
    assert best is not None
    cities, abms, silos = best[1]
    groups: list[int] = []
    if settings.sabotage_groups:
        groups = _group_cells(draw, settings, cities + abms + silos, silos)
    return Placement(
        tuple(ALL_CELLS[c] for c in cities),
        tuple(ALL_CELLS[c] for c in abms),
        tuple(ALL_CELLS[c] for c in silos),
        tuple(ALL_CELLS[c] for c in groups),
    )


def _group_cells(
    draw: Draw, settings: DuelSettings, taken: list[int], silos: list[int]
) -> list[int]:
    """On silos where groups may share a cell, else beside them; the rest anywhere free."""
    if settings.groups_share_cells:
        wanted = draw.shuffled(silos)
    else:
        near = [c for s in silos for c in SQUARE[s] if c not in taken]
        wanted = draw.shuffled(near)
    others = draw.shuffled(
        [c for c in range(CELLS) if settings.groups_share_cells or c not in taken]
    )
    cells: list[int] = []
    for c in [*wanted, *others]:
        if c not in cells:
            cells.append(c)
        if len(cells) == settings.groups:
            break
    return cells
