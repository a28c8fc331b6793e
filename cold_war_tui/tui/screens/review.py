"""The review of a studied game: each side's most costly moves by the computer's score.

Opened by the study screen when its review ends (or with `v`); Enter on a move closes
it with that step's index, so the study screen goes there; Escape closes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cold_war_tui.tui.tracks import BAD, DIM, side_text
from cold_war_tui.tui.verdict import Verdict, cost_text, most_costly, score_text, side_summary

if TYPE_CHECKING:
    from cold_war_tui.tui.study import Step


class ReviewScreen(ModalScreen[int | None]):
    """Each side's most costly moves, worst first; Enter goes to one, Escape back."""

    DEFAULT_CSS = """
    ReviewScreen { align: center middle; }
    ReviewScreen > Vertical {
        width: 100%; max-width: 116; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ReviewScreen #heading { height: auto; }
    ReviewScreen #moves { height: auto; max-height: 30; border: none; padding: 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("v", "close", "Back", show=False),
    ]

    def __init__(
        self, steps: Sequence[Step], verdicts: Mapping[int, Verdict], heading: str
    ) -> None:
        super().__init__()
        self.steps = steps
        self.verdicts = verdicts
        self.heading = heading

    def compose(self) -> ComposeResult:
        with Vertical():
            heading = Text()
            heading.append(self.heading, "bold")
            heading.append("\n↑ ↓ choose a move, Enter goes there, Escape goes back", DIM)
            yield Static(heading, id="heading")
            yield OptionList(*self.options(), id="moves")
        yield Footer()

    def options(self) -> list[Option]:
        options: list[Option] = []
        for side in ("USSR", "US"):
            heading = Text()
            heading.append_text(side_text(side))
            heading.append(": the most costly moves  ", "bold")
            heading.append(side_summary(self.verdicts, side), DIM)
            options.append(Option(heading, disabled=True))
            found = most_costly(self.steps, self.verdicts, side)
            if not found:
                options.append(Option(Text("  none: every move weighed was the best", DIM)))
            for costly in found:
                line = Text()
                line.append(f"{cost_text(costly.cost):>9}  ", BAD)
                line.append(f"{costly.title}: ", "bold")
                line.append(costly.played)
                line.append(f"  (best: {costly.best}, {score_text(costly.best_score)})", DIM)
                options.append(Option(line, id=str(costly.index)))
        return options

    def on_mount(self) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.focus()
        first = next((n for n in range(moves.option_count) if self.goes(moves, n)), None)
        moves.highlighted = first

    @staticmethod
    def goes(moves: OptionList, index: int) -> bool:
        option = moves.get_option_at_index(index)
        return option.id is not None and not option.disabled

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.dismiss(int(event.option.id))

    def action_close(self) -> None:
        self.dismiss(None)
