"""The turn (02-full-game): deal, headline, the China Card (9.x), scoring and victory (10.x)."""

from __future__ import annotations

import pytest
from engine_scenarios import CHINA, action_game, game_at, greyed, ids, infl, log_text, play

from cold_war_tui.engine import Game, IllegalChoice
from cold_war_tui.engine.decisions import Outcome

USSR_1_OP, USSR_3_OPS = 10, 7
US_1_OP = 19


def period_cards(game: Game, period: str) -> set[int]:
    return {c.number for c in game.data.cards if c.period == period and c.in_draw_deck}


# -- the China Card (9.x) -------------------------------------------------------------------
def china_game() -> Game:
    return action_game(
        "USSR",
        {"USSR": [USSR_1_OP], "US": [US_1_OP]},
        influence={"north-korea": (0, 3), "poland": (0, 1)},
    )


def test_9_china_card_has_five_ops_while_all_are_spent_in_asia() -> None:
    game = china_game()
    assert "play 6 event" not in ids(game)  # never played as an event
    play(game, "play 6 ops", "infl north-korea")
    assert game.pending is not None
    assert game.pending.context["ops_left"] == 4
    assert "infl poland" in ids(game)  # Europe still possible, for 4 ops
    play(game, "infl north-korea", "infl north-korea", "infl north-korea")
    # One point left: the bonus point, which only Asia may take.
    assert game.pending.context["ops_left"] == 1
    offered = [choice.split(" ", 1)[1] for choice in ids(game)]
    assert "north-korea" in offered
    assert "poland" not in offered
    assert all(game.board.region[game.board.index[k]] == "asia" for k in offered)
    game.choose("infl afghanistan")
    assert infl(game, "north-korea") == (0, 7)
    assert infl(game, "afghanistan") == (0, 1)


def test_9_china_card_loses_its_bonus_once_a_point_goes_outside_asia() -> None:
    game = china_game()
    play(game, "play 6 ops", "infl poland")
    assert game.pending is not None
    assert game.pending.context["ops_left"] == 3
    play(game, "infl north-korea", "infl north-korea", "infl north-korea")
    assert infl(game, "north-korea") == (0, 6)
    assert infl(game, "poland") == (0, 2)
    assert (game.pending.player, game.pending.kind) == ("US", "action")


def test_9_china_card_passes_face_down_to_the_opponent() -> None:
    game = china_game()
    play(game, "play 6 ops", *["infl poland"] * 4)
    state = game.state
    assert (state.china_holder, state.china_face_up) == ("US", False)
    assert all(CHINA not in pile for pile in (state.discard, state.removed, *state.hands.values()))
    assert (game.pending.player, game.pending.kind) == ("US", "action")
    assert "play 6 ops" not in ids(game)
    assert "play 6 ops" in greyed(game)
    with pytest.raises(IllegalChoice):
        game.choose("play 6 ops")


def test_9_china_card_is_turned_face_up_at_turn_end() -> None:
    game = game_at("turn-end", china={"holder": "US", "face_up": False})
    assert game.state.turn == 2
    assert (game.state.china_holder, game.state.china_face_up) == ("US", True)


def test_5_1_the_log_says_how_many_cards_each_side_keeps_into_the_next_turn() -> None:
    """5.1: a player usually keeps a card at the end of the turn; how many is public."""
    game = game_at("turn-end", hands={"US": [US_1_OP, 4], "USSR": [USSR_3_OPS]})
    lines = log_text(game)
    kept = lines.index("[5.1] cards kept into the next turn: US 2, USSR 1")
    assert lines[kept + 1] == "turn 1 ends"


def test_9_china_card_is_never_headlined() -> None:
    game = game_at("headline", hands={"USSR": [USSR_3_OPS], "US": [US_1_OP]})
    assert game.pending is not None
    assert game.state.china_holder == "USSR"
    assert ids(game) == ["headline 7"]


def test_9_china_card_holder_gains_1_vp_at_final_scoring() -> None:
    game = game_at("turn-end", turn=10, china={"holder": "US", "face_up": False})
    assert game.outcome is not None
    assert game.state.vp == 1
    assert game.outcome.winner == "US"


# -- headline -------------------------------------------------------------------------------
def event_order(game: Game, cards: list[str]) -> list[str]:
    """The cards among `cards` in the order their events resolved (from the log)."""
    lines = [line for line in log_text(game) if line.startswith("[C] event of")]
    return sorted(cards, key=lambda name: next(i for i, t in enumerate(lines) if name in t))


def test_headline_higher_ops_resolves_first() -> None:
    """Turn sequence C: the higher-ops headline resolves first."""
    # USSR #34 Nuclear Test Ban (4 ops) before US #4 Duck and Cover (3 ops):
    # USSR +3 VP at DEFCON 5 (DEFCON stays 5), then DEFCON 4 and US +1: VP USSR +2.
    game = game_at("headline", headline={"USSR": 34, "US": 4})
    assert event_order(game, ["#4 Duck", "#34 Nuclear"]) == ["#34 Nuclear", "#4 Duck"]
    assert game.state.vp == -2
    assert game.state.defcon == 4


def test_headline_ties_resolve_the_us_first_and_an_opponent_card_is_its_owners_event() -> None:
    """Turn sequence C: on a tie the US headline first; headlines are events only."""
    # Both 3 ops: the US's #4 first; the USSR's headline #78 (a US card) is the US's event.
    game = game_at("headline", headline={"USSR": 78, "US": 4})
    assert event_order(game, ["#4 Duck", "#78 Alliance"]) == ["#4 Duck", "#78 Alliance"]
    assert any("#78 Alliance for Progress, resolved by the US" in t for t in log_text(game))
    assert 78 in game.state.removed
    assert 4 in game.state.discard


def test_headline_the_chosen_card_leaves_the_hand() -> None:
    """Turn sequence C: the secret pick leaves the hand, is revealed, then resolved."""
    game = game_at("headline", hands={"USSR": [3, 34], "US": [US_1_OP, 48]})
    game.choose("headline 34")
    assert game.state.hands["USSR"] == [3]
    assert game.state.headline["USSR"] == 34
    game.choose("headline 48")
    state = game.state
    assert state.hands == {"US": [US_1_OP], "USSR": [3]}
    assert 34 in state.discard  # resolved, not back in a hand
    assert 48 in state.removed  # #48 Kitchen Debates is starred
    assert state.headline == {"US": None, "USSR": None}


def test_headline_scoring_cards_may_be_headlined() -> None:
    """Turn sequence C: scoring cards may be headlined."""
    game = game_at("headline", hands={"USSR": [3, USSR_3_OPS], "US": [US_1_OP]})
    assert "headline 3" in ids(game)


# -- deal and deck --------------------------------------------------------------------------
@pytest.mark.parametrize(("turn", "size"), [(2, 8), (3, 8), (4, 9), (9, 9)])
def test_deal_fills_hands_to_8_then_9_from_turn_4(turn: int, size: int) -> None:
    """Turn sequence B: hands of 8 in turns 1-3, 9 from turn 4; the China Card apart."""
    game = game_at("turn-start", turn=turn, hands={"USSR": [USSR_3_OPS]})
    state = game.state
    assert {side: len(hand) for side, hand in state.hands.items()} == {"US": size, "USSR": size}
    assert CHINA not in state.hands["USSR"]  # the China Card does not count (9.x)
    assert state.china_holder == "USSR"


def test_mid_war_cards_enter_the_draw_pile_at_turn_4() -> None:
    """Turn sequence B: the Mid War cards are shuffled in at the start of turn 4."""
    before = game_at("turn-start", turn=3)
    mid = period_cards(before, "Mid")
    assert mid <= set(before.state.box)
    after = game_at("turn-start", turn=4)
    state = after.state
    assert not mid & set(state.box)
    assert mid <= set(state.draw) | set(state.hands["US"]) | set(state.hands["USSR"])
    assert set(state.box) == period_cards(after, "Late")


def test_late_war_cards_enter_the_draw_pile_at_turn_8() -> None:
    """Turn sequence B: the Late War cards are shuffled in at the start of turn 8."""
    assert period_cards(game_at("turn-start", turn=7), "Late") <= set(
        game_at("turn-start", turn=7).state.box
    )
    state = game_at("turn-start", turn=8).state
    assert state.box == []
    late = period_cards(game_at("turn-start", turn=8), "Late")
    assert late <= set(state.draw) | set(state.hands["US"]) | set(state.hands["USSR"])


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out() -> None:
    """Turn sequence B: an empty draw pile takes the shuffled discards; removed stay out."""
    early = sorted(period_cards(game_at("turn-start", turn=3), "Early"))
    draw, discard, removed = early[:5], early[5:25], early[25:]
    game = game_at("turn-start", turn=2, draw=draw, discard=discard, removed=removed)
    state = game.state
    assert len(state.hands["US"]) == len(state.hands["USSR"]) == 8
    assert state.discard == []
    assert len(state.draw) == 5 + 20 - 16
    assert set(draw) <= set(state.hands["USSR"])  # the old draw pile was dealt first
    assert state.removed == removed  # removed cards never come back
    assert any("discard pile" in line for line in log_text(game))


# -- scoring and victory (10.x) -------------------------------------------------------------
def test_10_1_5_a_player_holding_a_scoring_card_at_turn_end_loses() -> None:
    game = game_at("turn-end", hands={"US": [1], "USSR": [USSR_3_OPS]})
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("USSR", "10.1.5")


def test_10_1_5_both_holding_a_scoring_card_is_a_draw() -> None:
    game = game_at("turn-end", hands={"US": [1], "USSR": [2]})
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == (None, "10.1.5")


def test_10_scoring_cards_are_played_only_as_events() -> None:
    game = action_game("USSR", {"USSR": [1, USSR_3_OPS], "US": [US_1_OP]})
    assert "play 1 event" in ids(game)
    assert "play 1 ops" not in ids(game)
    assert "play 1 space" not in ids(game)


def test_10_europe_control_at_europe_scoring_wins_at_once() -> None:
    europe_battlegrounds = ["east-germany", "france", "italy", "poland", "west-germany"]
    game = action_game(
        "USSR",
        {"USSR": [2], "US": [US_1_OP]},
        influence={key: (0, 5) for key in europe_battlegrounds},
    )
    game.choose("play 2 event")
    assert game.pending is None
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.rule) == ("USSR", "10")
    assert "Europe" in game.outcome.reason


def test_10_reaching_20_vp_wins_at_once() -> None:
    game = action_game("US", {"US": [4], "USSR": [USSR_3_OPS]}, vp=19)
    game.choose("play 4 event")  # DEFCON 4, the US gains 1 VP
    assert game.pending is None
    assert game.outcome is not None
    assert game.outcome.winner == "US"
    assert game.state.vp == 20


def test_10_final_scoring_after_turn_10() -> None:
    # Asia: USSR presence 3 + 1 battleground (North Korea). Central America: US presence
    # 1 + 1 battleground (Mexico). China Card: USSR +1. Net: USSR +3.
    influence = {"north-korea": (0, 3), "mexico": (2, 0)}
    game = game_at("turn-end", turn=10, influence=influence)
    assert game.pending is None
    assert game.outcome is not None
    assert game.state.vp == -3
    assert (game.outcome.winner, game.outcome.rule) == ("USSR", "10")
    draw = game_at("turn-end", turn=10, influence=influence, vp=3)
    assert draw.outcome is not None
    assert draw.state.vp == 0
    assert draw.outcome.winner is None


@pytest.mark.parametrize(
    ("vp", "outcome"),
    [
        (0, Outcome("USSR", "the USSR leads by 3 VP after final scoring", "10", "final scoring")),
        (5, Outcome("US", "the US leads by 2 VP after final scoring", "10", "final scoring")),
        (3, Outcome(None, "the VP are level after final scoring: a draw", "10", "final scoring")),
    ],
)
def test_10_the_vp_after_final_scoring_decide_the_winner(vp: int, outcome: Outcome) -> None:
    """Victory: after final scoring VP > 0 the US wins, < 0 the USSR, 0 is a draw."""
    influence = {"north-korea": (0, 3), "mexico": (2, 0)}  # net USSR +3 (see above)
    assert game_at("turn-end", turn=10, influence=influence, vp=vp).outcome == outcome


def test_10_final_scoring_is_not_done_before_turn_10() -> None:
    game = game_at("turn-end", turn=9, influence={"north-korea": (0, 3)})
    assert game.outcome is None
    assert game.state.turn == 10
    assert game.state.vp == 0
