"""Logs that cannot be read: one `LogError` with the line and an excerpt of at most 80
characters; any other text never crashes the reader (hypothesis)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cold_war_tui.records import GameRecord, LogError, read_log
from cold_war_tui.records.errors import EXCERPT_CHARS

LOG = (Path(__file__).resolve().parent.parent / "data" / "records" / "two-turns.txt").read_text(
    encoding="utf-8"
)
LINES = LOG.splitlines()


def with_line(number: int, text: str) -> str:
    """The test log with line `number` (1-based) replaced by `text`."""
    lines = list(LINES)
    lines[number - 1] = text
    return "\n".join(lines)


def error_of(text: str) -> LogError:
    with pytest.raises(LogError) as caught:
        read_log(text)
    return caught.value


def test_text_that_is_not_a_log() -> None:
    error = error_of("Dear diary,\ntoday I played Twilight Struggle.")
    assert error.line == 1
    assert "not a play-site log" in str(error)
    assert error_of("").line == 1
    assert error_of("\n\n   \n").line == 1


def test_an_unknown_card_names_its_line() -> None:
    number = LINES.index("Turn 1, US AR1: Containment*: Event: Containment*") + 1
    error = error_of(with_line(number, "Turn 1, US AR1: Detente*: Event: Detente*"))
    assert error.line == number
    assert "unknown card 'Detente*'" in str(error)
    event = LINES.index("Event: Vietnam Revolts*") + 1
    assert "unknown card" in str(error_of(with_line(event, "Event: Space Elevator")))


def test_an_unknown_country_names_its_line() -> None:
    number = LINES.index("Target: Iran") + 1
    error = error_of(with_line(number, "Target: Atlantis"))
    assert (error.line, error.reason) == (number, "unknown country 'Atlantis'")


def test_a_total_in_brackets_that_does_not_follow() -> None:
    number = LINES.index("US +3 in Egypt [5][0]") + 1
    error = error_of(with_line(number, "US +3 in Egypt [6][0]"))
    assert error.line == number
    assert "do not follow" in error.reason
    assert "US 2, USSR 0" in error.reason


def test_numbers_off_their_tracks() -> None:
    number = LINES.index("DEFCON degrades to 3") + 1
    assert "DEFCON must be 1 to 5" in str(error_of(with_line(number, "DEFCON degrades to 7")))
    milops = LINES.index("USSR Military Ops to 4") + 1
    assert error_of(with_line(milops, "USSR Military Ops to 9")).line == milops


def test_rounds_out_of_order() -> None:
    number = LINES.index("Turn 1, USSR AR3: COMECON*: Event: COMECON*") + 1
    error = error_of(with_line(number, "Turn 1, USSR AR1: COMECON*: Event: COMECON*"))
    assert (error.line, error.reason) == (number, "this round is out of order")


def test_an_action_round_past_the_turn_s_last() -> None:
    """Turn 2 has six action rounds a side (the Early War): an AR7 there is not a round
    the engine can stand at (it would go on to turn 3), so the log is refused."""
    number = LINES.index("Turn 2, US AR1: Special Relationship: Place Influence (1 Ops):") + 1
    text = "Turn 2, US AR7: Special Relationship: Place Influence (1 Ops):"
    error = error_of(with_line(number, text))
    assert error.line == number and "turn 2 has no such round" in str(error)


def test_the_excerpt_is_at_most_80_characters() -> None:
    long_name = "Very " * 60 + "Long Card"
    error = error_of(with_line(15, f"Event: {long_name}"))
    assert len(error.excerpt) <= EXCERPT_CHARS
    assert error.excerpt.endswith("...")
    assert "\n" not in str(error)
    assert str(error).startswith("line 15: unknown card")


def test_lines_of_an_unknown_kind_are_noted_not_fatal() -> None:
    number = LINES.index("Containment* is now in play.") + 1
    record = read_log(with_line(number, "The crowd cheers."))
    assert record.notes == (f"line {number}: not read (a line of a kind the reader does not know)",)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_any_text_is_a_record_or_a_log_error(text: str) -> None:
    try:
        record = read_log(text)
    except LogError as error:
        assert error.line >= 1 and len(error.excerpt) <= EXCERPT_CHARS
    else:
        assert isinstance(record, GameRecord)
        for round_ in record.rounds:
            assert round_.position().state.turn == round_.turn


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_damaged_log_is_a_record_or_a_log_error(data: st.DataObject) -> None:
    """Lines dropped, repeated, swapped or edited: the reader reads or refuses, nothing else."""
    lines = list(LINES)
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(1, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "repeat", "swap", "digit", "text"]))
        if how == "drop":
            del lines[where]
        elif how == "repeat":
            lines.insert(where, lines[where])
        elif how == "swap":
            other = data.draw(st.integers(1, len(lines) - 1))
            lines[where], lines[other] = lines[other], lines[where]
        elif how == "digit":
            lines[where] = "".join(
                data.draw(st.sampled_from("0123456789")) if ch.isdigit() else ch
                for ch in lines[where]
            )
        else:
            lines[where] = data.draw(st.text(max_size=60))
    try:
        record = read_log("\n".join(lines))
    except LogError as error:
        assert 1 <= error.line <= len(lines)
        return
    for round_ in record.rounds:  # a record read is a record whose positions all set up
        assert round_.position().state.turn == round_.turn
