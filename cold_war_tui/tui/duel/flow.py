"""One duel inside the app, from its set-up to its end screen: the one seam to the engine.

The flow pushes the screen of each pending decision, behind the app's hand-over screen
whenever the player changes (I11), applies the choices the screens send back, writes the
duel's autosave after every decision and saves it on Ctrl+S. Leaving (Escape on the set-up,
the end screen) calls `leave`, which takes the app back to its title screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App
from textual.screen import Screen

from cold_war_tui.duel import DuelError, DuelGame, DuelSettings, Kind, Player, opponent
from cold_war_tui.duel.moves import Answer, Choice
from cold_war_tui.duel.view import PlayerView
from cold_war_tui.tui.duel.finish import DuelEndScreen, FinishScreen
from cold_war_tui.tui.duel.move import MoveScreen
from cold_war_tui.tui.duel.placement import PlacementScreen
from cold_war_tui.tui.duel.setup import DuelSetupScreen
from cold_war_tui.tui.duel.store import DuelSaves, LoadedSave
from cold_war_tui.tui.saves import SaveProblem, cannot_load
from cold_war_tui.tui.screens.hand_over import HandOverScreen


def hand_over_screen(player: Player, note: str) -> HandOverScreen:
    """The app's opaque hand-over page, in the duel's words."""
    away = Text(f"Player {opponent(player)} looks away now: the next screen shows ")
    away.append(f"the secret board of player {player}.")
    return HandOverScreen(player, f"player {player}", note, away=away)


class DuelFlow:
    """A hot-seat duel on the app's screen stack.

    Ctrl+S always writes a named save in the saves folder: back to the save the duel came
    from when that is one of them, else to a new file there (never to an autosave, nor
    outside the folder). `settings` are the ones the set-up screen proposes.
    """

    def __init__(
        self,
        app: App[Any],
        saves: DuelSaves,
        leave: Callable[[], None],
        settings: DuelSettings | None = None,
    ) -> None:
        self.app = app
        self.saves = saves
        self.leave = leave
        self.settings = settings if settings is not None else DuelSettings()
        self.game: DuelGame | None = None
        self.holder: Player | None = None  # who had the terminal last
        self.save_path: Path | None = None
        self.resumed: Path | None = None  # a loaded file, named on the first hand-over

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
        self.app.push_screen(DuelSetupScreen(self.settings, self.saves, problem), self.start)

    def start(self, chosen: DuelSettings | LoadedSave | None) -> None:
        """Begin a new duel with the chosen settings, go on with a loaded one, or (None: the
        players went back from the set-up) leave for the title."""
        if chosen is None:
            self.leave()
        elif isinstance(chosen, LoadedSave):
            self.resume(chosen)
        else:
            self.settings = chosen
            self.play(DuelGame(chosen))

    def play(self, game: DuelGame, resumed: Path | None = None) -> None:
        """Go on with `game` (from the file `resumed`, if any): its autosave goes to the
        slot this instance holds (the resumed autosave's own, if no other instance has
        it)."""
        self.saves.claim_autosave(resumed)
        self.game = game
        self.settings = game.settings
        self.app.refresh_bindings()  # Ctrl+S is live from now on
        self.next_decision()

    def resume(self, loaded: LoadedSave) -> None:
        """Go on with a loaded duel: a hand-over first, whoever is to decide."""
        self.resumed = loaded.path
        self.save_path = loaded.path if self.saves.is_named_save(loaded.path) else None
        self.holder = None
        self.play(loaded.game, loaded.path)

    def save(self) -> None:
        """Ctrl+S: the decisions and private marks (see `cold_war_tui.duel.saves`)."""
        if self.game is None:
            return
        try:
            path = self.saves.save(self.game, self.save_path)
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
            self.saves.autosave(self.game)
        except SaveProblem as exc:
            self.app.notify(f"Autosave failed: {exc}", title="Not saved", severity="error")
        return answer, None

    def next_decision(self, _: object = None) -> None:
        """Open the screen for the pending decision, behind a hand-over if the player changes."""
        game = self.game
        assert game is not None
        pending = game.pending
        if pending is None:
            self.holder = None
            self.app.push_screen(DuelEndScreen(game), lambda _: self.leave())
            return
        player = pending.player
        if player != self.holder and game.settings.hand_over_screen:
            self.holder = player
            note = f"DEFCON {game.defcon}." if pending.kind is not Kind.PLACE else "Set-up."
            if self.resumed is not None:
                note = f"Loaded {self.resumed}. {note}"
                self.resumed = None
            self.app.push_screen(hand_over_screen(player, note), lambda _: self.open_decision())
            return
        self.holder = player
        self.resumed = None
        self.open_decision()

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
