"""The Textual application (a title screen for now; the game screens come with the TUI issue)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

TITLE_ART = "COLD WAR TUI"


class ColdWarApp(App[str | None]):
    """The card game and the duel, hot-seat in one terminal.

    Exits with "duel" when the players pick the DEFCON duel, which the command
    line then starts (the duel has its own app until the screens are merged).
    """

    TITLE = "Cold War TUI"
    CSS = """
    #title { content-align: center middle; text-style: bold; height: 3; }
    #menu { width: 40; height: auto; }
    #note { color: $text-muted; content-align: center middle; height: 3; }
    """
    BINDINGS = [Binding("q", "quit", "Quit")]

    def __init__(self, load: Path | None = None) -> None:
        super().__init__()
        self.load_path = load

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(TITLE_ART, id="title")
            with Center():
                yield OptionList(
                    Option("New game", id="new", disabled=True),
                    Option("DEFCON duel", id="duel"),
                    Option("Quit", id="quit"),
                    id="menu",
                )
            yield Static(
                "The card game screens are being built: see the README for the headless commands.",
                id="note",
                markup=False,
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "quit":
            self.exit()
        elif event.option.id == "duel":
            self.exit("duel")
