"""The game screen: map, tracks, hands, log and the decision panel of the pending decision.

The screen shows public facts from the state and private ones only from
`game.view(viewer)`, where `viewer` is the player who pressed Enter on the last
hand-over (None while nobody has: then no hand and no decision are shown).
Whenever the pending decision belongs to another human player, the private panels
are blanked and the opaque hand-over screen is pushed.

Against the computer there is no hand-over: the one human is the viewer all game
long, and the computer's hand is never shown. When the computer plays both sides,
nobody is the viewer: the screen shows what a spectator may see, the public facts
only. The computer's turns are `ComputerMoves`' (screens/computer.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, RichLog, Static

from cold_war_tui.engine import (
    Answer,
    CardPick,
    Choice,
    Decision,
    Game,
    Headline,
    IllegalChoice,
    Move,
    Play,
    Target,
    Un,
    parse_move,
)
from cold_war_tui.tui.history import turn_summary
from cold_war_tui.tui.log_text import dense_lines, log_lines
from cold_war_tui.tui.map_render import (
    ACTED_MARK,
    HEADING_STYLE,
    Corner,
    MapLayout,
    build_layout,
    legend,
    legend_markers,
    target_markers,
)
from cold_war_tui.tui.players import ComputerSettings
from cold_war_tui.tui.render import (
    REGION_COLUMNS,
    Odds,
    card_detail,
    decision_header,
    effects_line,
    hand_lines,
    odds_text,
    opponent_line,
    region_table,
    short_odds,
    summary_lines,
)
from cold_war_tui.tui.screens.computer import ComputerMoves
from cold_war_tui.tui.screens.dialogs import (
    ConfirmScreen,
    LogExportActions,
    PromptScreen,
    TurnOverScreen,
)
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.hints import HintActions
from cold_war_tui.tui.session import EngineFailure, Session
from cold_war_tui.tui.tracks import BAD, DIM, side_text, track_lines
from cold_war_tui.tui.widgets.decision import DecisionMenu, plain
from cold_war_tui.tui.widgets.footer import QuietFooter
from cold_war_tui.tui.widgets.map_view import MapView
from cold_war_tui.tui.widgets.type_to_find import match_rank

if TYPE_CHECKING:
    from cold_war_tui.tui.app import ColdWarApp

COMPACT_WIDTH = 110
COMPACT_HEIGHT = 34
# After a choice the focus goes to the map when every choice is a country there
# (apart from stopping), else to the menu: the same rule every time.
STOP = Answer("done")
REGIONS_TITLE = Text("REGIONS IF SCORED", HEADING_STYLE)
REGIONS_LABELS = Text(f"({REGION_COLUMNS})", HEADING_STYLE)
# The log panel shows the last entries: two long action rounds (a round has 16 entries
# or fewer in 99 % of random games); F3 shows them all.
PANEL_ENTRIES = 50
SPECTATOR = "The computer plays both sides: you see what a spectator sees, no hand."


def country_of(move: Move) -> str | None:
    """The country a move acts on, marked on the map ("coup iran" -> "iran")."""
    return move.country if isinstance(move, Target) else None


def map_decision(pending: Decision) -> bool:
    """Whether the decision is made on the map: every choice names a country (or stops)."""
    moves = [c.move for c in pending.choices]
    return any(isinstance(m, Target) for m in moves) and all(
        m == STOP or isinstance(m, Target) for m in moves
    )


def card_of(move: Move) -> int | None:
    """The card a move names ("play 21 ops", "headline 7", "discard 3", "un 13")."""
    return move.card if isinstance(move, Play | Headline | CardPick | Un) else None


def odds_of(game: Game, pending: Decision, move: Move) -> Odds | None:
    """The engine's odds of the roll a move makes: a coup, a realignment roll, a space
    race attempt; None for any other move."""
    if isinstance(move, Target):
        if move.verb == "coup" and "ops" in pending.context:
            return game.coup_odds(move.country)
        return game.realign_odds(move.country, pending.player) if move.verb == "realign" else None
    if isinstance(move, Play) and move.mode == "space":
        return game.space_odds(pending.player)
    return None


class GameLog(RichLog):
    """The last PANEL_ENTRIES entries of the public log in the panel's dense form
    (`log_text.dense_lines`), scrolled to the end: the latest action rounds in a few
    rows. Written again whenever the log or the panel's width changes."""

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, min_width=20)
        self.session = session
        self.shown: tuple[int, int, int] | None = None  # (game, entries, width) written

    def sync(self) -> None:
        game = self.session.game
        entries = self.session.log_entries()
        width = self.scrollable_content_region.width
        if not width or (id(game), len(entries), width) == self.shown:
            return  # hidden (compact layout), or nothing new
        self.shown = (id(game), len(entries), width)
        start = max(0, len(entries) - PANEL_ENTRIES)
        lines = dense_lines(entries[start:], width)
        if start:
            lines.insert(0, Text(f"{start} earlier entries: F3", DIM))
        self.clear()
        self.write(Text("\n").join(lines), width=width)  # one write: one wrap of all

    def on_resize(self, event: events.Resize) -> None:
        self.sync()


class GameScreen(ComputerMoves, HintActions, LogExportActions, Screen[None]):
    """One game in progress (see the module docstring for what is shown to whom)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "switch_focus", "Map/menu", show=True),
        Binding("shift+tab", "switch_focus", "Map/menu", show=False),
        Binding("ctrl+z", "undo", "Undo"),
        # the same key when undo is greyed out: says why instead of doing nothing
        Binding("ctrl+z", "why_no_undo", "Undo", show=False),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load", "Load"),
        Binding("ctrl+e", "export", "Export log", show=False),  # in the palette too
        Binding("f1", "rules", "Rules"),
        Binding("f2", "cards", "Card lookup", show=False),
        Binding("f3", "full_log", "Log"),
        Binding("f4", "table", "Piles"),
        # only while no human decision is at the terminal: else `p` types in the map/menu
        Binding("p", "pause", "Pause", priority=True),
        # only in a game with hints, at a decision of the player at the terminal, while
        # nothing is being typed (screens/hints.py); Escape only while a hint is worked on
        Binding("h", "hint", "Hint", priority=True),
        Binding("escape", "cancel_hint", "Cancel hint", priority=True),
    ]

    def __init__(self, session: Session, computer: ComputerSettings | None = None) -> None:
        super().__init__()
        self.session = session
        self.init_computer(computer or ComputerSettings())
        self.init_hints()
        humans = session.players.humans
        # against the computer, the one human has the terminal all game long
        self.viewer: str | None = humans[0] if len(humans) == 1 else None
        self.map_layout: MapLayout = build_layout(
            session.game.data, civil_war=session.game.state.ccw_active
        )
        self.civil_war = session.game.state.ccw_active
        self.compact = False
        self.handing_over = False
        self.highlight_card: int | None = None
        # the log each player has seen: the hand-over shows him everything after it
        start = len(session.game.log)
        self.seen = {"US": start, "USSR": start}
        self.hand_lines = -1
        self.public_version: tuple[int, int, str | None, int] | None = None
        self.footer_keys: tuple[bool, bool | None] | None = None
        self.find_text = {"map": "", "menu": ""}
        self.legend_marks: set[str] = set()  # the markers the map's legend explains
        self.return_to: Move | None = None  # after undo: the choice to highlight again
        # the end-of-turn summary: the last turn summed up for each player at the terminal
        # ("" a spectator)
        self.turn_at_start = session.game.state.turn
        self.summarized: dict[str, int] = {}

    @property
    def cw_app(self) -> ColdWarApp:
        from cold_war_tui.tui.app import ColdWarApp

        assert isinstance(self.app, ColdWarApp)
        return self.app

    # -- layout ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="tracks")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield MapView(self.map_layout, id="map")
                yield GameLog(self.session, id="log")
            with Vertical(id="right"):
                with Vertical(id="decision-box"):
                    yield Static(id="prompt")
                    yield DecisionMenu(id="menu")
                    yield Static(id="odds")
                    yield Static(id="message")
                with VerticalScroll(id="hand-box"):
                    yield Static(id="opponent")
                    yield Static(id="hand")
                    yield Static(id="card")
                    yield Static(id="effects")
        yield QuietFooter()

    def on_mount(self) -> None:
        self.mark_focus()
        self.show_acted(self.session.computer_last_move())  # a resumed game keeps its mark
        self.after_change()
        if self.session.players_note:  # a notification: it outlives the next redraw
            self.notify(f"This save's players: {self.session.players_note}.", severity="warning")
        if self.session.notice:
            self.notify(self.session.notice, severity="warning", timeout=10)

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < COMPACT_WIDTH or event.size.height < COMPACT_HEIGHT
        if compact != self.compact:
            self.compact = compact
            self.set_class(compact, "compact")
            # the small hand panel gives the highlighted card's text first (it scrolls)
            box, card = self.query_one("#hand-box"), self.query_one("#card")
            if compact:
                box.move_child(card, before=0)
            else:
                box.move_child(card, after=self.query_one("#hand"))
        self.refresh_public(force=True)
        self.call_after_refresh(self.refresh_hand)  # its names take the new width

    # -- focus you can see -----------------------------------------------------------
    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.mark_focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.mark_focus()

    def mark_focus(self) -> None:
        """The focused panel's title says so ("▶ MAP ◀ keys go here"); the other's is
        plain. The map's title also holds the legend, or the name being typed."""
        map_view = self.query_one("#map", MapView)
        box = self.query_one("#decision-box")
        focused = self.focused
        find_map, find_menu = self.find_text["map"], self.find_text["menu"]
        map_title = "▶ MAP ◀ keys go here" if focused is map_view else "Map (Tab)"
        words = legend(self.legend_marks)
        if map_view.acted is not None:
            name = self.map_layout.countries[map_view.acted].name
            words = f"{ACTED_MARK} the computer's last move: {name}"
        map_view.border_title = f"{map_title}  " + (f"find: {find_map}" if find_map else words)
        menu = self.query_one("#menu", DecisionMenu)
        narrowed = (
            f"  {len(menu.shown)} of {len(menu.decision.choices)}"
            if menu.narrowed and menu.decision is not None
            else ""
        )
        if isinstance(focused, DecisionMenu):
            box.border_title = (
                "▶ MENU ◀ keys go here" + (f"  find: {find_menu}" if find_menu else "") + narrowed
            )
        else:
            box.border_title = "Menu (Tab)" + narrowed

    # -- the flow -------------------------------------------------------------------
    def after_change(self) -> None:
        """Redraw after the game changed; sum up a turn that has just ended; hand over or
        end as the pending decision says."""
        self.refresh_public()
        game = self.session.game
        pending = game.pending
        if pending is not None and self.sum_up_turn():
            return  # goes on once the summary is closed
        if pending is None:
            self.viewer = None
            self.refresh_private()
            self.cw_app.show_game_over(self.session)
            return
        if self.session.players.is_computer(pending.player):
            self.refresh_private()
            self.computer_turn(pending)
            return
        if pending.player != self.viewer:
            self.hand_over(pending)
            return
        self.refresh_private()
        self.focus_for(pending)

    def sum_up_turn(self) -> bool:
        """A turn has ended since the last look: its summary, as the player at the terminal
        may know it (a dialog; True: `after_change` goes on when it is closed), or as a
        spectator may (a notification)."""
        game = self.session.game
        viewer = self.viewer
        turn = game.state.turn - 1
        if turn <= self.summarized.get(viewer or "", self.turn_at_start - 1):
            return False
        self.summarized[viewer or ""] = turn
        summary = turn_summary(game.log, turn, game.state.vp)
        if summary is None:
            return False
        kept: list[int] = []
        known: list[int] = []
        if viewer is not None:
            view = game.view(viewer)
            before = self.session.hand_before_turn_end(viewer)
            kept = [c for c in before if c in view.hand]
            known = view.opponent_known_cards
        lines = summary_lines(summary, game.data, viewer, kept, known)
        if viewer is None:
            self.notify(str(Text("\n").join(lines)), title=f"Turn {turn} is over", timeout=8)
            return False
        self.app.push_screen(TurnOverScreen(turn, lines), lambda _: self.after_change())
        return True

    def hand_over(self, pending: Decision) -> None:
        log = self.session.game.log
        if self.viewer is not None:
            self.seen[self.viewer] = len(log)  # he saw everything up to his last choice
        self.viewer = None
        self.refresh_private()
        self.app.clear_notifications()
        note = ""
        if pending.kind == "headline":
            note = "Headline picks stay secret until both are made, then both are revealed."
        self.handing_over = True
        since = min(self.seen.get(pending.player, 0), len(log))
        recent = log_lines(log[since:], log[since - 1].turn if since else None)
        self.app.push_screen(
            HandOverScreen(pending.player, self.session.side_label(pending.player), note, recent),
            lambda _: self.reveal(pending.player),
        )

    def reveal(self, player: str) -> None:
        """The right player pressed Enter on the hand-over: show his side."""
        self.handing_over = False
        self.viewer = player
        self.seen[player] = len(self.session.game.log)
        self.after_change()

    def focus_for(self, pending: Decision) -> None:
        """The map for a decision made there (`map_decision`), else the menu."""
        map_view = self.query_one("#map", MapView)
        if map_decision(pending) and map_view.display:
            if map_view.cursor not in target_markers(pending.choices):
                first = next(k for c in pending.choices if (k := country_of(c.move)))
                map_view.set_cursor(first)
            map_view.focus()
        else:
            self.query_one("#menu", DecisionMenu).focus()

    # -- drawing --------------------------------------------------------------------
    def refresh_public(self, *, force: bool = False) -> None:
        game = self.session.game
        width = self.size.width
        version = (id(game), len(game.choices), self.viewer, width)
        # (the viewer matters: the map marks only his targets)
        if version == self.public_version and not force:
            return  # nothing public changed (e.g. back from a hand-over)
        self.public_version = version
        state = game.state
        if state.ccw_active != self.civil_war:
            self.civil_war = state.ccw_active
            self.map_layout = build_layout(game.data, civil_war=state.ccw_active)
        tracks = track_lines(state, game, width=max(40, width - 2))
        self.query_one("#tracks", Static).update(Text("\n").join(tracks))
        pending = game.pending
        mine = pending is not None and pending.player == self.viewer
        offered = pending.choices if mine and pending else ()
        markers = target_markers(offered)
        self.legend_marks = legend_markers(offered)
        table = tuple(region_table(game.data, game.region_scores()))
        regions = Corner(REGIONS_TITLE, table, REGIONS_LABELS)
        self.query_one("#map", MapView).show(
            self.map_layout,
            state.influence,
            game.control(),
            game.closed_regions(),
            markers,
            regions,
        )
        self.mark_focus()  # the legend names the markers now on the map
        self.query_one("#log", GameLog).sync()
        # the footer greys Undo out and shows Pause: redraw it only when they change
        keys = (self.session.undo_block() is None, self.check_action("pause", ()))
        if keys != self.footer_keys:
            self.footer_keys = keys
            self.refresh_bindings()

    def refresh_private(self) -> None:
        game = self.session.game
        viewer = self.viewer
        prompt = self.query_one("#prompt", Static)
        menu = self.query_one("#menu", DecisionMenu)
        hand = self.query_one("#hand", Static)
        opponent = self.query_one("#opponent", Static)
        effects = self.query_one("#effects", Static)
        self.query_one("#card", Static).update("")
        self.query_one("#hand-box", VerticalScroll).scroll_home(animate=False)
        self.say("")
        self.highlight_card = None
        pending = game.pending
        computer = self.computer_prompt()
        if viewer is None:
            waiting = Text("Waiting for the hand-over.", DIM) if pending else ""
            prompt.update(computer or waiting)
            menu.show(None)
            spectator = len(self.session.players.humans) == 0 and pending is not None
            hand.update(Text(SPECTATOR, DIM) if spectator else "")
            opponent.update("")
            effects.update(effects_line(game.state, game.data))
            return
        view = game.view(viewer)
        opponent.update(opponent_line(view, game.data))
        effects.update(effects_line(view, game.data))
        initial = None
        if pending is not None and pending.player == viewer:
            prompt.update(
                decision_header(pending, game.data, self.session.meta.names.get(viewer, ""))
            )
            # keep the map cursor where it is when it is still a target (point by point)
            cursor = self.query_one("#map", MapView).cursor
            here = [c for c in pending.choices if cursor and country_of(c.move) == cursor]
            initial = here[0] if here else pending.choices[0] if pending.choices else None
            again = [c for c in pending.choices if c.move == self.return_to]
            if again:
                initial = again[0]  # after undo: the entry chosen before
                country = country_of(initial.move)
                if country is not None:
                    self.query_one("#map", MapView).set_cursor(country)
            self.return_to = None
            notes = {}
            for choice in pending.choices:
                odds = odds_of(game, pending, choice.move)
                if odds is not None:
                    notes[choice] = short_odds(odds)
            menu.show(pending, initial, notes)
        else:
            prompt.update(computer or "")
            menu.show(None)
        self.refresh_hand()
        if initial is not None:
            self.on_choice_highlighted(initial)

    def refresh_hand(self) -> None:
        game = self.session.game
        viewer = self.viewer
        hand = self.query_one("#hand", Static)
        if viewer is None:
            self.hand_lines = -1
            hand.update("")
            return
        view = game.view(viewer)
        width = hand.content_size.width
        if not width:  # not laid out yet (a game opened at its own decision): once it is
            self.call_after_refresh(self.refresh_hand)
        width = max(30, width)
        title = Text("Your hand (")
        title.append_text(side_text(viewer))
        title.append(")  ops side ★ event", "")
        lines = hand_lines(
            view,
            game.data,
            game.pending,
            lambda card: game.ops_value(card, viewer),
            width=width,
            highlight=self.highlight_card,
        )
        # only the highlight moved: same height, no new layout (keeps keypresses fast)
        same_height = len(lines) == self.hand_lines
        self.hand_lines = len(lines)
        hand.update(Text("\n").join([title, *lines]), layout=not same_height)

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style))

    def show_hint(self, text: Text) -> None:
        self.query_one("#message", Static).update(text)
        self.query_one("#log", GameLog).sync()  # the log says a hint was given

    # -- the computer (screens/computer.py plays its turns) -----------------------------
    def computer_prompt(self) -> Text | None:
        """ "Computer (US) is thinking..." (or paused) while the pending decision is the
        computer's; None otherwise."""
        pending = self.session.game.pending
        if pending is None or not self.session.players.is_computer(pending.player):
            return None
        text = Text("Computer (")
        text.append_text(side_text(pending.player))
        if self.paused:
            text.append(") is paused: p resumes.", "bold")
        else:
            text.append(") is thinking...", "bold")
            text.append("\np pauses it", DIM)
        return text

    def show_computer_state(self) -> None:
        prompt = self.computer_prompt()
        if prompt is not None:
            self.query_one("#prompt", Static).update(prompt)
        self.refresh_bindings()

    def show_acted(self, choice: str | None) -> None:
        """Mark the country of the computer's last move (`choice`: its id), if any."""
        country = country_of(parse_move(choice)) if choice else None
        self.query_one("#map", MapView).set_acted(country)
        self.mark_focus()  # the map's title names the country

    def action_pause(self) -> None:
        """p: pause or resume the computer (only while no human decision is shown)."""
        self.toggle_pause()

    # -- the decision panel and the map ----------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        choice = self.menu_choice(event)
        if choice is None:
            return
        if event.option_list.has_focus:
            self.on_choice_highlighted(choice)  # the player moves in the menu
            return
        if (card := card_of(choice.move)) is not None and card != self.highlight_card:
            self.show_card(card)
        self.show_odds(choice, country_wide=True)
        # a highlight set from the map is not sent back to it: typed fast, the echo of
        # an earlier letter would move the cursor off the country the name leads to

    @staticmethod
    def menu_choice(
        event: OptionList.OptionHighlighted | OptionList.OptionSelected,
    ) -> Choice | None:
        """The engine's choice of a decision menu's option (None for a greyed one)."""
        menu = event.option_list
        return menu.choice_at(event.option_index) if isinstance(menu, DecisionMenu) else None

    def on_choice_highlighted(self, choice: Choice) -> None:
        key = country_of(choice.move)
        if key is not None:
            self.query_one("#map", MapView).set_cursor(key)
        card = card_of(choice.move)
        if card is not None and card != self.highlight_card:
            self.show_card(card)
        self.show_odds(choice)

    def show_odds(self, choice: Choice | None, *, country_wide: bool = False) -> None:
        """The status line under the menu: what the highlighted choice's roll needs; with
        `country_wide` (the map's cursor is on the choice's country), every roll there."""
        pending = self.mine()
        game = self.session.game
        text: Text | None = None
        if pending is not None and choice is not None:
            key = country_of(choice.move) if country_wide else None
            here = [c.move for c in pending.choices if key and country_of(c.move) == key]
            found = [(m, o) for m in here or [choice.move] if (o := odds_of(game, pending, m))]
            if len(found) == 1:
                text = odds_text(found[0][1], game.data)
            elif found:
                text = Text(f"{self.map_layout.countries[key].name}: ", "bold") if key else Text()
                words = [f"{m.verb} {short_odds(o)}" for m, o in found if isinstance(m, Target)]
                text.append(" · ".join(words))
        panel = self.query_one("#odds", Static)
        if text is None and not panel.display:
            return  # nothing shown, nothing to show: no new layout (keys stay fast)
        panel.display = text is not None
        if text is not None:
            panel.update(text)

    def show_card(self, card: int) -> None:
        game = self.session.game
        self.highlight_card = card
        self.refresh_hand()
        viewer = self.viewer
        ops = game.ops_value(card, viewer) if viewer else None
        detail = card_detail(card, game.data, viewer, game.pending, ops, brief=True)
        panel = self.query_one("#card", Static)
        panel.update(detail)
        if self.compact:
            self.reveal_card()

    def reveal_card(self) -> None:
        """The small hand panel shows the card's text first: back to its top."""
        self.query_one("#hand-box", VerticalScroll).scroll_home(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = self.menu_choice(event)
        if choice is not None:
            self.commit(choice.id)

    def on_decision_menu_brought_into_view(self, event: DecisionMenu.BroughtIntoView) -> None:
        self.say("The highlighted entry was out of view: it is shown now. Enter chooses it.")

    def on_decision_menu_typed(self, event: DecisionMenu.Typed) -> None:
        self.find_text["menu"] = event.text + ("" if event.found or not event.text else " (none)")
        self.mark_focus()
        self.typed_during_hint(event.text)

    def on_map_view_cursor_moved(self, event: MapView.CursorMoved) -> None:
        pending = self.mine()
        if pending is None:
            return
        menu = self.query_one("#menu", DecisionMenu)
        for choice in pending.choices:
            if country_of(choice.move) == event.key:
                if menu.narrowed and choice not in menu.shown:
                    menu.narrow(None)  # the cursor left the country the menu was showing
                menu.select_choice(choice)
                return

    def on_decision_menu_narrowed(self, event: DecisionMenu.Narrowed) -> None:
        self.mark_focus()

    def on_map_view_typed(self, event: MapView.Typed) -> None:
        self.find_text["map"] = event.text + (
            "" if event.found or not event.text else " (no such country)"
        )
        self.mark_focus()
        self.typed_during_hint(event.text)

    def on_map_view_nothing_found(self, event: MapView.NothingFound) -> None:
        message = f"No country is called '{event.text}': nothing was chosen."
        menu = self.query_one("#menu", DecisionMenu)
        if any(
            match_rank(plain(o.prompt), event.text) is not None
            for o in menu.options
            if not o.disabled
        ):
            message += " It names an entry of the menu: Tab goes there."
        self.say(message, BAD)

    def on_map_view_picked(self, event: MapView.Picked) -> None:
        pending = self.mine()
        if pending is None:
            return
        name = self.map_layout.countries[event.key].name
        here = [c for c in pending.choices if country_of(c.move) == event.key]
        if len(here) == 1:
            self.commit(here[0].id)
            return
        menu = self.query_one("#menu", DecisionMenu)
        if here:  # several actions there: the menu shows only them
            menu.narrow(here)
            menu.focus()
            self.say(f"{name}: choose what to do there (Escape shows every choice).", "bold")
            return
        reasons = [u.reason for u in pending.unavailable if country_of(u.move) == event.key]
        why = f": {reasons[0]}" if reasons else ""
        if target_markers(pending.choices):
            self.say(f"{name} is not a choice of this decision{why}.", BAD)
        else:
            self.say("This decision is made in the menu (Tab).", BAD)

    def mine(self) -> Decision | None:
        """The pending decision if it belongs to the player at the terminal."""
        pending = self.session.game.pending
        if pending is None or pending.player != self.viewer or self.handing_over:
            return None
        return pending

    def commit(self, choice: str) -> None:
        """Ask before a choice that loses the game, then send it to the engine."""
        if self.mine() is None:
            return
        warning = self.session.losing_warning(choice)
        if warning is None:
            self.apply(choice)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.apply(choice)

        self.app.push_screen(ConfirmScreen(warning, "Choose it anyway?"), answered)

    def apply(self, choice: str) -> None:
        self.cancel_hint()  # a hint still worked on is for this position only
        try:
            self.session.choose(choice)
        except (IllegalChoice, EngineFailure) as err:
            self.say(str(err), BAD)
            return
        self.show_acted(None)  # the human has answered the computer's last move
        self.after_change()
        if self.session.autosave_error:
            self.say(self.session.autosave_error, BAD)

    # -- commands ---------------------------------------------------------------------
    def undo_reason(self) -> str | None:
        pending = self.session.game.pending
        if pending is not None and self.session.players.is_computer(pending.player):
            return "the computer is to move"
        if self.viewer is None:
            return "nobody is at the terminal"
        return self.session.undo_block()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return None if self.undo_reason() else True
        if action == "pause":  # else the key goes on to the map or the menu (type-to-find)
            return self.computer_plays and self.mine() is None
        if action in ("hint", "cancel_hint"):
            return self.hint_check(action)
        return True

    def action_undo(self) -> None:
        reason = self.undo_reason()
        if reason is not None:
            self.action_why_no_undo()
            return
        self.return_to = parse_move(self.session.game.choices[-1])
        self.cancel_hint()
        self.session.undo()
        self.after_change()
        self.say("Your last choice was taken back: it is highlighted again.", "bold")

    def action_why_no_undo(self) -> None:
        self.say(f"Cannot undo: {self.undo_reason() or 'nothing to undo'}.", BAD)

    def action_save(self) -> None:
        store = self.session.store

        def chosen(name: str | None) -> None:
            if not name:
                return
            from cold_war_tui.tui.saves import SaveProblem

            try:
                path = store.save(self.session.game, self.session.meta, name)
            except SaveProblem as err:
                self.say(str(err), BAD)
                return
            self.say(f"Saved to {path}", "bold")

        self.app.push_screen(
            PromptScreen(
                "Save the game as (a name, or a path ending in .json):",
                store.default_name(self.session.game),
                f"Names are saved in {store.saves_dir}",
            ),
            chosen,
        )

    def action_load(self) -> None:
        self.cw_app.open_load()

    def action_rules(self) -> None:
        self.cw_app.open_rules()

    def action_cards(self) -> None:
        query = ""
        if self.highlight_card is not None and self.viewer is not None:
            from cold_war_tui.tui.render import card_name

            query = card_name(self.session.game.data, self.highlight_card).split(" ", 1)[1]
        self.cw_app.open_rules(query or "#")

    def action_switch_focus(self) -> None:
        """Tab: between the map and the decision menu."""
        map_view = self.query_one("#map", MapView)
        if map_view.has_focus or not map_view.display:
            self.query_one("#menu", DecisionMenu).focus()
        else:
            map_view.focus()

    def action_full_log(self) -> None:
        """F3: the whole game's log on its own screen."""
        from cold_war_tui.tui.screens.log_view import LogScreen

        self.app.push_screen(LogScreen(self.session.log_entries()))

    def action_table(self) -> None:
        """F4: the discard pile, the removed cards, the effects, the space race."""
        from cold_war_tui.tui.screens.table import TableScreen

        game = self.session.game
        view = game.view(self.viewer) if self.viewer is not None else game.state
        self.app.push_screen(TableScreen(game.data, view, game.region_scores()))
