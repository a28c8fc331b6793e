"""The title screen: New game, Continue, Load, DEFCON duel, Rules, Quit.

It imports nothing of the engine, so it shows at once while the game data
loads in the background.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cold_war_tui.tui.saves import SaveInfo, peek

if TYPE_CHECKING:
    from cold_war_tui.tui.app import ColdWarApp

TITLE_ART = "COLD WAR TUI"
BANNER = """\
 ██████  ██████  ██      ██████     ██     ██  █████  ██████     ████████ ██    ██ ██
██      ██    ██ ██      ██   ██    ██     ██ ██   ██ ██   ██       ██    ██    ██ ██
██      ██    ██ ██      ██   ██    ██  █  ██ ███████ ██████        ██    ██    ██ ██
██      ██    ██ ██      ██   ██    ██ ███ ██ ██   ██ ██   ██       ██    ██    ██ ██
 ██████  ██████  ███████ ██████      ███ ███  ██   ██ ██   ██       ██     ██████  ██"""
SUBTITLE = "Twilight Struggle, hot-seat in one terminal: US against USSR, 1945-1989"
CONTINUE = "continue"


def _newest_first(info: SaveInfo) -> tuple[bool, str]:
    return (info.problem is None, info.saved_at)


class TitleScreen(Screen[None]):
    """The first screen: pick what to do with the arrows and Enter."""

    DEFAULT_CSS = """
    TitleScreen #title {
        content-align: center middle; text-style: bold; height: 7; color: $accent;
    }
    TitleScreen #subtitle { content-align: center middle; height: 2; color: $text-muted; }
    TitleScreen #menu { width: auto; min-width: 44; max-width: 90%; height: auto; }
    TitleScreen #note { content-align: center middle; height: auto; min-height: 3; padding: 1 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "pick('new')", "New game"),
        Binding("c", "pick('continue')", "Continue"),
        Binding("l", "pick('load')", "Load"),
        Binding("d", "pick('duel')", "Duel"),
        Binding("r", "pick('rules')", "Rules"),
        Binding("q", "pick('quit')", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.continue_paths: dict[str, Path] = {}  # the menu's Continue entries' files

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(TITLE_ART, id="title")
            yield Static(Text(SUBTITLE), id="subtitle")
            with Center():
                yield OptionList(*self.options(), id="menu")
            yield Static(id="note")
        yield Footer()

    @property
    def cw_app(self) -> ColdWarApp:
        from cold_war_tui.tui.app import ColdWarApp

        assert isinstance(self.app, ColdWarApp)
        return self.app

    def options(self) -> list[Option]:
        return [
            Option("New game", id="new"),
            *self.continue_options(),
            Option("Load a saved game", id="load"),
            Option("DEFCON duel", id="duel"),
            Option("Rules and cards", id="rules"),
            Option("Quit", id="quit"),
        ]

    def autosaves(self) -> list[tuple[SaveInfo, str | None]]:
        """Every autosave of the data folder (another copy of the game running on it has
        its own), newest first, the unreadable last; each with why it is damaged (a
        replay found it so), or None."""
        store = self.cw_app.store
        infos = sorted((peek(path) for path in store.autosaves()), key=_newest_first, reverse=True)
        return [(info, info.problem or store.damage(info.path)) for info in infos]

    def continue_options(self) -> list[Option]:
        """One Continue per autosave; a damaged one says why and cannot be picked."""
        autosaves = self.autosaves()
        self.continue_paths = {}
        if not autosaves:
            return [Option("Continue (no autosave yet)", id=CONTINUE, disabled=True)]
        options: list[Option] = []
        for info, damage in autosaves:
            label = f"Continue: {f'unreadable: {damage}' if damage else info.summary}"
            if len(autosaves) > 1 and not damage:
                label += f" (saved {info.saved_at.replace('T', ' ') or 'at an unknown time'})"
            if self.cw_app.store.game_slots.in_use(info.path):
                label += " · open in another window: continues as a copy"
            option_id = f"{CONTINUE}-{len(options) + 1}"
            self.continue_paths[option_id] = info.path
            options.append(Option(Text(label), id=option_id, disabled=damage is not None))
        return options

    def first_continue(self) -> Path | None:
        """The autosave the `c` key continues: the newest that is not damaged."""
        return next((info.path for info, damage in self.autosaves() if damage is None), None)

    def refresh_menu(self) -> None:
        """The menu anew (the autosaves may have changed, or been found damaged)."""
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.set_options(self.options())
        menu.highlighted = highlighted if highlighted is not None else 0
        self.refresh_bindings()

    def on_screen_resume(self) -> None:
        self.refresh_menu()
        self.query_one("#menu", OptionList).focus()

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= 90 and event.size.height >= 30
        self.query_one("#title", Static).update(BANNER if wide else TITLE_ART)

    def show_note(self, message: str, style: str = "") -> None:
        self.query_one("#note", Static).update(Text(message, style))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters == (CONTINUE,):
            return True if self.first_continue() is not None else None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.action_pick(event.option.id)

    def action_pick(self, choice: str) -> None:
        app = self.cw_app
        if choice == "quit":
            app.exit()
        elif choice == "duel":
            app.open_duel()
        elif choice == "new":
            app.open_new_game()
        elif choice == CONTINUE or choice in self.continue_paths:
            path = self.continue_paths.get(choice) or self.first_continue()
            if path is not None:
                app.load_file(path)
        elif choice == "load":
            app.open_load()
        elif choice == "rules":
            app.open_rules()
