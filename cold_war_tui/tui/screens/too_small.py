"""Shown instead of everything else while the terminal is smaller than the board needs.

A squeezed board would cut tracks or the menu, and keys would land on panels the
player cannot see; this screen takes no key but Ctrl+Q, and goes away by itself
once the terminal is large enough again (`ColdWarApp.check_size`).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(Screen[None]):
    """ "terminal too small: 80x24 needed"."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen > Static { width: auto; height: auto; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self) -> None:
        self.show_size()

    def show_size(self) -> None:
        width, height = self.app.size
        text = Text(f"terminal too small: {MIN_WIDTH}x{MIN_HEIGHT} needed", "bold")
        text.append(f"\n(now {width}x{height}; enlarge it, the game waits)")
        self.query_one("#too-small", Static).update(text)
