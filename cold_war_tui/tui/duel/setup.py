"""The duel's set-up: every rule setting named in words; Enter starts, `l` opens a save."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Static

from cold_war_tui.duel.settings import DuelSettings
from cold_war_tui.tui.duel.base import DuelScreen
from cold_war_tui.tui.duel.render import plain
from cold_war_tui.tui.duel.saves_list import DuelSavesScreen
from cold_war_tui.tui.duel.store import DuelSaves, LoadedSave

ON_OFF: list[tuple[Any, str]] = [(True, "on"), (False, "off")]


def numbers(values: Iterable[int]) -> list[tuple[Any, str]]:
    """Number settings: each value is its own word."""
    return [(n, str(n)) for n in values]


SETUP_FIELDS: list[tuple[str, str, list[tuple[Any, str]]]] = [
    ("missiles_per_silo", "Missiles per silo", numbers(range(1, 11))),
    ("start_defcon", "Start at DEFCON", numbers([5, 4, 3, 2, 1])),
    ("escalation", "DEFCON drops after", [("move", "every move"), ("round", "every round")]),
    ("first_player", "First player", [("A", "A"), ("B", "B")]),
    ("abm_cover", "An ABM site covers", [("square", "its 3×3 square"), ("cross", "a + cross")]),
    (
        "abm_stops",
        "An ABM site stops",
        [("per_move", "a missile every move"), ("per_game", "one missile a game")],
    ),
    (
        "sabotage_lasts",
        "Sabotage switches off",
        [("rest_of_game", "for good"), ("one_round", "for one round")],
    ),
    (
        "impacts",
        "Missiles land",
        [("end_of_move", "at the end of the move"), ("end_of_round", "at the end of the round")],
    ),
    ("groups_share_cells", "Groups may share a cell", ON_OFF),
    ("missiles_destroy_groups", "Missiles destroy groups", ON_OFF[::-1]),
    (
        "last_player",
        "The last armed player fires",
        [("by_moves", "move by move"), ("one_salvo", "all in one salvo")],
    ),
    (
        "passes_end_game",
        "Both pass in a row",
        [(True, "the game ends"), (False, "play goes on")],
    ),
    ("hand_over_screen", "Hand-over screen", ON_OFF),
    ("row_letters", "Row letters", [("cyrillic", "Cyrillic А-З"), ("latin", "Latin A-H")]),
    ("sabotage_groups", "Sabotage groups (ДРГ)", ON_OFF),
    ("cities", "Cities", numbers(range(1, 21))),
    ("objects", "ABM sites + silos", numbers(range(0, 21))),
    ("groups", "Groups", numbers([1, 2, 3, 4])),
]


class DuelSetupScreen(DuelScreen[DuelSettings | LoadedSave | None]):
    """Choose the rule settings; Enter starts the duel with them, `l` opens a saved duel,
    Escape goes back (None: the app leaves the duel)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("up", "row(-1)", "Up", show=False),
        Binding("down", "row(1)", "Down", show=False),
        Binding("left", "value(-1)", "Change"),
        Binding("right", "value(1)", "Change", show=False),
        Binding("enter", "start", "Start the duel"),
        Binding("l", "load", "Load a save"),
    ]

    def __init__(self, settings: DuelSettings, saves: DuelSaves, message: str = "") -> None:
        super().__init__()
        self.values: dict[str, Any] = settings.model_dump()
        self.row = 0
        self.saves = saves
        self.message = message

    def compose(self) -> ComposeResult:
        yield plain("DEFCON duel: set-up (see docs/duel.md for every rule setting)", "bold")
        yield Static(id="fields")
        yield Static(Text(self.message, "red"), id="message", classes="wrap")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_fields()

    def action_load(self) -> None:
        self.app.push_screen(DuelSavesScreen(self.saves), self.loaded)

    def loaded(self, result: LoadedSave | None) -> None:
        """A save was picked and read: leave the set-up with it."""
        if result is not None:
            self.dismiss(result)

    def refresh_fields(self) -> None:
        """Redraw the list of settings with the selected row highlighted."""
        text = Text()
        for i, (name, label, options) in enumerate(SETUP_FIELDS):
            style = "reverse" if i == self.row else ""
            word = dict(options).get(self.values[name], str(self.values[name]))
            text.append(f" {label:<30} {word:<24}\n", style)
        self.query_one("#fields", Static).update(text)

    def action_row(self, step: int) -> None:
        self.row = (self.row + step) % len(SETUP_FIELDS)
        self.refresh_fields()

    def action_value(self, step: int) -> None:
        name, _, options = SETUP_FIELDS[self.row]
        current = self.values[name]
        values = [value for value, _ in options]
        index = values.index(current) if current in values else 0
        self.values[name] = values[(index + step) % len(values)]
        self.refresh_fields()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_start(self) -> None:
        try:
            settings = DuelSettings.model_validate(self.values)
        except ValueError as exc:
            self.query_one("#message", Static).update(Text(str(exc), "red"))
            return
        self.dismiss(settings)
