"""The shared evaluation (issue 19, SEARCH-AND-BOTS.md): its terms move the right way."""

from __future__ import annotations

from itertools import pairwise

import pytest
from bot_positions import DUCK_AND_COVER, EUROPE_SCORING, GRAIN_SALES, WEAK_USSR_CARD, ussr_to_play

from cold_war_tui.bots import Bot, make_bot
from cold_war_tui.bots.evaluate import DEFCON_HAZARDS, HELD_SCORING_LOSS, WIN, evaluate, tables
from cold_war_tui.bots.random import ScoringFirstBot
from cold_war_tui.bots.safety import NUCLEAR_ENDINGS
from cold_war_tui.engine import Game, GameOptions


def test_the_evaluation_is_zero_sum_at_every_decision_of_a_game() -> None:
    game = Game.new(GameOptions(seed=12))
    driver = ScoringFirstBot(12)
    while (pending := game.pending) is not None:
        assert evaluate(game, "US") == pytest.approx(-evaluate(game, "USSR"))
        game.choose(driver.choose(pending))
    assert game.outcome is not None


def test_10_a_finished_game_dominates_every_other_term() -> None:
    """#4 Duck and Cover played by the USSR with the US at 19 VP: the US wins (10)."""
    game = ussr_to_play([DUCK_AND_COVER, WEAK_USSR_CARD], vp=19)
    game.choose(f"play {DUCK_AND_COVER} ops")
    game.choose("event-first")
    assert game.outcome is not None and game.outcome.winner == "US"
    assert evaluate(game, "US") == WIN and evaluate(game, "USSR") == -WIN


def test_vp_count_for_the_side_they_favour() -> None:
    ahead, level = ussr_to_play([7], vp=-5), ussr_to_play([7], vp=0)
    assert evaluate(ahead, "USSR") == pytest.approx(evaluate(level, "USSR") + 5)


def test_10_1_5_more_scoring_cards_than_rounds_left_is_all_but_lost() -> None:
    held = ussr_to_play([EUROPE_SCORING, 1], action_round=6)  # two scoring cards, one round
    one = ussr_to_play([EUROPE_SCORING, 7], action_round=6)
    assert evaluate(held, "USSR") < evaluate(one, "USSR") - HELD_SCORING_LOSS / 2


def test_influence_has_diminishing_returns() -> None:
    """A point that takes a battleground gains more than a fourth point on one held."""
    points = [ussr_to_play([7], influence={"iran": {"us": 0, "ussr": n}}) for n in range(5)]
    gains = [evaluate(b, "USSR") - evaluate(a, "USSR") for a, b in pairwise(points)]
    assert gains[0] > 0 and gains[-1] > 0
    assert gains[-1] < gains[1]


def test_8_2_1_military_operations_short_of_defcon_weigh_more_in_the_last_round() -> None:
    early = [ussr_to_play([7], defcon=3, milops={"USSR": m}) for m in (0, 3)]
    late = [ussr_to_play([7], defcon=3, milops={"USSR": m}, action_round=6) for m in (0, 3)]
    early_gap = evaluate(early[1], "USSR") - evaluate(early[0], "USSR")
    late_gap = evaluate(late[1], "USSR") - evaluate(late[0], "USSR")
    assert 0 < early_gap < late_gap


def test_operations_being_spent_count_before_they_land() -> None:
    """One step of lookahead: `play 7 ops` is worth its ops while the points wait."""
    game = ussr_to_play([7, WEAK_USSR_CARD])
    before = evaluate(game, "USSR")
    game.choose("play 7 ops")
    assert game.pending is not None and game.pending.kind == "operation"
    assert evaluate(game, "USSR") > before


def test_8_1_3_the_defcon_hazards_are_the_cards_they_name_and_endanger_the_other_side() -> None:
    """Each hazard is a one-side card (its event happens when the other side plays it for
    ops, 5.2); the table's names match the card data, so a renumbering is caught."""
    game = Game.new(GameOptions(seed=1))
    names = {card.number: card.name for card in game.data.cards}
    for number, name in DEFCON_HAZARDS.items():
        assert names[number] == name
    hazards = tables(game).hazards
    assert hazards["US"] | hazards["USSR"] == set(DEFCON_HAZARDS)
    assert not hazards["US"] & hazards["USSR"]
    assert DUCK_AND_COVER in hazards["USSR"] and 50 in hazards["US"]  # We Will Bury You


def test_8_1_3_a_hazard_the_ussr_must_play_at_defcon_2_costs_it() -> None:
    """#26 CIA Created with one other card and two rounds left: it must be played, and at
    DEFCON 2 the US's coup with its op is nuclear war in the USSR's round (8.1.3)."""
    trapped = ussr_to_play([26, WEAK_USSR_CARD], action_round=5, defcon=2, china={"holder": "US"})
    free = ussr_to_play([26, WEAK_USSR_CARD, 7], action_round=5, defcon=2, china={"holder": "US"})
    safe = ussr_to_play([7, WEAK_USSR_CARD], action_round=5, defcon=2, china={"holder": "US"})
    assert evaluate(trapped, "USSR") < evaluate(safe, "USSR") - 100
    assert evaluate(free, "USSR") > evaluate(trapped, "USSR") + 100


def test_6_4_5_a_forced_hazard_the_space_race_can_take_is_not_trapped() -> None:
    """#67 Grain Sales to Soviets with one other card and two rounds left at DEFCON 2: it
    must be played, but the turn's space race attempt, still unused, takes it safely
    (6.4.5: a card spaced never fires its event). Once the attempt is used, or for #26
    (1 op, too few for the box), it is trapped (8.1.3)."""

    def position(hand: list[int], attempts: int) -> Game:
        return ussr_to_play(
            hand,
            action_round=5,
            defcon=2,
            china={"holder": "US"},
            space_attempts={"USSR": attempts, "US": 0},
        )

    spaceable = position([GRAIN_SALES, WEAK_USSR_CARD], attempts=0)
    spent = position([GRAIN_SALES, WEAK_USSR_CARD], attempts=1)
    too_weak = position([26, WEAK_USSR_CARD], attempts=0)
    safe = position([7, WEAK_USSR_CARD], attempts=0)
    assert spaceable.space_odds("USSR") is not None
    assert spaceable.ops_value(GRAIN_SALES, "USSR") >= spaceable.space_odds("USSR").ops_needed
    assert evaluate(spent, "USSR") < evaluate(spaceable, "USSR") - 100
    assert evaluate(too_weak, "USSR") < evaluate(spaceable, "USSR") - 100
    # Held, not trapped, it still costs something: a theft can still make it the last card.
    assert evaluate(safe, "USSR") > evaluate(spaceable, "USSR")


def nuclear_reply(game: Game, victim: str, helper: Bot, depth: int = 12) -> bool:
    """Whether the victim's opponent has answers that end the game by nuclear war in the
    victim's own round, the victim answering as `helper` does; the opponent's coups are
    tried first, then a few other choices, up to `depth` decisions."""
    outcome = game.outcome
    if outcome is not None:
        return outcome.ending in NUCLEAR_ENDINGS and outcome.winner != victim
    pending = game.pending
    if pending is None or pending.kind in ("action", "headline") or depth == 0:
        return False
    if pending.player == victim:
        replies = [helper.choose(game, victim)]
    else:
        ids = [c.id for c in pending.choices]
        replies = [i for i in ids if i.startswith("coup")] + [
            i for i in ids if not i.startswith("coup")
        ][:3]
    for reply in replies:
        fork = game.fork()
        fork.choose(reply)
        if nuclear_reply(fork, victim, helper, depth - 1):
            return True
    return False


STAR_WARS = 85


def test_8_1_3_every_defcon_hazard_played_for_ops_at_defcon_2_can_be_nuclear_war() -> None:
    """The table is not a guess: each card, played for ops at DEFCON 2 by the side it
    endangers, lets the other side end the game in that side's round. #5 Five Year Plan
    and #67 Grain Sales act through another card of the hand, so the hand holds another
    hazard; both sides have influence in Cuba and Angola (battlegrounds open to coups at
    DEFCON 2) and the USSR holds East Germany (#96's free coup ignores DEFCON, 6.3.5);
    for #85 Star Wars the US leads the space race and #4 Duck and Cover is discarded."""
    influence = {"cuba": {"us": 1, "ussr": 1}, "angola": {"us": 1, "ussr": 1}}
    game = Game.new(GameOptions(seed=1))
    hazards = tables(game).hazards
    helper = make_bot("greedy", 0)
    for victim, other_side in (("USSR", "US"), ("US", "USSR")):
        for card in sorted(hazards[victim]):
            partner = next(h for h in (26, 62) if h in hazards[victim])
            if partner == card:
                partner = next(h for h in sorted(hazards[victim]) if h not in (card, 5, 67))
            doc = {
                "phase": "action",
                "turn": 8,
                "defcon": 2,
                "phasing": victim,
                "hands": {victim: [card, partner], other_side: [21 if victim == "USSR" else 7]},
                "influence": influence,
                "action_round": 2,
                "rounds_taken": {victim: 1, other_side: 1 if victim == "USSR" else 2},
            }
            if card == STAR_WARS:
                doc |= {"space": {"US": 2, "USSR": 0}, "discard": [DUCK_AND_COVER]}
            position = Game.from_scenario(doc)
            position.choose(f"play {card} ops")
            assert nuclear_reply(position, victim, helper), (victim, card)
            own_card = next(n for n in (7, 21) if tables(game).card_side[n] == victim)
            doc["hands"] = {**doc["hands"], victim: [own_card, partner]}  # the control
            safe = Game.from_scenario(doc)
            safe.choose(f"play {own_card} ops")
            assert not nuclear_reply(safe, victim, helper), (victim, own_card)
