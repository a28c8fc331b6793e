"""Hints on the game screen: `h` asks the computer what it would play in the player's
place (`bots.analyse`, the strong search: its choice and the best others it weighed,
with their scores).

The computer reads only what the player at the terminal may know (its bots' rule: a
fork of the game, determinized for that player). It thinks in a Textual thread worker,
as the computer's own moves do (screens/computer.py), so every key keeps working;
Escape cancels it. A hint given is recorded: the save keeps it and the log says it.

`h` is also a letter of type-to-find ("hungary"): it asks for a hint only when nothing is
being typed, and only once HINT_DELAY seconds have passed without another letter: a
letter typed sooner is read after the `h` ("hu" finds Hungary). `H` always types.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from cold_war_tui.tui.players import ComputerSettings, bot_seed
from cold_war_tui.tui.screens.computer import Abandoned, think_in_background
from cold_war_tui.tui.session import Session
from cold_war_tui.tui.tracks import BAD, DIM, side_text
from cold_war_tui.tui.widgets.type_to_find import TypeToFind

if TYPE_CHECKING:
    from textual.timer import Timer
    from textual.worker import Worker

    from cold_war_tui.bots import Analysis
    from cold_war_tui.engine import Decision, Game

WIN_SCORE = 500.0  # a score beyond this is a won (or lost) game: bots/evaluate.py's WIN
LEVEL = "strong"  # the search `bots.analyse` runs
TOP = 3
HINT_DELAY = 0.5
"""Seconds the `h` key waits for another letter (a name being typed) before it asks."""


@dataclass(slots=True)
class HintJob:
    """A hint being worked on: for whom, and at which position."""

    side: str
    level: str
    game: Game
    made: int
    worker: Worker[None] | None = None


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One line of a hint: a choice's label, its score, and whether it is the choice."""

    label: str
    score: float
    picked: bool


def suggestions(analysis: Analysis, pending: Decision, top: int = TOP) -> list[Suggestion]:
    """The computer's choice first, then the best others it weighed, at most `top`."""
    labels = {c.move: c.label for c in pending.choices}
    scores = dict(analysis.scores)
    order = [analysis.choice, *(m for m, _ in analysis.scores if m != analysis.choice)]
    return [
        Suggestion(labels[m], scores.get(m, math.nan), m == analysis.choice)
        for m in order[:top]
        if m in labels
    ]


def hint_lines(side: str, level: str, hints: list[Suggestion]) -> Text:
    """The hint as the decision panel shows it: the computer's choice first, each with
    its score (the position after it for the player, in VP-like units)."""
    text = Text("Hint: ", "bold")
    text.append(f"the computer ({level}) would play, for the ")
    text.append_text(side_text(side))
    text.append(":")
    for hint in hints:
        text.append(f"\n{score_words(hint.score):>6} ", DIM)
        text.append(hint.label, "bold" if hint.picked else "")
    text.append("\n(score: the position after it, for you)", DIM)
    return text


def score_words(score: float) -> str:
    if math.isnan(score):
        return "(not scored)"
    if abs(score) >= WIN_SCORE:
        return "wins" if score > 0 else "loses"
    return f"{score:+.1f}"


class HintActions:
    """Mixin of the game screen: the `h` key, its worker, Escape (see the module docstring).

    The screen provides `session`, `computer`, `mine()`, `show_hint(text)`, and the
    Textual parts (`run_worker`, `focused`, `refresh_bindings`, `app`)."""

    session: Session
    computer: ComputerSettings
    hint_job: HintJob | None
    hint_armed: Timer | None  # the `h` key waits for another letter

    def init_hints(self) -> None:
        self.hint_job = None
        self.hint_armed = None

    # -- what the screen provides ----------------------------------------------------
    def mine(self) -> Decision | None:
        raise NotImplementedError

    def show_hint(self, text: Text) -> None:
        raise NotImplementedError

    # -- keys -------------------------------------------------------------------------
    def hint_check(self, action: str) -> bool | None:
        """`check_action` for the hint's keys: hidden when the game has no hints; `h`
        greyed out (and a letter for type-to-find) while it cannot ask now."""
        if not self.session.hints:
            return False
        if action == "cancel_hint":
            return self.hint_job is not None or self.hint_armed is not None
        if self.hint_job is not None or self.hint_armed is not None or self.mine() is None:
            return None
        focused = self.focused  # type: ignore[attr-defined]
        if isinstance(focused, TypeToFind) and focused.typed:
            return None  # "sh..." finds a name: `h` is a letter there
        return True

    def action_hint(self) -> None:
        """`h`: a hint, unless another letter follows at once (a name being typed)."""
        self.hint_armed = self.set_timer(HINT_DELAY, self.hint_key_held)  # type: ignore[attr-defined]

    def hint_key_held(self) -> None:
        self.hint_armed = None
        self.ask_hint()

    def ask_hint(self) -> None:
        """Ask the computer's search (`bots.analyse`) what it would play for the player at the
        terminal (in a worker)."""
        pending = self.mine()
        if not self.session.hints or pending is None or self.hint_job is not None:
            return
        game = self.session.game
        side, made = pending.player, len(game.choices)
        job = HintJob(side, LEVEL, game, made)
        fork = game.fork()  # the computer works on its own copy
        settings, seed = self.computer, bot_seed(game.options.seed, side, made)

        def think() -> list[Suggestion]:
            from cold_war_tui.bots import analyse

            found = analyse(
                fork, side, seed=seed, think=settings.think, iterations=settings.iterations
            )
            return suggestions(found, pending)

        def work() -> None:
            try:
                hints = think_in_background(think)
            except Abandoned:
                return
            except Exception as err:  # shown, never raised: a hint is a comfort
                self.app.call_from_thread(self.hint_failed, job, err)  # type: ignore[attr-defined]
                return
            self.app.call_from_thread(self.hint_ready, job, hints)  # type: ignore[attr-defined]

        self.hint_job = job
        job.worker = self.run_worker(  # type: ignore[attr-defined]
            work, name="hint", group="hint", thread=True, exclusive=True, exit_on_error=False
        )
        thinking = Text("The computer is thinking about your move... ", "bold")
        thinking.append("(Escape cancels; keys keep working)", DIM)
        self.show_hint(thinking)
        self.refresh_bindings()  # type: ignore[attr-defined]

    def action_cancel_hint(self) -> None:
        if self.hint_job is not None or self.hint_armed is not None:
            self.cancel_hint()
            self.show_hint(Text("The hint was cancelled.", DIM))

    def cancel_hint(self) -> None:
        armed, self.hint_armed = self.hint_armed, None
        if armed is not None:
            armed.stop()
        job, self.hint_job = self.hint_job, None
        if job is None:
            return
        if job.worker is not None:
            job.worker.cancel()
        self.refresh_bindings()  # type: ignore[attr-defined]

    # -- the answer ----------------------------------------------------------------------
    def is_current_hint(self, job: HintJob) -> bool:
        game = self.session.game
        return self.hint_job is job and job.game is game and len(game.choices) == job.made

    def hint_ready(self, job: HintJob, hints: list[Suggestion]) -> None:
        if not self.is_current_hint(job):
            return  # cancelled, or the game moved on
        self.hint_job = None
        self.session.record_hint(job.side, job.level)
        self.show_hint(hint_lines(job.side, job.level, hints))
        self.refresh_bindings()  # type: ignore[attr-defined]

    def hint_failed(self, job: HintJob, err: Exception) -> None:
        if self.is_current_hint(job):
            self.hint_job = None
            self.show_hint(Text(f"No hint: {type(err).__name__}: {err}", BAD))
            self.refresh_bindings()  # type: ignore[attr-defined]

    def typed_during_hint(self, text: str) -> None:
        """A letter typed just after `h`: a name was being typed ("hu..."): no hint, and
        the `h` goes before the letters."""
        focused = self.focused  # type: ignore[attr-defined]
        if self.hint_armed is None or not text or not isinstance(focused, TypeToFind):
            return
        self.cancel_hint()
        focused.typed = "h" + focused.typed
        focused.typing_changed()
