"""The pure map renderer: every country, grouped by region, with its facts and marks."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from cold_war_tui.engine import Choice, Game, GameOptions
from cold_war_tui.gamedata import load_default_data
from cold_war_tui.tui.demo import MIDGAME
from cold_war_tui.tui.map_render import (
    CELL,
    Corner,
    build_layout,
    corner_rows,
    country_cell,
    drawn_height,
    find_country,
    key_at,
    move_cursor,
    render_map,
    short_name,
    target_markers,
)

DATA = load_default_data()
LAYOUT = build_layout(DATA)


def style_at(text: Text, index: int) -> Style:
    return text.get_style_at_offset(_console(), index)


def _console():  # type: ignore[no-untyped-def]
    from rich.console import Console

    return Console(color_system="truecolor")


def test_all_84_countries_in_four_columns_grouped_by_region() -> None:
    assert len(LAYOUT.positions) == 84
    headings = [e.label for column in LAYOUT.columns for e in column if e.kind != "country"]
    assert headings == [
        "CENTRAL AMERICA",
        "SOUTH AMERICA",
        "AFRICA",
        "EUROPE",
        "Western Europe",
        "Western + Eastern",
        "Eastern Europe",
        "MIDDLE EAST",
        "ASIA",
        "Southeast Asia",
    ]
    assert LAYOUT.width == 4 * CELL and LAYOUT.height == 28
    austria, finland = LAYOUT.positions["austria"], LAYOUT.positions["finland"]
    assert austria == (finland[0], finland[1] - 1)
    assert build_layout(DATA, civil_war=True).positions["chinese-civil-war"][0] == 3


def test_lines_are_the_width_of_the_map_and_show_every_country() -> None:
    game = Game.new(GameOptions(seed=1))
    lines = render_map(LAYOUT, game.state.influence)
    assert len(lines) == LAYOUT.height
    assert {line.cell_len for line in lines} == {LAYOUT.width}
    text = "\n".join(line.plain for line in lines)
    for country in DATA.countries:
        assert short_name(country.name) in text


def test_a_cell_shows_stability_battleground_and_influence() -> None:
    countries = {c.key: c for c in DATA.countries}
    game = Game.from_scenario(MIDGAME)
    influence = game.state.influence
    cell = country_cell(countries["west-germany"], influence["west-germany"])
    assert cell.plain == " W.Germany  4◆ 4  · "
    assert len(cell.plain) == CELL
    panama = country_cell(countries["panama"], influence["panama"], marker="x")
    assert panama.plain == "xPanama     2◆ 2  · "
    assert country_cell(countries["greece"], influence["greece"]).plain == " Greece     2  1  2 "


def test_control_colours_the_name() -> None:
    """Who controls a country is the engine's answer (`Game.control`)."""
    countries = {c.key: c for c in DATA.countries}
    game = Game.from_scenario(MIDGAME)
    influence, control = game.state.influence, game.control()
    assert (control["uk"], control["poland"], control["greece"]) == ("US", "USSR", None)

    def cell(key: str) -> Text:
        return country_cell(countries[key], influence[key], owner=control[key])

    uk, poland, greece = cell("uk"), cell("poland"), cell("greece")  # US 5-0; 1-2: nobody
    assert style_at(uk, 2).bgcolor is not None and "1f4e9c" in str(style_at(uk, 2).bgcolor)
    assert "9c1f1f" in str(style_at(poland, 2).bgcolor)
    assert style_at(greece, 2).bgcolor is None


def test_targets_and_cursor_are_marked() -> None:
    ids = ["infl iran", "coup iran", "realign egypt", "play 7 ops", "done"]
    markers = target_markers(Choice(choice_id, choice_id) for choice_id in ids)
    assert markers == {"iran": "*", "egypt": "r"}
    influence = Game.from_scenario(MIDGAME).state.influence
    lines = render_map(LAYOUT, influence, targets=markers, cursor="egypt")
    x, y = LAYOUT.positions["egypt"]
    cell = lines[y][x * CELL : (x + 1) * CELL]
    assert cell.plain.startswith("rEgypt")
    assert style_at(cell, 3).bgcolor is not None  # the cursor
    only = render_map(LAYOUT, influence, rows=[y])
    assert len(only) == 1 and "Egypt" in only[0].plain


def test_closed_regions_are_marked_at_low_defcon() -> None:
    """The regions closed at DEFCON 3 (8.1.5) are the engine's answer."""
    game = Game.from_scenario({"phase": "action", "defcon": 3})
    assert game.closed_regions() == ["europe", "asia"]
    top = render_map(LAYOUT, game.state.influence, closed=game.closed_regions())[0].plain
    assert "EUROPE (closed)" in top and "MIDDLE EAST (closed)" not in top


def test_cursor_moves_and_country_search() -> None:
    assert move_cursor(LAYOUT, "poland", 0, 1) == "romania"
    assert move_cursor(LAYOUT, None, 0, 1) == LAYOUT.order()[0]
    assert LAYOUT.positions[move_cursor(LAYOUT, "poland", 1, 0)][0] == 3  # the Middle East's
    assert LAYOUT.positions[move_cursor(LAYOUT, "poland", -1, 0)][0] == 1  # Africa's column
    assert find_country(LAYOUT, "korea") == "north-korea"
    assert find_country(LAYOUT, "korea", prefer=["south-korea"]) == "south-korea"
    assert find_country(LAYOUT, "korea", after="north-korea") == "south-korea"
    assert find_country(LAYOUT, "west g") == "west-germany"
    assert find_country(LAYOUT, "narnia") is None
    x, y = LAYOUT.positions["japan"]
    assert key_at(LAYOUT, x * CELL + 3, y) == "japan"
    assert key_at(LAYOUT, 0, 0) is None  # a heading


def test_the_corner_below_the_americas_and_africa_holds_a_table() -> None:
    """The regions table sits in the free corner under the first two columns: its lines
    from the row below the Americas, its title beside Venezuela where Africa has ended."""
    influence = Game.from_scenario(MIDGAME).state.influence
    table = tuple(Text(f"{name:<10} pres  1  -     0  US +1") for name in ("Europe", "Asia"))
    corner = Corner(Text("REGIONS IF SCORED"), table)
    lines = render_map(LAYOUT, influence, corner=corner)
    americas, africa = (len(column) for column in LAYOUT.columns[:2])
    assert (americas, africa) == (22, 19)
    assert corner_rows(LAYOUT) == (americas - 1, 1, americas)
    beside = lines[americas - 1].plain[: 2 * CELL]
    assert beside.startswith(" Venezuela") and beside[CELL:].startswith("REGIONS IF SCORED")
    assert lines[americas].plain.startswith("Europe     pres  1  -     0  US +1")
    assert "Poland" in lines[americas].plain  # the other columns go on beside it
    assert len(lines) == LAYOUT.height == drawn_height(LAYOUT, corner)
    assert {line.cell_len for line in lines} == {LAYOUT.width}
    # one row drawn again (the cursor moved): the same, corner and all
    row = americas + 1
    assert render_map(LAYOUT, influence, corner=corner, rows=[row])[0].plain == lines[row].plain
    assert lines[row].plain.startswith("Asia ")


def test_a_corner_too_tall_for_the_free_space_makes_the_map_longer() -> None:
    """Nothing of the table is cut: lines beyond the map's last row are added below it."""
    influence = Game.from_scenario(MIDGAME).state.influence
    corner = Corner(Text("TITLE"), tuple(Text(f"line {n}") for n in range(10)))
    lines = render_map(LAYOUT, influence, corner=corner)
    assert len(lines) == drawn_height(LAYOUT, corner) == 22 + 10
    assert lines[-1].plain.startswith("line 9") and lines[-1].cell_len == LAYOUT.width
