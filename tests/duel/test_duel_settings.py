"""DuelSettings: every INTERPRETATION point of 03-defcon-paper-game.md is a validated field."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cold_war_tui.duel import DuelSettings


def test_defaults_are_the_documented_ones() -> None:
    """I1-I12 and the add-on: the defaults of the rules text and docs/duel.md."""
    s = DuelSettings()
    assert s.missiles_per_silo == 3  # I1
    assert (s.start_defcon, s.defcon_limits) == (5, (4, 3, 2, 1))  # I2
    assert [s.launch_limit(n) for n in (5, 4, 3, 2, 1)] == [1, 2, 3, 4, None]  # I2
    assert s.escalation == "move"  # I3
    assert s.first_player == "A"  # I4
    assert s.abm_cover == "square"  # I5
    assert s.abm_stops == "per_move"  # I6
    assert s.sabotage_lasts == "rest_of_game"  # I7
    assert s.impacts == "end_of_move"  # I8
    assert (s.groups_share_cells, s.missiles_destroy_groups) == (True, False)  # I9
    assert s.last_player == "by_moves"  # I10
    assert s.hand_over_screen is True  # I11
    assert s.row_letters == "cyrillic" and not s.latin  # I12
    assert s.sabotage_groups is True  # add-on
    assert s.passes_end_game is True  # issue 15: launching is optional; two passes end it
    assert (s.cities, s.objects, s.groups) == (10, 8, 2)  # Rendering 'Objects'


@pytest.mark.parametrize(
    "bad",
    [
        {"missiles_per_silo": 0},
        {"missiles_per_silo": 11},
        {"start_defcon": 0},
        {"start_defcon": 6},
        {"defcon_limits": (4, 3, 2, 0)},
        {"first_player": "C"},
        {"abm_cover": "circle"},
        {"cities": 0},
        {"groups": 5},
        {"unknown_rule": True},
    ],
)
def test_out_of_range_settings_are_refused(bad: dict[str, object]) -> None:
    """Requirement 2: ranges are validated (I1: missiles 1-10; I2: DEFCON 1-5; ...)."""
    with pytest.raises(ValidationError):
        DuelSettings.model_validate(bad)


def test_settings_are_frozen() -> None:
    """Requirement 2: a frozen model, so a running game's rules cannot change under it."""
    s = DuelSettings()
    with pytest.raises(ValidationError):
        s.missiles_per_silo = 5
