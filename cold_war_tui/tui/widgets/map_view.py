"""The map widget: shows `map_render` lines, moves a cursor, finds countries by typed name.

A line-API `ScrollView`: it keeps one rendered `Strip` per map line and
re-renders only when the state, the targets or the cursor change. Its first screen
row is the header naming each column's parts (`map_render.header_line`), drawn
whatever the scroll: map row r is virtual line r + 1. It posts
`MapView.Picked` when Enter is pressed on a country and `MapView.CursorMoved`
when the cursor moves; the screen decides what a pick means.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import ClassVar

from rich.cells import cell_len
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from cold_war_tui.tui.map_render import (
    Corner,
    Influence,
    MapLayout,
    drawn_height,
    find_country,
    header_line,
    key_at,
    move_cursor,
    render_map,
)
from cold_war_tui.tui.widgets.type_to_find import TypedText, TypeToFind


class MapView(TypeToFind, ScrollView, can_focus=True):
    """All countries; arrows move the cursor, letters find a country, Enter picks it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("enter", "pick", "Pick country", show=False),
        Binding("escape", "clear_typing", "Clear", show=False),
        Binding("backspace", "backspace", "Backspace", show=False),
    ]

    DEFAULT_CSS = """
    MapView { height: 1fr; overflow-x: auto; overflow-y: auto; }
    """

    class Picked(Message):
        """Enter on a country."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    class Typed(TypedText):
        """The typed country name changed."""

    class CursorMoved(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    class NothingFound(Message):
        """Enter while the typed text names no country: nothing is picked."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, layout: MapLayout, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.map_layout = layout
        self.influence: Mapping[str, Influence] = {}
        self.control: Mapping[str, str | None] = {}
        self.closed: Collection[str] = ()
        self.targets: dict[str, str] = {}
        self.corner: Corner | None = None
        self.cursor: str | None = None
        self.acted: str | None = None  # the country the computer's last move acted on
        self._strips: list[Strip] = []
        self._header = Strip.blank(0)
        self._shown_typed = ("", False)

    # -- data in ------------------------------------------------------------------
    def show(
        self,
        layout: MapLayout,
        influence: Mapping[str, Influence],
        control: Mapping[str, str | None],
        closed: Collection[str],
        targets: Mapping[str, str],
        corner: Corner | None = None,
    ) -> None:
        """New state, targets or corner table; redraws the map (if anything changed).
        `control` and `closed` are the engine's: `Game.control()`, `Game.closed_regions()`."""
        if (
            layout is self.map_layout
            and closed == self.closed
            and targets == self.targets
            and influence == self.influence
            and corner == self.corner
            and control == self.control
        ):
            return
        self.map_layout = layout
        self.influence = influence
        self.control = control
        self.closed = closed
        self.targets = dict(targets)
        self.corner = corner
        if self.cursor not in layout.positions:
            self.cursor = None
        self._redraw()

    def set_cursor(self, key: str | None, *, announce: bool = False) -> None:
        positions = self.map_layout.positions
        if key == self.cursor or (key is not None and key not in positions):
            return
        rows = {positions[k][1] for k in (self.cursor, key) if k in positions}
        self.cursor = key
        self._redraw(rows)
        self._scroll_to_cursor()
        if announce and key is not None:
            self.post_message(self.CursorMoved(key))

    def set_acted(self, key: str | None) -> None:
        """Highlight the country a computer's move acted on (None: no highlight)."""
        positions = self.map_layout.positions
        if key == self.acted:
            return
        rows = {positions[k][1] for k in (self.acted, key) if k in positions}
        self.acted = key
        self._redraw(rows)
        self._scroll_to_country(key)

    def _redraw(self, rows: set[int] | None = None) -> None:
        """Render the map's lines again (only `rows` when just the cursor moved)."""
        if not self.influence:
            return
        console = self.app.console
        ordered = None  # only these rows, when the cursor moved on a drawn map
        if rows is not None and len(self._strips) == drawn_height(self.map_layout, self.corner):
            ordered = sorted(rows)
        lines = render_map(
            self.map_layout,
            self.influence,
            control=self.control,
            closed=self.closed,
            targets=self.targets,
            cursor=self.cursor,
            rows=ordered,
            corner=self.corner,
            acted=self.acted,
            control_mark=self.app.no_color,
        )
        strips = [Strip(line.render(console), cell_len(line.plain)) for line in lines]
        if ordered is not None:
            for y, strip in zip(ordered, strips, strict=True):
                self._strips[y] = strip
                self.refresh_line(y + 1)
            return
        self._strips = strips
        header = header_line(self.map_layout)
        self._header = Strip(header.render(console), cell_len(header.plain))
        self.virtual_size = Size(self.map_layout.width, len(self._strips) + 1)
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._scroll_to_cursor)  # a smaller map keeps its cursor in view

    def _scroll_to_cursor(self) -> None:
        self._scroll_to_country(self.cursor)

    def _scroll_to_country(self, key: str | None) -> None:
        if key is None or key not in self.map_layout.positions:
            return
        x, y = self.map_layout.positions[key]
        # virtual lines y and y + 1: the country's row (y + 1) below the header
        region = Region(x * 20, y, 20, 2)
        self.scroll_to_region(region, animate=False, immediate=True)

    # -- drawing -----------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        if y == 0:
            return self._header.crop_extend(scroll_x, scroll_x + width, self.rich_style)
        index = scroll_y + y - 1
        if index >= len(self._strips):
            return Strip.blank(width, self.rich_style)
        return self._strips[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)

    # -- keys ---------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        self.typed = ""
        self._show_typed()
        self.set_cursor(move_cursor(self.map_layout, self.cursor, dx, dy), announce=True)

    def action_pick(self) -> None:
        """Enter: the country under the cursor, unless the text being typed names none
        (the cursor then still shows an earlier match the player did not mean)."""
        typed = self.typed
        self.typed = ""
        self._show_typed()
        if typed and find_country(self.map_layout, typed, prefer=self.targets) is None:
            self.post_message(self.NothingFound(typed))
        elif self.cursor is not None:
            self.post_message(self.Picked(self.cursor))

    def action_clear_typing(self) -> None:
        self.typed = ""
        self._show_typed()

    def action_backspace(self) -> None:
        self.typed = self.typed[:-1]
        self.typing_changed()

    def find_typed(self) -> None:
        """Move the cursor to the country the typed text names (targets first)."""
        if self.typed:
            found = find_country(self.map_layout, self.typed, prefer=self.targets)
            if found is not None:
                self.set_cursor(found, announce=True)
        self._show_typed()

    def _show_typed(self) -> None:
        found = bool(self.typed) and (
            find_country(self.map_layout, self.typed, prefer=self.targets) is not None
        )
        if (self.typed, found) != self._shown_typed:
            self._shown_typed = (self.typed, found)
            self.post_message(self.Typed(self.typed, found))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y == 0:  # outside, or the header
            return
        scroll_x, scroll_y = self.scroll_offset
        key = key_at(self.map_layout, offset.x + scroll_x, offset.y + scroll_y - 1)
        if key is not None:
            self.focus()
            self.set_cursor(key, announce=True)
