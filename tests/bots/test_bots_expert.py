"""The computer that learned from people: the prior shipped with the bots, the `expert`
level, and a whole game of `strong` (docs/bots.md, "The prior" and "The search")."""

from __future__ import annotations

import json
import math
from importlib import resources

import pytest

from cold_war_tui.arena import Budget, play_game
from cold_war_tui.bots import BOTS, EXPERT_THINK, make_bot
from cold_war_tui.bots.prior import (
    OPENING_KINDS,
    WEIGHTS_FILE,
    Prior,
    features,
    opening_point,
    ops_situation,
    shipped_prior,
    situation,
    verb_log_prior,
    verbs_of,
)
from cold_war_tui.bots.strong import VERB_WEIGHT, StrongBot
from cold_war_tui.engine import Game, GameOptions, Play, Target


def test_the_levels_run_from_random_to_expert() -> None:
    assert list(BOTS) == ["random", "greedy", "strong", "expert"]
    assert EXPERT_THINK == 2.0


def test_the_shipped_prior_was_fitted_on_games_it_does_not_report_on() -> None:
    doc = json.loads(resources.files("cold_war_tui.bots").joinpath(WEIGHTS_FILE).read_text("utf-8"))
    meta = doc["meta"]
    assert meta["fitted_on"] and meta["held_out"]
    assert not set(meta["fitted_on"]) & set(meta["held_out"])
    assert all(math.isfinite(w) for w in doc["weights"].values())


def ussr_action(hand: list[int]) -> Game:
    return Game.from_scenario(
        {"phase": "action", "turn": 2, "phasing": "USSR", "hands": {"USSR": hand, "US": [19]}}
    )


def test_the_prior_is_a_distribution_over_the_menu_read_from_the_player_s_view() -> None:
    game = ussr_action([7, 21, 2])  # Socialist Governments (own), NATO (US), Europe Scoring
    pending = game.pending
    assert pending is not None
    moves = [c.move for c in pending.choices]
    s = situation(game, "USSR", pending)
    probabilities = shipped_prior().probabilities(s, moves)
    assert math.isclose(sum(probabilities), 1.0) and all(p > 0 for p in probabilities)
    assert features(s, Play(7, "event"))["owner:own:event"] == 1.0
    assert features(s, Play(21, "ops"))["owner:opp:ops"] == 1.0
    assert max(probabilities) > 2 / len(moves)  # it prefers some plays: it is not uniform
    assert "scoring_vp:event" in features(s, Play(2, "event"))  # Europe Scoring's VP now


def test_analyse_ranks_what_it_weighed_and_chooses_the_best_safe_one() -> None:
    game = ussr_action([7, 21, 2])
    analysis = StrongBot(3, None, 2).analyse(game, "USSR")
    scores = [score for _, score in analysis.scores]
    assert scores == sorted(scores, reverse=True) and len(scores) >= 2
    assert analysis.choice in [move for move, _ in analysis.scores]
    assert make_bot("strong", 3, iterations=2).choose(game, "USSR") == analysis.choice.notation


def test_a_whole_game_of_strong_against_greedy_with_iterations() -> None:
    """strong plays a game to its end against greedy, and loses none by its own doing."""
    record = play_game(("strong", "greedy"), 0, 4101, Budget(iterations=1))
    assert record.reason in {
        "20 VP",
        "DEFCON 1",
        "coup in the Cuban Missile Crisis",
        "held scoring card",
        "region control",
        "final scoring",
        "Wargames",
    }
    assert record.violations[0] == [], record.ending
    assert record.think[0]  # strong answered its decisions, up to the end of the game


def set_up(game: Game, bot: StrongBot, prior: Prior) -> int:
    """Play `game`'s set-up and bid with `bot` for both sides, checking each point that
    the opening wants (`opening_point`) is the bot's; returns how many it searched."""
    searched = 0
    while (pending := game.pending) is not None and pending.kind in OPENING_KINDS:
        moves = [choice.move for choice in pending.choices]
        wanted = opening_point(prior, game.view(pending.player), moves)
        choice = bot.choose(game, pending.player)
        if wanted is None:
            searched += 1
        else:
            assert choice == wanted.notation
        game.choose(choice)
    return searched


def influence_of(game: Game, side: str, country: str) -> int:
    here = game.state.influence[country]
    return here.us if side == "US" else here.ussr


def test_strong_sets_up_toward_the_opening_then_searches_the_points_it_does_not_want() -> None:
    """Each set-up or bid point goes where the board is furthest below the opening; a bid
    larger than the opening needs is placed by the search."""
    opening = {
        "US": {"west-germany": 4, "italy": 4, "iran": 2},
        "USSR": {"poland": 5, "yugoslavia": 1},
    }
    prior = Prior(shipped_prior().weights, {}, openings=opening)
    game = Game.new(GameOptions(seed=7, us_bid=4))
    searched = set_up(game, StrongBot(7, None, 1, prior=prior), prior)
    for side, totals in opening.items():
        for country, total in totals.items():
            assert influence_of(game, side, country) >= total
    # The USSR's 6 free points are all the opening's; the US's opening takes 7 + 2 of
    # its 7 free points and 4 bid points (Iran starts with 1): 2 are left to the search.
    assert searched == 2


def test_the_shipped_opening_is_a_whole_set_up_with_the_experts_bid() -> None:
    prior = shipped_prior()
    game = Game.new(GameOptions(seed=8, us_bid=2))
    assert set_up(game, StrongBot(8, None, 1), prior) == 0
    for side, totals in prior.openings.items():
        assert totals, side
        for country, total in totals.items():
            assert influence_of(game, side, country) == total


def at_operation(hand: list[int], card: int) -> Game:
    """The USSR about to choose the first target of `card`'s operations."""
    game = ussr_action(hand)
    game.choose(f"play {card} ops")
    assert game.pending is not None and game.pending.kind == "operation"
    return game


def test_the_verbs_habit_is_a_distribution_read_from_the_player_s_view() -> None:
    game = at_operation([7, 21, 2], 7)  # Socialist Governments: 3 ops, own card
    pending = game.pending
    assert pending is not None
    moves = [c.move for c in pending.choices]
    verbs = verbs_of(moves)
    assert set(verbs) == {"infl", "coup", "realign"}
    s = ops_situation(game, "USSR", pending)
    assert s.ops == 3 and s.defcon == game.view("USSR").defcon
    probabilities = shipped_prior().verb_probabilities(s, verbs)
    assert math.isclose(sum(probabilities), 1.0) and all(p > 0 for p in probabilities)
    log_p = verb_log_prior(shipped_prior(), game, "USSR", pending)
    assert set(log_p) == set(moves)  # every target, by its verb
    by_verb = {m.verb: p for m, p in log_p.items() if isinstance(m, Target)}
    assert by_verb == {v: math.log(p) for v, p in zip(verbs, probabilities, strict=True)}


@pytest.mark.parametrize("verb_weight", [10.0, VERB_WEIGHT], ids=["dwarfing", "shipped"])
def test_the_verbs_habit_steers_the_first_target_of_the_operations(verb_weight: float) -> None:
    """With a habit that knows one verb only, the operations begin with that verb,
    whichever it is: at a weight that dwarfs the search, and at the shipped weight (on:
    docs/bots.md says at what strength)."""
    assert VERB_WEIGHT > 0
    game = at_operation([7, 21, 2], 7)
    for verb in ("coup", "realign", "infl"):
        habit = Prior(weights={f"op:{verb}": 50.0}, meta={})
        bot = StrongBot(5, None, 1, prior=habit, verb_weight=verb_weight)
        choice = bot.analyse(game, "USSR").choice
        assert isinstance(choice, Target) and choice.verb == verb
