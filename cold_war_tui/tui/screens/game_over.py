"""Game over: the winner, the reason and rule, the game as pictures (VP turn by turn,
DEFCON and military operations per turn), each region's final standing, the whole log."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from cold_war_tui.tui.history import turn_history, turn_lines, vp_chart
from cold_war_tui.tui.log_text import log_lines
from cold_war_tui.tui.render import REGION_COLUMNS, outcome_text, region_table
from cold_war_tui.tui.screens.dialogs import LogExportActions
from cold_war_tui.tui.session import Session

if TYPE_CHECKING:
    from cold_war_tui.tui.app import ColdWarApp


class FinalLog(RichLog):
    """The whole log, shown from its end (how the game ended); scroll up for the rest."""

    def __init__(self, lines: list[Text], *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, min_width=20)
        self.pending_lines = lines

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        if self.pending_lines and event.size.width:  # written once the width is known
            lines, self.pending_lines = self.pending_lines, []
            for line in lines:
                self.write(line, scroll_end=False)
            self.scroll_end(animate=False, immediate=False)


class GameOverScreen(LogExportActions, Screen[None]):
    """The end of a game; both sides may look now."""

    DEFAULT_CSS = """
    GameOverScreen > Vertical { padding: 0 2; }
    GameOverScreen.narrow > Vertical { overflow-y: auto; }
    GameOverScreen.narrow #final-log { height: 12; }
    GameOverScreen #outcome { height: auto; border: heavy $accent; padding: 0 2; }
    GameOverScreen #pictures { height: auto; margin-top: 1; }
    GameOverScreen #charts { width: auto; height: auto; margin-right: 2; }
    GameOverScreen #scores { width: 1fr; height: auto; }
    GameOverScreen.narrow #pictures { layout: vertical; }
    GameOverScreen.narrow #scores { margin-top: 1; }
    GameOverScreen #message { height: auto; }
    GameOverScreen #final-log {
        height: 1fr; min-height: 10; border-top: solid $primary-darken-2; min-width: 20;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "export", "Export the log"),
        Binding("x", "export_as", "Export to…"),
        Binding("n", "new_game", "New game"),
        Binding("t", "title", "Title screen"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    @property
    def cw_app(self) -> ColdWarApp:
        from cold_war_tui.tui.app import ColdWarApp

        assert isinstance(self.app, ColdWarApp)
        return self.app

    def compose(self) -> ComposeResult:
        game = self.session.game
        outcome = game.outcome
        state = game.state
        with Vertical():  # a small terminal scrolls to the pictures and the log
            if outcome is not None:
                yield Static(outcome_text(outcome, state, self.session.meta.names), id="outcome")
            with Horizontal(id="pictures"):
                yield Static(self.charts(), id="charts")
                yield Static(self.scores_table(), id="scores")
            yield Static(
                Text("Press E to export the log to a text file (X: choose where).", "italic"),
                id="message",
            )
            log = FinalLog(log_lines(game.log), id="final-log")
            log.border_title = "Log"
            yield log
        yield Footer()

    def charts(self) -> Text:
        """VP at the end of each turn (who led when), then DEFCON and military operations."""
        game = self.session.game
        records = turn_history(game.log, game.state.vp)
        text = Text("The game turn by turn: VP at each turn's end", "bold")
        for line in [*vp_chart(records), *turn_lines(records)]:
            text.append("\n")
            text.append_text(line)
        return text

    def scores_table(self) -> Text:
        """Each region's standing at the end, as scoring it would count it."""
        game = self.session.game
        text = Text(f"Regions at the end, if scored ({REGION_COLUMNS})", "bold")
        for line in region_table(game.data, game.region_scores()):
            text.append("\n")
            text.append_text(line)
        return text

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style))

    def action_new_game(self) -> None:
        self.cw_app.show_title()
        self.cw_app.open_new_game()

    def action_title(self) -> None:
        self.cw_app.show_title()
