"""Rules and cards: a searchable reference (our own rules summary, and every card's text)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from cold_war_tui.datamodel import GameData
from cold_war_tui.tui.rules import Topic, card_topics, rules_topics, search


class RulesScreen(Screen[None]):
    """Type to search; up/down pick a topic; Escape goes back."""

    DEFAULT_CSS = """
    RulesScreen #search { margin: 0 1; }
    RulesScreen #topics { width: 40; height: 1fr; }
    RulesScreen #page {
        width: 1fr; height: 1fr; padding: 0 2; border-left: solid $primary-darken-2;
    }
    RulesScreen #count { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("up", "move(-1)", "Previous", show=False),
        Binding("down", "move(1)", "Next", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
    ]

    def __init__(self, data: GameData, query: str = "") -> None:
        super().__init__()
        self.topics: list[Topic] = rules_topics() + card_topics(data)
        self.query_text = query
        self.shown: list[Topic] = []

    def compose(self) -> ComposeResult:
        yield Input(
            self.query_text,
            placeholder="search the rules and the cards (e.g. coup, NATO, #21)",
            id="search",
        )
        yield Static(id="count")
        with Horizontal():
            yield OptionList(id="topics")
            with VerticalScroll(id="page"):
                yield Static(id="body")
        yield Footer()

    def on_mount(self) -> None:
        self.filter(self.query_text)
        self.query_one("#search", Input).focus()

    def filter(self, query: str) -> None:
        self.shown = search(self.topics, query.replace("#", "#"))
        topics = self.query_one("#topics", OptionList)
        topics.set_options([Option(Text(t.title), id=t.id) for t in self.shown])
        self.query_one("#count", Static).update(
            Text(f"{len(self.shown)} of {len(self.topics)} topics", "italic")
        )
        if self.shown:
            topics.highlighted = 0
            self.show(self.shown[0])
        else:
            self.query_one("#body", Static).update(Text("Nothing matches.", "italic"))

    def show(self, topic: Topic) -> None:
        text = Text(topic.title + "\n\n", "bold")
        text.append(topic.body)
        self.query_one("#body", Static).update(text)
        self.query_one("#page", VerticalScroll).scroll_home(animate=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.filter(event.value)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        for topic in self.shown:
            if topic.id == event.option.id:
                self.show(topic)
                return

    def action_move(self, step: int) -> None:
        topics = self.query_one("#topics", OptionList)
        if topics.has_focus:
            (topics.action_cursor_down if step > 0 else topics.action_cursor_up)()
            return
        if self.shown:
            index = (topics.highlighted or 0) + step
            topics.highlighted = max(0, min(len(self.shown) - 1, index))

    def action_page(self, step: int) -> None:
        page = self.query_one("#page", VerticalScroll)
        (page.scroll_page_down if step > 0 else page.scroll_page_up)(animate=False)

    def action_back(self) -> None:
        self.dismiss(None)
