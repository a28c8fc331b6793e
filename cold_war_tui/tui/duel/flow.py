"""One duel inside the app, from its set-up to its end screen: the one seam to the engine.

The flow pushes the screen of each pending decision, behind the app's hand-over screen
whenever the terminal passes from one human to the other (I11; with one human there is
none), lets the computer decide for the players it plays (`ComputerTurnScreen`), applies
the choices the screens send back, writes the duel's autosave after every decision and
saves it on Ctrl+S. Escape with nothing left to undo asks to leave the duel for its set-up
(`ask_leave`); Escape on the set-up, or the end screen, calls `leave`, which takes the app
back to its title screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App
from textual.screen import Screen

from cold_war_tui.duel import PLAYERS, DuelError, DuelGame, DuelSettings, Kind, Player, opponent
from cold_war_tui.duel.bots import DuelBot, make_duel_bot
from cold_war_tui.duel.moves import Answer, Choice
from cold_war_tui.duel.view import PlayerView
from cold_war_tui.tui.duel.base import BACK, leave_duel
from cold_war_tui.tui.duel.computer import ComputerTurnScreen
from cold_war_tui.tui.duel.finish import DuelEndScreen, FinishScreen
from cold_war_tui.tui.duel.move import MoveScreen
from cold_war_tui.tui.duel.placement import PlacementScreen
from cold_war_tui.tui.duel.setup import DuelSetupScreen, DuelStart
from cold_war_tui.tui.duel.store import DuelSaves, LoadedSave
from cold_war_tui.tui.saves import SaveProblem, cannot_load
from cold_war_tui.tui.screens.dialogs import ConfirmScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen

PAUSE = 1.0
"""Seconds the computer's request and answer stay on screen before the next decision."""


class DuelHandOverScreen(HandOverScreen):
    """The app's opaque hand-over page; in the duel, Escape asks to leave the duel."""

    BINDINGS = [*HandOverScreen.BINDINGS, BACK]

    def action_back(self) -> None:
        leave_duel(self)


def hand_over_screen(player: Player, note: str) -> HandOverScreen:
    """The app's opaque hand-over page, in the duel's words."""
    away = Text(f"Player {opponent(player)} looks away now: the next screen shows ")
    away.append(f"the secret board of player {player}.")
    return DuelHandOverScreen(player, f"player {player}", note, away=away)


class DuelFlow:
    """A duel on the app's screen stack, hot-seat or against the computer.

    `computer` names the level of each player the computer plays (a player not named is a
    human). Ctrl+S always writes a named save in the saves folder: back to the save the
    duel came from when that is one of them, else to a new file there (never to an
    autosave, nor outside the folder). `settings` are the ones the set-up screen proposes.
    """

    def __init__(
        self,
        app: App[Any],
        saves: DuelSaves,
        leave: Callable[[], None],
        settings: DuelSettings | None = None,
        computer: Mapping[Player, str] | None = None,
        pause: float = PAUSE,
    ) -> None:
        self.app = app
        self.saves = saves
        self.leave = leave
        self.settings = settings if settings is not None else DuelSettings()
        self.computer: dict[Player, str] = dict(computer or {})
        self.pause = pause
        self.bots: dict[Player, DuelBot] = {}
        self.game: DuelGame | None = None
        self.holder: Player | None = None  # who had the terminal last
        self.save_path: Path | None = None
        self.resumed: Path | None = None  # a loaded file, named on the first hand-over

    @property
    def humans(self) -> list[Player]:
        return [p for p in PLAYERS if p not in self.computer]

    def begin(self, load: Path | None = None, game: DuelGame | None = None) -> None:
        """Go on with `game`, or open the save `load`, or show the set-up screen (with the
        reason when `load` could not be read)."""
        if game is not None:
            self.play(game)
            return
        problem = ""
        if load is not None:
            try:
                self.resume(LoadedSave(load, self.saves.load(load)))
                return
            except SaveProblem as exc:
                problem = cannot_load(exc)
        self.show_setup(problem)

    def show_setup(self, message: str = "") -> None:
        screen = DuelSetupScreen(self.settings, self.saves, message, self.computer)
        self.app.push_screen(screen, self.start)

    def start(self, chosen: DuelStart | LoadedSave | None) -> None:
        """Begin a new duel with the chosen settings and players, go on with a loaded one,
        or (None: the players went back from the set-up) leave for the title."""
        if chosen is None:
            self.leave()
        elif isinstance(chosen, LoadedSave):
            self.resume(chosen)
        else:
            self.settings = chosen.settings
            self.computer = dict(chosen.computer)
            self.play(DuelGame(chosen.settings))

    def play(self, game: DuelGame, resumed: Path | None = None) -> None:
        """Go on with `game` (from the file `resumed`, if any): its autosave goes to the
        slot this instance holds (the resumed autosave's own, if no other instance has
        it)."""
        self.saves.claim_autosave(resumed)
        self.game = game
        self.settings = game.settings
        self.bots = {}
        self.app.refresh_bindings()  # Ctrl+S is live from now on
        self.next_decision()

    def resume(self, loaded: LoadedSave) -> None:
        """Go on with a loaded duel, with the players it was saved with: a hand-over first,
        whoever is to decide, when two humans share the terminal."""
        self.resumed = loaded.path
        self.save_path = loaded.path if self.saves.is_named_save(loaded.path) else None
        self.holder = None
        self.computer = dict(loaded.saved.computer)
        for note in loaded.saved.notes:
            self.app.notify(note, title="Players", severity="warning")
        self.play(loaded.game, loaded.path)

    def ask_leave(self) -> None:
        """Escape with nothing to undo: leave the duel for its set-up, if the player says so."""
        game = self.game
        if game is None:
            return
        detail = "It is autosaved after every decision: `l` on the set-up screen opens it."
        if game.over:
            detail = "The duel is over."

        def answered(yes: bool | None) -> None:
            if yes:
                self.to_setup()

        self.app.push_screen(ConfirmScreen("Leave this duel?", detail), answered)

    def to_setup(self) -> None:
        """Back to the set-up screen above the title, proposing the same players and rules."""
        game = self.game
        note = ""
        if game is not None and not game.over:
            note = f"You left the duel at turn {game.turn + 1}; `l` opens it again (autosave)."
        self.game = None
        self.holder = self.save_path = self.resumed = None
        while len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.app.refresh_bindings()
        self.show_setup(note)

    def save(self) -> None:
        """Ctrl+S: the decisions, private marks and players (see `cold_war_tui.duel.saves`)."""
        if self.game is None:
            return
        try:
            path = self.saves.save(self.game, self.save_path, self.computer)
        except SaveProblem as exc:
            self.app.notify(f"Could not save: {exc}", title="Not saved", severity="error")
            return
        self.save_path = path
        note = ""
        screen = self.app.screen
        if isinstance(screen, MoveScreen) and screen.answer is None and screen.building():
            note = " (the request being built is not saved until it is sent)"
        self.app.notify(f"Saved to {path}{note}", title="Saved")

    def submit(self, choice: Choice) -> tuple[Answer | None, str | None]:
        """Apply a choice, or report why the rules refuse it; then write the autosave."""
        assert self.game is not None
        try:
            answer = self.game.apply(choice)
        except DuelError as exc:
            return None, str(exc)
        try:
            self.saves.autosave(self.game, self.computer)
        except SaveProblem as exc:
            self.app.notify(f"Autosave failed: {exc}", title="Not saved", severity="error")
        return answer, None

    def bot(self, player: Player) -> DuelBot:
        """The computer player of `player`, kept for the duel (its belief grows move by move)."""
        if player not in self.bots:
            self.bots[player] = make_duel_bot(self.computer[player], random.randrange(1 << 62))
        return self.bots[player]

    def next_decision(self, _: object = None) -> None:
        """Open the screen for the pending decision: the computer's turn, or a human's
        behind a hand-over when the terminal passes from one human to the other."""
        game = self.game
        if game is None:
            return  # the players left the duel meanwhile
        pending = game.pending
        if pending is None:
            self.holder = None
            self.app.push_screen(DuelEndScreen(game), lambda _: self.leave())
            return
        player = pending.player
        if player in self.computer:
            self.app.push_screen(self.computer_turn(game, player), self.next_decision)
            return
        shared = len(self.humans) > 1 and game.settings.hand_over_screen
        if player != self.holder and shared:
            self.holder = player
            note = f"DEFCON {game.defcon}." if pending.kind is not Kind.PLACE else "Set-up."
            if self.resumed is not None:
                note = f"Loaded {self.resumed}. {note}"
                self.resumed = None
            self.app.push_screen(hand_over_screen(player, note), lambda _: self.open_decision())
            return
        if self.resumed is not None:
            self.app.notify(f"Loaded {self.resumed}.", title="Duel")
        self.holder = player
        self.resumed = None
        self.open_decision()

    def computer_turn(self, game: DuelGame, player: Player) -> ComputerTurnScreen:
        watcher = self.humans[0] if self.humans else "A"
        bot = self.bot(player)
        return ComputerTurnScreen(
            player,
            self.computer[player],
            watcher,
            game.view,
            lambda: bot.choose(game, player),
            self.submit,
            self.pause,
        )

    def open_decision(self) -> None:
        """Push the screen for the pending decision's kind."""
        game = self.game
        assert game is not None and game.pending is not None
        player, kind = game.pending.player, game.pending.kind

        def view() -> PlayerView:
            assert self.game is not None
            return self.game.view(player)

        screen: Screen[None]
        if kind is Kind.PLACE:
            screen = PlacementScreen(player, game.settings, self.submit)
        elif kind is Kind.FINISH:
            screen = FinishScreen(player, view, self.submit)
        else:
            screen = MoveScreen(player, view, self.submit, lambda c, m: game.set_mark(player, c, m))
        self.app.push_screen(screen, self.next_decision)
