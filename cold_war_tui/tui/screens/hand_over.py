"""The hand-over: an OPAQUE screen between the two players' decisions.

A `Screen`, not a `ModalScreen`: nothing of the game screen below shows
through, so the player handing over the terminal cannot leave his hand on it.
It names only public facts: whose turn it is, and every public log line since
the incoming player last had the terminal (it scrolls when there are many).
The DEFCON duel uses it too, with its own words for who looks away (`away`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from cold_war_tui.engine import other
from cold_war_tui.tui.tracks import side_text
from cold_war_tui.wording import plural


class HandOverScreen(Screen[None]):
    """ "Pass the terminal to the USSR player, then press Enter"."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen > #handover {
        width: 96; max-width: 100%; height: auto; max-height: 100%;
        padding: 1 2; border: heavy $accent;
    }
    HandOverScreen #pass { height: auto; }
    HandOverScreen #since-title { height: auto; margin-top: 1; text-style: bold; }
    HandOverScreen #since { height: auto; max-height: 100%; border-left: solid $accent; }
    HandOverScreen #since Static { padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "go", "I am the right player")]

    def __init__(
        self,
        player: str,
        who: str,
        note: str = "",
        recent: list[Text] | None = None,
        away: Text | None = None,
    ) -> None:
        super().__init__()
        self.player = player
        self.who = who  # "the USSR player (Boris)"
        self.note = note
        self.recent = recent or []  # public log lines since this player last had the terminal
        self.away = away if away is not None else self.card_game_away()

    def card_game_away(self) -> Text:
        """ "The US player looks away now: the next screen shows the USSR hand"."""
        opponent = other(self.player)
        text = Text("The ")
        text.append_text(side_text(opponent))
        text.append(" player looks away now: the next screen shows the ")
        text.append_text(side_text(self.player))
        text.append(" hand.")
        return text

    def compose(self) -> ComposeResult:
        text = Text("Pass the terminal to ", "bold")
        text.append(self.who, "bold")
        text.append(", then press Enter.\n\n", "bold")
        text.append_text(self.away)
        if self.note:
            text.append(f"\n\n{self.note}", "italic")
        with Vertical(id="handover"):
            yield Static(text, id="pass")
            if self.recent:
                entries = sum(1 for line in self.recent if not line.plain.startswith("-- turn"))
                title = f"Since you last played ({plural(entries, 'log entry', 'log entries')};"
                yield Static(Text(f"{title} arrows scroll):"), id="since-title")
                with VerticalScroll(id="since"):
                    yield Static(Text("\n").join(self.recent))
        yield Footer()

    def on_mount(self) -> None:
        if self.recent:
            since = self.query_one("#since", VerticalScroll)
            since.focus()

    def action_go(self) -> None:
        self.dismiss(None)
