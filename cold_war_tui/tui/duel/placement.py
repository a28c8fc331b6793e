"""Placement: each player secretly puts down his cities, ABM sites, silos and groups."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from cold_war_tui.duel import notation
from cold_war_tui.duel.board import Cell
from cold_war_tui.duel.moves import Placement
from cold_war_tui.duel.settings import DuelSettings, Player
from cold_war_tui.tui.duel.base import ARROWS, BACK, LEGEND_KEY, DuelScreen, Submit, leave_duel
from cold_war_tui.tui.duel.render import LEGEND, Glyph, board_text, plain, step, with_group

NAMES = {"city": "city", "abm": "ABM site", "silo": "silo", "group": "group"}


class PlacementScreen(DuelScreen[None]):
    """Secretly place cities, ABM sites, silos and groups on the own board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *ARROWS,
        Binding("c", "put('city')", "City"),
        Binding("a", "put('abm')", "ABM (ПРО)"),
        Binding("s", "put('silo')", "Silo (МБР)"),
        Binding("g", "group", "Group (ДРГ)"),
        Binding("x", "clear", "Clear"),
        Binding("enter", "done", "Done"),
        LEGEND_KEY,
        BACK,
    ]

    def __init__(self, player: Player, settings: DuelSettings, submit: Submit) -> None:
        super().__init__()
        self.player = player
        self.settings = settings
        self.submit = submit
        self.cursor = Cell(0, 0)
        self.objects: dict[Cell, str] = {}
        self.groups: list[Cell] = []
        self.history: list[tuple[Cell, str]] = []  # what was put down, in order

    def compose(self) -> ComposeResult:
        yield plain(f"Player {self.player}: place your forces (secret)", "bold")
        with Horizontal():
            yield Static(id="own", classes="board")
            yield Static(id="counts")
        yield Static(Text(LEGEND), id="legend")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def placement(self) -> Placement:
        """The placement as it stands, in the order the player put things down."""
        kinds = {
            k: tuple(c for c, v in self.objects.items() if v == k) for k in ("city", "abm", "silo")
        }
        return Placement(kinds["city"], kinds["abm"], kinds["silo"], tuple(self.groups))

    def redraw(self, message: str = "", style: str = "") -> None:
        glyphs: dict[Cell, Glyph] = {}
        shapes = {
            "city": ("■ ", "bold green"),
            "abm": ("П ", "bold cyan"),
            "silo": ("Ш ", "bold yellow"),
        }
        for cell, kind in self.objects.items():
            glyphs[cell] = shapes[kind]
        for cell in self.groups:
            glyphs[cell] = with_group(glyphs.get(cell))
        self.query_one("#own", Static).update(board_text(glyphs, self.cursor, self.settings.latin))
        p, s = self.placement(), self.settings
        counts = Text(
            f"Cities: {len(p.cities)}/{s.cities}\n"
            f"Objects: {len(p.abms) + len(p.silos)}/{s.objects} "
            f"(ABM {len(p.abms)}, silos {len(p.silos)}, any mix)\n"
        )
        if s.sabotage_groups:
            counts.append(f"Groups: {len(p.groups)}/{s.groups}\n")
        counts.append("\n" + notation.format_placement(p, s.latin), "bold")
        self.query_one("#counts", Static).update(counts)
        self.query_one("#message", Static).update(Text(message, style))

    def action_cursor(self, dr: int, dc: int) -> None:
        self.cursor = step(self.cursor, dr, dc)
        self.redraw()

    def action_put(self, kind: str) -> None:
        if self.objects.get(self.cursor) == kind:
            del self.objects[self.cursor]
        else:
            self.objects[self.cursor] = kind
            self.history.append((self.cursor, kind))
        self.redraw()

    def action_back(self) -> None:
        """One step back: the legend, else take up the last piece put down, else leave."""
        if self.legend_shown:
            self.show_legend(False)
            return
        while self.history:
            cell, kind = self.history.pop()
            if kind == "group" and cell in self.groups:
                self.groups.remove(cell)
            elif self.objects.get(cell) == kind:
                del self.objects[cell]
            else:
                continue  # taken up already
            self.redraw(f"Took up the {NAMES[kind]} at {cell.spell(self.settings.latin)}.")
            return
        leave_duel(self)

    def action_group(self) -> None:
        if self.cursor in self.groups:
            self.groups.remove(self.cursor)
        elif not self.settings.sabotage_groups:
            self.redraw("The sabotage add-on is off in these settings.", "red")
            return
        else:
            self.groups.append(self.cursor)
            self.history.append((self.cursor, "group"))
        self.redraw()

    def action_clear(self) -> None:
        self.objects.pop(self.cursor, None)
        if self.cursor in self.groups:
            self.groups.remove(self.cursor)
        self.redraw()

    def action_done(self) -> None:
        _, error = self.submit(self.placement())
        if error:
            self.redraw(error, "red")
            return
        self.dismiss(None)
