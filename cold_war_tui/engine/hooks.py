"""Where persistent and this-turn effects reach into the sequence of play.

The turn and the operations call these hooks at fixed points; the card modules
define the functions that give their effects a say, and `engine/events/registry.py`
lists them, point by point, in one table (`core.hooks`). A hook checks the state
(usually one dict lookup) and returns at once when its effect is not in play,
so the hot path pays almost nothing for effects that are absent.

Points, in the order an action round meets them:
- `menu_filter(core, side, choices, greyed)`: narrows or greys the action menu
  (Missile Envy's obligation, Quagmire/Bear Trap).
- `menu_actions`: extra entries of the action menu with their own handler (UN
  Intervention played with an opponent's card, cancelling Cuban Missile Crisis).
  A handler returns True when it used up the action round.
- `round_start(core, side)`: before the menu; returns True when it used up the
  action round itself. A plain function: none asks the player anything.
- `card_played(core, side, card, mode)`: a card was just played in an action
  round or headline (mode "event", "ops", "space", "headline").
- `event_happened(core, card, side)`: after any event happened (5.2).
- `before_coup(core, side, country, free)` / `after_coup(...)`: around every
  coup roll (Cuban Missile Crisis ends the game; Yuri and Samantha scores).
- `round_end(core, side)`: after the action round (NORAD, We Will Bury You);
  returns None, or a Flow when it has to ask the player (NORAD's placement).
- `defcon_moved(core, level)`: DEFCON has just moved to `level` (any time, any cause),
  before a move to 1 ends the game (NORAD watches for 2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cold_war_tui.engine.board import Side
from cold_war_tui.engine.decisions import Choice, Flow, Unavailable
from cold_war_tui.engine.moves import Move

if TYPE_CHECKING:
    from cold_war_tui.engine.core import Core

Menu = tuple[list[Choice], list[Unavailable]]
MenuFilter = Callable[["Core", Side, list[Choice], list[Unavailable]], Menu]
RoundHook = Callable[["Core", Side], bool]
RoundEndHook = Callable[["Core", Side], Flow[object] | None]
CardPlayed = Callable[["Core", Side, int, str], None]
EventHappened = Callable[["Core", int, Side], None]
CoupHook = Callable[["Core", Side, int, bool], None]
DefconHook = Callable[["Core", int], None]


@dataclass(frozen=True, slots=True)
class MenuAction:
    """Extra action-menu entries: `choices` lists them (given the filtered menu they
    extend), `handle` runs the chosen one."""

    choices: Callable[[Core, Side, list[Choice]], list[Choice]]
    handle: Callable[[Core, Side, Move], Flow[bool]]


# Both headline cards are revealed: `picks` (side -> card) is what will resolve; a
# hook may cancel a pick by removing it (#103 Defectors cancels the USSR headline).
HeadlineHook = Callable[["Core", dict[Side, int]], None]


@dataclass(frozen=True, slots=True)
class Hooks:
    """The functions at each point, in the order they run (engine/events/registry.py)."""

    menu_filter: tuple[MenuFilter, ...] = ()
    menu_actions: tuple[MenuAction, ...] = ()
    round_start: tuple[RoundHook, ...] = ()
    card_played: tuple[CardPlayed, ...] = ()
    event_happened: tuple[EventHappened, ...] = ()
    before_coup: tuple[CoupHook, ...] = ()
    after_coup: tuple[CoupHook, ...] = ()
    round_end: tuple[RoundEndHook, ...] = ()
    headline_revealed: tuple[HeadlineHook, ...] = ()
    defcon_moved: tuple[DefconHook, ...] = ()
