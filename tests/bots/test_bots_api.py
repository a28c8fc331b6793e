"""The bots' API (issue 19): make_bot, BOTS, choose(game, player), budgets, trivial answers."""

from __future__ import annotations

import pytest
from bot_positions import WEAK_USSR_CARD, ussr_to_play

from cold_war_tui.bots import BOTS, DEFAULT_THINK, make_bot
from cold_war_tui.bots.random import ScoringFirstBot
from cold_war_tui.engine import Game, GameOptions


def test_the_bots_are_listed_from_the_weakest_to_the_strongest() -> None:
    assert list(BOTS) == ["random", "greedy", "strong", "expert"]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("nobody", 1), ValueError),
        (("strong", 1, -1.0), ValueError),
        (("strong", 1, None, 0), ValueError),
        (("strong", 1, None, True), ValueError),
        (("greedy", "1"), TypeError),
    ],
)
def test_make_bot_refuses_a_bad_name_seed_or_budget(args: tuple, error: type) -> None:  # type: ignore[type-arg]
    with pytest.raises(error):
        make_bot(*args)


def test_the_default_think_is_documented_and_within_the_issues_median() -> None:
    """docs/bots.md names DEFAULT_THINK; the issue asks a median of at most 0.5 s."""
    assert 0 < DEFAULT_THINK <= 0.5


def positions(count: int) -> list[Game]:
    """Positions of a scoring-first random game, every seventh decision."""
    game = Game.new(GameOptions(seed=5))
    driver = ScoringFirstBot(5)
    found = []
    step = 0
    while game.pending is not None and len(found) < count:
        if step % 7 == 3:
            found.append(game.fork())
        game.choose(driver.choose(game.pending))
        step += 1
    return found


@pytest.mark.parametrize("name", list(BOTS))
def test_every_bot_answers_with_a_legal_choice_of_its_own_decision(name: str) -> None:
    for game in positions(6):
        pending = game.pending
        assert pending is not None
        bot = make_bot(name, 3, iterations=1)
        choice = bot.choose(game, pending.player)
        assert choice in {c.id for c in pending.choices}
        with pytest.raises(ValueError):
            bot.choose(game, "US" if pending.player == "USSR" else "USSR")


@pytest.mark.parametrize("name", list(BOTS))
def test_with_iterations_the_same_game_and_seed_give_the_same_choice(name: str) -> None:
    for game in positions(4):
        player = game.pending.player if game.pending else "US"
        first = make_bot(name, 11, iterations=2).choose(game, player)
        again = make_bot(name, 11, iterations=2).choose(game.fork(), player)
        assert first == again


@pytest.mark.parametrize("name", list(BOTS))
def test_a_single_choice_is_answered_without_looking_ahead(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: a trivial decision is answered at once (no determinization, no search)."""
    game = ussr_to_play([WEAK_USSR_CARD], defcon=2)
    game.choose(f"play {WEAK_USSR_CARD} ops")  # one op: the operation decision
    while game.pending is not None and len(game.pending.choices) > 1:
        game.choose(game.pending.choices[0].id)
    pending = game.pending
    assert pending is not None and len(pending.choices) == 1

    def refuse(*_: object) -> Game:
        raise AssertionError("a single choice needs no determinization")

    monkeypatch.setattr(Game, "determinize", refuse)
    assert make_bot(name, 1).choose(game, pending.player) == pending.choices[0].id


def test_strong_answers_an_influence_point_with_one_world_and_no_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The follow-ups of a searched plan (here the last point of a placement) take one
    step of lookahead in one world, whatever the budget."""
    game = ussr_to_play([7])  # the printed start: the USSR holds Poland and East Germany
    game.choose("play 7 ops")
    game.choose("infl poland")
    game.choose("infl poland")
    pending = game.pending
    assert pending is not None and pending.kind == "place_influence"
    assert pending.context["ops_left"] == 1
    calls = []
    original = Game.determinize

    def counted(self: Game, player: str, seed: int) -> Game:
        calls.append(seed)
        return original(self, player, seed)

    monkeypatch.setattr(Game, "determinize", counted)
    choice = make_bot("strong", 1, think=60.0).choose(game, "USSR")
    assert choice in {c.id for c in pending.choices}
    assert len(calls) == 1
