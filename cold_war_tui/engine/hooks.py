"""Where persistent and this-turn effects reach into the sequence of play.

The turn and the operations call these hooks at fixed points; card modules
register the functions that give their effects a say. A hook checks the state
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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cold_war_tui.engine.decisions import Choice, Flow, Unavailable

if TYPE_CHECKING:
    from cold_war_tui.engine.core import Core

Menu = tuple[list[Choice], list[Unavailable]]
MenuFilter = Callable[["Core", str, list[Choice], list[Unavailable]], Menu]
RoundHook = Callable[["Core", str], bool]
RoundEndHook = Callable[["Core", str], Flow[object] | None]
CardPlayed = Callable[["Core", str, int, str], None]
EventHappened = Callable[["Core", int, str], None]
CoupHook = Callable[["Core", str, int, bool], None]
DefconHook = Callable[["Core", int], None]


@dataclass(frozen=True, slots=True)
class MenuAction:
    """Extra action-menu entries: `choices` lists them (given the filtered menu they
    extend), `handle` runs the chosen one."""

    choices: Callable[[Core, str, list[Choice]], list[Choice]]
    handle: Callable[[Core, str, str], Flow[bool]]


@dataclass(slots=True)
class Hooks:
    menu_filter: list[MenuFilter] = field(default_factory=list)
    menu_actions: list[MenuAction] = field(default_factory=list)
    round_start: list[RoundHook] = field(default_factory=list)
    card_played: list[CardPlayed] = field(default_factory=list)
    event_happened: list[EventHappened] = field(default_factory=list)
    before_coup: list[CoupHook] = field(default_factory=list)
    after_coup: list[CoupHook] = field(default_factory=list)
    round_end: list[RoundEndHook] = field(default_factory=list)
    headline_revealed: list[HeadlineHook] = field(default_factory=list)
    defcon_moved: list[DefconHook] = field(default_factory=list)


HOOKS = Hooks()


def menu_filter(fn: MenuFilter) -> MenuFilter:
    HOOKS.menu_filter.append(fn)
    return fn


def menu_action(action: MenuAction) -> MenuAction:
    HOOKS.menu_actions.append(action)
    return action


def round_start(fn: RoundHook) -> RoundHook:
    HOOKS.round_start.append(fn)
    return fn


def card_played(fn: CardPlayed) -> CardPlayed:
    HOOKS.card_played.append(fn)
    return fn


def event_happened(fn: EventHappened) -> EventHappened:
    HOOKS.event_happened.append(fn)
    return fn


def before_coup(fn: CoupHook) -> CoupHook:
    HOOKS.before_coup.append(fn)
    return fn


def after_coup(fn: CoupHook) -> CoupHook:
    HOOKS.after_coup.append(fn)
    return fn


def round_end(fn: RoundEndHook) -> RoundEndHook:
    HOOKS.round_end.append(fn)
    return fn


def defcon_moved(fn: DefconHook) -> DefconHook:
    HOOKS.defcon_moved.append(fn)
    return fn


# Both headline cards are revealed: `picks` (side -> card) is what will resolve; a
# hook may cancel a pick by removing it (#103 Defectors cancels the USSR headline).
HeadlineHook = Callable[["Core", dict[str, int]], None]


def headline_revealed(fn: HeadlineHook) -> HeadlineHook:
    HOOKS.headline_revealed.append(fn)
    return fn
