"""NO_COLOR: who controls a country reads without colour.

With colour, the controller is the name's background (blue for the US, red for the
USSR); Textual turns colours into greys under NO_COLOR, where those two are almost the
same grey. Then the controller's influence number is drawn in reverse video: which
column is reversed says who controls the country, in any palette (colour-blind players
too).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.strip import Strip
from tui_helpers import make_app, open_game, press

from cold_war_tui.engine import Game
from cold_war_tui.tui.demo import MIDGAME
from cold_war_tui.tui.map_render import CELL
from cold_war_tui.tui.widgets.map_view import MapView

US_COLUMNS = (14, 15)  # a cell: marker, name (10), space, stability, ◆, US (2), space, USSR (2)
USSR_COLUMNS = (17, 18)


def reversed_columns(strip: Strip, column: int) -> set[int]:
    """The positions in a map cell drawn in reverse video (no colour needed to see it)."""
    cell = strip.crop(column * CELL, (column + 1) * CELL)
    found, x = set(), 0
    for segment in cell:
        width = len(segment.text)
        if segment.style is not None and segment.style.reverse:
            found.update(range(x, x + width))
        x += width
    return found


@pytest.mark.parametrize("no_color", [True, False], ids=["NO_COLOR", "colour"])
async def test_control_reads_without_colour(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, no_color: bool
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        game = Game.from_scenario(MIDGAME)
        control = game.control()
        await open_game(pilot, app, game)
        await press(pilot, "enter")  # past the hand-over
        assert app.no_color is no_color
        view = app.screen.query_one(MapView)
        marks = {}
        for key in ("uk", "poland", "greece"):  # US 5-0, USSR, nobody (1-2)
            column, row = view.map_layout.positions[key]
            marks[key] = reversed_columns(view._strips[row], column)
    assert (control["uk"], control["poland"], control["greece"]) == ("US", "USSR", None)
    if no_color:
        assert marks == {"uk": set(US_COLUMNS), "poland": set(USSR_COLUMNS), "greece": set()}
    else:  # with colour the look is unchanged: the name's background says it
        assert marks == {"uk": set(), "poland": set(), "greece": set()}
