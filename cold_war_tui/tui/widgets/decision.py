"""The decision panel: the engine's prompt, its choices as a keyboard menu, the greyed ones.

Every decision is shown the same way, whatever its kind (card events keep
adding kinds): a prompt, one menu entry per legal choice (with a note: the odds of
its roll), and one disabled entry per unavailable option with the reason. The legal
choices come first, in the engine's order, so an option's index is its index among
the choices shown (`choice_at`): all of them, or those the menu is narrowed to (a
country's actions, picked on the map).

Enter never commits an entry the player cannot see: the highlight is scrolled
into view whenever it is set from outside (the map, type-to-find, a new
decision) and whenever the menu changes size, and an Enter on an entry that is
still out of view only brings it into view.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from cold_war_tui.engine import Choice, Decision
from cold_war_tui.tui.render import choice_text, unavailable_text
from cold_war_tui.tui.widgets.type_to_find import TypedText, TypeToFind, best_match


def menu_options(
    decision: Decision,
    notes: Mapping[Choice, str] | None = None,
    only: Collection[Choice] | None = None,
) -> list[Option]:
    """The legal choices (each with its note, if any), then the greyed-out options
    (disabled); with `only`, just those choices and no greyed option. The ids name the
    entries for people reading a test or a screen dump; the menu never reads them."""
    notes = notes or {}
    options = [
        Option(choice_text(c.label, notes.get(c, "")), id=f"c:{c.id}")
        for c in decision.choices
        if only is None or c in only
    ]
    if only is None:
        options += [
            Option(unavailable_text(u.label, u.reason), id=f"u:{n}", disabled=True)
            for n, u in enumerate(decision.unavailable)
        ]
    return options


def plain(prompt: object) -> str:
    return prompt.plain if isinstance(prompt, Text) else str(prompt)


class DecisionMenu(TypeToFind, OptionList):
    """An OptionList where typing jumps to the entry the typed text names best."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "escape", "Clear", show=False),
    ]

    class Typed(TypedText):
        """The typed search text of the menu changed."""

    class BroughtIntoView(Message):
        """Enter was pressed on an entry out of view: it was shown, not chosen."""

    class Narrowed(Message):
        """The menu shows only some of the decision's choices, or all again."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.decision: Decision | None = None  # the decision shown
        self.notes: Mapping[Choice, str] = {}
        self.shown: tuple[Choice, ...] = ()  # the choices listed, in the menu's order
        self.narrowed = False

    def show(
        self,
        decision: Decision | None,
        initial: Choice | None = None,
        notes: Mapping[Choice, str] | None = None,
    ) -> None:
        """Show a decision's options, the `initial` choice highlighted (else the first);
        `notes` follow their entry's label."""
        self.action_clear_typing()
        self.decision, self.notes, self.narrowed = decision, notes or {}, False
        self.shown = decision.choices if decision is not None else ()
        if decision is None:
            self.clear_options()
            return
        self.set_options(menu_options(decision, self.notes))
        self.highlighted = 0 if decision.choices else None
        if initial is not None:
            self.select_choice(initial)
        self.reveal_later()

    def narrow(self, only: Collection[Choice] | None) -> None:
        """List only the choices `only` (None: all again), keeping the highlighted one
        when it is still listed."""
        decision = self.decision
        if decision is None:
            return
        chosen = self.choice_at(self.highlighted)
        self.narrowed = only is not None
        self.shown = tuple(c for c in decision.choices if only is None or c in only)
        self.set_options(menu_options(decision, self.notes, only))
        self.highlighted = 0 if self.shown else None
        if chosen is not None:
            self.select_choice(chosen)
        self.reveal_later()
        self.post_message(self.Narrowed())

    def choice_at(self, index: int | None) -> Choice | None:
        """The engine's choice at an option's index (None for a greyed-out option)."""
        shown = self.shown
        return shown[index] if index is not None and 0 <= index < len(shown) else None

    def select_choice(self, choice: Choice) -> None:
        """Highlight the entry of an engine choice (and scroll it into view)."""
        if choice in self.shown:
            self.highlighted = self.shown.index(choice)
            self.reveal_later()

    def reveal_later(self) -> None:
        """Scroll to the highlight now and again after the next layout (a scroll asked
        for before the new options or size are laid out is lost)."""
        self.scroll_to_highlight()
        self.call_after_refresh(self.scroll_to_highlight)

    def highlight_visible(self) -> bool:
        """Whether every line of the highlighted entry is inside the visible part."""
        index = self.highlighted
        if index is None:
            return True
        self._update_lines()
        first = self._index_to_line.get(index)
        if first is None:
            return False
        top = self.scroll_offset.y
        bottom = top + self.scrollable_content_region.height
        return top <= first and first + self._heights[index] <= bottom

    def on_resize(self, event: events.Resize) -> None:
        self.reveal_later()

    def action_select(self) -> None:
        if not self.highlight_visible():
            self.scroll_to_highlight()
            self.post_message(self.BroughtIntoView())
            return
        super().action_select()

    def find_typed(self) -> None:
        """Highlight the enabled entry the typed text names best (see `match_rank`)."""
        labels = [None if option.disabled else plain(option.prompt) for option in self.options]
        index = best_match(labels, self.typed)
        if index is not None:
            self.highlighted = index
            self.reveal_later()
        self.post_message(self.Typed(self.typed, index is not None))

    def action_clear_typing(self) -> None:
        if self.typed:
            self.typed = ""
            self.post_message(self.Typed("", False))

    def action_escape(self) -> None:
        """Escape: clear the typed text; with none, list every choice of a narrowed menu."""
        if self.typed:
            self.action_clear_typing()
        elif self.narrowed:
            self.narrow(None)
