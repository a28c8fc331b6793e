"""The list of saved duels: newest first, a damaged file greyed out with its problem."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cold_war_tui.tui.duel.base import DuelScreen
from cold_war_tui.tui.duel.render import plain
from cold_war_tui.tui.duel.store import DuelSaves, LoadedSave, SaveEntry
from cold_war_tui.tui.saves import SaveProblem, cannot_load


class DuelSavesScreen(DuelScreen[LoadedSave | None]):
    """The saved duels of the saves folder, newest first; Enter opens one, Escape goes back.

    A file that cannot be loaded is listed greyed out with the problem; a load that fails
    anyway (the file changed) shows the problem here. Loading only reads the file.
    """

    DEFAULT_CSS = "DuelSavesScreen OptionList { height: 1fr; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("r", "reload", "Refresh"),
    ]

    def __init__(self, saves: DuelSaves) -> None:
        super().__init__()
        self.saves = saves
        self.entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        yield plain(f"Saved duels in {self.saves.folder}", "bold")
        yield OptionList(id="saves")
        yield Static(id="message", classes="wrap")
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        """List the folder again."""
        self.say("")
        self.entries = self.saves.entries()
        menu = self.query_one("#saves", OptionList)
        menu.clear_options()
        for index, entry in enumerate(self.entries):
            label = Text(entry.name, "bold")
            label.append(f"  {entry.modified:%Y-%m-%d %H:%M}  ")
            if entry.problem is None:
                label.append(entry.summary)
            else:
                label.append(f"cannot be loaded: {entry.problem}", "red")
            menu.add_option(Option(label, id=str(index), disabled=entry.problem is not None))
        if not self.entries:
            self.say(f"No saved duel in {self.saves.folder}. Ctrl+S saves a duel in play.")
        loadable = [i for i, entry in enumerate(self.entries) if entry.problem is None]
        if loadable:
            menu.highlighted = loadable[0]
        menu.focus()

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        entry = self.entries[int(event.option.id or 0)]
        try:
            game = self.saves.load(entry.path)
        except SaveProblem as exc:
            self.action_reload()  # the file changed since it was listed: list it as it is
            self.say(cannot_load(exc), "red")
            return
        self.dismiss(LoadedSave(entry.path, game))

    def action_back(self) -> None:
        self.dismiss(None)
