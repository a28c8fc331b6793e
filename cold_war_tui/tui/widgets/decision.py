"""The decision panel: the engine's prompt, its choices as a keyboard menu, the greyed ones.

Every decision is shown the same way, whatever its kind (card events keep
adding kinds): a prompt, one menu entry per legal choice, and one disabled
entry per unavailable option with the reason. Option ids are `c:<choice id>`
(legal) and `u:<n>` (greyed), so an id the engine repeats cannot clash.

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
from textual.widgets.option_list import Option, OptionDoesNotExist

from cold_war_tui.engine import Decision
from cold_war_tui.tui.render import choice_text, unavailable_text
from cold_war_tui.tui.widgets.type_to_find import TypedText, TypeToFind, best_match

CHOICE = "c:"


def choice_of(option_id: str | None) -> str | None:
    """The engine's choice id of a menu option id (None for greyed options)."""
    if option_id and option_id.startswith(CHOICE):
        return option_id[len(CHOICE) :]
    return None


def menu_options(
    decision: Decision,
    notes: Mapping[str, str] | None = None,
    only: Collection[str] | None = None,
) -> list[Option]:
    """The legal choices (each with its note, if any: `notes` by choice id), then the
    greyed ones with their reason; with `only`, just the choices and greyed options of
    those ids."""
    notes = notes or {}
    options = [
        Option(choice_text(c.label, notes.get(c.id, "")), id=CHOICE + c.id)
        for c in decision.choices
        if only is None or c.id in only
    ]
    options += [
        Option(unavailable_text(u.label, u.reason), id=f"u:{n}", disabled=True)
        for n, u in enumerate(decision.unavailable)
        if only is None or u.id in only
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
        """The menu shows only some of the decision's choices (`only`), or all again."""

        def __init__(self, only: frozenset[str] | None) -> None:
            super().__init__()
            self.only = only

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.decision: Decision | None = None
        self.notes: Mapping[str, str] = {}
        self.only: frozenset[str] | None = None  # the choices shown, when narrowed

    def show(
        self,
        decision: Decision | None,
        initial: str | None = None,
        notes: Mapping[str, str] | None = None,
    ) -> None:
        """Show a decision's options, the `initial` choice id highlighted (else the first);
        `notes` (by choice id) follow their entry's label."""
        self.action_clear_typing()
        self.decision, self.notes, self.only = decision, notes or {}, None
        if decision is None:
            self.clear_options()
            return
        self.set_options(menu_options(decision, notes))
        self.highlighted = 0 if decision.choices else None
        if initial is not None:
            self.select_choice(initial)
        self.reveal_later()

    def narrow(self, only: Collection[str] | None) -> None:
        """Show only the choices `only` names (None: all again), keeping the highlighted
        choice when it is still shown."""
        decision = self.decision
        if decision is None:
            return
        chosen = choice_of(self.highlighted_option.id) if self.highlighted_option else None
        self.only = frozenset(only) if only is not None else None
        self.set_options(menu_options(decision, self.notes, self.only))
        self.highlighted = 0 if self.option_count else None
        if chosen is not None:
            self.select_choice(chosen)
        self.reveal_later()
        self.post_message(self.Narrowed(self.only))

    def select_choice(self, choice_id: str) -> None:
        """Highlight the entry of an engine choice id (and scroll it into view)."""
        try:
            self.highlighted = self.get_option_index(CHOICE + choice_id)
        except OptionDoesNotExist:
            return
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
        """Escape: clear the typed text; with none, show every choice of a narrowed menu."""
        if self.typed:
            self.action_clear_typing()
        elif self.only is not None:
            self.narrow(None)
