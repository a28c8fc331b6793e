"""The whole game's log on one screen (F3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from cold_war_tui.tui.history import LogEntry as Entry
from cold_war_tui.tui.log_text import log_lines


class LogScreen(Screen[None]):
    """Every entry of the log since the game began; Escape or F3 goes back."""

    DEFAULT_CSS = """
    LogScreen #heading { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    LogScreen #whole-log { height: 1fr; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("f3", "back", "Back", show=False),
        Binding("home", "top", "First turn"),
        Binding("end", "bottom", "Last entry"),
    ]

    def __init__(self, entries: Sequence[Entry], at: int = 0) -> None:
        """`at`: the entry shown at the top when the screen opens (the first by default)."""
        super().__init__()
        self.entries = list(entries)
        self.at = max(0, min(at, len(self.entries)))

    def compose(self) -> ComposeResult:
        yield Static(
            Text(f"The whole game: {len(self.entries)} log entries (arrows, PageUp/PageDown)"),
            id="heading",
        )
        # min_width: the default (78) is wider than an 80-column terminal leaves, and the
        # horizontal scrollbar it brings would hide the newest line
        yield RichLog(id="whole-log", wrap=True, markup=False, highlight=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self.fill)  # once the log knows its width

    def fill(self) -> None:
        log = self.query_one("#whole-log", RichLog)
        at = self.at
        for line in log_lines(self.entries[:at]):
            log.write(line)
        top = len(log.lines)
        for line in log_lines(self.entries[at:], self.entries[at - 1].turn if at else None):
            log.write(line)
        log.focus()
        if top:
            self.call_after_refresh(log.scroll_to, y=top, animate=False)

    def action_top(self) -> None:
        self.query_one("#whole-log", RichLog).scroll_home(animate=False)

    def action_bottom(self) -> None:
        self.query_one("#whole-log", RichLog).scroll_end(animate=False)

    def action_back(self) -> None:
        self.dismiss(None)
