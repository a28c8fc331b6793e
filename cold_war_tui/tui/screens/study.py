"""Study a game: walk a play-site log round by round, or a save decision by decision, on
the board, and ask the computer what it thinks.

The board is drawn as in play by the game screen's pieces (tracks, map, regions,
effects), seen by a spectator: no hand is shown but the cards the record itself
reveals (a log's known hand of the side to move, the cards played). The log panel
holds what happened at the step. `a` asks the computer about the step's decision,
`r` reviews the whole game; both think in worker threads, so the keys keep working,
and Escape stops them (a stopped analysis leaves nothing behind).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, VerticalScroll
from textual.screen import Screen
from textual.widgets import ProgressBar, RichLog, Static
from textual.worker import Worker, get_current_worker

from cold_war_tui.tui.map_render import Corner, build_layout, move_markers
from cold_war_tui.tui.render import card_name, effects_line, region_table
from cold_war_tui.tui.screens.computer import Abandoned, think_in_background
from cold_war_tui.tui.screens.game import COMPACT_HEIGHT, COMPACT_WIDTH, REGIONS_TITLE
from cold_war_tui.tui.tracks import BAD, DIM, side_text, track_lines
from cold_war_tui.tui.verdict import (
    StudyBudget,
    Verdict,
    judge,
    not_weighed,
    verdict_lines,
)
from cold_war_tui.tui.widgets.footer import QuietFooter
from cold_war_tui.tui.widgets.map_view import MapView

if TYPE_CHECKING:
    from cold_war_tui.engine import Game
    from cold_war_tui.tui.study import Study

SEED_BASE = 1000
"""The analysis of step N uses seed SEED_BASE + N: asking again gives the same answer."""
MAP_LEGEND = "marks: this step's moves (+ infl x coup r realign - remove)"


class StudyMap(MapView, can_focus=False):
    """The map as a picture: no cursor and no keys (the arrows walk the game)."""


class StudyScreen(Screen[None]):
    """One game being studied (see the module docstring)."""

    DEFAULT_CSS = """
    StudyScreen { layout: vertical; }
    StudyScreen #tracks { height: auto; padding: 0 1; background: $panel; }
    /* map above the log on the left, the step and the computer on the right */
    StudyScreen #body {
        height: 1fr; layout: grid; grid-size: 2 2; grid-columns: 82 1fr; grid-rows: 29 1fr;
    }
    StudyScreen #map {
        height: 100%; overflow-x: hidden; overflow-y: auto; scrollbar-size-vertical: 1;
        border-top: solid $primary-darken-2; border-title-color: $text-muted;
    }
    StudyScreen #log {
        height: 1fr; min-height: 3; background: $panel; scrollbar-size-vertical: 1;
        border-top: solid $primary-darken-2; border-title-color: $text-muted;
    }
    StudyScreen #log:focus { border-top: heavy $accent; border-title-color: $accent; }
    StudyScreen #right {
        row-span: 2; height: 100%; border-left: solid $primary-darken-2;
        scrollbar-size-vertical: 1;
    }
    StudyScreen #right > Static { height: auto; padding: 0 1; }
    StudyScreen #source { color: $text-muted; }
    StudyScreen #where { background: $boost; text-style: bold; }
    StudyScreen #analysis { margin-top: 1; }
    StudyScreen #message { color: $text-muted; }
    StudyScreen #progress { height: 1; padding: 0 1; display: none; }
    StudyScreen #progress.running { display: block; }
    StudyScreen #progress Bar { width: 1fr; }

    /* 80x24: the map across the top, the step beside the log below it */
    StudyScreen.compact #body { grid-columns: 1fr 1fr; grid-rows: 1fr 12; }
    StudyScreen.compact #map { column-span: 2; }
    StudyScreen.compact #right { row-span: 1; border-left: none; }
    StudyScreen.compact #log { border-left: solid $primary-darken-2; }
    StudyScreen.compact #source { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Next", priority=True),
        Binding("left", "step(-1)", "Prev", priority=True),
        Binding("home", "first", "First", show=False, priority=True),
        Binding("end", "last", "Last", show=False, priority=True),
        Binding("right_square_bracket", "top_step(1)", "Next round", show=False),
        Binding("left_square_bracket", "top_step(-1)", "Previous round", show=False),
        Binding("g", "go_to_turn", "Turn"),
        Binding("a", "analyse", "Ask computer"),
        Binding("r", "review", "Review"),
        Binding("v", "costly", "Costly moves"),
        Binding("f3", "whole_log", "Log"),
        Binding("f4", "table", "Piles", show=False),
        Binding("f1", "rules", "Rules", show=False),
        Binding("pageup", "scroll_map(-1)", "Map up", show=False),
        Binding("pagedown", "scroll_map(1)", "Map down", show=False),
        Binding("escape", "stop", "Stop"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, study: Study, budget: StudyBudget | None = None) -> None:
        super().__init__()
        self.study = study
        self.budget = budget or StudyBudget()
        self.index = 0
        self.game: Game = study.position(0)
        self.civil_war = self.game.state.ccw_active
        self.map_layout = build_layout(self.game.data, civil_war=self.civil_war)
        self.compact = False
        # the computer's verdicts: asked for with `a`, and those of a review (a shorter think)
        self.asked: dict[int, Verdict] = {}
        self.reviewed: dict[int, Verdict] = {}
        self.failed: dict[int, str] = {}
        self.analysing: int | None = None
        self.analysis_worker: Worker[None] | None = None
        self.review_worker: Worker[None] | None = None
        self.review_total = 0

    # -- layout ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="tracks")
        with Container(id="body"):  # a grid: the map, the step (right), the log
            yield StudyMap(self.map_layout, id="map")
            with VerticalScroll(id="right"):
                yield Static(id="source")
                yield Static(id="where")
                yield Static(id="played")
                yield Static(id="revealed")
                yield Static(id="effects")
                yield Static(id="analysis")
                yield Static(id="message")
                yield ProgressBar(id="progress", show_eta=True)
            yield RichLog(id="log", wrap=True, markup=False, highlight=False, min_width=20)
        yield QuietFooter()

    def on_mount(self) -> None:
        self.query_one("#map", StudyMap).border_title = f"Map  {MAP_LEGEND}"
        source = f"Studying {self.study.name}, {self.study.description}"
        self.query_one("#source", Static).update(Text(source))
        self.query_one("#log", RichLog).focus()
        self.show_step()

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < COMPACT_WIDTH or event.size.height < COMPACT_HEIGHT
        if compact != self.compact:
            self.compact = compact
            self.set_class(compact, "compact")
        self.call_after_refresh(self.show_step)  # the tracks and the log follow the width

    # -- walking the game -------------------------------------------------------------
    def go(self, index: int) -> None:
        index = max(0, min(index, len(self.study.steps) - 1))
        if index == self.index:
            return
        self.index = index
        self.game = self.study.position(index)
        self.show_step()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_top_step(self, delta: int) -> None:
        """] and [: the next (previous) action round, or in a save the next top decision
        (an action round or a headline), past the decisions inside a round."""
        steps = self.study.steps
        ahead = steps[self.index + 1 :] if delta > 0 else reversed(steps[: self.index])
        found = next((s.index for s in ahead if s.top), None)
        if found is not None:
            self.go(found)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(len(self.study.steps) - 1)

    def action_go_to_turn(self) -> None:
        from cold_war_tui.tui.screens.dialogs import PromptScreen

        first, last = self.study.turns

        def chosen(text: str | None) -> None:
            if not text or not text.strip():
                return
            try:
                turn = int(text.strip())
            except ValueError:
                self.say(f"Give a turn's number, not {text.strip()!r}.", BAD)
                return
            index = self.study.first_of_turn(turn)
            if index is None:
                self.say(f"This game has no turn {turn}: its turns are {first} to {last}.", BAD)
                return
            self.go(index)

        now = self.study.steps[self.index].turn
        help_text = f"Now at turn {now}. Enter goes, Escape stays."
        self.app.push_screen(
            PromptScreen(f"Go to turn ({first} to {last}):", "", help_text), chosen
        )

    def action_scroll_map(self, pages: int) -> None:
        view = self.query_one("#map", StudyMap)
        view.scroll_to(y=view.scroll_y + pages * max(1, view.size.height - 1), animate=False)

    # -- drawing ----------------------------------------------------------------------
    def show_step(self) -> None:
        """Draw the board, the record and the computer's verdict of the current step."""
        study, index, game = self.study, self.index, self.game
        step = study.steps[index]
        state = game.state
        width = self.size.width
        tracks = track_lines(
            state, game, width=max(40, width - 2), hands=self.study.shows_hand_sizes
        )
        self.query_one("#tracks", Static).update(Text("\n").join(tracks))
        if state.ccw_active != self.civil_war:
            self.civil_war = state.ccw_active
            self.map_layout = build_layout(game.data, civil_war=self.civil_war)
        markers = move_markers(step.played)
        regions = Corner(REGIONS_TITLE, tuple(region_table(game.data, game.region_scores())))
        view = self.query_one("#map", StudyMap)
        control, closed = game.control(), game.closed_regions()
        view.show(self.map_layout, state.influence, control, closed, markers, regions)
        view.set_acted(next(iter(markers), None))  # scrolled into view, highlighted
        self.show_record()
        self.query_one("#effects", Static).update(effects_line(state, game.data))
        self.show_analysis()
        self.query_one("#right", VerticalScroll).scroll_home(animate=False)

    def show_record(self) -> None:
        study, index = self.study, self.index
        step = study.steps[index]
        where = Text(step.title)
        where.append(f"  ({index + 1} of {len(study.steps)})", DIM)
        if step.prompt:
            where.append("\n")
            where.append(step.prompt, "not bold")
        self.query_one("#where", Static).update(where)
        played = study.played_labels(index)
        self.query_one("#played", Static).update(
            Text("\n").join([Text("Played: ", "bold") + label for label in played])
            if played
            else ""
        )
        revealed = Text()
        for whose, cards in study.revealed(index):
            if revealed:
                revealed.append("\n")
            revealed.append(f"{whose}: ", "bold")
            names = ", ".join(card_name(self.game.data, c) for c in cards)
            revealed.append(names or "no card the log shows", "" if names else DIM)
        self.query_one("#revealed", Static).update(revealed)
        log = self.query_one("#log", RichLog)
        log.border_title = f"What happened: {step.title}"
        log.clear()
        lines = study.happened(index)
        if lines:
            log.write(Text("\n").join(lines), scroll_end=False)
        else:
            log.write(Text("(nothing logged at this decision)", DIM), scroll_end=False)
        log.scroll_home(animate=False)

    def show_analysis(self) -> None:
        """The computer's panel: thinking, its verdict, why it could not judge, or a hint."""
        self.query_one("#analysis", Static).update(self.analysis_text())
        self.refresh_bindings()

    def analysis_text(self) -> Text:
        index = self.index
        step = self.study.steps[index]
        verdict = self.asked.get(index) or self.reviewed.get(index)
        if self.analysing == index:
            text = Text()
            text.append("The computer is thinking", "bold")
            text.append(f" ({self.budget.describe()})…")
            text.append("\nEscape stops it; the arrows still walk the game.", DIM)
            return text
        lines = []
        if self.analysing is not None:  # asked about another step
            elsewhere = self.study.steps[self.analysing].title
            lines.append(Text(f"(The computer is thinking about {elsewhere}.)", DIM))
        if verdict is not None:
            lines += verdict_lines(verdict)
        elif index in self.failed:
            lines.append(Text(f"The computer could not judge this: {self.failed[index]}", BAD))
        elif step.player is None:
            lines.append(Text("Nobody decides here.", DIM))
        else:
            hint = Text("a: ask the computer about the ", DIM)
            hint.append_text(side_text(step.player))
            hint.append("'s decision; r: review the whole game", DIM)
            lines.append(hint)
        return Text("\n").join(lines)

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style))

    # -- asking the computer ------------------------------------------------------------
    def action_analyse(self) -> None:
        """a: the computer's opinion of this step's decision (in a thread)."""
        index = self.index
        if self.study.steps[index].player is None:
            self.say("Nobody decides here: nothing to ask.", BAD)
            return
        if self.analysing == index or index in self.asked:
            return
        self.analysing = index
        self.failed.pop(index, None)
        self.say("")
        self.analysis_worker = self.analyse(index)
        self.show_analysis()

    @work(thread=True, exclusive=True, group="analyse", exit_on_error=False)
    def analyse(self, index: int) -> None:
        worker = get_current_worker()
        try:
            verdict = think_in_background(partial(self.judged, index, self.budget))
        except Abandoned:  # stopped: the search finishes on its own, unheard
            return
        except Exception as err:  # a bug of the search must not take the screen down
            if not worker.is_cancelled:
                self.app.call_from_thread(self.analysis_failed, index, str(err))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.analysed, index, verdict)

    def judged(self, index: int, budget: StudyBudget) -> Verdict | None:
        """The verdict of step `index` (runs on a thread of its own, on a new game, so a
        stopped worker never waits for it: `computer.think_in_background`)."""
        step = self.study.steps[index]
        game = self.study.position(index)
        played = step.played[0] if step.played else None
        return judge(game, played, seed=SEED_BASE + index, budget=budget)

    def analysed(self, index: int, verdict: Verdict | None) -> None:
        self.analysing = None
        self.analysis_worker = None
        if verdict is not None:
            self.asked[index] = verdict
        self.show_analysis()
        if index == self.index:  # in a small terminal the verdict may be below the fold
            right = self.query_one("#right", VerticalScroll)
            analysis = self.query_one("#analysis")  # once laid out with the verdict's lines
            self.call_after_refresh(right.scroll_to_widget, analysis, top=True, animate=False)

    def analysis_failed(self, index: int, reason: str) -> None:
        self.analysing = None
        self.analysis_worker = None
        self.failed[index] = reason
        self.show_analysis()

    # -- reviewing the whole game -------------------------------------------------------
    def action_review(self) -> None:
        """r: the computer's verdict on every action round (a save: every top decision),
        then each side's most costly moves."""
        if self.review_worker is not None:
            return
        todo = [s.index for s in self.study.steps if s.top and s.index not in self.reviewed]
        if not todo:
            self.review_done(stopped=False)
            return
        self.review_total = len(todo)
        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=len(todo), progress=0)
        bar.add_class("running")
        budget = self.budget.for_review()
        self.say(f"Reviewing {len(todo)} moves ({budget.describe()} each); Escape stops.")
        self.review_worker = self.review(todo, budget)
        self.refresh_bindings()

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def review(self, todo: list[int], budget: StudyBudget) -> None:
        worker = get_current_worker()
        for index in todo:
            if worker.is_cancelled:
                return
            try:
                verdict = think_in_background(partial(self.judged, index, budget))
            except Abandoned:
                return
            except Exception:  # the review goes on; that move is left out
                verdict = None
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self.reviewed_one, index, verdict)
        self.app.call_from_thread(self.review_done, False)

    def reviewed_one(self, index: int, verdict: Verdict | None) -> None:
        if verdict is not None:
            self.reviewed[index] = verdict
        bar = self.query_one("#progress", ProgressBar)
        bar.advance(1)
        self.say(
            f"Reviewing: {int(bar.progress)} of {self.review_total} moves"
            f" ({self.budget.for_review().describe()} each); Escape stops."
        )
        if index == self.index:
            self.show_analysis()

    def review_done(self, stopped: bool) -> None:
        self.review_worker = None
        self.query_one("#progress", ProgressBar).remove_class("running")
        count = len(self.reviewed)
        total = sum(1 for s in self.study.steps if s.top)
        message = f"Reviewed {count} of {total} moves"
        message += " (stopped: r goes on)." if stopped else "."
        odd = not_weighed(self.reviewed)
        if odd:
            message += f" {odd} played move{'s' if odd > 1 else ''} could not be weighed."
        self.say(message + (" v: the most costly moves." if count else ""))
        self.refresh_bindings()
        if not stopped and self.app.screen is self:
            self.action_costly()

    def action_costly(self) -> None:
        """v: each side's most costly moves of the review; Enter on one goes there."""
        from cold_war_tui.tui.screens.review import ReviewScreen

        if not self.reviewed:
            self.say("Nothing reviewed yet: r reviews the game.", BAD)
            return
        total = sum(1 for s in self.study.steps if s.top)
        heading = (
            f"The review of {self.study.name}: {len(self.reviewed)} of {total} moves, "
            f"the computer thinking {self.budget.for_review().describe()} on each. "
            "The cost is its best move's score minus the played move's."
        )

        def chosen(index: int | None) -> None:
            if index is not None:
                self.go(index)

        self.app.push_screen(ReviewScreen(self.study.steps, self.reviewed, heading), chosen)

    # -- stopping, leaving ------------------------------------------------------------
    def busy(self) -> bool:
        return self.analysis_worker is not None or self.review_worker is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop":
            return self.busy()
        if action == "back":
            return not self.busy()
        if action == "analyse":
            return True if self.study.steps[self.index].player is not None else None
        if action == "review":
            return None if self.review_worker is not None else True
        if action == "costly":
            return bool(self.reviewed)  # shown once there is a review to show
        return True

    def action_stop(self) -> None:
        """Escape while the computer thinks: stop the analysis, and the review."""
        if self.analysis_worker is not None:
            self.analysis_worker.cancel()
            self.analysis_worker = None
            self.analysing = None
            self.say("The analysis was stopped.")
        if self.review_worker is not None:
            self.review_worker.cancel()
            self.review_done(stopped=True)
        self.show_analysis()

    def action_back(self) -> None:
        self.dismiss(None)

    # -- other views ------------------------------------------------------------------
    def action_whole_log(self) -> None:
        """F3: the whole record, opened at this step."""
        from cold_war_tui.tui.screens.log_view import LogScreen

        study = self.study
        self.app.push_screen(LogScreen(study.whole_log(), study.log_index(self.index)))

    def action_table(self) -> None:
        """F4: the piles, the effects and the space race of this position."""
        from cold_war_tui.tui.screens.table import TableScreen

        game = self.game
        self.app.push_screen(TableScreen(game.data, game.state, game.region_scores()))

    def action_rules(self) -> None:
        from cold_war_tui.tui.app import ColdWarApp

        if isinstance(self.app, ColdWarApp):
            self.app.open_rules()
