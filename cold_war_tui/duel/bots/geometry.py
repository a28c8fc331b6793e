"""Board geometry for the bots: cells as indices 0-63, squares and ABM cover as lists."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from cold_war_tui.duel.board import ALL_CELLS, SIZE, Cell, Cover, covers, square

CELLS = len(ALL_CELLS)


def index(cell: Cell) -> int:
    """The cell's place in ALL_CELLS (row by row)."""
    return cell.row * SIZE + cell.col


SQUARE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(index(c) for c in square(cell))) for cell in ALL_CELLS
)
"""SQUARE[i]: the cells of the 3x3 square around cell i (blast, sabotage)."""


@cache
def coverers(cover: Cover) -> tuple[tuple[int, ...], ...]:
    """coverers(cover)[t]: the cells from which an ABM site protects target t."""
    return tuple(
        tuple(index(a) for a in ALL_CELLS if covers(a, target, cover)) for target in ALL_CELLS
    )


def distance(a: int, b: int) -> int:
    """Chebyshev distance: 1 means neighbours, 2 means one cell between."""
    return max(abs(a // SIZE - b // SIZE), abs(a % SIZE - b % SIZE))


def mask(cells: Iterable[int]) -> int:
    """The cells as the bits of one integer."""
    bits = 0
    for c in cells:
        bits |= 1 << c
    return bits


SQUARE_MASK: tuple[int, ...] = tuple(mask(cells) for cells in SQUARE)


@cache
def coverer_masks(cover: Cover) -> tuple[int, ...]:
    """coverer_masks(cover)[t]: `coverers(cover)[t]` as bits."""
    return tuple(mask(cells) for cells in coverers(cover))
