"""Game over: the winner, the reason and rule, the final score of each region, the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from cold_war_tui.tui.engine_bridge import region_scores
from cold_war_tui.tui.render import SIDE_STYLE, outcome_text
from cold_war_tui.tui.saves import vp_text
from cold_war_tui.tui.screens.dialogs import LogExportActions
from cold_war_tui.tui.session import Session

if TYPE_CHECKING:
    from cold_war_tui.tui.app import ColdWarApp


class GameOverScreen(LogExportActions, Screen[None]):
    """The end of a game; both sides may look now."""

    DEFAULT_CSS = """
    GameOverScreen > Vertical { padding: 1 2; }
    GameOverScreen #outcome { height: auto; border: heavy $accent; padding: 0 2; }
    GameOverScreen #scores { height: auto; margin-top: 1; }
    GameOverScreen #message { height: auto; }
    GameOverScreen #final-log { height: 1fr; min-height: 3; border-top: solid $primary-darken-2; }
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
        with Vertical():
            if outcome is not None:
                yield Static(outcome_text(outcome, state, self.session.meta.names), id="outcome")
            yield Static(self.scores_table(), id="scores")
            yield Static(
                Text("Press E to export the log to a text file (X: choose where).", "italic"),
                id="message",
            )
            log = RichLog(id="final-log", wrap=True, markup=False, highlight=False)
            log.border_title = "Log"
            yield log
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self.fill_log)  # once the log knows its width

    def fill_log(self) -> None:
        log = self.query_one("#final-log", RichLog)
        for entry in self.session.game.log[-200:]:
            log.write(Text(str(entry)))

    def scores_table(self) -> Table:
        game = self.session.game
        table = Table(title="Regions at the end (what scoring them gives)", title_justify="left")
        table.add_column("Region")
        table.add_column("US", style=SIDE_STYLE["US"])
        table.add_column("USSR", style=SIDE_STYLE["USSR"])
        table.add_column("Net")
        scores = region_scores(game)
        for region in game.data.regions:
            score = scores.get(region.key)
            if score is None:
                continue
            us, ussr = score["US"], score["USSR"]
            table.add_row(
                region.name,
                f"{us.level}, {us.countries} countries: {us.vp} VP",
                f"{ussr.level}, {ussr.countries} countries: {ussr.vp} VP",
                vp_text(us.vp - ussr.vp),
            )
        table.add_row("Final VP", "", "", vp_text(game.state.vp), style="bold")
        return table

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style))

    def action_new_game(self) -> None:
        self.cw_app.show_title()
        self.cw_app.open_new_game()

    def action_title(self) -> None:
        self.cw_app.show_title()
