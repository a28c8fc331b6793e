"""The world map as text: a pure function from the game data and state to Rich `Text` lines.

All 84 countries, grouped by region and sub-region in four columns (the
Americas, Africa, Europe, the Middle East and Asia). Each country is one cell:

    ›W.Germany  4◆ 4  ·

a target marker, the name (shortened to 10 characters), stability, ◆ for a
battleground, US influence, USSR influence ("·" for none). The name takes the
colour of whoever controls the country (on a screen without colour, the controller's
influence is also drawn in reverse video). The first two columns end first:
the free corner below them holds a small table (`Corner`: the regions if scored
now), so the game screen needs no panel of its own for it. No Textual here: the
widget in `widgets/map_view.py` only shows these lines; tests check them directly.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from rich.text import Text

from cold_war_tui.datamodel import Country, GameData
from cold_war_tui.engine import Choice, Move, Target

CELL = 20
NAME = 10

ABBREVIATIONS = {
    "Afghanistan": "Afghanistn",
    "Chinese Civil War": "China CCW",
    "Czechoslovakia": "Czechoslo.",
    "Dominican Republic": "Dominican",
    "East Germany": "E.Germany",
    "El Salvador": "Salvador",
    "Ivory Coast": "IvoryCoast",
    "Laos/Cambodia": "Laos/Camb.",
    "North Korea": "N.Korea",
    "Philippines": "Philippine",
    "Saharan States": "Saharan St",
    "Saudi Arabia": "S.Arabia",
    "SE African States": "SE Afr.St.",
    "South Africa": "S.Africa",
    "South Korea": "S.Korea",
    "Spain/Portugal": "Spain/Port",
    "West African States": "W.Afr.St.",
    "West Germany": "W.Germany",
}

# The verb of a choice id that names a country, and its marker on the map.
TARGET_VERBS = {"infl": "+", "coup": "x", "realign": "r", "remove": "-", "target": ">"}
MANY = "*"
# What each marker means, for the legend (in this order).
MARKER_WORDS = {"+": "infl", "x": "coup", "r": "realign", "-": "remove", ">": "target"}
MARKER_WORDS[MANY] = "several"
BATTLEGROUND_WORDS = "◆ battleground"
# The names of a cell's columns: the header row of every map column.
HEADER = " name   stab US USSR"

US_STYLE = "bold #7fb2ff"
USSR_STYLE = "bold #ff7f7f"
US_CONTROL = "bold #ffffff on #1f4e9c"
USSR_CONTROL = "bold #ffffff on #9c1f1f"
TARGET_STYLE = "bold #5fff87"
HEADING_STYLE = "bold #ffd75f"
SUB_STYLE = "italic #bcbcbc"
CLOSED_STYLE = "#ff8700"
ZERO_STYLE = "#6c6c6c"
CURSOR_STYLE = "bold #000000 on #ffd75f"
# The country a computer's move just acted on: a mark in the marker column and a tint,
# so a human can follow its moves one by one.
ACTED_MARK = "●"
ACTED_STYLE = "bold #ffffff on #875fd7"
BATTLEGROUND_STYLE = "bold #ffd75f"

# Columns of the map: each a list of regions; sub-regions come from the data. The two
# shortest come first, so that the corner below them is free for a table.
COLUMNS: tuple[tuple[str, ...], ...] = (
    ("central-america", "south-america"),
    ("africa",),
    ("europe",),
    ("middle-east", "asia"),
)
CORNER_COLUMNS = 2


class Influence(Protocol):
    @property
    def us(self) -> int: ...

    @property
    def ussr(self) -> int: ...


def short_name(name: str) -> str:
    """The name in at most 10 characters."""
    short = ABBREVIATIONS.get(name, name)
    return short if len(short) <= NAME else short[: NAME - 1] + "."


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a map column: a region heading, a sub-region heading, or a country."""

    kind: str  # "region" | "sub" | "country"
    key: str  # region key, sub-region label, or country key
    label: str


@dataclass(frozen=True, slots=True)
class MapLayout:
    """Where every country sits: columns of entries, and (column, row) by country key."""

    columns: tuple[tuple[Entry, ...], ...]
    positions: dict[str, tuple[int, int]]
    countries: dict[str, Country]
    region_names: dict[str, str]

    @property
    def height(self) -> int:
        return max(len(c) for c in self.columns)

    @property
    def width(self) -> int:
        return CELL * len(self.columns)

    def order(self) -> list[str]:
        """Country keys in reading order: column by column, top to bottom."""
        return [e.key for column in self.columns for e in column if e.kind == "country"]


@dataclass(frozen=True, slots=True)
class Corner:
    """A table drawn in the free corner below the first CORNER_COLUMNS columns: a title,
    the names of its columns (`labels`, if any), each one cell wide when they sit beside
    the end of the first column, and its lines."""

    title: Text
    lines: tuple[Text, ...]
    labels: Text | None = None

    @property
    def heading(self) -> tuple[Text, ...]:
        return (self.title,) if self.labels is None else (self.title, self.labels)


def corner_rows(layout: MapLayout, heading: int = 1) -> tuple[int, int, int]:
    """Where a corner goes: its heading's first row and column, and the row of its first
    line. The lines start below the longest of the corner's columns; the `heading` rows
    (title, labels) sit just above them in the second column when that one ends sooner,
    else on rows of their own."""
    start = max(len(column) for column in layout.columns[:CORNER_COLUMNS])
    if start >= heading and len(layout.columns[CORNER_COLUMNS - 1]) <= start - heading:
        return start - heading, CORNER_COLUMNS - 1, start
    return start, 0, start + heading


def drawn_height(layout: MapLayout, corner: Corner | None) -> int:
    """The lines `render_map` draws: the layout's, or more if the corner reaches lower."""
    if corner is None:
        return layout.height
    return max(layout.height, corner_rows(layout, len(corner.heading))[2] + len(corner.lines))


def corner_texts(layout: MapLayout, corner: Corner | None) -> dict[int, tuple[int, Text]]:
    """{row: (first column, text)} of the corner's heading and lines."""
    if corner is None:
        return {}
    heading = corner.heading
    first, column, start = corner_rows(layout, len(heading))
    texts = {first + i: (column, text) for i, text in enumerate(heading)}
    texts |= {start + i: (0, line) for i, line in enumerate(corner.lines)}
    return texts


def build_layout(data: GameData, *, civil_war: bool = False) -> MapLayout:
    """The map's layout for `data` (with the Chinese Civil War space if it is in play)."""
    countries = {c.key: c for c in data.countries}
    if civil_war:
        countries[data.chinese_civil_war.key] = data.chinese_civil_war
    names: dict[str, str] = {r.key: r.name for r in data.regions}
    subregions: dict[str, str] = {s.key: s.name for s in data.subregions}
    columns: list[tuple[Entry, ...]] = []
    for regions in COLUMNS:
        column: list[Entry] = []
        for region in regions:
            column.append(Entry("region", region, names.get(region, region).upper()))
            members = sorted(
                (c for c in countries.values() if c.region == region), key=lambda c: c.name
            )
            groups: dict[tuple[str, ...], list[Country]] = {}
            for country in members:
                groups.setdefault(tuple(sorted(country.subregions)), []).append(country)
            if len(groups) == 1 and () in groups:
                column += [Entry("country", c.key, c.name) for c in members]
                continue
            for subs, group in sorted(groups.items(), key=lambda kv: _group_order(kv[0])):
                if subs:
                    label = " + ".join(subregions[s] for s in subs)
                    if len(subs) > 1:  # Austria and Finland belong to both halves of Europe
                        label = " + ".join(
                            subregions[s].split()[0] for s in sorted(subs, reverse=True)
                        )
                    column.append(Entry("sub", label, label))
                column += [Entry("country", c.key, c.name) for c in group]
        columns.append(tuple(column))
    positions = {
        e.key: (x, y)
        for x, column in enumerate(columns)
        for y, e in enumerate(column)
        if e.kind == "country"
    }
    return MapLayout(tuple(columns), positions, countries, names)


def _group_order(subs: tuple[str, ...]) -> tuple[int, str]:
    """Countries of no sub-region first, then Western, both, Eastern, Southeast Asia."""
    order = {(): 0, ("western-europe",): 1, ("eastern-europe", "western-europe"): 2}
    return (order.get(subs, 3 if "eastern-europe" in subs else 4), ",".join(subs))


def target_markers(choices: Iterable[Choice]) -> dict[str, str]:
    """{country key: marker} for the choices that act on a country ("coup iran" -> "x")."""
    return move_markers(choice.move for choice in choices)


def move_markers(moves: Iterable[Move]) -> dict[str, str]:
    """{country key: marker} for the moves that act on a country; `*` where several
    kinds of move act on one country."""
    markers: dict[str, str] = {}
    for move in moves:
        if not isinstance(move, Target):
            continue
        marker = TARGET_VERBS[move.verb]
        key = move.country
        markers[key] = marker if markers.get(key, marker) == marker else MANY
    return markers


def legend_markers(choices: Iterable[Choice]) -> set[str]:
    """The markers the legend explains for these choices: one per kind of target offered,
    and MANY when a country is offered for several."""
    listed = list(choices)
    offered = {TARGET_VERBS[c.move.verb] for c in listed if isinstance(c.move, Target)}
    return offered | ({MANY} if MANY in target_markers(listed).values() else set())


def legend(markers: Iterable[str]) -> str:
    """The meaning of the markers on the map now ("+ infl x coup * several"), and of ◆."""
    shown = set(markers)
    words = [f"{mark} {word}" for mark, word in MARKER_WORDS.items() if mark in shown]
    return " ".join([*words, BATTLEGROUND_WORDS])


def header_line(layout: MapLayout) -> Text:
    """The row above the map naming each column's parts: stability, US and USSR influence."""
    text = Text(no_wrap=True, overflow="crop")
    for _ in layout.columns:
        text.append(HEADER[:12], SUB_STYLE)
        text.append(HEADER[12:15], US_STYLE)
        text.append(HEADER[15:], USSR_STYLE)
    return text


def country_cell(
    country: Country,
    influence: Influence,
    *,
    owner: str | None = None,
    marker: str | None = None,
    cursor: bool = False,
    acted: bool = False,
    control_mark: bool = False,
) -> Text:
    """One country in CELL characters; `owner` is who controls it (`Game.control`);
    `acted`: the computer's last move acted here. `control_mark` (a screen without colour,
    NO_COLOR): the controller's influence is drawn in reverse video, so its column tells
    who controls the country without the name's colour."""
    text = Text()
    if acted and not marker:
        text.append(ACTED_MARK, ACTED_STYLE)
    else:
        text.append(marker or " ", TARGET_STYLE if marker else "")
    name_style = US_CONTROL if owner == "US" else USSR_CONTROL if owner == "USSR" else ""
    if marker:
        name_style = f"{name_style} underline".strip()
    text.append(f"{short_name(country.name):<{NAME}}", name_style)
    text.append(" ")
    text.append(str(country.stability), BATTLEGROUND_STYLE if country.battleground else "")
    text.append("◆" if country.battleground else " ", BATTLEGROUND_STYLE)
    for side, amount, style in (
        ("US", influence.us, US_STYLE),
        ("USSR", influence.ussr, USSR_STYLE),
    ):
        if control_mark and owner == side:
            style = f"{style} reverse"
        text.append(f"{amount:>2}" if amount else " ·", style if amount else ZERO_STYLE)
        text.append(" ")
    if cursor:
        text.stylize(CURSOR_STYLE)
    elif acted:
        text.stylize(ACTED_STYLE)
    return text


def heading_cell(entry: Entry, closed: bool) -> Text:
    if entry.kind == "region":
        text = Text(entry.label, HEADING_STYLE)
        if closed:
            text.append(" (closed)", CLOSED_STYLE)
    else:
        text = Text(" " + entry.label, SUB_STYLE)
    text.truncate(CELL, overflow="ellipsis", pad=True)
    return text


def render_map(
    layout: MapLayout,
    influence: Mapping[str, Influence],
    *,
    control: Mapping[str, str | None] | None = None,
    closed: Collection[str] = (),
    targets: Mapping[str, str] | None = None,
    cursor: str | None = None,
    rows: Iterable[int] | None = None,
    corner: Corner | None = None,
    acted: str | None = None,
    control_mark: bool = False,
) -> list[Text]:
    """The map, one Text per screen line, `layout.width` cells wide (only `rows` if given),
    with the `corner` table below the first columns.

    `control` (who controls each country) and `closed` (the regions closed to coups and
    realignment) are the engine's answers: `Game.control()`, `Game.closed_regions()`.
    `acted` is the country the computer's last move acted on (highlighted).
    `control_mark`: mark control without colour (`country_cell`).
    """
    targets = targets or {}
    control = control or {}
    blank = " " * CELL
    in_corner = corner_texts(layout, corner)
    lines: list[Text] = []
    for y in range(drawn_height(layout, corner)) if rows is None else rows:
        line = Text(no_wrap=True, overflow="crop")
        first, text = in_corner.get(y, (CORNER_COLUMNS, Text()))
        if first < CORNER_COLUMNS:
            text = text.copy()
            text.truncate((CORNER_COLUMNS - first) * CELL, overflow="ellipsis", pad=True)
        for x, column in enumerate(layout.columns):
            if first <= x < CORNER_COLUMNS:
                if x == first:
                    line.append_text(text)
                continue
            if y >= len(column):
                line.append(blank)
                continue
            entry = column[y]
            if entry.kind == "country":
                line.append_text(
                    country_cell(
                        layout.countries[entry.key],
                        influence[entry.key],
                        owner=control.get(entry.key),
                        marker=targets.get(entry.key),
                        cursor=entry.key == cursor,
                        acted=entry.key == acted,
                        control_mark=control_mark,
                    )
                )
            else:
                line.append_text(heading_cell(entry, entry.key in closed))
        lines.append(line)
    return lines


# -- moving the cursor -----------------------------------------------------------
def move_cursor(layout: MapLayout, key: str | None, dx: int, dy: int) -> str:
    """The country one step from `key`: up/down in reading order, left/right across columns."""
    order = layout.order()
    if key not in layout.positions:
        return order[0]
    if dy:
        index = order.index(key) + dy
        return order[index % len(order)]
    x, y = layout.positions[key]
    columns = len(layout.columns)
    nx = (x + dx) % columns
    rows = [(abs(r - y), r) for r, e in enumerate(layout.columns[nx]) if e.kind == "country"]
    return layout.columns[nx][min(rows)[1]].key


def key_at(layout: MapLayout, x: int, y: int) -> str | None:
    """The country drawn at cell (x, y) of the map, if any (for mouse clicks)."""
    column = x // CELL
    if not 0 <= column < len(layout.columns) or not 0 <= y < len(layout.columns[column]):
        return None
    entry = layout.columns[column][y]
    return entry.key if entry.kind == "country" else None


def find_country(
    layout: MapLayout, typed: str, prefer: Iterable[str] = (), after: str | None = None
) -> str | None:
    """The country whose name (or key, or the short name the map shows) starts with
    `typed`, legal targets first.

    Words count too ("korea" finds North Korea, "germ" West Germany), and so does
    the name as the map writes it ("w.germ", "czechoslo."). With `after`, the search
    continues past that country, so typing again cycles through the matches.
    """
    needle = typed.strip().lower()
    if not needle:
        return None
    order = layout.order()

    def matches(key: str) -> int:
        name = layout.countries[key].name.lower()
        shown = short_name(layout.countries[key].name).lower()
        if (
            name.startswith(needle)
            or shown.startswith(needle)
            or key.startswith(needle.replace(" ", "-"))
        ):
            return 2
        words = name.replace("/", " ").replace("-", " ").split()
        return 1 if any(w.startswith(needle) for w in words) else 0

    preferred = set(prefer)
    ranked = [
        (-(key in preferred), -matches(key), i, key) for i, key in enumerate(order) if matches(key)
    ]
    if not ranked:
        return None
    ranked.sort()
    keys = [r[3] for r in ranked]
    if after in keys:
        return keys[(keys.index(after) + 1) % len(keys)]
    return keys[0]
