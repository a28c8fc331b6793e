"""Piles and tracks (F4): the discard pile, the removed cards and the cards in play,
each with its text; the effects in play; the space race; the regions if scored now.

Everything here is public: it is built from the viewer's `PlayerView` (or the
public state while nobody is at the terminal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cold_war_tui.datamodel import GameData
from cold_war_tui.engine import PlayerView, SideScore, StateSnapshot
from cold_war_tui.tui.render import (
    REGION_COLUMNS,
    card_detail,
    card_name,
    effect_entries,
    region_table,
)
from cold_war_tui.tui.tracks import DIM, side_text, space_box_vp
from cold_war_tui.wording import plural

PILES = (
    ("discard", "Discard pile"),
    ("removed", "Removed from the game"),
    ("in_play", "Cards lying in play"),
)


def space_race_lines(view: PlayerView | StateSnapshot, data: GameData) -> list[Text]:
    """Every box of the space race: its number, name, the card it needs, the roll, the VP
    for the first and the second to reach it, and where each side's marker is."""
    lines = [Text("box name                   ops roll  VP first/second", "bold")]
    for box in data.space_race:
        line = Text(f"{box.box:>3} {box.name:<22} {box.ops_needed}+  1-{box.roll_max}  ")
        line.append(f"{space_box_vp(box):<9}")
        here = [side for side in ("US", "USSR") if view.space[side] == box.box]
        for side in here:
            line.append(" ◀ ")
            line.append_text(side_text(side))
        lines.append(line)
    at_start = [side for side in ("US", "USSR") if view.space[side] == 0]
    if at_start:
        line = Text("Not started: ", DIM)
        line.append_text(Text(", ").join(side_text(side) for side in at_start))
        lines.append(line)
    return lines


class TableScreen(Screen[None]):
    """Browse the piles with the arrows (the card's text shows on the right); Escape."""

    DEFAULT_CSS = """
    TableScreen #heading { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    TableScreen #piles { width: 44; height: 1fr; }
    TableScreen #side {
        width: 1fr; height: 1fr; padding: 0 1; border-left: solid $primary-darken-2;
    }
    TableScreen #side Static { height: auto; margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("f4", "back", "Back", show=False),
    ]

    def __init__(
        self,
        data: GameData,
        view: PlayerView | StateSnapshot,
        scores: Mapping[str, Mapping[str, SideScore]],
    ) -> None:
        super().__init__()
        self.data = data
        self.view = view
        self.scores = scores
        self.option_cards: list[int | None] = []  # the card of each option (None: a heading)

    def compose(self) -> ComposeResult:
        view = self.view
        sizes = ", ".join(f"{title.lower()} {len(getattr(view, pile))}" for pile, title in PILES)
        effects = len(effect_entries(view, self.data))  # what "Effects in play" lists
        yield Static(Text(f"Piles and tracks ({sizes}; effects in play {effects})"), id="heading")
        options: list[Option] = []
        self.option_cards = []
        for pile, title in PILES:
            cards = list(getattr(view, pile))
            options.append(
                Option(Text(f"{title}: {plural(len(cards), 'card')}", "bold"), disabled=True)
            )
            options += [Option(Text("  " + card_name(self.data, c))) for c in cards]
            self.option_cards += [None, *cards]
        with Horizontal():
            yield OptionList(*options, id="piles")
            with VerticalScroll(id="side"):
                yield Static(id="card")
                yield Static(self.effects_text(), id="effects")
                yield Static(
                    Text("\n").join(
                        [Text("Space race", "bold"), *space_race_lines(view, self.data)]
                    ),
                    id="space",
                )
                yield Static(
                    Text("\n").join(
                        [
                            Text(f"Regions if scored now ({REGION_COLUMNS})", "bold"),
                            *region_table(self.data, self.scores),
                        ]
                    ),
                    id="regions",
                )
        yield Footer()

    def effects_text(self) -> Text:
        entries = effect_entries(self.view, self.data)
        text = Text("Effects in play", "bold")
        if not entries:
            text.append("\n-", DIM)
        for scope, entry in entries:
            text.append("\n• ")
            text.append_text(entry)
            if scope == "turn":
                text.append(" (this turn)", DIM)
        return text

    def on_mount(self) -> None:
        piles = self.query_one("#piles", OptionList)
        piles.focus()
        first = next((i for i, o in enumerate(piles.options) if not o.disabled), None)
        if first is not None:
            piles.highlighted = first
        else:
            self.query_one("#card", Static).update(Text("No card in these piles yet.", DIM))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        card = self.option_cards[event.option_index]
        if card is not None:
            self.query_one("#card", Static).update(card_detail(card, self.data, None, None))

    def action_back(self) -> None:
        self.dismiss(None)
