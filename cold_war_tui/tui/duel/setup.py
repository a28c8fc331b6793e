"""The duel's set-up: who plays each side, the rules in five lines, every rule setting
named in words; Enter starts, `l` opens a save."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from cold_war_tui.duel.bots import DUEL_BOTS
from cold_war_tui.duel.saves import HUMAN
from cold_war_tui.duel.settings import PLAYERS, DuelSettings, Player
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


LEVEL_WORDS = {
    "random": "random (any legal move)",
    "hunter": "hunter (plays to win)",
}
"""Words for the computer's levels; a level of DUEL_BOTS without any is shown by name."""


def player_options() -> list[tuple[Any, str]]:
    """Human, then the computer at each level of DUEL_BOTS, the weakest first."""
    return [(HUMAN, "Human")] + [
        (level, f"Computer: {LEVEL_WORDS.get(level, level)}") for level in DUEL_BOTS
    ]


def rules_in_brief(values: dict[str, Any]) -> str:
    """The rules in five lines of at most 79 characters, with the numbers chosen."""
    army = f"{values['cities']} cities ■, {values['objects']} ABM sites П / silos Ш"
    if values["sabotage_groups"]:
        army += f", {values['groups']} groups ★"
    limits = "/".join(str(n) for n in values["defcon_limits"][::-1])
    return "\n".join(
        [
            f"1. Each side hides {army} (any mix).",
            f"2. In turn: 1 missile per silo, {limits} in all at DEFCON 5/4/3/2, all at 1.",
            "3. A missile destroys all in the 3×3 square round its target; hits are secret.",
            "4. An enemy ABM site within 1 cell of the target shoots it down, 1 a turn.",
            "5. Firing shows a silo; a group switches off and shows a 3×3. Most cities win.",
        ]
    )


@dataclass(frozen=True)
class DuelStart:
    """What the set-up screen starts a duel with: the rules, and who the computer plays."""

    settings: DuelSettings
    computer: Mapping[Player, str]


class DuelSetupScreen(DuelScreen[DuelStart | LoadedSave | None]):
    """Choose who plays each side (a human, or the computer at a level) and the rule
    settings; Enter starts the duel, `l` opens a saved duel, Escape goes back (None: the
    app leaves the duel)."""

    DEFAULT_CSS = """
    DuelSetupScreen #rules { height: auto; color: $text-muted; }
    DuelSetupScreen #fields-box { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("up", "row(-1)", "Up", show=False),
        Binding("down", "row(1)", "Down", show=False),
        Binding("left", "value(-1)", "Change"),
        Binding("right", "value(1)", "Change", show=False),
        Binding("enter", "start", "Start the duel"),
        Binding("l", "load", "Load a save"),
    ]

    def __init__(
        self,
        settings: DuelSettings,
        saves: DuelSaves,
        message: str = "",
        computer: Mapping[Player, str] | None = None,
    ) -> None:
        super().__init__()
        self.values: dict[str, Any] = settings.model_dump()
        for player in PLAYERS:
            self.values[f"player_{player}"] = (computer or {}).get(player, HUMAN)
        self.fields = [
            (f"player_{p}", f"Player {p}", player_options()) for p in PLAYERS
        ] + SETUP_FIELDS
        self.row = 0
        self.saves = saves
        self.message = message

    def compose(self) -> ComposeResult:
        yield plain("DEFCON duel: set-up. The rules in brief:", "bold")
        yield Static(id="rules")
        with VerticalScroll(id="fields-box"):
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
        """Redraw the list of settings with the selected row highlighted, and keep that row
        in view (the list scrolls on a small terminal)."""
        text = Text()
        for i, (name, label, options) in enumerate(self.fields):
            style = "reverse" if i == self.row else ""
            word = dict(options).get(self.values[name], str(self.values[name]))
            text.append(f" {label:<30} {word:<36}\n", style)
        self.query_one("#fields", Static).update(text)
        self.query_one("#rules", Static).update(Text(rules_in_brief(self.values)))
        box = self.query_one("#fields-box", VerticalScroll)
        height = box.size.height or len(self.fields)
        if self.row < box.scroll_y or self.row >= box.scroll_y + height:
            box.scroll_to(y=max(0, self.row - height + 1), animate=False)

    def action_row(self, step: int) -> None:
        self.row = (self.row + step) % len(self.fields)
        self.refresh_fields()

    def action_value(self, step: int) -> None:
        name, _, options = self.fields[self.row]
        current = self.values[name]
        values = [value for value, _ in options]
        index = values.index(current) if current in values else 0
        self.values[name] = values[(index + step) % len(values)]
        self.refresh_fields()

    def action_back(self) -> None:
        self.dismiss(None)

    def computer(self) -> dict[Player, str]:
        """The computer's level for each player it plays, as chosen."""
        chosen = {p: self.values[f"player_{p}"] for p in PLAYERS}
        return {p: level for p, level in chosen.items() if level != HUMAN}

    def action_start(self) -> None:
        rules = {k: v for k, v in self.values.items() if not k.startswith("player_")}
        try:
            settings = DuelSettings.model_validate(rules)
        except ValueError as exc:
            self.query_one("#message", Static).update(Text(str(exc), "red"))
            return
        self.dismiss(DuelStart(settings, self.computer()))
