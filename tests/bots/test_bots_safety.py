"""The hard safety filters of issue 19, each in a position where the unsafe choice tempts:
strong never sets DEFCON 1 in its own round (8.1.3), never holds a scoring card it could
have played (10.1.5), never hands the opponent 20 VP in its own round (10)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from bot_positions import (
    DUCK_AND_COVER,
    EUROPE_SCORING,
    GRAIN_SALES,
    WEAK_USSR_CARD,
    us_to_play,
    ussr_to_play,
)

from cold_war_tui.bots import make_bot
from cold_war_tui.bots.evaluate import (
    DEFCON_HAZARDS,
    DORMANT_HAZARDS,
    LOTTERY_ONLY,
    WIN,
    evaluate,
    forced_count,
    forced_hazards,
    held_hazards,
    live_hazards,
    tables,
)
from cold_war_tui.bots.odds import HeadlineOdds, least_risky
from cold_war_tui.bots.safety import (
    BLIND_DRAWS,
    DEFCON_DROPS,
    DEFCON_GAMBLES,
    HAND_LOTTERIES,
    HAND_TAKERS,
    Outcomes,
    exposed_rounds,
    gambles,
    order_gambles,
    overdraws,
    risky_blind_draws,
    scoring_plays_due,
    spaceable_hazards,
    takers,
    thefts,
    trapped,
)
from cold_war_tui.bots.strong import (
    SHORTLIST,
    SHOWN_HEADLINE_WORLDS,
    Bounds,
    StrongBot,
    headline_guard,
    possible_headlines,
    spare_choice,
)
from cold_war_tui.bots.worlds import Policy, after, answered, moves_of, one_step, worlds
from cold_war_tui.engine import CardPick, Game, Headline, Move, Play, Un, parse_move


def moves(*ids: str) -> list[Move]:
    """The moves of choice ids, for the bots' own functions (they work on moves)."""
    return [parse_move(choice_id) for choice_id in ids]


def policy(seed: int) -> Policy:
    return Policy(random.Random(seed))


UNSAFE_DUCK = {f"play {DUCK_AND_COVER} ops", f"play {DUCK_AND_COVER} event"}


def finish_round(game: Game, choice: str) -> Game:
    """`choice` on a fork, then the same side's round played out by greedy bots."""
    fork = game.fork()
    fork.choose(choice)
    helper = make_bot("greedy", 0)
    while (pending := fork.pending) is not None and pending.kind not in ("action", "headline"):
        fork.choose(helper.choose(fork, pending.player))
    return fork


def test_8_1_3_strong_does_not_play_duck_and_cover_for_ops_at_defcon_2() -> None:
    """#4 Duck and Cover's 3 ops beat the other card's 1, but its event (a US card played
    by the USSR for ops happens, 5.2) drops DEFCON to 1 in the USSR's round."""
    game = ussr_to_play([DUCK_AND_COVER, WEAK_USSR_CARD], defcon=2)
    assert finish_round(game, f"play {DUCK_AND_COVER} ops").outcome is not None  # the trap
    choice = make_bot("strong", 4, iterations=2).choose(game, "USSR")
    assert choice not in UNSAFE_DUCK
    assert finish_round(game, choice).outcome is None


CIA_CREATED = 26  # US, 1 op: the US sees the USSR hand, then conducts 1 op (a coup too)


def test_8_1_3_a_rollout_s_own_follow_up_sees_the_opponent_s_answer_in_its_round() -> None:
    """#26 played by the USSR for ops at DEFCON 3, operations first: a USSR coup on a
    battleground takes DEFCON to 2 (6.3.4), then the event's US coup ends the game against
    the USSR (8.1.3, 5.2). The position after our coup does not show it, the one after
    his answer does: the rollouts' own follow-ups are scored there (`answered`), so a
    search no longer reads "#26 for ops at DEFCON 3" as a nuclear loss."""
    influence = {"south-africa": {"us": 1, "ussr": 0}, "angola": {"us": 0, "ussr": 1}}
    game = ussr_to_play([CIA_CREATED, WEAK_USSR_CARD], defcon=3, influence=influence)
    game.choose(f"play {CIA_CREATED} ops")
    game.choose("ops-first")
    coup = after(game, parse_move("coup south-africa"))
    assert coup is not None and coup.state.defcon == 2
    assert coup.pending is not None and coup.pending.player == "US"
    assert evaluate(coup, "USSR") > -WIN / 2  # nothing lost yet, seen from here
    assert answered(coup, "USSR") == -WIN  # his coup in Angola is nuclear war in our round
    safe = parse_move("infl angola")
    scores = one_step(game, "USSR", [parse_move("coup south-africa"), safe], score=answered)
    assert max(scores, key=lambda c: scores[c]) == safe
    placed = after(game, safe)
    assert placed is not None and placed.state.defcon == 3
    assert answered(placed, "USSR") > -WIN / 2  # at DEFCON 3 his coup cannot end it


def test_10_1_5_strong_plays_its_scoring_card_in_the_last_round_even_when_it_costs_vp() -> None:
    """Turn 2's last USSR round with #2 Europe Scoring in hand while the US dominates
    Europe: scoring gives the US VP, holding it loses the game at the turn's end."""
    us_europe = {
        key: {"us": 4, "ussr": 0}
        for key in ("france", "west-germany", "italy", "uk", "benelux", "norway")
    }
    game = ussr_to_play([EUROPE_SCORING, 7], action_round=6, influence=us_europe)
    assert game.rounds_left("USSR") == 1
    for name in ("greedy", "strong"):
        choice = make_bot(name, 2, iterations=2).choose(game, "USSR")
        assert choice == f"play {EUROPE_SCORING} event", name


def test_10_1_5_the_filter_counts_scoring_cards_against_the_rounds_left() -> None:
    early = ussr_to_play([EUROPE_SCORING, 7], action_round=5)
    last = ussr_to_play([EUROPE_SCORING, 7], action_round=6)
    for game, forced in ((early, False), (last, True)):
        pending = game.pending
        assert pending is not None
        moves = [c.move for c in pending.choices]
        kept = scoring_plays_due(game, "USSR", pending, moves)
        assert kept == ([parse_move(f"play {EUROPE_SCORING} event")] if forced else moves)


ASK_NOT = 77  # US, 3 ops: the US discards any of its cards, then draws as many
SOUTH_AMERICA_SCORING = 81


def ask_not_in_the_last_round(us: list[int]) -> Game:
    """Turn 5's last USSR round: the USSR plays #77 for ops, its US event first; the
    US, with `us` in hand and its own last round still to come, chooses its discards."""
    hands = {"USSR": [ASK_NOT, 68], "US": us}
    game = ussr_to_play([], turn=5, action_round=7, hands=hands)
    game.choose(f"play {ASK_NOT} ops")
    game.choose("event-first")
    assert game.pending is not None and game.pending.player == "US"
    assert game.rounds_left("US") == 1
    return game


def overdrawn(game: Game) -> set[str]:
    pending = game.pending
    assert pending is not None
    return {m.notation for m in overdraws(game, "US", pending, moves_of(pending))}


def test_10_1_5_ask_not_draws_no_more_cards_than_the_rounds_left_can_score() -> None:
    """With one round left, the US may discard one card to #77 and draw one: were it a
    scoring card, that round plays it. A second discard could draw two scoring cards for
    one round, and holding one at the turn's end loses the game (10.1.5; strong against
    strong, seed 9025, drew #79 and #81 so). A scoring card kept counts against the
    rounds too; discarding it for a draw is no worse."""
    game = ask_not_in_the_last_round([16, 41, 62])
    assert overdrawn(game) == set()
    game.choose("discard 62")
    assert overdrawn(game) == {"discard 16", "discard 41"}
    for seed in range(3):
        assert make_bot("strong", seed, iterations=2).choose(game, "US") == "done", seed
    kept = ask_not_in_the_last_round([16, 41, SOUTH_AMERICA_SCORING])
    assert overdrawn(kept) == {"discard 16", "discard 41"}
    kept.choose(f"discard {SOUTH_AMERICA_SCORING}")
    assert overdrawn(kept) == {"discard 16", "discard 41"}


def test_10_strong_does_not_hand_the_us_its_20th_vp_with_duck_and_cover() -> None:
    """The US at 19 VP: #4 Duck and Cover played for ops gives the US 1 VP (5 - DEFCON 4)
    in the USSR's own round; another card or the space race does not."""
    game = ussr_to_play([DUCK_AND_COVER, WEAK_USSR_CARD], vp=19)
    trap = finish_round(game, f"play {DUCK_AND_COVER} ops")
    assert trap.outcome is not None and trap.outcome.winner == "US"  # the trap
    choice = make_bot("strong", 4, iterations=2).choose(game, "USSR")
    assert choice not in UNSAFE_DUCK
    assert finish_round(game, choice).outcome is None


def test_the_outcome_filter_drops_condemned_candidates_but_never_all() -> None:
    outcomes = Outcomes(nuclear={"a"}, handed={"b"})
    assert outcomes.safe(["a", "b", "c"]) == ["c"]
    assert outcomes.safe(["a", "b"]) == ["b"]  # a nuclear loss is worse than a 20 VP one
    assert outcomes.safe(["a"]) == ["a"]


OLYMPIC_GAMES = 20  # Neutral, 2 ops: the opponent takes part or boycotts (DEFCON -1)


def test_8_1_3_strong_does_not_headline_olympic_games_when_a_duck_and_cover_may_come_first() -> (
    None
):
    """DEFCON 3 at the headline; the US can headline #4 Duck and Cover (3 ops, resolved
    before the 2-ops #20 Olympic Games): DEFCON 2, then the US boycotts the USSR's
    Olympic Games and DEFCON 1 falls in the USSR's turn. Every other Early War card is
    in the discard pile, so every world deals the US the same hand."""
    ussr, us = [OLYMPIC_GAMES, WEAK_USSR_CARD], [DUCK_AND_COVER, 21]
    held = {*ussr, *us, 6}
    discard = [n for n in (*range(1, 36), 103, 104, 105, 106) if n not in held]
    game = Game.from_scenario(
        {
            "phase": "headline",
            "turn": 3,
            "defcon": 3,
            "hands": {"USSR": ussr, "US": us},
            "discard": discard,
            "draw": [],
        }
    )
    trap = game.fork()
    for choice in (f"headline {OLYMPIC_GAMES}", f"headline {DUCK_AND_COVER}", "boycott"):
        trap.choose(choice)
    assert trap.outcome is not None and trap.outcome.rule == "8.1.3"  # the trap
    assert trap.outcome.winner == "US"
    choice = make_bot("strong", 4, iterations=2).choose(game, "USSR")
    assert choice == f"headline {WEAK_USSR_CARD}"


def test_8_1_3_the_headline_guard_meets_every_card_the_opponent_may_have_headlined() -> None:
    """The US picks second (6.4.4) at DEFCON 3; the USSR's secret pick may be #4 Duck and
    Cover, one of the 34 cards hidden from the US (it is in the pile here). Resolved first, it
    brings DEFCON 2, and the USSR's boycott of #20 Olympic Games is then nuclear war in
    the US's headline. One secret pick per world: ten worlds met #4 about one time in
    four; the guard must meet every card, whatever the seed."""
    assert_olympics_headline_condemned(turn=3, defcon=3, danger=DUCK_AND_COVER, seeds=4)


US_HEADLINES = [OLYMPIC_GAMES, 21, 22, 23]


def assert_olympics_headline_condemned(turn: int, defcon: int, danger: int, seeds: int) -> None:
    """The US, picking second, must not headline #20 Olympic Games: the USSR's secret pick,
    dealt anew in each world, may be `danger`. Checked by the guard and by strong."""
    game = Game.from_scenario(
        {
            "phase": "headline",
            "turn": turn,
            "defcon": defcon,
            "hands": {"USSR": [7, 8, 9, 11, 12, 13, 14, 15], "US": US_HEADLINES},
            "headline": {"USSR": WEAK_USSR_CARD},
        }
    )
    candidates = [parse_move(f"headline {OLYMPIC_GAMES}"), parse_move("headline 21")]
    for seed in range(seeds):
        pool = possible_headlines(next(worlds(game, "US", seed)), "US")
        assert danger in pool and not pool & {*US_HEADLINES, 6}
        outcomes = Outcomes()
        headline_guard(worlds(game, "US", seed), "US", candidates, policy(seed), outcomes, Bounds())
        assert outcomes.nuclear == {candidates[0]}, seed
        choice = make_bot("strong", seed, iterations=2).choose(game, "US")
        assert choice != candidates[0].notation


def test_8_1_3_the_hazards_a_side_must_play_are_counted_against_its_rounds() -> None:
    """A hazard must be played once the safe cards run out before the rounds do; a card
    beyond the rounds may be held, and the face-up China Card stands in for one play."""
    cases = [
        ([CIA_CREATED, WEAK_USSR_CARD], 5, {}, 1),  # two rounds, two cards: both go
        ([CIA_CREATED, WEAK_USSR_CARD, 7], 5, {}, 0),  # three cards: the hazard is kept
        ([CIA_CREATED, WEAK_USSR_CARD], 5, {"china": {"holder": "USSR"}}, 0),  # China plays once
        ([CIA_CREATED, DUCK_AND_COVER], 5, {}, 2),
        ([CIA_CREATED, DUCK_AND_COVER], 6, {}, 1),  # the last round: one of them
        ([DUCK_AND_COVER, 7], 5, {}, 1),
    ]
    for hand, action_round, extra, forced in cases:
        fields = {"china": {"holder": "US"}, **extra}
        game = ussr_to_play(hand, action_round=action_round, defcon=2, **fields)
        left = game.rounds_left("USSR")
        got = forced_hazards(game.state, tables(game), "USSR", left)
        assert got == forced, (hand, action_round, extra)
    us_cards = ussr_to_play([7, 10], china={"holder": "US"})
    assert forced_hazards(us_cards.state, tables(us_cards), "USSR", 6) == 0


def test_8_1_3_strong_plays_cia_created_away_while_defcon_is_3() -> None:
    """Two rounds and two cards left, one of them #26 CIA Created: at DEFCON 3 its event
    (the US's 1-op coup) only brings DEFCON to 2; kept for the last round it may have to
    be played at DEFCON 2, where the same coup is nuclear war in the USSR's round."""
    game = ussr_to_play(
        [CIA_CREATED, WEAK_USSR_CARD], action_round=5, defcon=3, china={"holder": "US"}
    )
    for seed in range(3):
        choice = make_bot("strong", seed, iterations=4).choose(game, "USSR")
        assert choice.startswith(f"play {CIA_CREATED} "), (seed, choice)


MODES = ("event", "ops", "space")
UN_INTERVENTION = 32  # Neutral, 1 op: play it with an opponent's card, whose event is void


def test_8_1_3_at_defcon_3_a_play_that_keeps_a_forced_hazard_is_a_gamble() -> None:
    """Three rounds and three cards, one of them #26 CIA Created: whatever else the USSR
    plays now, #26 is forced later, and one battleground coup of the US in between
    brings DEFCON 2, where its event is nuclear war in the USSR's round. Played now, for
    ops or to space, it costs its event and no more. Not a gamble: when a card may be
    held, when the US has no round before the USSR's next. When no play leaves none,
    those that leave more than the fewest are."""
    ussr = tables(ussr_to_play([7])).hazards["USSR"]
    plays = moves(f"play {CIA_CREATED} ops", f"play {CIA_CREATED} space", "play 7 ops")
    plays += moves("play 10 ops")
    hand = [CIA_CREATED, 7, WEAK_USSR_CARD]
    keep = set(plays[2:])
    assert gambles(plays, "action", 3, hand, ussr, trap_rounds=2) == keep
    assert gambles(plays[2:], "action", 3, hand, ussr, trap_rounds=2) == keep  # a shortlist
    assert gambles(plays, "action", 3, [*hand, 8], ussr, trap_rounds=2) == set()  # one kept
    assert gambles(plays, "action", 3, hand, ussr, trap_rounds=2, china=True) == set()
    assert gambles(plays, "action", 3, hand, ussr, trap_rounds=0) == set()  # no US round
    assert gambles(plays, "action", 4, hand, ussr, trap_rounds=2) == set()
    both = [CIA_CREATED, GRAIN_SALES, 7]  # two forced: no play leaves none, #26 leaves one
    assert gambles(plays, "action", 3, both, ussr, trap_rounds=2) == set(moves("play 7 ops"))
    # #32 with #26 voids its event but spends two cards: #67 is still forced after it;
    # #67 for ops gives the US a card of the USSR's at random, maybe a safe one
    with_un = moves(f"un {CIA_CREATED}", f"play {GRAIN_SALES} ops", "play 7 ops")
    with_un += moves(f"play {CIA_CREATED} ops")
    hand = [CIA_CREATED, GRAIN_SALES, UN_INTERVENTION, 7, WEAK_USSR_CARD]
    lottery = frozenset({GRAIN_SALES})
    assert gambles(with_un, "action", 3, hand, ussr, trap_rounds=3, taken_by=lottery) == set(
        with_un[:3]
    )


def test_8_1_3_the_spare_choice_skips_the_plays_the_rules_rule_out() -> None:
    """When every shortlisted play keeps the forced hazard, the spare choice looks past
    the other plays the same rule condemns, however well one step rates them: with its
    time already up it checks one batch (SHORTLIST plays), and the hazard's play, ranked
    after a batch of condemned ones, is in it."""
    hand = [CIA_CREATED, 7, WEAK_USSR_CARD]
    game = ussr_to_play(hand, action_round=4, defcon=3, china={"holder": "US"})
    ussr = tables(game).hazards["USSR"]
    risky = partial(gambles, kind="action", defcon=3, hand=hand, hazards=ussr, trap_rounds=2)
    kept = [f"play {card} {mode}" for card in (7, WEAK_USSR_CARD) for mode in MODES]
    rest = moves(*kept, f"play {CIA_CREATED} ops")
    assert len(rest) > SHORTLIST
    sampled = worlds(game, "USSR", 1)
    time_up = Bounds(soft=0.0, hard=0.0)
    spare = spare_choice(sampled, "USSR", rest, policy(1), "action", risky, time_up)
    assert spare == rest[-1]


def test_8_1_3_strong_plays_a_forced_hazard_while_defcon_is_3() -> None:
    """The rule above in play (a position from strong against strong): six cards for five
    rounds, two hazards and #32. #32 with either hazard leaves the other forced. #26 or
    #67 played now (for ops or to space) leaves none; nor does #32 with #26, as the
    turn's space race attempt can still take #67 (2 ops, the box needs 2), never #26
    (1 op). The search alone chose #32 with #67 in one seed of six."""
    hand = [CIA_CREATED, 74, 58, GRAIN_SALES, UN_INTERVENTION, 48]
    game = ussr_to_play(hand, action_round=2, defcon=3, china={"holder": "US"})
    assert game.rounds_left("USSR") == 5
    safe = {Un(CIA_CREATED)} | {
        Play(card, mode) for card in (CIA_CREATED, GRAIN_SALES) for mode in MODES
    }
    for seed in range(6):
        choice = make_bot("strong", seed, iterations=2).choose(game, "USSR")
        assert parse_move(choice) in safe, (seed, choice)


SUMMIT = 45  # Neutral, 1 op: both roll; the winner gains 2 VP and may move DEFCON by one


def test_8_1_3_strong_never_gambles_on_summit_at_defcon_2() -> None:
    """At DEFCON 2 the Summit's roll, however well the bonuses favour the player, can
    hand the opponent the DEFCON move that is nuclear war in the player's round: the
    dice are fixed here (USSR 1, US 6) to show it. A few sampled worlds roll it only a
    few times, so the play is ruled out by rule (safety.gambles)."""
    doc = {"defcon": 2, "forced_dice": [1, 6]}
    trap = ussr_to_play([SUMMIT, WEAK_USSR_CARD], **doc)
    trap.choose(f"play {SUMMIT} event")
    trap.choose("defcon 1")
    assert trap.outcome is not None and trap.outcome.ending == "DEFCON 1"  # the trap
    assert trap.outcome.winner == "US"
    game = ussr_to_play([SUMMIT, WEAK_USSR_CARD], defcon=2)
    for seed in range(3):
        choice = make_bot("strong", seed, iterations=2).choose(game, "USSR")
        assert choice != f"play {SUMMIT} event"


def test_8_1_3_the_gambles_are_summit_events_and_hand_lotteries_where_defcon_2_may_come() -> None:
    """Summit's event in an action round at DEFCON 2 or at any headline (#40 Cuban
    Missile Crisis may resolve first and set DEFCON 2); #5 Five Year Plan, which may
    discard the other hazard in the USSR hand and fire it, even when played for ops."""
    game = ussr_to_play([SUMMIT, WEAK_USSR_CARD])
    ussr = tables(game).hazards["USSR"]
    ids = moves(f"play {SUMMIT} event", f"play {SUMMIT} ops", "play 7 event")
    assert gambles(ids, "action", 2, [SUMMIT, 7], ussr) == set(moves(f"play {SUMMIT} event"))
    assert gambles(ids, "action", 3, [SUMMIT, 7], ussr) == set()
    headlines = moves(f"headline {SUMMIT}", "headline 7")
    assert gambles(headlines, "headline", 4, [SUMMIT, 7], ussr) == set(moves(f"headline {SUMMIT}"))
    assert gambles(ids, "operation", 2, [SUMMIT, 7], ussr) == set()
    five = moves("play 5 ops", "play 5 event", "play 5 space", "play 7 ops")
    risky = set(moves("play 5 ops", "play 5 event"))
    assert gambles(five, "action", 2, [5, CIA_CREATED, 7], ussr) == risky
    assert gambles(five, "action", 2, [5, 7], ussr) == set()  # no other hazard to draw
    us = tables(game).hazards["US"]
    # the US's own #5, for ops: no lottery of his hand; for its event: the USSR's
    assert gambles(five, "action", 2, [5, 62, 7], us) == set(moves("play 5 event"))


def test_8_1_3_the_headline_guard_runs_at_any_defcon() -> None:
    """DEFCON 4 in turn 5: the USSR's secret pick may be #40 Cuban Missile Crisis (3 ops,
    resolved before #20 Olympic Games), which sets DEFCON 2 from any level; the boycott
    is then nuclear war in the US's headline."""
    assert_olympics_headline_condemned(turn=5, defcon=4, danger=40, seeds=2)


CAMP_DAVID = 65  # US, 2 ops: no DEFCON hazard
LONE_GUNMAN = 62  # USSR, 1 op: the USSR conducts 1 op (a coup too)


def test_8_1_3_the_gambles_include_the_opponent_s_hazards_where_defcon_2_may_come() -> None:
    """An opponent's DEFCON hazard for ops in an action round at DEFCON 2, headlined at
    DEFCON 3 or below, or played for ops at DEFCON 3 with the operations before its
    event; never for the space race, and #5 Five Year Plan only with another hazard."""
    game = ussr_to_play([GRAIN_SALES, CAMP_DAVID])
    ussr, us = tables(game).hazards["USSR"], tables(game).hazards["US"]
    plays = moves(f"play {GRAIN_SALES} ops", f"play {GRAIN_SALES} space", "play 65 ops")
    assert gambles(plays, "action", 2, [GRAIN_SALES, 65], ussr) == set(plays[:1])
    assert gambles(plays, "action", 3, [GRAIN_SALES, 65], ussr) == set()
    headlines = moves(f"headline {LONE_GUNMAN}", "headline 21")
    for defcon, risky in ((2, headlines[:1]), (3, headlines[:1]), (4, [])):
        assert gambles(headlines, "headline", defcon, [LONE_GUNMAN, 21], us) == set(risky)
    order = moves("ops-first", "event-first")
    for defcon, card, risky in ((3, GRAIN_SALES, order[:1]), (4, GRAIN_SALES, []), (3, 65, [])):
        assert gambles(order, "event_order", defcon, [], ussr, card=card) == set(risky)
    five = moves("play 5 ops")
    assert gambles(five, "action", 2, [5, 7], ussr) == set()
    # the US's own #5 for its event: the card it discards from the USSR hand may be #4
    five = moves("play 5 event", "play 5 ops", "play 5 space")
    assert gambles(five, "action", 2, [5, 21], us) == set(five[:1])
    assert gambles(five, "action", 3, [5, 21], us) == set()


def test_8_1_3_strong_does_not_play_grain_sales_for_ops_at_defcon_2() -> None:
    """#67 played by the USSR for ops at DEFCON 2: the US returns the card it took and
    spends the event's 2 ops on a coup in Angola, a battleground where DEFCON 2 allows
    coups: DEFCON 1 in the USSR's round (8.1.3). Three decisions of his, more than the
    search's one-step opponent sees, and holding a hazard at DEFCON 2 costs: without the
    rule (safety.gambles) the search plays it. Turn 9, no space attempt left."""
    game = ussr_to_play(
        [GRAIN_SALES, CAMP_DAVID, 64],
        defcon=2,
        turn=9,
        action_round=6,
        space_attempts={"USSR": 1, "US": 0},
        influence={"angola": {"us": 0, "ussr": 1}},
    )
    trap = game.fork()
    trap.choose(f"play {GRAIN_SALES} ops")
    trap.choose("event-first")
    pending = trap.pending
    assert pending is not None
    trap.choose(next(m for m in moves_of(pending) if isinstance(m, CardPick)))  # returned
    trap.choose("coup angola")
    assert trap.outcome is not None and trap.outcome.ending == "DEFCON 1"  # the trap
    assert trap.outcome.winner == "US"
    for seed in range(3):
        choice = make_bot("strong", seed, iterations=2).choose(game, "USSR")
        assert choice != f"play {GRAIN_SALES} ops", seed


def test_8_1_3_grain_sales_is_a_gamble_while_the_ussr_holds_its_own_defcon_drop() -> None:
    """#67 Grain Sales to Soviets played by the USSR: the US takes a random USSR card and
    may play it for ops. With #50 We Will Bury You taken, its USSR event brings DEFCON
    down in the USSR's round and the US's battleground coup then ends the game there,
    from DEFCON 3 or below. To the space race, no event happens."""
    game = ussr_to_play([67, 50, 7])
    ussr = tables(game).hazards["USSR"]
    plays = moves("play 67 ops", "play 67 event", "play 67 space", "play 50 event", "play 7 ops")
    risky = set(moves("play 67 ops", "play 67 event"))
    assert gambles(plays, "action", 3, [67, 50, 7], ussr) == risky
    assert gambles(plays, "action", 3, [67, 50, 7], ussr, trap_rounds=2) >= risky
    assert gambles(moves("headline 67", "headline 7"), "headline", 3, [67, 50, 7], ussr) == set(
        moves("headline 67")
    )
    assert gambles(plays, "action", 4, [67, 50, 7], ussr) == set()  # one drop leaves DEFCON 3
    assert gambles(plays, "action", 3, [67, 7], ussr) == set()  # no drop of its own to take
    us = tables(game).hazards["US"]
    assert gambles(plays, "action", 3, [67, 50, 7], us) == set()  # the US's own #67


HOW_I_LEARNED = 46  # neutral, 2 ops: the player sets DEFCON to any level


def test_8_1_3_grain_sales_is_a_gamble_at_any_defcon_while_the_ussr_holds_how_i_learned() -> None:
    """#67 Grain Sales to Soviets played by the USSR lets the US take a random USSR card
    and play it: #46 How I Learned to Stop Worrying taken, the US sets DEFCON 1 in the
    USSR's round, from any DEFCON. The search's US answers by one step of lookahead, which
    stops at playing the card (the level is the next decision), so the rule rules it out."""
    game = ussr_to_play([GRAIN_SALES, HOW_I_LEARNED], defcon=4)
    trap = game.fork()
    trap.choose(f"play {GRAIN_SALES} ops")
    trap.choose("event-first")
    assert trap.pending is not None and trap.pending.player == "US"
    trap.choose(f"play {HOW_I_LEARNED} event")  # the one other card: taken at random
    trap.choose("defcon 1")
    assert trap.outcome is not None and trap.outcome.winner == "US"
    ussr = tables(game).hazards["USSR"]
    plays = moves("play 67 ops", "play 67 event", "play 67 space", "play 46 event", "play 7 ops")
    for defcon in (2, 3, 4, 5):
        assert gambles(plays, "action", defcon, [67, 46, 7], ussr) >= set(plays[:2]), defcon
        assert not gambles(plays, "action", defcon, [67, 46, 7], ussr) & set(plays[2:]), defcon
    assert gambles(plays, "action", 4, [67, 7], ussr) == set()
    assert gambles(moves("headline 67", "headline 7"), "headline", 5, [67, 46, 7], ussr) == set(
        moves("headline 67")
    )
    assert gambles(plays, "action", 4, [67, 46, 7], tables(game).hazards["US"]) == set()
    # Where strong played #67 for ops (a match's game): #46 was taken, DEFCON 1.
    held = ussr_to_play([67, 46, 18, 41, 69, 62], defcon=3, turn=7, action_round=3)
    for seed in range(2):
        choice = make_bot("strong", seed, iterations=2).choose(held, "USSR")
        assert choice not in {f"play {GRAIN_SALES} ops", f"play {GRAIN_SALES} event"}, seed


WE_WILL_BURY_YOU = 50  # USSR, 4 ops: DEFCON -1, then the USSR gains 3 VP unless UN Intervention
MISSILE_ENVY = 49  # neutral, 2 ops: exchanged for the opponent's highest-ops card
KAL_007 = 89  # US, 4 ops, Late War: DEFCON -1


def test_8_1_3_missile_envy_is_a_gamble_while_a_drop_of_one_s_own_may_be_in_his_hand() -> None:
    """#49 Missile Envy's event takes the opponent's highest-ops card and fires its event
    if it is the player's own: the US given #4 Duck and Cover at DEFCON 2 sets DEFCON 1
    in its own round. The US cannot see the USSR hand, so the event is a gamble (as #5
    Five Year Plan's) unless each of its own drops is out of that hand: in its own hand,
    or, for #89 KAL-007, still in the box of the Late War."""
    game = us_to_play([MISSILE_ENVY, CAMP_DAVID, 98], [DUCK_AND_COVER, 29, 37], turn=8)
    trap = game.fork()
    trap.choose(f"play {MISSILE_ENVY} event")
    trap.choose(f"give {DUCK_AND_COVER}")  # tied at 3 ops with #29: the USSR chooses
    assert trap.outcome is not None and trap.outcome.ending == "DEFCON 1"  # the trap
    assert trap.outcome.winner == "USSR"
    us, ussr = tables(game).hazards["US"], tables(game).hazards["USSR"]
    plays = moves("play 49 event", "play 49 ops", "play 49 space", "play 65 ops")
    assert gambles(plays, "action", 2, [49, 65], us) == set(plays[:1])
    assert gambles(plays, "action", 2, [49, 65], us, risky_draws=frozenset()) == set()
    assert gambles(plays, "action", 3, [49, 65], us) == set()
    assert gambles(plays, "action", 2, [49, 65], ussr) == set(plays[:1])  # #50, the USSR's
    headlines = moves("headline 49", "headline 65")
    assert gambles(headlines, "headline", 4, [49, 65], us) == set(headlines[:1])
    five = moves("play 5 event")
    assert gambles(five, "action", 2, [5, 21], us, risky_draws=frozenset({49})) == set()
    both = {FIVE_YEAR_PLAN, MISSILE_ENVY}
    assert risky_blind_draws(game, "US") == both  # #4 in the USSR hand, #89 in the pile
    early = us_to_play([49, DUCK_AND_COVER, OLYMPIC_GAMES], [29, 37], turn=5, discard=[45])
    assert risky_blind_draws(early, "US") == set()
    assert risky_blind_draws(us_to_play([49, DUCK_AND_COVER], [29, 37], turn=8), "US") == both
    for seed in range(3):
        choice = make_bot("strong", seed, iterations=2).choose(game, "US")
        assert choice != f"play {MISSILE_ENVY} event", seed


FIVE_YEAR_PLAN = 5  # US, 3 ops: the USSR discards a random card, fired if a US event


def test_8_1_3_missile_envy_may_draw_olympic_games_whose_boycott_is_a_drop() -> None:
    """#49 Missile Envy fires a neutral card's event too: at DEFCON 2 the USSR given #20
    Olympic Games (tied at 2 ops, the US chooses) fires it in its own round, and the US
    boycotts: DEFCON 1, the USSR loses (strong against strong, seed 9062). While #20 may
    be in the US hand, #49's event is a gamble though the USSR's own drop (#50 We Will
    Bury You) is in its own hand; #5 Five Year Plan, which fires only US events, is not
    made one by it."""
    hands = {"USSR": [MISSILE_ENVY, 65, WE_WILL_BURY_YOU], "US": [OLYMPIC_GAMES, 13]}
    game = ussr_to_play([], turn=8, defcon=2, hands=hands)
    trap = game.fork()
    trap.choose(f"play {MISSILE_ENVY} event")
    trap.choose(f"give {OLYMPIC_GAMES}")
    trap.choose("boycott")
    assert trap.outcome is not None and trap.outcome.ending == "DEFCON 1"
    assert trap.outcome.winner == "US"
    assert risky_blind_draws(game, "USSR") == {MISSILE_ENVY}
    hands["US"] = [13, 21]  # #20 and #45 Summit in the discard pile, out of his hand
    assert (
        risky_blind_draws(ussr_to_play([], turn=8, defcon=2, hands=hands, discard=[20, 45]), "USSR")
        == set()
    )
    for seed in range(3):
        choice = make_bot("strong", seed, iterations=2).choose(game, "USSR")
        assert choice != f"play {MISSILE_ENVY} event", seed


STAR_WARS = 85  # US, 2 ops: ahead in space, the US fires an event from the discard pile
TEAR_DOWN_THIS_WALL = 96  # US, 3 ops: a free US coup in Europe


def ussr_turn_8(hand: list[int], **fields: Any) -> Game:
    """The USSR's second action round of turn 8 at DEFCON 3, the China Card with the US."""
    return ussr_to_play(hand, turn=8, defcon=3, action_round=2, china={"holder": "US"}, **fields)


def test_8_1_3_at_defcon_3_the_trap_count_sees_the_space_race_and_the_lottery_s_loss() -> None:
    """Three hazards among seven cards for six rounds at DEFCON 3, the China Card with
    the US: whatever the USSR plays, one hazard is still forced by the cards alone, but
    the turn's space race attempt takes one more. A hazard for ops now, another to
    space, the third held: no hazard is left for DEFCON 2. #5 Five Year Plan for ops
    also discards a card of the USSR's at random, so it leaves one forced; so does any
    other card, and a hazard sent to space now spends the attempt."""
    hand = [FIVE_YEAR_PLAN, 20, 42, 74, 81, STAR_WARS, TEAR_DOWN_THIS_WALL]
    game = ussr_turn_8(hand, space={"US": 3, "USSR": 2})
    ussr = tables(game).hazards["USSR"]
    plays = moves_of(game.pending)
    spaceable = frozenset(m.card for m in plays if isinstance(m, Play) and m.mode == "space")
    spaceable &= ussr
    assert spaceable == {FIVE_YEAR_PLAN, STAR_WARS, TEAR_DOWN_THIS_WALL}
    count = partial(gambles, plays, "action", 3, hand, ussr, trap_rounds=5)
    risky = count(spaceable=spaceable, taken_by=takers(game, "USSR"))
    safe = {m.notation for m in plays if m not in risky}
    assert safe == {f"play {STAR_WARS} ops", f"play {TEAR_DOWN_THIS_WALL} ops"}
    # no space attempt nor lottery counted: one hazard stays forced whatever is played,
    # and a play of another card leaves two
    hazard_plays = {m for m in plays if isinstance(m, Play) and m.card in ussr}
    assert hazard_plays and count() == set(plays) - hazard_plays
    for seed in range(4):
        choice = make_bot("strong", seed, iterations=2).choose(game, "USSR")
        assert choice in safe, (seed, choice)


def test_8_1_3_five_year_plan_alone_is_no_hazard_in_the_trap_count() -> None:
    """#5 Five Year Plan endangers the USSR only as a lottery over its other hazards (a
    random USSR card discarded, fired if a US event): alone in hand it is counted safe,
    by the trap count and the evaluation alike. Turn 8, DEFCON 3, seven USSR cards for
    six rounds with #5 and #96 Tear Down This Wall, the turn's space attempt spent, and
    #67 Grain Sales unseen (it may take a card). #96 for ops now leaves #5, harmless;
    #5 for ops discards a card at random and may leave #96 the last card once a US
    coup brings DEFCON 2 (strong against strong, seed 9036: it did)."""
    hand = [FIVE_YEAR_PLAN, 66, 68, 78, 83, TEAR_DOWN_THIS_WALL, 110]
    game = ussr_turn_8(hand, space={"US": 4, "USSR": 2}, space_attempts={"USSR": 1, "US": 0})
    ussr = tables(game).hazards["USSR"]
    assert FIVE_YEAR_PLAN in ussr and held_hazards([FIVE_YEAR_PLAN, 66], ussr) == 0
    assert held_hazards(hand, ussr) == 2
    assert forced_count([FIVE_YEAR_PLAN, 66], ussr, rounds=2, china=False) == 0
    assert forced_count([FIVE_YEAR_PLAN, TEAR_DOWN_THIS_WALL], ussr, rounds=2, china=False) == 2
    assert (exposed_rounds(game, "USSR", "action"), thefts(game, "USSR")) == (5, 1)
    plays = moves_of(game.pending)
    rule = partial(gambles, plays, "action", 3, hand, ussr, trap_rounds=5)
    safe = set(plays) - rule(taken_by=takers(game, "USSR"), thefts=1)
    assert safe == {Play(TEAR_DOWN_THIS_WALL, "ops")}


ALDRICH_AMES = 98  # USSR, 3 ops: the US shows its hand and the USSR discards a card of it
ORTEGA = 91  # USSR, 2 ops: the USSR may coup next to Nicaragua (Cuba)
USSR_CARDS = [7, 14, 15, 28, 30, 33, WEAK_USSR_CARD]  # no DEFCON hazard for the US


def us_headline(us: list[int], defcon: int = 3, **fields: Any) -> Game:
    """Turn 8's headline, the USSR's pick made (#99): the US to pick from `us`."""
    ussr = [20, 53, 59, 61, 63, 65, 85, 94, 99]
    doc = {"phase": "headline", "turn": 8, "defcon": defcon, "hands": {"US": us, "USSR": ussr}}
    doc.update(fields)
    game = Game.from_scenario(doc)
    game.choose("headline 99")
    return game


JUNTA = 47  # neutral, 2 ops: +2 influence in Central or South America, then a free coup


def test_8_1_3_the_headline_guard_finds_a_kill_two_of_the_opponent_s_decisions_deep() -> None:
    """The USSR's #47 Junta (2 ops) resolves before the US's #62 Lone Gunman (1 op): its
    free coup is a yes, then a battleground (DEFCON 2), and #62's operation a coup in
    another (DEFCON 1 in the US's turn). Played out by one step, the USSR takes the coup
    in El Salvador, where DEFCON stays; the guard tries each of his choices that may
    bring it down. Headlined, #21 leaves #62 among nine cards for seven rounds: two to
    spare, however DEFCON stands and whatever one theft of his takes."""
    us = [62, 21, 22, 23, 25, 27, 29, 35, 65, 43]
    game = Game.from_scenario(
        {
            "phase": "headline",
            "turn": 8,
            "defcon": 3,
            "hands": {"US": us, "USSR": [JUNTA, *USSR_CARDS]},
            "space": {"US": 4, "USSR": 3},  # the USSR shows its headline first (6.4.4)
            "influence": {  # the US in two battlegrounds and, beside them, in lesser countries
                country: {"us": 1}
                for country in ("panama", "south-africa", "el-salvador", "honduras", "botswana")
            },
        }
    )
    game.choose(f"headline {JUNTA}")
    trap = game.fork()
    for choice in ("headline 62", "infl mexico", "yes", "coup panama"):
        trap.choose(choice)
    assert trap.state.defcon == 2
    trap.choose("coup south-africa")  # Lone Gunman's operation
    assert trap.outcome is not None and trap.outcome.ending == "DEFCON 1"
    candidates = [parse_move("headline 62"), parse_move("headline 21")]
    for seed in range(3):
        outcomes = Outcomes()
        headline_guard(worlds(game, "US", seed), "US", candidates, policy(seed), outcomes, Bounds())
        assert outcomes.nuclear == {candidates[0]}, seed


def test_8_1_3_at_the_headline_a_card_an_event_takes_counts_in_the_trap() -> None:
    """Nine US cards for seven rounds, one of them #62 Lone Gunman: any headline leaves
    one card to spare. #98 Aldrich Ames Remix headlined by the US fires its USSR event,
    which discards a US card of the USSR's choice: no card is left to spare, and #62
    must be played. The USSR plays first in every round (ROUND_ORDER), so one coup of
    its brings DEFCON 2 before the US can play #62 away. Not a gamble where the space
    race can take the hazard, at DEFCON 4, or for the USSR, whose first round comes
    before any US round. The same count holds #98 played for ops in an action round."""
    game = us_headline([ALDRICH_AMES, LONE_GUNMAN, *USSR_CARDS])
    menu = moves_of(game.pending)
    assert exposed_rounds(game, "US", "headline") == 7
    assert exposed_rounds(game, "USSR", "headline") == 6
    assert takers(game, "US") == {ALDRICH_AMES}
    assert takers(game, "USSR") == {FIVE_YEAR_PLAN, GRAIN_SALES}
    hand, us = game.view("US").hand, tables(game).hazards["US"]
    assert spaceable_hazards(game, "US", hand, us, "headline", menu) == set()  # 1 op: no box
    count = partial(gambles, menu, "headline", hand=hand, hazards=us, taken_by={ALDRICH_AMES})
    hazard = set(moves(f"headline {LONE_GUNMAN}"))  # a hazard headlined at DEFCON 3
    assert count(defcon=3, trap_rounds=7) == {*hazard, *moves(f"headline {ALDRICH_AMES}")}
    assert count(defcon=4, trap_rounds=7) == set()
    assert count(defcon=3, trap_rounds=6) == hazard  # the USSR's first round takes #62
    assert count(defcon=3, trap_rounds=7, china=True) == hazard
    spaced = us_headline([ALDRICH_AMES, ORTEGA, *USSR_CARDS])  # 2 ops reach box 1
    headlines = moves_of(spaced.pending)
    hand = spaced.view("US").hand
    assert spaceable_hazards(spaced, "US", hand, us, "headline", headlines) == {ORTEGA}
    rule = partial(gambles, headlines, "headline", 3, hand, us, trap_rounds=7)
    # #91 to space: #98 leaves none forced
    assert rule(spaceable={ORTEGA}, taken_by={ALDRICH_AMES}) == set(moves(f"headline {ORTEGA}"))
    assert rule(taken_by={ALDRICH_AMES}) == set(moves(f"headline {ORTEGA}", "headline 98"))
    plays = moves(f"play {ALDRICH_AMES} ops", f"play {LONE_GUNMAN} ops", "play 7 ops")
    hand = [ALDRICH_AMES, LONE_GUNMAN, 7, 14]  # three rounds: one card to spare
    rule = partial(gambles, plays, "action", 3, hand, us, trap_rounds=2)
    assert rule(taken_by={ALDRICH_AMES}) == set(plays[:1])
    assert rule() == set()


TERRORISM = 92  # either side's, 2 ops: the other side discards a random card


def test_8_1_3_a_card_the_opponent_may_take_counts_in_the_trap() -> None:
    """Four US cards for three rounds at DEFCON 3, one of them #62 Lone Gunman: a card to
    spare, so holding #62 looks safe. But a USSR round may bring DEFCON 2 (a coup) and
    another may take the spare card (#92 Terrorism, at random; the count takes the worst
    case): #62 is then the US's last card. While #92 may be in the USSR's hand, every
    play that keeps #62 is a gamble; #62 for ops now is not. With one exposed round the
    USSR cannot do both, and with #92 and #98 Aldrich Ames Remix seen (discarded) nothing
    can take a card. Under #82 Iranian Hostage Crisis #92 takes two US cards; it takes
    one of the USSR's."""
    late = {"turn": 8, "defcon": 3, "action_round": 5, "rounds_taken": {"USSR": 5, "US": 4}}
    hand = [LONE_GUNMAN, 7, 14, 15]
    hidden = us_to_play(hand, [20, 53, TERRORISM], **late)
    seen = us_to_play(hand, [20, 53, 59], **late, discard=[TERRORISM, ALDRICH_AMES])
    assert thefts(hidden, "US") == 1
    assert thefts(seen, "US") == 0
    hostage = {"effects": {"iranian-hostage-crisis": 1}, "events_played": [82]}
    assert thefts(us_to_play(hand, [20, 53, TERRORISM], **late, **hostage), "US") == 2
    assert thefts(ussr_to_play([20, 53], turn=8, **hostage), "USSR") == 1  # #92 unseen
    us = tables(hidden).hazards["US"]
    plays = moves_of(hidden.pending)
    rule = partial(gambles, plays, "action", 3, hand, us)
    kept = {m for m in plays if isinstance(m, Play) and m.card != LONE_GUNMAN}
    assert kept and rule(trap_rounds=2, thefts=1) == kept
    assert rule(trap_rounds=2) == set()
    assert rule(trap_rounds=1, thefts=1) == set()


def test_8_1_3_bringing_defcon_2_oneself_with_a_hazard_forced_is_a_gamble() -> None:
    """Turn 8's headline at DEFCON 3: nine US cards for seven rounds, #91 Ortega among
    them. Whatever the US headlines but #91, one card is left to spare. #4 Duck and Cover
    headlined brings DEFCON 2 itself: the USSR needs no coup, only one round to take the
    spare card (#92 Terrorism or #98 Aldrich Ames Remix, unseen), and #91 is then the
    US's last card. Another headline leaves the USSR a coup and a theft to find in its
    rounds: all but #91's leave it forced in that worst case, so #91 headlined is the way
    out (the headline guard meets what the USSR may headline before it). Seen or
    discarded, those cards take nothing, #4 is no gamble and #91 headlined is one."""
    game = us_headline([DUCK_AND_COVER, 24, 27, 29, 56, 69, 87, ORTEGA, 75])
    menu = moves_of(game.pending)
    hand, us = game.view("US").hand, tables(game).hazards["US"]
    assert thefts(game, "US") == 1
    rule = partial(gambles, menu, "headline", 3, hand, us, trap_rounds=7)
    hazard = set(moves(f"headline {ORTEGA}"))
    assert moves(f"headline {DUCK_AND_COVER}")[0] in rule(thefts=1)
    assert rule(thefts=1) == set(menu) - hazard
    assert rule() == hazard
    # In an action round with one USSR round left before the US's last: a theft then
    # needs the DEFCON 2 that #4 brings
    plays = moves(f"play {DUCK_AND_COVER} event", f"play {DUCK_AND_COVER} ops", "play 24 ops")
    rule = partial(gambles, plays, "action", 3, [DUCK_AND_COVER, 24, ORTEGA], us, trap_rounds=1)
    assert rule(thefts=1) == set(plays[:1])
    assert rule() == set()


def test_8_1_3_a_hazard_forced_whatever_else_is_headlined_is_headlined() -> None:
    """Turn 8's headline at DEFCON 3: eight US cards for seven rounds, #91 Ortega among
    them, nothing to spare. Any other headline leaves #91 the US's last card, and one
    USSR coup before it brings DEFCON 2 (the USSR plays first in every round): those
    headlines are the gambles, #91's is not (its event costs a coup at DEFCON 3; a
    USSR headline that resolves first and brings DEFCON 2 is the headline guard's to
    find), even among moves without #91: the count compares every headline of the hand,
    so that a batch of the spare choice is ruled out whole. Not at DEFCON 2, where
    #91's event is itself the coup that ends the game; nor where the space race can
    take #91. With #62 Lone Gunman as well, either hazard headlined leaves one forced,
    the others two. In play, strong headlines #91."""
    hand = [24, 27, 29, 56, 69, 87, ORTEGA, 75]
    game = us_headline(hand, space={"US": 4, "USSR": 4})  # box 5 needs 3 ops
    menu = moves_of(game.pending)
    us = tables(game).hazards["US"]
    assert spaceable_hazards(game, "US", hand, us, "headline", menu) == set()
    assert exposed_rounds(game, "US", "headline") == 7
    rule = partial(gambles, menu, "headline", hand=hand, hazards=us, trap_rounds=7)
    ortega = set(moves(f"headline {ORTEGA}"))
    assert rule(defcon=3) == set(menu) - ortega
    assert rule(defcon=2) == ortega
    assert rule(defcon=3, spaceable={ORTEGA}) == ortega
    others = [m for m in menu if m not in ortega][:3]  # a batch of the spare choice
    assert gambles(others, "headline", 3, hand, us, trap_rounds=7) == set(others)
    two = [24, 27, 29, 56, 69, LONE_GUNMAN, ORTEGA, 75]
    menu = moves_of(us_headline(two).pending)
    hazards = set(moves(f"headline {ORTEGA}", f"headline {LONE_GUNMAN}"))
    assert gambles(menu, "headline", 3, two, us, trap_rounds=7) == set(menu) - hazards
    for seed in range(3):
        choice = make_bot("strong", seed, iterations=2).choose(game, "US")
        assert parse_move(choice) in ortega, (seed, choice)


def test_8_1_3_when_every_headline_is_condemned_the_least_likely_loss_is_chosen() -> None:
    """Both of safety's headline rules are worst cases: the guard condemns a headline if
    any card the opponent may headline kills it, the trap count one that a theft card
    he may hold would trap. When every headline is condemned, `least_risky` plays the
    least likely loss: a guard's kill weighs how often, over the worlds, he may headline
    a killing card (one pick among his cards); a gamble of the trap count that is one
    only for a theft, the share of worlds whose opponent holds a theft card; any other
    rule's gamble counts as certain. The best score decides among equals."""
    odds = HeadlineOdds()
    odds.saw([4, 50, 92, 7], theft=True)
    odds.saw([4, 20], theft=False)
    ids = (f"headline {STAR_WARS}", f"headline {KAL_007}", "headline 20", "headline 45")
    star, kal, other, summit = moves(*ids)
    odds.played(star, DUCK_AND_COVER, lost=True)
    odds.played(kal, DUCK_AND_COVER, lost=False)
    assert odds.headline_risk(star) == (1 / 4 + 1 / 2) / 2
    assert odds.headline_risk(kal) == 0.0 and odds.theft_risk() == 0.5
    scores = {star: -30.0, kal: -40.0, other: -10.0, summit: 0.0}
    pick = partial(
        least_risky,
        sampled_risk=odds.headline_risk,
        ruled={other, summit},
        theft_risk=odds.theft_risk(),
        scores=scores,
    )
    assert pick([star, kal, other, summit], theft_only={other}) == kal  # no risk at all
    assert pick([star, other, summit], theft_only={other}) == star  # 0.375 against 0.5
    odds.played(star, 7, lost=True)
    assert pick([star, other, summit], theft_only={other}) == other  # 0.5 each: the score
    assert pick([star, summit], theft_only=set()) == star  # a rule's gamble is certain


def test_8_1_3_in_an_action_round_a_rule_s_certain_loss_is_not_chosen_over_a_sampled_one() -> None:
    """When every candidate of an action round is condemned, strong plays the least
    likely loss, as at the headline: a candidate the guard or the search saw lose weighs
    the share of its sampled futures that lost (`Outcomes.loss_share`); a rule's gamble
    (#4 Duck and Cover for ops at DEFCON 2, in the USSR's hand) is certain, whatever its
    rollouts met. The filter alone cannot tell them apart, and the score would pick #4."""
    game = ussr_to_play([DUCK_AND_COVER, 7], defcon=2)
    lost = game.fork()
    lost.choose(f"play {DUCK_AND_COVER} ops")
    lost.choose("event-first")
    assert lost.outcome is not None and lost.outcome.winner == "US"
    duck, socialist = moves(f"play {DUCK_AND_COVER} ops", "play 7 ops")
    outcomes = Outcomes(nuclear={duck})
    for future in (lost, game, game, game):
        outcomes.record(socialist, future, "USSR", in_own_round=True)
    outcomes.record(duck, game, "USSR", in_own_round=True)
    assert outcomes.condemned(socialist) and outcomes.loss_share(socialist) == 0.25
    assert outcomes.loss_share(duck) == 0.0
    assert outcomes.safe([duck, socialist]) == [duck, socialist]
    scores = {duck: 5.0, socialist: -20.0}
    pick = least_risky([duck, socialist], outcomes.loss_share, {duck}, set(), 1.0, scores)
    assert pick == socialist


def test_8_1_3_a_rollout_fires_a_hazard_before_its_operations() -> None:
    """The USSR plays #67 Grain Sales to Soviets for ops at DEFCON 3. Its operations
    first, a battleground coup brings DEFCON 2, and the US's event then takes a USSR
    card to play: his coup is nuclear war in the USSR's round. The bot plays the event
    first (`gambles`), and so must its rollouts' policy: one that coups first condemns,
    in the search, the very play that is safe."""
    game = ussr_to_play([GRAIN_SALES, 53, 29, 93, 61], turn=5, defcon=3, action_round=2)
    game.choose(f"play {GRAIN_SALES} ops")
    menu = moves_of(game.pending)
    assert order_gambles(game, menu) == set(moves("ops-first"))
    for seed in range(6):
        assert policy(seed).choose(game).notation == "event-first", seed


def test_8_1_3_star_wars_is_no_hazard_while_the_us_cannot_get_ahead_in_space() -> None:
    """#85 Star Wars's event needs the US ahead in the space race: two boxes behind, it
    cannot get there this turn, and the USSR may play the card away freely. At DEFCON 2
    with seven cards and the China Card for seven rounds, #32 UN Intervention spends two
    cards in one round: played with #85 it leaves #26 CIA Created, a live hazard, as a
    card that must be played; played with #26 it leaves none. (From expert against
    strong, seed 8019: strong played it with #85 and lost to #26 as its last card.)"""
    hand = [3, CIA_CREATED, UN_INTERVENTION, 70, STAR_WARS, 86, ORTEGA]
    game = ussr_to_play(
        hand, turn=8, defcon=2, space={"US": 3, "USSR": 5}, china={"holder": "USSR"}
    )
    board, t = game.view("USSR"), tables(game)
    assert set(DORMANT_HAZARDS) <= set(DEFCON_HAZARDS)
    assert STAR_WARS in t.hazards["USSR"]
    assert live_hazards(board, t, "USSR") == t.hazards["USSR"] - {STAR_WARS}
    near = ussr_to_play(hand, turn=8, defcon=2, space={"US": 4, "USSR": 5})
    assert STAR_WARS in live_hazards(near.view("USSR"), t, "USSR")  # one box: it may wake
    for card, left in ((STAR_WARS, 1), (CIA_CREATED, 0)):
        after = game.fork()
        after.choose(f"un {card}")
        assert forced_hazards(after.state, t, "USSR", rounds_left=6) == left
    for seed in range(4):
        choice = make_bot("strong", seed, iterations=2).choose(game, "USSR")
        assert choice != f"un {STAR_WARS}", seed


def test_8_1_3_the_safety_tables_name_their_cards() -> None:
    """The blind draws, the hand lotteries, the DEFCON gambles and drops match the card
    data by name, so a renumbering is caught; every drop is some side's hazard (the
    other side's card), so a side's own drops are those not among its hazards. The
    lotteries that endanger only beside another hazard are hand lotteries."""
    game = Game.new()
    names = {card.number: card.name for card in game.data.cards}
    for table in (BLIND_DRAWS, HAND_LOTTERIES, HAND_TAKERS, DEFCON_GAMBLES, DEFCON_DROPS):
        for number, name in table.items():
            assert names[number] == name
    hazards = tables(game).hazards
    assert set(DEFCON_DROPS) <= hazards["US"] | hazards["USSR"]
    assert {c for c in DEFCON_DROPS if c not in hazards["US"]} == {DUCK_AND_COVER, KAL_007}
    assert LOTTERY_ONLY.issubset(HAND_LOTTERIES)


KAL_007 = 89  # US, 4 ops: DEFCON -1, the US gains 2 VP


def test_8_1_3_a_hazard_forced_after_the_opponent_s_headline_brought_defcon_2_condemns() -> None:
    """The USSR shows #50 We Will Bury You first (6.4.4): after both headlines DEFCON is 2.
    With seven US cards left for seven rounds, #62 Lone Gunman (1 op: no space box) must
    be played in one of them, and its event's coup in a battleground sets DEFCON 1 in
    the US's round (8.1.3). A card to spare, or a headline of the USSR's that leaves
    DEFCON at 3, leaves the US a way to hold #62; the spare card does not while the USSR
    hand holds #92 Terrorism, which may take it (the draw pile empty, every other card
    out of the game: the US knows that hand)."""
    us_cards = [65, 21, 22, 23, 27, 29, 35]  # US events, none a DEFCON hazard for the US

    def condemned(us: list[int], ussr_headline: int, ussr: tuple[int, ...] = ()) -> set[Move]:
        hands = {"US": us, "USSR": [ussr_headline, *USSR_CARDS, *ussr]}
        held = {*us, *hands["USSR"]}
        game = Game.from_scenario(
            {
                "phase": "headline",
                "turn": 8,
                "defcon": 3,
                "hands": hands,
                "removed": [card for card in range(1, 111) if card not in held and card != 6],
                "space": {"US": 4, "USSR": 3},  # the USSR shows its headline first
            }
        )
        game.choose(f"headline {ussr_headline}")
        outcomes = Outcomes()
        candidates = moves("headline 65")
        headline_guard(worlds(game, "US", 0), "US", candidates, policy(0), outcomes, Bounds())
        return outcomes.nuclear

    trap = Game.from_scenario(
        {"phase": "action", "turn": 8, "defcon": 2, "hands": {"US": [*us_cards[1:], LONE_GUNMAN]}}
    )
    assert trapped(trap, "US") and not trapped(trap, "USSR")
    assert condemned([*us_cards, LONE_GUNMAN], WE_WILL_BURY_YOU) == {Headline(65)}
    assert condemned([*us_cards, LONE_GUNMAN, 43], WE_WILL_BURY_YOU) == set()  # one to spare
    spare_taken = condemned([*us_cards, LONE_GUNMAN, 43], WE_WILL_BURY_YOU, (TERRORISM,))
    assert spare_taken == {Headline(65)}
    assert condemned([*us_cards, LONE_GUNMAN], 99) == set()  # #99 Pershing II: DEFCON stays


def test_8_1_3_a_hazard_headlined_is_weighed_by_the_guard_s_odds_when_all_are_lost() -> None:
    """Turn 10, DEFCON 3, the USSR to headline first, holding three US hazards (#5 Five
    Year Plan, #89 Soviets Shoot Down KAL-007, #96 Tear Down This Wall) among nine cards
    for seven rounds. #4 Duck and Cover, or #85 Star Wars firing #50 from the discard,
    headlined by the US brings DEFCON 2, and then a hazard is forced on every headline
    but a hazard's: each is condemned. #89 headlined brings DEFCON 2 itself, resolves
    first (4 ops) and leaves two hazards, one to hold and one to space. Ruled a gamble
    only for the order of the headlines, which the guard plays out, it is weighed by the
    guard's odds, not as a certain loss."""
    game = Game.from_scenario(
        {
            "phase": "headline",
            "turn": 10,
            "defcon": 3,
            "hands": {
                "USSR": [FIVE_YEAR_PLAN, 86, KAL_007, TEAR_DOWN_THIS_WALL, 97, 100, 101, 103, 109],
                "US": [1, 12, 83, STAR_WARS, 88, 90, 94, 105, 108],
            },
            "draw": [DUCK_AND_COVER, 16, 28, 45, 84, 91],
            "discard": [
                *(2, 3, 7, 13, 20, 24, 29, 30, 31, 32, 34, 36, 37, 39, 47, 49),
                *(WE_WILL_BURY_YOU, 52, 53, 54, 56, 57, 59, 61, 63, 66, 67, 69, 73, 74, 75),
                *(79, 80, 81, 82, 92, 93, 95, 98, 99, 102, 104, 107),
            ],
            "space": {"US": 7, "USSR": 3},  # the US ahead: Star Wars; the USSR shows first
            "china": {"holder": "US", "face_up": True},
        }
    )
    trap = game.fork()
    for choice in ("headline 109", f"headline {STAR_WARS}", f"take {WE_WILL_BURY_YOU}"):
        trap.choose(choice)
    assert trap.state.defcon == 2 and trapped(trap, "USSR")
    hazards = live_hazards(game.view("USSR"), tables(game), "USSR")
    assert {FIVE_YEAR_PLAN, KAL_007, TEAR_DOWN_THIS_WALL} <= hazards
    choices = {StrongBot(seed, None, None).analyse(game, "USSR").choice for seed in range(3)}
    assert choices <= {Headline(KAL_007), Headline(TEAR_DOWN_THIS_WALL)}


def test_8_1_3_a_headline_shown_first_is_played_in_several_worlds() -> None:
    """The USSR shows #50 We Will Bury You first (6.4.4): DEFCON 2 after the headlines,
    and #62 Lone Gunman among eight US cards for seven rounds is forced if the USSR hand
    holds #92 Terrorism to take the spare card. #92 is one of ten cards the US cannot
    see, seven of them in that hand: one world would miss it three times in ten. The
    guard plays a shown headline in SHOWN_HEADLINE_WORLDS worlds, and the odds keep
    the share of them lost."""
    us = [65, 21, 22, 23, 27, 29, 35, LONE_GUNMAN, 43]
    hidden = [TERRORISM, 7, 14, 15, 28, 30, 33, WEAK_USSR_CARD, 11, 12]
    game = Game.from_scenario(
        {
            "phase": "headline",
            "turn": 8,
            "defcon": 3,
            "hands": {"US": us, "USSR": [WE_WILL_BURY_YOU, *hidden[:7]]},
            "draw": hidden[7:],
            "removed": [c for c in range(1, 111) if c not in {*us, *hidden, WE_WILL_BURY_YOU, 6}],
            "space": {"US": 4, "USSR": 3},  # the USSR shows its headline first
        }
    )
    game.choose(f"headline {WE_WILL_BURY_YOU}")
    assert game.view("US").opponent_headline == WE_WILL_BURY_YOU
    candidates = moves("headline 65")
    for seed in range(5):
        outcomes, odds = Outcomes(), HeadlineOdds()
        guard = partial(headline_guard, worlds(game, "US", seed), "US", candidates, policy(seed))
        guard(outcomes, Bounds(), odds)
        assert outcomes.nuclear == set(candidates), seed
        assert odds.plays[candidates[0]][WE_WILL_BURY_YOU] == SHOWN_HEADLINE_WORLDS
        assert 0 < odds.headline_risk(candidates[0]) <= 1
    odds = HeadlineOdds()
    odds.saw([20], theft=False)
    odds.played(candidates[0], 20, lost=True)
    odds.played(candidates[0], 20, lost=False)
    assert odds.headline_risk(candidates[0]) == 0.5  # one play of two lost
