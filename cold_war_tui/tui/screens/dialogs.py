"""Small dialogs over the game: a yes/no confirmation and a one-line text prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

if TYPE_CHECKING:
    from cold_war_tui.tui.session import Session


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


class LogExportActions:
    """The `export` and `export_as` actions of a screen that shows a game's log.

    Mixed into Screens that have `session` and `say` (the game and game-over screens).
    """

    session: Session

    def say(self, message: str, style: str = "") -> None:
        raise NotImplementedError

    def action_export(self, path: str | None = None) -> None:
        from cold_war_tui.tui.saves import SaveProblem

        try:
            written = self.session.store.export_log(self.session.log_text(), path)
        except SaveProblem as err:
            self.say(str(err), "#ff8700")
            return
        self.say(f"Log exported to {written}", "bold")

    def action_export_as(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.action_export(path)

        screen = PromptScreen("Export the log to (a file name or a path):", "game-log.txt")
        self.app.push_screen(screen, chosen)  # type: ignore[attr-defined]


class TurnOverScreen(ModalScreen[None]):
    """The summary of a turn that has just ended; Enter or Escape goes on."""

    DEFAULT_CSS = """
    TurnOverScreen { align: center middle; }
    TurnOverScreen > Vertical {
        width: 76; max-width: 100%; height: auto; border: thick $accent;
        background: $surface; padding: 1 2;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Go on"),
        Binding("escape", "close", "Go on", show=False),
    ]

    def __init__(self, turn: int, lines: list[Text]) -> None:
        super().__init__()
        self.turn = turn
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"Turn {self.turn} is over", "bold"), id="turn-over-title")
            yield Static(Text("\n").join(self.lines), id="turn-over")
            yield Static(Text("Enter goes on to the next turn.", "italic"))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
