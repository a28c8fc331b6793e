"""The game screen: map, tracks, hands, log and the decision panel of the pending decision.

The screen shows public facts from the state and private ones only from
`game.view(viewer)`, where `viewer` is the player who pressed Enter on the last
hand-over (None while nobody has: then no hand and no decision are shown).
Whenever the pending decision belongs to another player, the private panels
are blanked and the opaque hand-over screen is pushed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, RichLog, Static

from cold_war_tui.engine import Decision, IllegalChoice
from cold_war_tui.tui.engine_bridge import card_ops, region_scores
from cold_war_tui.tui.map_render import (
    TARGET_VERBS,
    MapLayout,
    build_layout,
    legend,
    target_markers,
)
from cold_war_tui.tui.render import (
    DIM,
    card_detail,
    decision_header,
    effects_line,
    hand_lines,
    opponent_line,
    pack,
    region_status,
    side_text,
    track_lines,
)
from cold_war_tui.tui.screens.dialogs import ConfirmScreen, LogExportActions, PromptScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.session import EngineFailure, Session
from cold_war_tui.tui.widgets.decision import DecisionMenu, choice_of
from cold_war_tui.tui.widgets.footer import QuietFooter
from cold_war_tui.tui.widgets.map_view import MapView

if TYPE_CHECKING:
    from cold_war_tui.tui.app import ColdWarApp

COMPACT_WIDTH = 110
COMPACT_HEIGHT = 34


def country_of(choice_id: str) -> str | None:
    """The country key a choice id names ("coup iran" -> "iran"), if it names one."""
    verb, _, key = choice_id.partition(" ")
    return key if verb in TARGET_VERBS and key else None


def card_of(choice_id: str) -> int | None:
    """The card number a choice id names ("play 21 ops", "headline 7", "discard 3")."""
    if country_of(choice_id) is not None:
        return None
    for word in choice_id.split()[1:2]:
        if word.isdigit():
            return int(word)
    return None


class GameLog(RichLog):
    """The public log, with rule references, appended as the game goes on."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, max_lines=2000)
        self.written = 0
        self.game_id = 0
        self.border_title = "Log"

    def sync(self, session: Session) -> None:
        entries = session.game.log
        if id(session.game) != self.game_id or len(entries) < self.written:
            self.clear()
            self.written = 0
            self.game_id = id(session.game)
        turn = entries[self.written - 1].turn if self.written else None
        for entry in entries[self.written :]:
            if entry.turn != turn:
                turn = entry.turn
                self.write(Text(f"-- turn {turn} --", "bold"))
            line = Text()
            if entry.rule:
                line.append(f"[{entry.rule}] ", "#87afd7")
            line.append(entry.text)
            self.write(line)
        self.written = len(entries)


class GameScreen(LogExportActions, Screen[None]):
    """One game in progress (see the module docstring for what is shown to whom)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "switch_focus", "Map/menu", show=True),
        Binding("shift+tab", "switch_focus", "Map/menu", show=False),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load", "Load"),
        Binding("ctrl+e", "export", "Export log"),
        Binding("f1", "rules", "Rules"),
        Binding("f2", "cards", "Card lookup"),
        Binding("f3", "toggle_log", "Log"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.viewer: str | None = None
        self.map_layout: MapLayout = build_layout(
            session.game.data, civil_war=session.game.state.ccw_active
        )
        self.civil_war = session.game.state.ccw_active
        self.compact = False
        self.handing_over = False
        self.highlight_card: int | None = None
        self.log_mark = len(session.game.log)  # the log the players have both seen
        self.hand_lines = -1
        self.region_lines = -1
        self.public_version: tuple[int, int, str | None, bool] | None = None
        self.undo_ok: bool | None = None

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
                yield Static(legend(), id="legend")
                yield Static(id="regions")
                yield GameLog(id="log")
            with Vertical(id="right"):
                with Vertical(id="decision-box"):
                    yield Static(id="prompt")
                    yield DecisionMenu(id="menu")
                    yield Static(id="message")
                with Vertical(id="hand-box"):
                    yield Static(id="public")
                    yield Static(id="hand")
                    yield Static(id="card")
        yield QuietFooter()

    def on_mount(self) -> None:
        self.after_change()

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < COMPACT_WIDTH or event.size.height < COMPACT_HEIGHT
        if compact != self.compact:
            self.compact = compact
            self.set_class(compact, "compact")
            self.refresh_public()

    # -- the flow -------------------------------------------------------------------
    def after_change(self) -> None:
        """Redraw after the game changed; hand over or end as the pending decision says."""
        self.refresh_public()
        game = self.session.game
        pending = game.pending
        if pending is None:
            self.viewer = None
            self.refresh_private()
            self.cw_app.show_game_over(self.session)
            return
        if pending.player != self.viewer:
            self.hand_over(pending)
            return
        self.refresh_private()
        self.focus_for(pending)

    def hand_over(self, pending: Decision) -> None:
        self.viewer = None
        self.refresh_private()
        self.app.clear_notifications()
        note = ""
        if pending.kind == "headline":
            note = "Headline picks stay secret until both are made, then both are revealed."
        self.handing_over = True
        log = self.session.game.log
        recent = [str(entry) for entry in log[min(self.log_mark, len(log)) :]]
        self.log_mark = len(log)
        self.app.push_screen(
            HandOverScreen(pending.player, self.session.side_label(pending.player), note, recent),
            lambda _: self.reveal(pending.player),
        )

    def reveal(self, player: str) -> None:
        """The right player pressed Enter on the hand-over: show his side."""
        self.handing_over = False
        self.viewer = player
        self.after_change()

    def focus_for(self, pending: Decision) -> None:
        map_view = self.query_one("#map", MapView)
        markers = target_markers(c.id for c in pending.choices)
        if markers and not (self.compact and self.has_class("show-log")):
            if map_view.cursor not in markers:
                first = next(country_of(c.id) for c in pending.choices if country_of(c.id))
                map_view.set_cursor(first)
            map_view.focus()
        else:
            self.query_one("#menu", DecisionMenu).focus()

    # -- drawing --------------------------------------------------------------------
    def refresh_public(self) -> None:
        game = self.session.game
        version = (id(game), len(game.choices), self.viewer, self.compact)
        # (the viewer matters: the map marks only his targets)
        if version == self.public_version:
            return  # nothing public changed (e.g. back from a hand-over)
        self.public_version = version
        state = game.state
        if state.ccw_active != self.civil_war:
            self.civil_war = state.ccw_active
            self.map_layout = build_layout(game.data, civil_war=state.ccw_active)
        self.query_one("#tracks", Static).update(
            Text("\n").join(track_lines(state, game, compact=self.compact)), layout=False
        )
        pending = game.pending
        mine = pending is not None and pending.player == self.viewer
        markers = target_markers(c.id for c in pending.choices) if mine and pending else {}
        self.query_one("#map", MapView).show(
            self.map_layout, state.influence, game.control(), game.closed_regions(), markers
        )
        width = max(40, self.query_one("#regions").content_size.width or 80)
        regions = pack(region_status(game.data, region_scores(game)), width, width // 2)
        self.query_one("#regions", Static).update(
            Text("\n").join(regions), layout=len(regions) != self.region_lines
        )
        self.region_lines = len(regions)
        self.query_one("#log", GameLog).sync(self.session)
        undo_ok = self.session.undo_block() is None
        if undo_ok != self.undo_ok:  # the footer greys Undo out: redraw it only when it changes
            self.undo_ok = undo_ok
            self.refresh_bindings()

    def refresh_private(self) -> None:
        game = self.session.game
        viewer = self.viewer
        prompt = self.query_one("#prompt", Static)
        menu = self.query_one("#menu", DecisionMenu)
        hand = self.query_one("#hand", Static)
        public = self.query_one("#public", Static)
        self.query_one("#card", Static).update("")
        self.say("")
        self.highlight_card = None
        if viewer is None:
            prompt.update(Text("Waiting for the hand-over.", DIM) if game.pending else "")
            menu.show(None)
            hand.update("")
            public.update(effects_line(game.state, game.data))
            return
        view = game.view(viewer)
        pending = game.pending
        public.update(
            Text("\n").join([effects_line(view, game.data), opponent_line(view, game.data)])
        )
        initial = None
        if pending is not None and pending.player == viewer:
            prompt.update(
                decision_header(pending, game.data, self.session.meta.names.get(viewer, ""))
            )
            # keep the map cursor where it is when it is still a target (point by point)
            cursor = self.query_one("#map", MapView).cursor
            here = [c.id for c in pending.choices if cursor and country_of(c.id) == cursor]
            initial = here[0] if here else pending.choices[0].id if pending.choices else None
            menu.show(pending, initial)
        else:
            prompt.update("")
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
        width = max(30, self.query_one("#hand-box").size.width - 2)
        title = Text("Your hand (")
        title.append_text(side_text(viewer))
        title.append(")  ops side ★ event", "")
        lines = hand_lines(
            view,
            game.data,
            game.pending,
            lambda card: card_ops(game, card, viewer),
            width=width,
            highlight=self.highlight_card,
        )
        # only the highlight moved: same height, no new layout (keeps keypresses fast)
        same_height = len(lines) == self.hand_lines
        self.hand_lines = len(lines)
        hand.update(Text("\n").join([title, *lines]), layout=not same_height)

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style))

    # -- the decision panel and the map ----------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        choice = choice_of(event.option.id)
        if choice is not None:
            self.on_choice_highlighted(choice)

    def on_choice_highlighted(self, choice: str) -> None:
        key = country_of(choice)
        if key is not None:
            self.query_one("#map", MapView).set_cursor(key)
        card = card_of(choice)
        if card is not None and card != self.highlight_card:
            self.show_card(card)

    def show_card(self, card: int) -> None:
        game = self.session.game
        self.highlight_card = card
        self.refresh_hand()
        viewer = self.viewer
        ops = card_ops(game, card, viewer) if viewer else None
        detail = card_detail(card, game.data, viewer, game.pending, ops)
        self.query_one("#card", Static).update(detail, layout=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = choice_of(event.option.id)
        if choice is not None:
            self.commit(choice)

    def on_map_view_cursor_moved(self, event: MapView.CursorMoved) -> None:
        pending = self.mine()
        if pending is None:
            return
        for choice in pending.choices:
            if country_of(choice.id) == event.key:
                self.query_one("#menu", DecisionMenu).select_choice(choice.id)
                return

    def on_map_view_typed(self, event: MapView.Typed) -> None:
        hint = Text(f"find: {event.text}", "bold") if event.text else legend()
        if event.text and not event.found:
            hint.append("  (no such country)", "#ff8700")
        self.query_one("#legend", Static).update(hint, layout=False)
        if self.compact:
            self.say(hint.plain)

    def on_map_view_picked(self, event: MapView.Picked) -> None:
        pending = self.mine()
        if pending is None:
            return
        name = self.map_layout.countries[event.key].name
        ids = [c.id for c in pending.choices if country_of(c.id) == event.key]
        if len(ids) == 1:
            self.commit(ids[0])
            return
        menu = self.query_one("#menu", DecisionMenu)
        if ids:
            menu.select_choice(ids[0])
            menu.focus()
            self.say(f"{name}: choose in the menu (Enter) what to do there.", "bold")
            return
        reasons = [u.reason for u in pending.unavailable if country_of(u.id) == event.key]
        why = f": {reasons[0]}" if reasons else ""
        if target_markers(c.id for c in pending.choices):
            self.say(f"{name} is not a choice of this decision{why}.", "#ff8700")
        else:
            self.say("This decision is made in the menu (Tab).", "#ff8700")

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
        try:
            self.session.choose(choice)
        except (IllegalChoice, EngineFailure) as err:
            self.say(str(err), "#ff8700")
            return
        self.after_change()
        if self.session.autosave_error:
            self.say(self.session.autosave_error, "#ff8700")

    # -- commands ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return None if self.viewer is None or self.session.undo_block() else True
        return True

    def action_undo(self) -> None:
        reason = self.session.undo_block()
        if reason is not None or self.viewer is None:
            self.say(f"Cannot undo: {reason or 'nobody is at the terminal'}.", "#ff8700")
            return
        self.session.undo()
        self.after_change()
        self.say("Your last choice was taken back.", "bold")

    def action_save(self) -> None:
        store = self.session.store

        def chosen(name: str | None) -> None:
            if not name:
                return
            from cold_war_tui.tui.saves import SaveProblem

            try:
                path = store.save(self.session.game, self.session.meta, name)
            except SaveProblem as err:
                self.say(str(err), "#ff8700")
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
        if map_view.has_focus and not self.has_class("show-log"):
            self.query_one("#menu", DecisionMenu).focus()
        elif map_view.display:
            map_view.focus()
        else:
            self.query_one("#menu", DecisionMenu).focus()

    def action_toggle_log(self) -> None:
        """F3: the log (to scroll it); in the compact layout it takes the map's place."""
        log = self.query_one("#log", GameLog)
        if self.compact:
            self.toggle_class("show-log")
            showing = self.has_class("show-log")
        else:
            showing = not log.has_focus
        if showing:
            log.focus()
        elif (pending := self.mine()) is not None:
            self.focus_for(pending)
        else:
            self.query_one("#menu", DecisionMenu).focus()
