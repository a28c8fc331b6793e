"""The cards whose ways the reader must know by number: each defined here only."""

from __future__ import annotations

from cold_war_tui.engine import CHINA_CARD

FIVE_YEAR_PLAN = 5
UN_INTERVENTION = 32
SALT_NEGOTIATIONS = 43
SUMMIT = 45
MISSILE_ENVY = 49
GRAIN_SALES = 67
ASK_NOT = 77
TERRORISM = 92
OUR_MAN_IN_TEHRAN = 108
OPTIONAL_CARDS = range(104, 111)
RANDOM_TAKERS = frozenset({FIVE_YEAR_PLAN, GRAIN_SALES, TERRORISM})
"""Events that take a card from a hand at random (the game's generator, not a die)."""

__all__ = [
    "ASK_NOT",
    "CHINA_CARD",
    "FIVE_YEAR_PLAN",
    "GRAIN_SALES",
    "MISSILE_ENVY",
    "OPTIONAL_CARDS",
    "OUR_MAN_IN_TEHRAN",
    "RANDOM_TAKERS",
    "SALT_NEGOTIATIONS",
    "SUMMIT",
    "TERRORISM",
    "UN_INTERVENTION",
]
