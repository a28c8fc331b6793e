"""Load: the saves of the user data folder (date, turn, VP), or any file by its path.

A save that cannot be read gets a message naming the problem; the file is
left as it is and the screen stays open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from cold_war_tui.tui.saves import SaveInfo, SaveProblem, SaveStore, cannot_load

Opener = Callable[[Path], str | None]
"""Open a save: None on success, else the problem (shown on this screen)."""


class LoadScreen(Screen[None]):
    """Pick a save with the arrows and Enter, or type a path and press Enter."""

    DEFAULT_CSS = """
    LoadScreen > Vertical { padding: 1 2; }
    LoadScreen #heading { text-style: bold; height: 2; }
    LoadScreen #saves { height: 1fr; min-height: 5; }
    LoadScreen #path { margin-top: 1; }
    LoadScreen #message { height: auto; min-height: 2; padding-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def __init__(self, store: SaveStore, opener: Opener) -> None:
        super().__init__()
        self.store = store
        self.opener = opener
        self.infos: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"Load a saved game (folder {self.store.saves_dir})"), id="heading")
            yield OptionList(id="saves")
            yield Input(placeholder="or type the path of a save file and press Enter", id="path")
            yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.infos = self.store.list_saves()
        saves = self.query_one("#saves", OptionList)
        saves.set_options(
            [Option(Text(info.label), id=str(n)) for n, info in enumerate(self.infos)]
        )
        if self.infos:
            saves.highlighted = 0
            saves.focus()
        else:
            self.say("No saves yet: Ctrl+S in a game saves one.", "italic")
            self.query_one("#path", Input).focus()

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style))

    def open(self, path: Path) -> None:
        try:
            problem = self.opener(path)
        except SaveProblem as err:
            problem = str(err)
        if problem is not None:
            self.say(cannot_load(problem), "bold #ff8700")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open(self.infos[int(event.option.id or 0)].path)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.open(Path(event.value.strip()).expanduser())

    def action_back(self) -> None:
        self.dismiss(None)
