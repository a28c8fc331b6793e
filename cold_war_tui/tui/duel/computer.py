"""The computer's turn: it decides in a thread while the watching player's boards show,
then its request and the answer stand in the exchange list for a short pause.

The watcher is the human of a game against the computer (his own board and what he knows
of the enemy's; the computer's secrets never show), or player A when the computer plays
both sides. The bot reads only its own player's view (`cold_war_tui.duel.bots`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from cold_war_tui.duel import notation
from cold_war_tui.duel.moves import Answer, Choice, Finish, Move
from cold_war_tui.duel.records import Kind
from cold_war_tui.duel.settings import Player
from cold_war_tui.duel.view import PlayerView
from cold_war_tui.tui.duel.base import BACK, LEGEND_KEY, DuelScreen, Submit, leave_duel
from cold_war_tui.tui.duel.render import (
    LEGEND,
    answer_in_words,
    board_text,
    enemy_glyphs,
    own_glyphs,
    record_lines,
)

RETRY = 0.2
"""Seconds to wait before leaving while a dialog (Escape's question) is on top."""


class ComputerTurnScreen(DuelScreen[None]):
    """One decision of the computer, shown to the watching player."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Go on"),
        LEGEND_KEY,
        BACK,
    ]

    def __init__(
        self,
        player: Player,
        level: str,
        watcher: Player,
        view: Callable[[Player], PlayerView],
        think: Callable[[], str],
        submit: Submit,
        pause: float,
    ) -> None:
        super().__init__()
        self.player = player
        self.level = level
        self.watcher = watcher
        self.get_view = view
        self.think = think
        self.submit = submit
        self.pause = pause
        self.kind: Kind | None = None
        self.done = False  # the computer's decision is made and shown
        self.left = False

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal():
            with Vertical(classes="column"):
                yield Static(Text(f"Board of {self.watcher}", "bold"))
                yield Static(id="own", classes="board")
            with Vertical(classes="column"):
                yield Static(Text("Enemy board (what you know)", "bold"))
                yield Static(id="enemy", classes="board")
            with Vertical(id="side"):
                yield Static(id="request")
        yield Static(Text(LEGEND), id="legend")
        yield Static(id="record")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        pending = self.get_view(self.player).pending
        assert pending is not None and pending.player == self.player
        self.kind = pending.kind
        what = {
            Kind.PLACE: "places its forces (in secret)",
            Kind.MOVE: f"moves at DEFCON {pending.defcon}",
            Kind.FINISH: "chooses: launch the rest, or end the game",
        }[pending.kind]
        self.redraw(Text(f"Player {self.player}, the computer ({self.level}), {what}…", "bold"))
        self.run_worker(self.think, thread=True, exit_on_error=False, name="computer-turn")

    def redraw(self, status: Text, request: Text | None = None) -> None:
        view = self.get_view(self.watcher)
        latin = view.settings.latin
        self.query_one("#status", Static).update(status)
        self.query_one("#own", Static).update(board_text(own_glyphs(view), None, latin))
        enemy = enemy_glyphs(view, [], [])
        self.query_one("#enemy", Static).update(board_text(enemy, None, latin))
        if request is not None:
            self.query_one("#request", Static).update(request)
        self.query_one("#record", Static).update(Text(record_lines(view)))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "computer-turn":
            return
        if event.state is WorkerState.ERROR:
            self.failed(f"the computer could not decide: {event.worker.error}")
        elif event.state is WorkerState.SUCCESS:
            self.play(str(event.worker.result))

    def play(self, text: str) -> None:
        """Apply the computer's decision and show it, then leave after the pause."""
        assert self.kind is not None
        try:
            choice: Choice = notation.parse_choice(self.kind, text)
        except ValueError as exc:
            self.failed(f"the computer's decision could not be read: {exc}")
            return
        answer, error = self.submit(choice)
        if error is not None:
            self.failed(f"the rules refused the computer's decision: {error}")
            return
        self.done = True
        self.redraw(self.headline(choice), self.exchange(choice, answer))
        self.set_timer(self.pause, self.leave) if self.pause > 0 else self.call_later(self.leave)

    def headline(self, choice: Choice) -> Text:
        who = f"Player {self.player}, the computer ({self.level}), "
        if isinstance(choice, Finish):
            said = "ends the game." if choice.end else "goes on: it launches the rest."
        elif isinstance(choice, Move):
            said = "passes." if not (choice.launches or choice.sabotage) else "sent its request:"
        else:
            said = "has placed its forces."
        return Text(who + said, "bold")

    def exchange(self, choice: Choice, answer: Answer | None) -> Text:
        """The request (without the computer's private group cells) and the answer."""
        latin = self.get_view(self.watcher).settings.latin
        if not isinstance(choice, Move) or answer is None:
            return Text("")
        text = Text("Request:\n", "bold")
        text.append(notation.format_move(choice, latin=latin) + "\n\n")
        text.append("Answer:\n", "bold")
        text.append(answer_in_words(answer, latin))
        return text

    def failed(self, message: str) -> None:
        self.query_one("#message", Static).update(Text(message, "red"))

    def action_next(self) -> None:
        """Enter: go on at once once the computer has decided (no need to wait the pause)."""
        if self.done:
            self.leave()

    def leave(self) -> None:
        if not self.is_attached or self.left:
            return
        if self.app.screen is not self:  # Escape's question is open: wait for its answer
            self.set_timer(RETRY, self.leave)
            return
        self.left = True
        self.dismiss(None)

    def action_back(self) -> None:
        if self.legend_shown:
            self.show_legend(False)
            return
        leave_duel(self)
