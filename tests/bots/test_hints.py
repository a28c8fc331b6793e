"""Hints (bots/hints.py): the bot's own choice first, the rest by score, nothing peeked."""

from __future__ import annotations

from cold_war_tui.bots import make_bot
from cold_war_tui.bots.hints import suggest
from cold_war_tui.engine import Game
from cold_war_tui.tui.demo import MIDGAME


class Fixed:
    """A bot that plays one given choice and records what it was shown."""

    def __init__(self, choice: str) -> None:
        self.choice = choice
        self.games: list[Game] = []

    def choose(self, game: Game, player: str) -> str:
        self.games.append(game)
        return self.choice


def test_the_bots_choice_comes_first_then_the_best_scores() -> None:
    game = Game.from_scenario(MIDGAME)
    bot = Fixed("play 11 space")
    hints = suggest(game, "USSR", bot, seed=1)
    assert [h.choice for h in hints][0] == "play 11 space" and hints[0].picked
    assert len(hints) == 3 and not any(h.picked for h in hints[1:])
    assert hints[1].score >= hints[2].score
    assert hints[0].label == "#11 Korean War: space race attempt"


def test_a_hint_changes_nothing_and_the_bot_gets_a_copy() -> None:
    game = Game.from_scenario(MIDGAME)
    before = (game.state, list(game.choices))
    bot = Fixed("play 7 ops")
    suggest(game, "USSR", bot, seed=2)
    assert (game.state, list(game.choices)) == before
    assert bot.games and bot.games[0] is not game


def test_a_real_bot_hints_the_same_for_the_same_seed() -> None:
    game = Game.from_scenario(MIDGAME)
    first = suggest(game, "USSR", make_bot("strong", 5, iterations=1), seed=5)
    again = suggest(game, "USSR", make_bot("strong", 5, iterations=1), seed=5)
    assert first == again
    assert {h.choice for h in first} <= {c.id for c in game.pending.choices}


def test_a_hint_does_not_peek_at_hidden_cards() -> None:
    """Two games that differ only in the US's hidden hand and the draw pile's order get
    the same hint for the USSR, scores and all."""
    from test_bots_no_peeking import scenario_twins

    first, second = (
        suggest(game, "USSR", make_bot("greedy", 3), seed=3) for game in scenario_twins()
    )
    assert first == second


def test_a_bot_that_keeps_its_scores_is_shown_with_them() -> None:
    """The strong bot's hint scores are its search's means (not a lookahead of ours)."""
    game = Game.from_scenario(MIDGAME)
    bot = make_bot("strong", 6, iterations=2)
    hints = suggest(game, "USSR", bot, seed=6)
    scores = bot.scores  # type: ignore[attr-defined]
    assert len(scores) >= 3
    assert all(h.score == scores[h.choice] for h in hints if h.choice in scores)
    assert hints[0].picked
