"""The hand-over: an OPAQUE screen between the two players' decisions.

A `Screen`, not a `ModalScreen`: nothing of the game screen below shows
through, so the player handing over the terminal cannot leave his hand on it.
It names only public facts: whose turn it is.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from cold_war_tui.engine import other
from cold_war_tui.tui.render import side_text

RECENT = 10  # log lines shown


class HandOverScreen(Screen[None]):
    """ "Pass the terminal to the USSR player, then press Enter"."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen > #handover { width: auto; max-width: 90%; padding: 1 4; border: heavy $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "go", "I am the right player")]

    def __init__(
        self, player: str, who: str, note: str = "", recent: list[str] | None = None
    ) -> None:
        super().__init__()
        self.player = player
        self.who = who  # "the USSR player (Boris)"
        self.note = note
        self.recent = recent or []  # public log lines since the last hand-over

    def compose(self) -> ComposeResult:
        opponent = other(self.player)
        text = Text("Pass the terminal to ", "bold")
        text.append(self.who, "bold")
        text.append(", then press Enter.\n\n", "bold")
        text.append("The ")
        text.append_text(side_text(opponent))
        text.append(" player looks away now: the next screen shows the ")
        text.append_text(side_text(self.player))
        text.append(" hand.")
        if self.note:
            text.append(f"\n\n{self.note}", "italic")
        if self.recent:
            text.append("\n\nSince the last hand-over:", "bold")
            for line in self.recent[-RECENT:]:
                text.append(f"\n  {line}")
        yield Static(text, id="handover")
        yield Footer()

    def action_go(self) -> None:
        self.dismiss(None)
