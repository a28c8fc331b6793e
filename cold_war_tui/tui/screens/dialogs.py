"""Small dialogs over the game: a yes/no confirmation and a one-line text prompt."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static


class ConfirmScreen(ModalScreen[bool]):
    """A question answered with y (yes) or n / Escape (no)."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 70; height: auto; border: thick $error; background: $surface; padding: 1 2;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes, do it"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question, "bold"))
            if self.detail:
                yield Static(Text(self.detail))
            yield Static(Text("y: yes    n or Escape: no", "italic"))
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PromptScreen(ModalScreen[str | None]):
    """One line of text (a save name or a path); Enter accepts, Escape cancels."""

    DEFAULT_CSS = """
    PromptScreen { align: center middle; }
    PromptScreen > Vertical {
        width: 80; height: auto; border: thick $accent; background: $surface; padding: 1 2;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, value: str = "", help_text: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.help_text = help_text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, "bold"))
            yield Input(self.value, id="value")
            if self.help_text:
                yield Static(Text(self.help_text, "italic"))
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
