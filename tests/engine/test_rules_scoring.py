"""Region scoring (full game "Scoring (10.x)"): presence, domination and control."""

from __future__ import annotations

import pytest
from engine_scenarios import action_game

from cold_war_tui.engine.scoring import SideScore, region_score

AFRICA_SCORING = 79  # presence 1, domination 4, control 6
US_1_OP = 19

# Africa, controlled with 1 influence each at stability 1 and 2 with 2 at stability 2.
US_1_BG_2_OTHERS = {"nigeria": (1, 0), "sudan": (1, 0), "cameroon": (1, 0)}
USSR_2_BGS_1_OTHER = {"angola": (0, 1), "zaire": (0, 1), "ethiopia": (0, 1)}


def _score_africa(influence: dict[str, tuple[int, int]]) -> int:
    game = action_game("USSR", {"USSR": [AFRICA_SCORING], "US": [US_1_OP]}, influence=influence)
    game.choose(f"play {AFRICA_SCORING} event")
    return game.state.vp


def test_10_domination_needs_more_countries_equal_counts_with_more_battlegrounds_is_presence() -> (
    None
):
    """Equal counts (3 each), the USSR with more battlegrounds (2 to 1): both have presence.
    US 1 + 1 battleground = 2; USSR 1 + 2 = 3: the USSR nets 1 (with domination: 6)."""
    assert _score_africa({**US_1_BG_2_OTHERS, **USSR_2_BGS_1_OTHER}) == -1


def test_10_domination_with_more_countries_more_battlegrounds_and_a_non_battleground() -> None:
    """One more USSR country (Zimbabwe): 4 against 3, 2 battlegrounds against 1 and a
    non-battleground: USSR domination 4 + 2 = 6 against US presence 1 + 1 = 2."""
    influence = {**US_1_BG_2_OTHERS, **USSR_2_BGS_1_OTHER, "zimbabwe": (0, 1)}
    assert _score_africa(influence) == -4


@pytest.mark.parametrize(
    ("extra", "vp"),
    [
        ({"zimbabwe": (0, 1), "somalia": (0, 2)}, 0),  # 4 countries to 2, 1 battleground each
        ({}, 0),  # the same counts and battlegrounds
    ],
    ids=["more-countries-equal-battlegrounds", "all-equal"],
)
def test_10_domination_needs_more_battlegrounds_too(
    extra: dict[str, tuple[int, int]], vp: int
) -> None:
    """More countries without more battlegrounds is presence: 1 + 1 battleground each."""
    us = {"nigeria": (1, 0), "sudan": (1, 0)}
    ussr = {"angola": (0, 1), "ethiopia": (0, 1)}
    assert _score_africa({**us, **ussr, **extra}) == vp


def test_10_domination_needs_a_non_battleground() -> None:
    """More countries and battlegrounds, but battlegrounds only: presence, 1 + 2 = 3,
    against the US's presence 1: the USSR nets 2 (with domination it would be 5)."""
    assert _score_africa({"angola": (0, 1), "zaire": (0, 1), "sudan": (1, 0)}) == -2


def test_10_control_needs_every_battleground_and_more_countries() -> None:
    """All 5 African battlegrounds and more countries: control, 6 + 5 = 11."""
    influence = {key: (0, 3) for key in ("algeria", "angola", "nigeria", "south-africa", "zaire")}
    assert _score_africa(influence) == -11
    assert _score_africa({**influence, "sudan": (1, 0)}) == -11 + 1


CENTRAL_AMERICA_SCORING, ASIA_SCORING = 37, 1
# The USSR holds Central America's 3 battlegrounds; the US as many countries, none a battleground.
CENTRAL_AMERICA = {
    "mexico": (0, 2),
    "cuba": (0, 3),
    "panama": (0, 2),
    "guatemala": (1, 0),
    "honduras": (2, 0),
    "costa-rica": (3, 0),
}


def test_10_control_needs_more_countries_all_battlegrounds_alone_is_presence() -> None:
    """USSR presence 1 + 3 battlegrounds + 2 next to the US (Mexico, Cuba) = 6, US presence 1:
    the USSR nets 5 (control would give 10)."""
    game = action_game(
        "USSR",
        {"USSR": [CENTRAL_AMERICA_SCORING], "US": [US_1_OP]},
        influence=CENTRAL_AMERICA,
    )
    scores = region_score(game._core, "central-america")
    assert scores["USSR"] == SideScore("presence", 3, 3, 2, 6)
    assert scores["US"] == SideScore("presence", 3, 0, 0, 1)
    game.choose(f"play {CENTRAL_AMERICA_SCORING} event")
    assert game.state.vp == -5


def test_35_formosan_resolution_makes_taiwan_alone_a_battleground() -> None:
    """#35: Taiwan, and no other country, counts as a battleground: US Taiwan and Australia
    are 2 countries, 1 battleground: domination 7 + 1 = 8."""
    game = action_game(
        "USSR",
        {"USSR": [ASIA_SCORING], "US": [US_1_OP]},
        influence={"taiwan": (3, 0), "australia": (4, 0)},
        effects={"formosan-resolution": 1},
    )
    game.choose(f"play {ASIA_SCORING} event")
    assert game.state.vp == 8
