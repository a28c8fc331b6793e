"""The end of a duel: the last armed player's choice, then the count and both boards."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from cold_war_tui.duel import notation
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.moves import Finish
from cold_war_tui.duel.settings import Player
from cold_war_tui.duel.view import PlayerView
from cold_war_tui.tui.duel.base import BACK, DuelScreen, Submit
from cold_war_tui.tui.duel.render import board_text, own_glyphs, plain, record_lines


class FinishScreen(DuelScreen[None]):
    """The only player with missiles left: launch the rest, or end the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "choose(False)", "Continue: launch the rest"),
        Binding("e", "choose(True)", "End the game"),
        BACK,
    ]

    def __init__(self, player: Player, view: Callable[[], PlayerView], submit: Submit) -> None:
        super().__init__()
        self.player = player
        self.get_view = view
        self.submit = submit

    def compose(self) -> ComposeResult:
        view = self.get_view()
        yield plain(f"Player {self.player}: your enemy has no missile left to launch.", "bold")
        yield plain("You may launch all your remaining missiles (c) or end the game now (e).")
        yield Static(board_text(own_glyphs(view), None, view.settings.latin), classes="board")
        yield Static(Text(record_lines(view)))
        yield Static(id="message")
        yield Footer()

    def action_choose(self, end: bool) -> None:
        _, error = self.submit(Finish(end))
        if error:
            self.query_one("#message", Static).update(Text(error, "red"))
            return
        self.dismiss(None)


class DuelEndScreen(DuelScreen[None]):
    """The final count; with the game over, both boards and the whole record may be shown.
    Leaving it ends the duel (back to the title)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back to the title"),
        Binding("enter,q", "leave", "Back to the title", show=False),
    ]

    def __init__(self, game: DuelGame) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        result = self.game.result
        assert result is not None
        outcome = f"Player {result.winner} wins" if result.winner else "A draw"
        yield plain(
            f"The end ({result.reason}). Surviving cities: A {result.cities['A']}, "
            f"B {result.cities['B']}. {outcome}.",
            "bold",
        )
        latin = self.game.settings.latin
        with Horizontal():
            for player in ("A", "B"):
                with Vertical(classes="column"):
                    yield plain(f"Board of {player}", "bold")
                    view = self.game.view(player)
                    yield Static(board_text(own_glyphs(view), None, latin), classes="board")
        yield Static(Text(notation.export_game(self.game)), id="export")
        yield Footer()

    def action_leave(self) -> None:
        """Leave the duel: the flow takes the players back to the title screen."""
        self.dismiss(None)
