"""The DEFCON missile duel: a pure, deterministic engine, its notation and its save format.

Nothing here is random: the game has no dice, so a game is its settings plus its decisions.
Nothing here draws or touches a file: the screens are in `cold_war_tui.tui.duel`, the save
files in `cold_war_tui.tui.saves`.
"""

from cold_war_tui.duel.board import Cell
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.errors import DuelError, IllegalChoice, NotationError, SaveError
from cold_war_tui.duel.moves import Answer, Choice, Finish, Launch, Move, Placement
from cold_war_tui.duel.records import DuelResult, Entry, Kind, Pending
from cold_war_tui.duel.settings import PLAYERS, DuelSettings, Player, opponent
from cold_war_tui.duel.view import PlayerView

__all__ = [
    "PLAYERS",
    "Answer",
    "Cell",
    "Choice",
    "DuelError",
    "DuelGame",
    "DuelResult",
    "DuelSettings",
    "Entry",
    "Finish",
    "IllegalChoice",
    "Kind",
    "Launch",
    "Move",
    "NotationError",
    "Pending",
    "Placement",
    "Player",
    "PlayerView",
    "SaveError",
    "opponent",
]
