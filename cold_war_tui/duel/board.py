"""Board geometry: cells, row letters and the 3x3 squares of blasts, ABM cover and sabotage."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from cold_war_tui.duel.errors import NotationError, excerpt

SIZE = 8
ROWS_CYRILLIC = "АБВГДЕЖЗ"
ROWS_LATIN = "ABCDEFGH"

Cover = Literal["square", "cross"]


@dataclass(frozen=True, order=True, slots=True)
class Cell:
    """One cell of an 8x8 board: row 0 is А (top), column 0 is 1 (left)."""

    row: int
    col: int

    def __post_init__(self) -> None:
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise ValueError(f"cell (row {self.row}, column {self.col}) is off the 8x8 board")

    @property
    def name(self) -> str:
        """The seed's spelling, e.g. 'Б5'."""
        return f"{ROWS_CYRILLIC[self.row]}{self.col + 1}"

    @property
    def latin(self) -> str:
        """The Latin spelling, e.g. 'B5' for 'Б5'."""
        return f"{ROWS_LATIN[self.row]}{self.col + 1}"

    def spell(self, latin: bool = False) -> str:
        """The name in the chosen alphabet."""
        return self.latin if latin else self.name

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Cell({self.name!r})"

    @classmethod
    def parse(cls, token: str) -> Cell:
        """Read 'Б5', 'б5' or 'B5' (Latin A-H stand for А-З in order)."""
        if not isinstance(token, str):
            raise NotationError(f"a cell is read from text, not from {type(token).__name__}")
        text = token.strip()
        if len(text) != 2:
            raise NotationError(
                f"{excerpt(token)} is not a cell: a cell is a row letter (А-З or A-H) "
                "and a column 1-8"
            )
        letter, digit = text[0].upper(), text[1]
        if letter in ROWS_CYRILLIC:
            row = ROWS_CYRILLIC.index(letter)
        elif letter in ROWS_LATIN:
            row = ROWS_LATIN.index(letter)
        else:
            raise NotationError(f"{text!r}: row letter {letter!r} is not one of А-З or A-H")
        if digit not in "12345678":
            raise NotationError(f"{text!r}: column {digit!r} is not a number 1-8")
        return cls(row, int(digit) - 1)


ALL_CELLS: tuple[Cell, ...] = tuple(Cell(r, c) for r in range(SIZE) for c in range(SIZE))


@cache
def square(centre: Cell) -> frozenset[Cell]:
    """The 3x3 square around a cell, clipped at the board edge (blast, sabotage, ABM cover)."""
    return frozenset(
        Cell(r, c)
        for r in range(max(0, centre.row - 1), min(SIZE, centre.row + 2))
        for c in range(max(0, centre.col - 1), min(SIZE, centre.col + 2))
    )


def covers(abm: Cell, target: Cell, cover: Cover = "square") -> bool:
    """Whether an ABM site protects a target cell: radius 1 as a 3x3 square, or as a cross."""
    dr, dc = abs(abm.row - target.row), abs(abm.col - target.col)
    if cover == "square":
        return max(dr, dc) <= 1
    return dr + dc <= 1
