"""The computer's decisions on the game screen: think in a worker, show each move.

A computer's `bot.choose` runs in a Textual thread worker, on a fork of the game:
the bot never holds the session's game, and the screen does not change that game
while it thinks (the human has no decision then, and undo is refused; Load and New
game open a new game screen, which leaves this one and its worker behind). Its answer
is used only if the game is still the one it was asked about.

The worker itself starts the bot on a daemon thread and waits for it, checking for
cancellation: leaving the screen or quitting (Ctrl+Q) cancels the worker at once,
and a bot still thinking is abandoned instead of holding the app open.

Each move is applied, logged and its country highlighted on the map; the next one
waits until `ComputerSettings.pause` seconds have passed since it, so a person can
follow the moves one by one. `p` pauses and resumes the computer.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from textual.worker import Worker, WorkerState, get_current_worker

from cold_war_tui.engine import Decision, Game, IllegalChoice
from cold_war_tui.tui.players import ComputerSettings
from cold_war_tui.tui.session import EngineFailure, Session
from cold_war_tui.tui.tracks import BAD

if TYPE_CHECKING:
    from textual.timer import Timer

POLL = 0.05  # seconds between two looks at the worker's cancellation
T = TypeVar("T")


class Abandoned(Exception):
    """The worker was cancelled while the bot was thinking: its answer is not wanted."""


def think_in_background(work: Callable[[], T]) -> T:
    """Run `work` on a daemon thread and wait for it inside a thread worker; Abandoned as
    soon as the worker is cancelled (the thread then finishes on its own, unheard)."""
    worker = get_current_worker()
    answer: list[T] = []
    failure: list[BaseException] = []
    done = threading.Event()

    def run() -> None:
        try:
            answer.append(work())
        except BaseException as err:  # handed to the worker below
            failure.append(err)
        finally:
            done.set()

    threading.Thread(target=run, name="computer-player", daemon=True).start()
    while not done.wait(POLL):
        if worker.is_cancelled:
            raise Abandoned
    if failure:
        raise failure[0]
    return answer[0]


@dataclass(slots=True)
class Thinking:
    """A computer's decision being worked on: for which game and position, and its answer."""

    side: str
    game: Game
    made: int  # the choices made when it was asked
    worker: Worker[str]
    choice: str | None = None


class ComputerMoves:
    """Mixin of the game screen: the computer's turns (see the module docstring).

    The screen provides `session`, `after_change()`, `say()`, `show_computer_state()`
    and `show_acted(choice)`; Textual gives `run_worker`, `set_timer`, `is_active`.
    """

    session: Session
    computer: ComputerSettings
    thinking: Thinking | None
    paused: bool
    last_move_at: float
    wake: Timer | None

    def init_computer(self, settings: ComputerSettings) -> None:
        self.computer = settings
        self.thinking = None
        self.paused = False
        self.last_move_at = 0.0
        self.wake = None

    # -- what the screen provides ----------------------------------------------------
    def after_change(self) -> None:
        raise NotImplementedError

    def say(self, message: str, style: str = "") -> None:
        raise NotImplementedError

    def show_computer_state(self) -> None:
        """Redraw what says the computer is thinking, or paused."""
        raise NotImplementedError

    def show_acted(self, choice: str | None) -> None:
        """Highlight the country `choice` names (None, or no country: no highlight)."""
        raise NotImplementedError

    # -- the computer's turns ---------------------------------------------------------
    @property
    def computer_plays(self) -> bool:
        return bool(self.session.players.computer)

    def is_current_position(self, job: Thinking) -> bool:
        game = self.session.game
        return job.game is game and len(game.choices) == job.made

    def computer_turn(self, pending: Decision) -> None:
        """The pending decision is the computer's: think (unless paused or already)."""
        job = self.thinking
        if job is not None and self.is_current_position(job):
            self.play_answer()
            return
        self.thinking = None
        if self.paused:
            return
        game = self.session.game
        side = pending.player
        level = self.session.players.level(side)
        assert level is not None
        settings, seed, made = self.computer, game.options.seed, len(game.choices)
        fork = game.fork()  # the bot reads its own copy: nothing it does can touch ours

        def think() -> str:  # on the bot's thread: making the bot may take time too
            return settings.bot(level, seed, side, made).choose(fork, side)

        worker: Worker[str] = self.run_worker(  # type: ignore[attr-defined]
            lambda: think_in_background(think),
            name=f"computer {side}",
            group="computer",
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )
        self.thinking = Thinking(side, game, made, worker)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        job = self.thinking
        if job is None or event.worker is not job.worker:
            return  # an earlier position's worker, or not ours
        if event.state == WorkerState.SUCCESS:
            job.choice = event.worker.result
            self.play_answer()
        elif event.state == WorkerState.ERROR:
            self.thinking = None
            self.computer_failed(f"{type(event.worker.error).__name__}: {event.worker.error}")

    def play_answer(self) -> None:
        """Apply the computer's answer once its pause is over, the game is not paused and
        the game screen is on top; until then it waits (and is dropped if the game moved)."""
        if self.wake is not None:  # called early (the screen resumed): one timer at a time
            self.wake.stop()
            self.wake = None
        job = self.thinking
        if job is None or job.choice is None:
            return
        if not self.is_current_position(job):
            self.thinking = None
            return
        if self.paused or not self.is_active:  # type: ignore[attr-defined]
            return  # on resume, or when the screen is on top again
        wait = self.last_move_at + self.computer.pause - time.monotonic()
        if wait > 0:
            self.wake = self.set_timer(wait, self.play_answer)  # type: ignore[attr-defined]
            return
        self.thinking = None
        try:
            self.session.choose(job.choice)
        except (IllegalChoice, EngineFailure) as err:
            self.computer_failed(str(err))
            return
        self.last_move_at = time.monotonic()
        self.show_acted(job.choice)
        self.after_change()
        if self.session.autosave_error:
            self.say(self.session.autosave_error, BAD)

    def computer_failed(self, why: str) -> None:
        """A bot's failure stops the computer (paused) and says why; p tries again."""
        self.paused = True
        self.show_computer_state()
        self.say(f"The computer could not move ({why}); p tries again.", BAD)

    def on_screen_resume(self) -> None:
        self.play_answer()  # an answer that came while another screen was on top

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.show_computer_state()
        if not self.paused:
            self.after_change()  # resumes a computer's turn (its answer, or a new think)
