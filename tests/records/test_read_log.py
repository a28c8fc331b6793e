"""`read_log`: small logs the project wrote in the play sites' format (tests/data/records)
read as rounds, their choice ids, hands, dice and positions (docs/records.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cold_war_tui.records import GameRecord, Round, play_of, read_log
from cold_war_tui.records.check import checked_rounds, disagreements

DATA = Path(__file__).resolve().parent.parent / "data" / "records"


def log_text(name: str) -> str:
    return (DATA / f"{name}.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def two_turns() -> GameRecord:
    return read_log(log_text("two-turns"))


@pytest.fixture(scope="module")
def mid_war() -> GameRecord:
    return read_log(log_text("mid-war"))


def action(record: GameRecord, turn: int, number: int, side: str) -> Round:
    return next(
        r
        for r in record.rounds
        if r.kind == "action" and (r.turn, r.action_round, r.side) == (turn, number, side)
    )


def test_the_options_the_log_states(two_turns: GameRecord) -> None:
    assert two_turns.us_bid == 2
    assert two_turns.optional_cards
    assert two_turns.scenario == "Standard"
    assert two_turns.options.us_bid == 2
    assert two_turns.notes == ()


def test_rounds_in_order_set_up_headlines_and_action_rounds(two_turns: GameRecord) -> None:
    places = [(r.kind, r.turn, r.action_round, r.side) for r in two_turns.rounds]
    assert places[:3] == [
        ("setup", 1, 0, None),
        ("headline", 1, 0, None),
        ("action", 1, 1, "USSR"),
    ]
    assert places[-3:] == [
        ("headline", 2, 0, None),
        ("action", 2, 1, "USSR"),
        ("action", 2, 1, "US"),
    ]
    assert len(places) == 2 + 12 + 3


def test_the_set_up_places_the_free_influence_then_the_bid(two_turns: GameRecord) -> None:
    setup = two_turns.rounds[0]
    assert setup.played[:6] == ("infl poland",) * 4 + ("infl east-germany",) * 2
    # The US's seven go to Western Europe; the bid goes where the US already was (Iran).
    assert setup.played[6:] == (
        ("infl west-germany",) * 4 + ("infl italy",) * 3 + ("infl iran",) * 2
    )


def test_choice_ids_of_plays_in_the_notation(two_turns: GameRecord) -> None:
    assert two_turns.rounds[1].played == ("headline 9", "headline 4")
    assert action(two_turns, 1, 1, "USSR").played == ("play 34 ops", "coup iran")
    assert action(two_turns, 1, 1, "US").played == ("play 25 event",)
    assert action(two_turns, 1, 2, "US").played == ("play 5 space",)
    # An opponent's card: its event before (Event: first in the log) or after the ops.
    assert action(two_turns, 1, 3, "US").played == (
        "play 13 ops",
        "event-first",
        "infl egypt",
        "infl egypt",
        "infl jordan",
    )
    assert action(two_turns, 1, 5, "US").played[:2] == ("play 30 ops", "ops-first")
    # A realignment stopped before its ops ran out ends with `done`.
    assert action(two_turns, 1, 4, "USSR").played == ("play 20 ops", "realign israel", "done")
    # The China Card (+1 all in Asia): five points.
    assert action(two_turns, 1, 5, "USSR").played == (
        ("play 6 ops",) + ("infl afghanistan",) * 3 + ("infl north-korea",) * 2
    )


def test_card_and_mode_of_an_action_round(two_turns: GameRecord, mid_war: GameRecord) -> None:
    round_ = action(two_turns, 1, 3, "US")
    assert (round_.card, round_.mode) == (13, "ops")
    assert (two_turns.rounds[1].card, two_turns.rounds[1].mode) == (None, None)
    un = action(mid_war, 4, 3, "USSR")
    assert un.played[0] == "un 25"
    assert (un.card, un.mode) == (32, "event")
    trapped = action(mid_war, 4, 2, "US")
    assert trapped.played == ("discard 5",)
    assert (trapped.card, trapped.mode) == (5, "discard")
    assert play_of("pass") == (None, None)


def test_realignment_dice_in_the_engines_order(two_turns: GameRecord) -> None:
    """The log lists the USSR's die first; the engine rolls the realigning side's first."""
    assert action(two_turns, 1, 4, "USSR").dice == (5, 1)
    assert action(two_turns, 1, 4, "US").dice == (6, 2, 5, 1, 4, 3, 2, 6)


def test_dice_a_log_does_not_show_are_made_up_for_its_winner(mid_war: GameRecord) -> None:
    # #20 Olympic Games: the US took part and won (the sponsor's 1 + 2 against 6).
    assert action(mid_war, 4, 1, "USSR").dice == (1, 6)
    # #45 Summit: the USSR rolls first and wins.
    assert action(mid_war, 4, 4, "USSR").dice == (6, 1)


def test_known_hand_is_what_the_side_plays_discards_or_reveals(two_turns: GameRecord) -> None:
    first = action(two_turns, 1, 1, "USSR")
    assert first.known_hand == (7, 8, 14, 20, 34)  # the China Card is never in a hand
    assert first.opponent_hand == (5, 13, 19, 21, 25, 30)
    last = action(two_turns, 1, 6, "US")
    assert (last.known_hand, last.opponent_hand) == ((19,), ())
    headline = two_turns.rounds[1]
    assert headline.known_hand == ()
    assert headline.hand("USSR") == (7, 8, 9, 14, 20, 34)
    assert headline.hand("US") == (4, 5, 13, 19, 21, 25, 30)
    assert headline.hand("nobody") == ()


def test_cards_that_change_hands_during_a_turn(mid_war: GameRecord) -> None:
    headline = mid_war.rounds[1]
    # #49 came to the US with the headline (Missile Envy): not a US card before it.
    assert 49 not in headline.hand("US")
    assert 49 in action(mid_war, 4, 1, "US").known_hand
    # #34 given away by Missile Envy, #23 taken by Grain Sales: held at the headline.
    assert 34 in headline.hand("US")
    assert 23 in headline.hand("USSR")
    # Shown by #104 The Cambridge Five, then played: the US held Europe Scoring.
    assert 2 in action(mid_war, 4, 5, "USSR").opponent_hand
    assert action(mid_war, 4, 5, "US").known_hand == (2,)


def test_a_card_taken_at_random_is_the_one_the_log_names(mid_war: GameRecord) -> None:
    """#67 Grain Sales takes a random USSR card: the replay takes Marshall Plan."""
    headline = mid_war.rounds[1]
    assert headline.played == ("headline 49", "headline 67", "play 23 ops", "coup syria")
    board = headline.replay().state
    assert board.influence["syria"].us == 2
    assert 23 in board.removed or 23 in board.discard


def test_positions_hold_the_logs_board(two_turns: GameRecord) -> None:
    game = action(two_turns, 1, 6, "USSR").position()
    state = game.state
    assert (state.turn, state.phase, state.action_round, state.phasing) == (1, "action", 6, "USSR")
    assert (state.defcon, state.vp) == (3, 3)
    assert state.milops == {"US": 0, "USSR": 5}
    assert state.space == {"US": 1, "USSR": 0}
    assert state.influence["egypt"].us == 5
    assert state.influence["iran"].us == state.influence["iran"].ussr == 0
    assert (state.china_holder, state.china_face_up) == ("US", False)
    assert state.hands["USSR"] == [7]
    assert "ops-bonus:US" in state.turn_effects  # #25 Containment, this turn
    assert 25 in state.events_played and 25 in state.removed
    pending = game.pending
    assert pending is not None and pending.player == "USSR" and pending.kind == "action"


def test_the_turns_end_military_operations_vp_and_defcon(two_turns: GameRecord) -> None:
    """Turn 1 ends at DEFCON 3 with the US 3 short (its Clean-up line says so), and
    DEFCON improves as turn 2 begins."""
    state = two_turns.rounds[-3].position().state
    assert (state.turn, state.phase, state.defcon, state.vp) == (2, "headline", 4, 0)
    assert state.milops == {"US": 0, "USSR": 0}
    assert state.turn_effects == {}
    assert (state.china_holder, state.china_face_up) == ("US", True)


def test_every_round_replays_to_the_next_rounds_board(
    two_turns: GameRecord, mid_war: GameRecord
) -> None:
    for record in (two_turns, mid_war):
        assert checked_rounds(record) == len(record.rounds) - 1
        assert list(disagreements(record)) == []
        assert all(r.problem is None for r in record.rounds)


def test_a_replay_is_a_new_game_each_time(two_turns: GameRecord) -> None:
    round_ = action(two_turns, 1, 1, "USSR")
    first, second = round_.position(), round_.position()
    first.choose("play 34 ops")
    assert second.state.hands["USSR"] == list(round_.known_hand)
    assert round_.replay().state.influence["iran"].ussr == 1


def test_a_round_s_decisions_are_its_replay_step_by_step(two_turns: GameRecord) -> None:
    for round_ in two_turns.rounds:
        if round_.kind == "setup" or round_.problem is not None:
            continue
        steps = [(game.pending, choice) for game, choice in round_.decisions()]
        assert [choice for _, choice in steps] == list(round_.played)
        assert all(pending is not None and pending.accepts(c) for pending, c in steps)
        *_, (last, _) = round_.decisions()
        assert last.state == round_.replay().state  # played on to the round's end


def test_the_round_text_for_a_log_panel(two_turns: GameRecord) -> None:
    round_ = action(two_turns, 1, 1, "USSR")
    assert round_.line == 23
    assert round_.lines[0] == (23, "Turn 1, USSR AR1: Nuclear Test Ban: Coup (4 Ops):")
    assert round_.lines[-1] == (29, "DEFCON degrades to 3")
