"""What every duel screen shares: its styles, the arrow keys, the way back to the engine.

Screens get narrow callables from the flow (submit a choice, read the view, set a mark)
and post nothing else: the flow alone drives the game. Ctrl+S is the app's key
(`ColdWarApp.action_save_duel`), so it also works on the shared hand-over screen.

Escape goes back one step on every duel screen: it first undoes the step in progress on
the screen (the legend, the last pick, the last piece placed); with nothing to undo it
asks whether to leave the duel for its set-up screen (`leave_duel`), where Escape goes on
to the title.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

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
BACK: BindingType = Binding("escape", "back", "Back")
LEGEND_KEY: BindingType = Binding("f1", "legend", "Legend")

ResultT = TypeVar("ResultT")


class Leaving(Protocol):
    def ask_leave(self) -> None: ...


def leave_duel(screen: Screen[Any]) -> None:
    """Ask whether to leave the duel in play (the app's `duel` flow) for its set-up."""
    flow: Leaving | None = getattr(screen.app, "duel", None)
    if flow is not None:
        flow.ask_leave()


class DuelScreen(Screen[ResultT]):
    """A screen of the duel (its styles are scoped to the duel's screens)."""

    DEFAULT_CSS = """
    DuelScreen .board { width: 30; height: 10; text-wrap: nowrap; }
    DuelScreen .column { width: 33; height: auto; }
    DuelScreen #side { width: 1fr; height: auto; }
    DuelScreen #record { height: auto; max-height: 10; color: $text-muted; }
    DuelScreen #legend { height: auto; display: none; color: $text; }
    DuelScreen #message { height: 1; }
    DuelScreen #message.wrap { height: auto; }
    DuelScreen #export { height: 1fr; overflow-y: auto; }
    """

    def action_back(self) -> None:
        """One step back: by default, nothing to undo here, so ask to leave the duel."""
        leave_duel(self)

    def action_legend(self) -> None:
        """F1 shows or hides the legend (a screen with a board has one, `#legend`)."""
        legends = self.query("#legend")
        if legends:
            self.show_legend(not legends.first().display)

    def show_legend(self, shown: bool) -> None:
        for legend in self.query("#legend"):
            legend.display = shown
        for record in self.query("#record"):
            record.display = not shown  # room for the legend at 80x24

    @property
    def legend_shown(self) -> bool:
        legends = self.query("#legend")
        return bool(legends) and bool(legends.first().display)
