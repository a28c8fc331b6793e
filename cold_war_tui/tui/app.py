"""The Textual application: title, new game, the game with hand-overs, rules, load, game
over, and the DEFCON duel.

The title screen comes up at once; the engine and the game data load in a
background thread meanwhile (`ensure_ready` waits for them when a screen
needs them). The duel's screens go above the title (`open_duel`, see
`tui/duel/flow.py`); leaving the duel brings the title back.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import Provider
from textual.driver import Driver
from textual.message import Message
from textual.screen import Screen

from cold_war_tui.tui.players import ComputerSettings, Players
from cold_war_tui.tui.saves import SaveMeta, SaveProblem, SaveStore, cannot_load
from cold_war_tui.tui.screens.title import TitleScreen
from cold_war_tui.tui.screens.too_small import TooSmallScreen, too_small
from cold_war_tui.tui.terminal import EXIT_SIGNALS, exit_status_of, with_real_size
from cold_war_tui.userdata import DATA_DIR_ENV

if TYPE_CHECKING:
    from cold_war_tui.datamodel import GameData
    from cold_war_tui.duel import DuelGame, DuelSettings, Player
    from cold_war_tui.engine import Game
    from cold_war_tui.tui.duel.flow import DuelFlow
    from cold_war_tui.tui.screens.new_game import NewGame
    from cold_war_tui.tui.session import Session
    from cold_war_tui.tui.study import Study
    from cold_war_tui.tui.verdict import StudyBudget


SETTLE_CHECKS = 200
SETTLE_PAUSE = 0.01
"""After SIGTERM or SIGHUP the app waits for screens being put up, at most 2 s."""


def card_lookup() -> type[Provider]:
    """The palette's card search (imported when the palette opens)."""
    from cold_war_tui.tui.commands import CardLookup

    return CardLookup


class ColdWarApp(App[None]):
    """The card game and the duel, hot-seat in one terminal.

    `data_dir` is where saves, the autosave and exported logs go (default: the
    `COLD_WAR_TUI_DATA_DIR` variable, else the platform's user data folder).
    `new_seed` gives the seed the New game screen proposes (random by default).
    `duel=True` opens the duel's set-up above the title at start (or, with `load`,
    that duel save); `cold-war-tui duel` does so.
    `computer` is how the computer plays (think time, iterations, the pause after each
    of its moves: tests set `ComputerSettings(think=0, pause=0)`). `players` (the
    command line's `--us`/`--ussr`) opens New game at start with those players chosen.
    `study` (a log or save `cold-war-tui study` has read) opens on the study screen;
    `study_budget` is how long the computer thinks there (tests give iterations).
    `exit_on_signals` (the command line sets it) makes SIGTERM and SIGHUP leave the app
    as Ctrl+Q does, the terminal restored, with the return code 128 + the signal.
    """

    TITLE = "Cold War TUI"
    CSS_PATH = Path(__file__).parent / "app.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        # The duel's save key: on every duel screen and its hand-over (the card game's
        # screens have their own Ctrl+S, which comes first).
        Binding("ctrl+s", "save_duel", "Save"),
    ]
    COMMANDS = App.COMMANDS | {card_lookup}

    def __init__(
        self,
        load: Path | None = None,
        *,
        data_dir: Path | None = None,
        new_seed: Callable[[], int] | None = None,
        duel: bool = False,
        computer: ComputerSettings | None = None,
        players: Players | None = None,
        study: Study | None = None,
        study_budget: StudyBudget | None = None,
        exit_on_signals: bool = False,
    ) -> None:
        self.exit_on_signals = exit_on_signals
        self._signal_exit: asyncio.Task[None] | None = None
        super().__init__()
        self.start_study = study
        self.study_budget = study_budget
        self.computer = computer or ComputerSettings()
        self.preset_players = players
        self.load_path = load
        self.start_in_duel = duel
        self.duel: DuelFlow | None = None  # the duel in play, if any
        self.store = SaveStore(data_dir)
        self.new_seed = new_seed
        self.data_error: str | None = None
        self.load_failure: Exception | None = None  # why the engine or the data did not load
        self._data: GameData | None = None
        self._loader = threading.Thread(target=self._background_load, daemon=True)

    # -- start-up -------------------------------------------------------------------
    def get_default_screen(self) -> Screen[None]:
        return TitleScreen()

    def get_driver_class(self) -> type[Driver]:
        return with_real_size(super().get_driver_class())

    def on_mount(self) -> None:
        if self.exit_on_signals:
            self._exit_on_signals()
        self.call_after_refresh(self._check_data_folder)
        # read the data once the title is on screen: the first frame is not delayed
        self.call_after_refresh(self._start_loader)
        if self.start_in_duel:
            self.call_after_refresh(self.open_duel, self.load_path)
        elif self.load_path is not None:
            self.call_after_refresh(self.load_file, self.load_path)
        elif self.start_study is not None:
            self.call_after_refresh(self.open_study, self.start_study)
        elif self.preset_players is not None:
            self.call_after_refresh(self.open_new_game)
        self.check_size()

    def _check_data_folder(self) -> None:
        """Say at once, on the title screen, when nothing can be saved in the data folder."""
        problem = self.store.write_problem()
        if problem is not None:
            self.title_note(
                f"Games cannot be saved: {problem}. Set {DATA_DIR_ENV} to a folder you "
                "can write to (the game can still be played).",
                "bold #ff8700",
            )

    def _exit_on_signals(self) -> None:
        """SIGTERM and SIGHUP end the app the way Ctrl+Q does (the terminal is restored;
        the autosave, written after every choice, stays as it is)."""
        loop = asyncio.get_running_loop()
        for signum in EXIT_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, self._exit_by_signal, signum)

    def _exit_by_signal(self, signum: int) -> None:
        if self._signal_exit is None:
            self._signal_exit = asyncio.create_task(self._exit_when_settled(signum))

    async def _exit_when_settled(self, signum: int) -> None:
        """Exit once every screen on the stack has finished mounting: a signal can come
        while one is being put up (Continue, a computer's move), and closing the app
        under it would end in that screen's error instead of the signal's status."""
        for _ in range(SETTLE_CHECKS):
            if all(screen.is_mounted for screen in self.screen_stack):
                break
            await asyncio.sleep(SETTLE_PAUSE)
        self.exit(None, exit_status_of(signum))

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)  # once the app has taken the new size

    def check_size(self) -> None:
        """Below 80x24 the "terminal too small" screen covers everything; it leaves by
        itself when the terminal is large enough again."""
        small = too_small(*self.size)
        covered = isinstance(self.screen, TooSmallScreen)
        if small and not covered:
            self.push_screen(TooSmallScreen())
        elif not small and covered:
            self.pop_screen()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Push a screen; while the terminal is too small it goes under the cover, so the
        cover stays on top (a hand-over or a loaded game opens behind it)."""
        if isinstance(self.screen, TooSmallScreen) and not isinstance(screen, TooSmallScreen):
            self.pop_screen()
            result = super().push_screen(screen, *args, **kwargs)
            super().push_screen(TooSmallScreen())
            return result
        return super().push_screen(screen, *args, **kwargs)

    def _start_loader(self) -> None:
        if self._loader.ident is None:
            self._loader.start()

    def _background_load(self) -> None:
        self.store.remove_stale_temps()  # what killed autosaves left behind
        self._load_engine()
        if self.data_error is not None:
            self.call_from_thread(self.exit, None, 2)
            return
        # replaying the autosaves may take a moment: nothing waits for it
        threading.Thread(target=self._check_autosaves, daemon=True).start()

    class AutosavesChecked(Message):
        """The autosaves were replayed: the title's Continue shows the damaged ones."""

    def _check_autosaves(self) -> None:
        self.store.check_autosaves()
        self.post_message(self.AutosavesChecked())  # thread-safe, and waits for nothing

    def on_cold_war_app_autosaves_checked(self, _: AutosavesChecked) -> None:
        self.refresh_title()

    def refresh_title(self) -> None:
        """The title's menu anew (the autosaves changed, or one was found damaged)."""
        title = self.screen_stack[0]
        if isinstance(title, TitleScreen) and title.is_mounted:
            title.refresh_menu()

    def _load_engine(self) -> None:
        """Import the engine and read the game data (runs in a thread at start-up)."""
        try:
            from cold_war_tui.gamedata import load_default_data

            self._data = load_default_data()
            import cold_war_tui.engine  # noqa: F401  (registers the card events)
        except Exception as err:  # reported by the command line once the app has closed
            self.load_failure = err
            self.data_error = str(err)

    def ensure_ready(self) -> GameData | None:
        """The game data, once loaded (waits for the loader); None when it is broken."""
        self._start_loader()
        if self._loader.is_alive():
            self._loader.join()
        if self.data_error is not None:
            self.exit(None, return_code=2)
            return None
        return self._data

    # -- navigation -----------------------------------------------------------------
    def show_title(self) -> None:
        """Back to the title screen; a duel in play is over for the app."""
        self.duel = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.refresh_bindings()

    def open_duel(
        self,
        load: Path | None = None,
        *,
        game: DuelGame | None = None,
        settings: DuelSettings | None = None,
        computer: Mapping[Player, str] | None = None,
        pause: float | None = None,
    ) -> DuelFlow:
        """The duel above the title: its set-up (proposing `settings` and the `computer`
        players), the save `load`, or `game` at its pending decision, with the computer
        playing the players `computer` names (`pause`: seconds its moves stay on screen).
        Leaving it shows the title again."""
        from cold_war_tui.tui.duel.flow import PAUSE, DuelFlow
        from cold_war_tui.tui.duel.store import DuelSaves

        self.show_title()
        wait = PAUSE if pause is None else pause
        self.duel = DuelFlow(
            self, DuelSaves(self.store), self.show_title, settings, computer, pause=wait
        )
        self.duel.begin(load, game)
        return self.duel

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_duel":
            if self.duel is None:
                return False  # not in a duel: the key is not shown
            return True if self.duel.game is not None else None  # greyed out on the set-up
        return True

    def action_save_duel(self) -> None:
        if self.duel is not None:
            self.duel.save()

    def title_note(self, message: str, style: str = "") -> None:
        title = self.screen_stack[0]
        if isinstance(title, TitleScreen):
            title.show_note(message, style)

    def open_new_game(self) -> None:
        if self.ensure_ready() is None:
            return
        from cold_war_tui.tui.screens.new_game import NewGameScreen

        seed = self.new_seed() if self.new_seed is not None else None
        players = self.preset_players  # the command line's, else who played last time
        if players is None:
            players, _ = Players.from_dict(self.store.last_players())
        self.push_screen(NewGameScreen(seed, players), self._new_game_chosen)

    def _new_game_chosen(self, choice: NewGame | None) -> None:
        if choice is None:
            return
        from cold_war_tui.engine import Game

        game = Game.new(choice.options)
        players = choice.players.to_dict()
        self.store.remember_players(players)
        self.start_game(game, SaveMeta(names=choice.names, players=players, hints=choice.hints))

    def start_game(self, game: Game, meta: SaveMeta, source: Path | None = None) -> None:
        """Open the game screen for a game (new, or loaded from the file `source`), above
        the title screen. Its autosave goes to the slot this instance holds: the one it
        continues unless another running instance has it (then this copy gets its own,
        and a notice says so)."""
        from cold_war_tui.tui.session import Session

        slot = self.store.game_slots.claim(source)
        session = Session(game, self.store, meta)
        if source is not None and self.store.game_slots.number(source) and slot != source:
            session.notice = f"{source} is open in another window: this copy autosaves to {slot}"
        session.autosave()
        if session.autosave_error:  # said when the game opens, not after the first choice
            session.notice = f"{session.autosave_error} {session.notice}".strip()
        self.start_session(session)

    def start_session(self, session: Session) -> None:
        from cold_war_tui.tui.screens.game import GameScreen

        self.show_title()
        self.push_screen(GameScreen(session, self.computer))

    def show_game_over(self, session: Session) -> None:
        from cold_war_tui.tui.screens.game_over import GameOverScreen

        self.push_screen(GameOverScreen(session))

    def load_file(self, path: Path) -> str | None:
        """Open a save; None on success, else the problem (also shown on the title screen).
        A duel's save opens the duel (its set-up says why if it cannot be loaded)."""
        from cold_war_tui.tui.saves import is_duel_file, read_save

        if is_duel_file(path):
            self.open_duel(path)
            return None
        if self.ensure_ready() is None:
            return self.data_error

        try:
            game, meta = read_save(path)
        except SaveProblem as err:
            message = cannot_load(err)
            self.title_note(message, "bold #ff8700")
            if self.store.game_slots.number(path):
                self.store.note_damage(path, str(err))
                self.refresh_title()
            return str(err)
        self.title_note("")
        self.start_game(game, meta, path)
        return None

    def open_load(self) -> None:
        from cold_war_tui.tui.screens.load import LoadScreen

        self.push_screen(LoadScreen(self.store, self.load_file))

    def open_study_picker(self) -> None:
        """Study a game: a save of the data folder, or any log or save by its path."""
        from cold_war_tui.tui.screens.load import STUDY_WORDING, LoadScreen

        self.push_screen(LoadScreen(self.store, self.study_file, STUDY_WORDING))

    def study_file(self, path: Path) -> str | None:
        """Open a log or a save on the study screen; None on success, else the problem."""
        if self.ensure_ready() is None:
            return self.data_error
        from cold_war_tui.tui.study import StudyError, open_study

        try:
            study = open_study(path)
        except StudyError as err:
            return str(err)
        self.open_study(study)
        return None

    def open_study(self, study: Study) -> None:
        """The study screen for a game already read, above the title screen."""
        from cold_war_tui.tui.screens.study import StudyScreen

        if self.ensure_ready() is None:
            return
        self.show_title()
        self.push_screen(StudyScreen(study, self.study_budget))

    def open_rules(self, query: str = "") -> None:
        data = self.ensure_ready()
        if data is None:
            return
        from cold_war_tui.tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(data, query))

    # -- the command palette ---------------------------------------------------------
    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        from cold_war_tui.tui.screens.game import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Save", "Save the game under a name (Ctrl+S)", screen.action_save)
            yield SystemCommand("Load", "Open a saved game (Ctrl+O)", screen.action_load)
            yield SystemCommand("Undo", "Take back your last choice (Ctrl+Z)", screen.action_undo)
            if screen.session.hints:
                yield SystemCommand(
                    "Hint", "What the computer would play in your place (h)", screen.ask_hint
                )
            yield SystemCommand(
                "Rules", "The rules summary and the cards (F1)", screen.action_rules
            )
            yield SystemCommand("Card lookup", "Find a card's text (F2)", screen.action_cards)
            yield SystemCommand(
                "Whole log", "Every log entry of the game (F3)", screen.action_full_log
            )
            yield SystemCommand(
                "Piles and tracks",
                "Discard pile, removed cards, effects, space race, regions (F4)",
                screen.action_table,
            )
            yield SystemCommand(
                "Export log", "Write the log to a text file (Ctrl+E)", screen.action_export
            )
            yield SystemCommand(
                "Export log as…", "Write the log to a file you name", screen.action_export_as
            )
            yield SystemCommand("Title screen", "Leave the game (it is autosaved)", self.show_title)
        else:
            if self.duel is not None and self.duel.game is not None:
                yield SystemCommand("Save the duel", "Save it to a file (Ctrl+S)", self.duel.save)
                yield SystemCommand(
                    "Title screen", "Leave the duel (it is autosaved)", self.show_title
                )
            yield SystemCommand("Rules", "The rules summary and the cards", self.open_rules)
            yield SystemCommand("Load", "Open a saved game", self.open_load)
        yield from super().get_system_commands(screen)
