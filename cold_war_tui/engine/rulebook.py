"""The types of the rules' registries: a card's event and the hooks effects act through.

The registries themselves are built in one place, `engine/events/registry.py` (one
explicit table), and handed to every `Core` (`core.rules`): importing a module never
registers anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cold_war_tui.engine.board import Side
from cold_war_tui.engine.decisions import Flow
from cold_war_tui.engine.effect_keys import EffectKey
from cold_war_tui.engine.hooks import Hooks

if TYPE_CHECKING:
    from cold_war_tui.engine.core import Core

Resolver = Callable[["Core", Side], Flow[None]]
Condition = Callable[["Core", Side], "str | None"]


@dataclass(frozen=True, slots=True)
class EventSpec:
    """A card's event: what it does, the condition its text sets, and the keys of the
    lasting effects it puts in play (what ends when a card cancels it)."""

    number: int
    resolve: Resolver
    condition: Condition | None = None
    effects: tuple[EffectKey, ...] = ()


@dataclass(frozen=True, slots=True)
class Rulebook:
    """Every card's event and every hook, as `engine/events/registry.py` lists them."""

    events: Mapping[int, EventSpec]
    # Cards whose event a rule of the code may stop (the China Card, the 12.4 bans and
    # every event with a condition); with the data's links (Tables.linked_events) any
    # other card's event always happens, which lets `event_blocked` answer at once.
    conditional_events: frozenset[int]
    hooks: Hooks
    # Cards with no event function, and why (the China Card: 9.x).
    without_event: Mapping[int, str]
