"""A move: the own board, the enemy map, the request being built, the answer, the record."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from cold_war_tui.duel import notation
from cold_war_tui.duel.board import Cell
from cold_war_tui.duel.moves import Answer, Launch, Move
from cold_war_tui.duel.records import Pending
from cold_war_tui.duel.settings import Player
from cold_war_tui.duel.view import PlayerView
from cold_war_tui.tui.duel.base import ARROWS, BACK, LEGEND_KEY, DuelScreen, Submit, leave_duel
from cold_war_tui.tui.duel.render import (
    LEGEND,
    answer_in_words,
    board_text,
    enemy_glyphs,
    own_glyphs,
    record_lines,
    step,
)

MARK_CYCLE = ("?", "x", "!", None)
"""What `m` puts on a cell of the enemy map, in turn: a private note, never shown to him."""


class MoveScreen(DuelScreen[None]):
    """A move: own board, enemy map with marks, DEFCON and limit, the request, the answer.

    The focus (the board the arrows move on) changes only by Tab; picking a silo, a target,
    a group or a square leaves it where it is. Launching is optional: `p` passes.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *ARROWS,
        Binding("tab", "switch", "Board"),
        Binding("enter", "pick", "Silo/target"),
        Binding("g", "group", "Group"),
        Binding("d", "sabotage", "Sabotage"),
        Binding("m", "mark", "Mark"),
        Binding("backspace", "undo", "Undo"),
        Binding("f", "fire", "Send"),
        Binding("p", "pass_move", "Pass"),
        LEGEND_KEY,
        BACK,
    ]

    def __init__(
        self,
        player: Player,
        view: Callable[[], PlayerView],
        submit: Submit,
        mark: Callable[[Cell, str | None], None],
    ) -> None:
        super().__init__()
        self.player = player
        self.get_view = view
        self.submit = submit
        self.set_mark = mark
        self.focus_enemy = False
        self.own_cursor = Cell(0, 0)
        self.enemy_cursor = Cell(0, 0)
        self.launches: list[tuple[Cell, Cell | None]] = []  # (silo, target)
        self.raids: list[tuple[Cell, Cell | None]] = []  # (own group, enemy square)
        self.answer: Answer | None = None
        self.sent: Move | None = None
        self.opened: Pending | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal():
            with Vertical(classes="column"):
                yield Static(id="own-title")
                yield Static(id="own", classes="board")
            with Vertical(classes="column"):
                yield Static(id="enemy-title")
                yield Static(id="enemy", classes="board")
            with Vertical(id="side"):
                yield Static(id="request")
                yield Static(id="answer")
        yield Static(Text(LEGEND), id="legend")
        yield Static(id="record")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def action_back(self) -> None:
        """One step back: the legend, else the last pick of the request, else leave."""
        if self.legend_shown:
            self.show_legend(False)
        elif self.answer is None and self.building():
            self.action_undo()
        else:
            leave_duel(self)

    # -- state helpers

    def building(self) -> bool:
        """Whether a request is being built (something picked, not yet sent)."""
        return bool(self.launches or self.raids)

    def move(self) -> Move:
        """The request as built so far (a silo without a target, or a group without a
        square, is left out); the groups sent are named, so the engine sends those."""
        launches = tuple(Launch(s, t) for s, t in self.launches if t is not None)
        raids = [(g, c) for g, c in self.raids if c is not None]
        return Move(launches, tuple(c for _, c in raids), tuple(g for g, _ in raids))

    def redraw(self, message: str = "", style: str = "") -> None:
        view = self.get_view()
        latin = view.settings.latin
        if self.opened is None:
            self.opened = view.pending  # the status keeps showing the move being made
        pending = self.opened
        assert pending is not None
        limit = "one from every usable silo" if pending.limit is None else f"up to {pending.limit}"
        if pending.salvo:
            limit = "final salvo: every missile left"
        status = Text(f"Player {self.player}  turn {pending.turn + 1}  ", "bold")
        status.append(f"DEFCON {pending.defcon}", "bold red")
        status.append(f"  launch {limit} (or pass)")
        if view.settings.sabotage_groups:
            status.append(f"  groups left: {len(view.active_groups)}")
        self.query_one("#status", Static).update(status)
        for name, title, focused in (
            ("own", "Your board", not self.focus_enemy),
            ("enemy", "Enemy board (only what you know)", self.focus_enemy),
        ):
            style_ = "bold reverse" if focused else "dim"
            self.query_one(f"#{name}-title", Static).update(Text(title, style_))
        chosen = [s for s, _ in self.launches] + [g for g, _ in self.raids]
        own_cursor = None if self.focus_enemy else self.own_cursor
        enemy_cursor = self.enemy_cursor if self.focus_enemy else None
        self.query_one("#own", Static).update(
            board_text(own_glyphs(view, chosen), own_cursor, latin)
        )
        targets = [t for _, t in self.launches if t is not None]
        squares = [c for _, c in self.raids if c is not None]
        enemy = enemy_glyphs(view, targets, squares)
        self.query_one("#enemy", Static).update(board_text(enemy, enemy_cursor, latin))
        request = Text("Request:\n", "bold")
        if self.sent is not None or self.building():
            move = self.sent if self.sent is not None else self.move()
            request.append(notation.format_move(move, private=True, latin=latin) + "\n")
        else:
            request.append("(empty: pick a silo or a group, or pass with p)\n", "dim")
        waiting = [s for s, t in self.launches if t is None]
        if waiting:
            request.append(f"silo {waiting[0].spell(latin)}: choose its target\n", "yellow")
        idle = [g for g, c in self.raids if c is None]
        if idle:
            request.append(f"group {idle[0].spell(latin)}: choose its square (d)\n", "yellow")
        self.query_one("#request", Static).update(request)
        if self.answer is not None:
            said = Text("Answer:\n", "bold")
            said.append(answer_in_words(self.answer, latin))
            said.append("\n\nPress Enter to end your move.", "bold")
            self.query_one("#answer", Static).update(said)
        self.query_one("#record", Static).update(Text(record_lines(view)))
        self.query_one("#message", Static).update(Text(message, style))

    def spell(self, cell: Cell) -> str:
        return cell.spell(self.get_view().settings.latin)

    # -- actions

    def action_cursor(self, dr: int, dc: int) -> None:
        if self.focus_enemy:
            self.enemy_cursor = step(self.enemy_cursor, dr, dc)
        else:
            self.own_cursor = step(self.own_cursor, dr, dc)
        self.redraw()

    def action_switch(self) -> None:
        self.focus_enemy = not self.focus_enemy
        self.redraw()

    def action_pick(self) -> None:
        if self.answer is not None:
            self.dismiss(None)
            return
        if not self.focus_enemy:
            cell = self.own_cursor
            if cell not in self.get_view().usable_silos:
                self.redraw(f"{self.spell(cell)} is not a silo that can launch.", "red")
                return
            if any(t is None for _, t in self.launches):
                self.redraw("First choose a target for the silo already picked.", "red")
                return
            self.launches.append((cell, None))
            self.redraw(f"Silo {self.spell(cell)}: now its target on the enemy board (Tab).")
            return
        for i, (silo, target) in enumerate(self.launches):
            if target is None:
                self.launches[i] = (silo, self.enemy_cursor)
                self.redraw()
                return
        self.redraw("Pick a silo on your board first (Tab).", "red")

    def action_group(self) -> None:
        """Choose which own group goes (it stops guarding its square); `d` then picks where."""
        if self.answer is not None:
            return
        if self.focus_enemy:
            self.redraw("Groups are chosen on your own board (Tab).", "red")
            return
        cell = self.own_cursor
        if cell not in self.get_view().active_groups:
            self.redraw(f"{self.spell(cell)} holds no group of yours in play.", "red")
            return
        for i, (group, _) in enumerate(self.raids):
            if group == cell:
                del self.raids[i]
                self.redraw(f"Group {self.spell(cell)} stays.")
                return
        if any(c is None for _, c in self.raids):
            self.redraw("First choose a square (d) for the group already picked.", "red")
            return
        self.raids.append((cell, None))
        self.redraw(f"Group {self.spell(cell)} goes: choose its square on the enemy board (d).")

    def action_sabotage(self) -> None:
        """Toggle a sabotage square; it goes to the group picked (g), else the first one left."""
        if self.answer is not None:
            return
        if not self.focus_enemy:
            self.redraw("Sabotage squares are chosen on the enemy board (Tab).", "red")
            return
        square = self.enemy_cursor
        for i, (_, centre) in enumerate(self.raids):
            if centre == square:
                del self.raids[i]  # toggled off: that group stays home
                self.redraw()
                return
        for i, (group, centre) in enumerate(self.raids):
            if centre is None:
                self.raids[i] = (group, square)
                self.redraw()
                return
        sent = {g for g, _ in self.raids}
        free = [g for g in self.get_view().active_groups if g not in sent]
        if not free:
            self.redraw("No group left to send.", "red")
            return
        self.raids.append((free[0], square))
        self.redraw()

    def action_mark(self) -> None:
        if not self.focus_enemy:
            self.redraw("Marks go on the enemy board (Tab).", "red")
            return
        current = dict(self.get_view().marks).get(self.enemy_cursor)
        index = MARK_CYCLE.index(current) if current in MARK_CYCLE else -1
        self.set_mark(self.enemy_cursor, MARK_CYCLE[(index + 1) % len(MARK_CYCLE)])
        self.redraw()

    def action_undo(self) -> None:
        if self.answer is not None:
            return
        if self.raids:
            self.raids.pop()
        elif self.launches:
            self.launches.pop()
        self.redraw()

    def action_fire(self) -> None:
        if self.answer is not None:
            return
        if any(t is None for _, t in self.launches):
            self.redraw("A picked silo still needs a target.", "red")
            return
        if any(c is None for _, c in self.raids):
            self.redraw("A picked group still needs its square (d).", "red")
            return
        if not self.building():
            self.redraw("The request is empty: pick a silo or a group, or pass (p).", "red")
            return
        self.send(self.move())

    def action_pass_move(self) -> None:
        """Pass: launch nothing and send no group (launching is optional)."""
        if self.answer is not None:
            return
        if self.building():
            self.redraw("Undo the request (Backspace) before passing.", "red")
            return
        self.send(Move())

    def send(self, move: Move) -> None:
        answer, error = self.submit(move)
        if error is not None:
            self.redraw(error, "red")
            return
        self.answer, self.sent = answer, move
        self.redraw("Request sent.", "green")
