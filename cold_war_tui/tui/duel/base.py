"""What every duel screen shares: its styles, the arrow keys, the way back to the engine.

Screens get narrow callables from the flow (submit a choice, read the view, set a mark)
and post nothing else: the flow alone drives the game. Ctrl+S is the app's key
(`ColdWarApp.action_save_duel`), so it also works on the shared hand-over screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.binding import Binding, BindingType
from textual.screen import Screen

from cold_war_tui.duel.moves import Answer, Choice

Submit = Callable[[Choice], tuple[Answer | None, str | None]]
"""Apply a choice: (the answer, None) on success, (None, the reason) if the rules refuse it."""

ARROWS: list[BindingType] = [
    Binding("up", "cursor(-1, 0)", "Up", show=False),
    Binding("down", "cursor(1, 0)", "Down", show=False),
    Binding("left", "cursor(0, -1)", "Left", show=False),
    Binding("right", "cursor(0, 1)", "Right", show=False),
]

ResultT = TypeVar("ResultT")


class DuelScreen(Screen[ResultT]):
    """A screen of the duel (its styles are scoped to the duel's screens)."""

    DEFAULT_CSS = """
    DuelScreen .board { width: 30; height: 10; text-wrap: nowrap; }
    DuelScreen .column { width: 33; height: auto; }
    DuelScreen #side { width: 1fr; height: auto; }
    DuelScreen #record { height: auto; max-height: 10; color: $text-muted; }
    DuelScreen #message { height: 1; }
    DuelScreen #message.wrap { height: auto; }
    DuelScreen #export { height: 1fr; overflow-y: auto; }
    """
