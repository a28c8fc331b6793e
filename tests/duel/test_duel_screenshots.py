"""The duel's pictures in screenshots/ (made by tools/duel_screenshots.py, `make screenshots`)."""

from __future__ import annotations

from pathlib import Path

import pytest

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
B_PLACEMENT = "Города А3 А6 Б4 В7 Г2 Д6 Е3 Ж5 З1 З6"  # the script's army of B


def svg_text(name: str) -> str:
    """The SVG's text with Textual's no-break spaces turned back into spaces."""
    return (SHOTS / name).read_text(encoding="utf-8").replace("&#160;", " ")


@pytest.mark.parametrize(
    ("name", "shows"),
    [
        ("duel-placement.svg", "Player A: place your forces (secret)"),
        ("duel-move.svg", "Press Enter to end your move."),
        ("duel-end.svg", "Surviving cities: A "),
        ("duel-setup.svg", "Computer: hunter (plays to win)"),
        ("duel-computer.svg", "the computer (hunter), sent its request"),
        ("duel-legend-80x24.svg", "Legend (F1 hides it)"),
    ],
)
def test_duel_screenshots_are_in_the_repository(name: str, shows: str) -> None:
    """Done-when: pictures of placement, a move and the end are in screenshots/, and the
    screenshots README shows them."""
    text = svg_text(name)
    assert text.startswith("<svg") and shows in text
    assert f"({name})" in (SHOTS / "README.md").read_text(encoding="utf-8")


def test_move_screenshot_shows_no_secret_of_the_other_player() -> None:
    """I11: the move picture is A's own screen: B's army is not on it (only what the rules
    revealed to A: the sabotage found cities Г2 and Е3), while the end picture, after the
    game, shows it."""
    move = svg_text("duel-move.svg")
    assert "Player A  turn 3" in move
    assert B_PLACEMENT not in move and "Расстановка" not in move
    assert "ПРО Д3 Города Г2 Е3" in move
    assert B_PLACEMENT in svg_text("duel-end.svg")
