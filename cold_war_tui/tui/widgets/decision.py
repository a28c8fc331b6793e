"""The decision panel: the engine's prompt, its choices as a keyboard menu, the greyed ones.

Every decision is shown the same way, whatever its kind (card events keep
adding kinds): a prompt, one menu entry per legal choice, and one disabled
entry per unavailable option with the reason. Option ids are `c:<choice id>`
(legal) and `u:<n>` (greyed), so an id the engine repeats cannot clash.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from cold_war_tui.engine import Decision
from cold_war_tui.tui.render import choice_label, unavailable_text
from cold_war_tui.tui.widgets.type_to_find import TypeToFind

CHOICE = "c:"


def choice_of(option_id: str | None) -> str | None:
    """The engine's choice id of a menu option id (None for greyed options)."""
    if option_id and option_id.startswith(CHOICE):
        return option_id[len(CHOICE) :]
    return None


def menu_options(decision: Decision) -> list[Option]:
    options = [Option(Text(choice_label(c.label)), id=CHOICE + c.id) for c in decision.choices]
    options += [
        Option(unavailable_text(u.label, u.reason), id=f"u:{n}", disabled=True)
        for n, u in enumerate(decision.unavailable)
    ]
    return options


class DecisionMenu(TypeToFind, OptionList):
    """An OptionList where typing jumps to the first entry whose words start with the text."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "clear_typing", "Clear", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)

    def show(self, decision: Decision | None, initial: str | None = None) -> None:
        """Show a decision's options, the `initial` choice id highlighted (else the first)."""
        self.typed = ""
        if decision is None:
            self.clear_options()
            return
        self.set_options(menu_options(decision))
        self.highlighted = 0 if decision.choices else None
        if initial is not None:
            self.select_choice(initial)

    def select_choice(self, choice_id: str) -> None:
        """Highlight the entry of an engine choice id."""
        try:
            self.highlighted = self.get_option_index(CHOICE + choice_id)
        except Exception:  # OptionDoesNotExist: nothing to highlight
            return

    def find_typed(self) -> None:
        """Highlight the first enabled entry the typed text matches (a word start or inside)."""
        for index, option in enumerate(self.options):
            if option.disabled:
                continue
            label = (
                str(option.prompt).lower()
                if not isinstance(option.prompt, Text)
                else (option.prompt.plain.lower())
            )
            words = label.replace("#", " ").replace(":", " ").split()
            if (
                label.startswith(self.typed)
                or any(w.startswith(self.typed) for w in words)
                or self.typed in label
            ):
                self.highlighted = index
                break
        self.border_subtitle = f"find: {self.typed}"

    def action_clear_typing(self) -> None:
        self.typed = ""
        self.border_subtitle = ""
