"""`Game.fork` and `Game.rewind` (issue 20): a copy has the same future and its own life.

A fork is rebuilt from the latest checkpoint (a copy of the state where the flow is
shallow) and the choices made since; these tests hold it to what a replay of the
whole game from the start gives, over random games and scenario positions.
"""

from __future__ import annotations

from dataclasses import fields

import pytest
from engine_scenarios import SIDES, action_game, scenario

from cold_war_tui.bots.random import bot_for_game
from cold_war_tui.engine import Game, GameOptions, IllegalChoice
from cold_war_tui.engine.rng import below, seed_state
from cold_war_tui.engine.state import GameState, freeze, thaw

FORK_GAMES = 200
CHUNK = 25
FORKS_PER_GAME = 3


def finished(seed: int) -> Game:
    """A whole game of the self-play bots (half of them play scoring cards first)."""
    game = Game.new(GameOptions(seed=seed))
    bot = bot_for_game(seed)
    while (pending := game.pending) is not None:
        game.choose(bot.choose(pending))
    return game


def replayed(game: Game, count: int) -> Game:
    """The game after its first `count` choices, replayed from `Game.new`."""
    again = Game.new(game.options)
    for choice in game.choices[:count]:
        again.choose(choice)
    return again


def same_game(one: Game, two: Game) -> bool:
    """Byte-identical: the save document and every log line."""
    return one.to_json() == two.to_json() and [str(e) for e in one.log] == [str(e) for e in two.log]


@pytest.mark.parametrize("first", range(0, FORK_GAMES, CHUNK))
def test_a_fork_at_a_random_point_given_the_same_choices_ends_byte_identical(first: int) -> None:
    """200 random games, each forked at 3 random points (the issue's "Done when")."""
    for seed in range(first, first + CHUNK):
        whole = finished(seed)
        total = len(whole.choices)
        rng = seed_state(seed * 104_729 + 3)
        stops = []
        for _ in range(FORKS_PER_GAME):
            rng, stop = below(rng, total + 1)
            stops.append(stop)
        game = Game.new(whole.options)
        for made, choice in enumerate([*whole.choices, None]):
            if made in stops:
                fork = game.fork()
                assert fork.pending == game.pending
                for later in whole.choices[made:]:
                    fork.choose(later)
                assert same_game(fork, whole), f"seed {seed}: the fork at {made} drifted"
            if choice is not None:
                game.choose(choice)


def test_rewind_gives_the_game_a_replay_from_the_start_gives() -> None:
    for seed in range(20):
        whole = finished(seed)
        total = len(whole.choices)
        for undone in (0, 1, 2, 5, total // 2, total - 1, total, total + 3):
            back = whole.rewind(undone)
            assert same_game(back, replayed(whole, max(0, total - undone)))
            assert back.choices == whole.choices[: max(0, total - undone)]


def test_a_fork_and_its_original_never_touch_each_other() -> None:
    """Playing on one (other choices, other dice) leaves the other as it was."""
    for seed in range(10):
        whole = finished(seed)
        middle = replayed(whole, len(whole.choices) // 2)
        fork = middle.fork()
        before = middle.to_json(), fork.to_json()
        assert before[0] == before[1]
        bot = bot_for_game(seed + 1000)  # other choices than the original's
        while (pending := fork.pending) is not None:
            fork.choose(bot.choose(pending))
        assert middle.to_json() == before[0]
        second = middle.fork()  # from the same checkpoints the first fork used
        assert second.to_json() == before[0]
        for choice in whole.choices[len(middle.choices) :]:
            middle.choose(choice)
        assert second.to_json() == before[0]
        assert same_game(middle, whole)


def test_forks_of_forks_and_rewinds_of_forks_keep_the_same_future() -> None:
    whole = finished(4)
    total = len(whole.choices)
    game = replayed(whole, total // 3)
    for _ in range(5):  # fork, move on a little, fork again
        game = game.fork()
        for choice in whole.choices[len(game.choices) : len(game.choices) + 7]:
            game.choose(choice)
    game = game.rewind(4).fork()
    for choice in whole.choices[len(game.choices) :]:
        game.choose(choice)
    assert same_game(game, whole)


def test_a_fork_of_a_finished_game_is_finished_with_the_same_outcome() -> None:
    whole = finished(2)
    fork = whole.fork()
    assert fork.pending is None
    assert fork.outcome == whole.outcome
    assert same_game(fork, whole)
    with pytest.raises(IllegalChoice):
        fork.choose("pass")


@pytest.mark.parametrize("phase", ["headline", "action", "turn-end"])
def test_games_from_scenarios_fork_from_any_opening_phase(phase: str) -> None:
    """A scenario opens at a phase boundary; its forks and rewinds replay from there."""
    if phase == "action":
        game = action_game("US", {"US": [21, 22, 23], "USSR": [7, 8, 9]}, seed=5)
    else:
        doc = scenario(phase, seed=5, hands={"US": [21, 22, 23], "USSR": [7, 8, 9]})
        if phase == "turn-end":
            doc["space"] = {"US": 6, "USSR": 0}  # the eagle may discard at turn end
        game = Game.from_scenario(doc)
    bot = bot_for_game(5)
    made: list[Game] = []
    while (pending := game.pending) is not None and len(made) < 30:
        made.append(game.fork())
        game.choose(bot.choose(pending))
    for count, copy in enumerate(made):
        for choice in game.choices[count:]:
            copy.choose(choice)
        assert copy.to_json() == game.to_json()
        assert game.rewind(len(game.choices) - count).choices == game.choices[:count]


def test_a_game_copied_late_has_the_checkpoints_of_one_copied_all_along() -> None:
    """Checkpoints are taken only once a game is copied: the first copy takes those the
    game passed by replaying it, and they are the ones (positions, states, log lengths)
    of a game copied from its first choice on. A game never copied keeps only its start;
    a rewind of it replays from there and keeps those up to its target."""
    for seed in range(12):
        whole = finished(seed)
        assert len(whole._checkpoints) == 1
        early = Game.new(whole.options)
        early.fork()  # copied before its first choice: it keeps checkpoints all along
        stop = len(whole.choices) * (seed + 1) // 13
        late = Game.new(whole.options)
        for made, choice in enumerate(whole.choices):
            if made == stop:
                late.fork()
            early.choose(choice)
            late.choose(choice)
        late.fork()
        assert len(early._checkpoints) > len(whole.choices) // 10
        assert late._checkpoints == early._checkpoints, f"seed {seed}"
        back = whole.rewind(len(whole.choices) - stop)  # a copy: it keeps them too
        assert back._checkpoints == [c for c in early._checkpoints if c.choices <= stop]
        assert len(whole._checkpoints) == 1  # rewinding needs none of the original's


def test_a_frozen_state_thaws_into_an_equal_state_that_shares_nothing() -> None:
    """The checkpoints' copy (state.freeze/thaw) covers every field of GameState."""
    for seed in range(5):
        whole = finished(seed)
        game = replayed(whole, len(whole.choices) // 2)
        state = game._core.state  # the engine's own state: what a checkpoint copies
        copy = thaw(freeze(state))
        assert copy == state
        for name in (f.name for f in fields(GameState)):
            value = getattr(state, name)
            if isinstance(value, list | dict):
                assert getattr(copy, name) is not value, name
        for side in SIDES:
            assert copy.influence[side] is not state.influence[side]
            assert copy.hands[side] is not state.hands[side]
            assert copy.known[side] is not state.known[side]


def test_the_state_schema_is_written_once() -> None:
    """The frozen state and the snapshot name exactly GameState's fields; `freeze` and
    `thaw` carry every one of them (each differs from its default in the state used, so
    a field either leaves out falls back to its default and is named here)."""
    from cold_war_tui.engine import StateSnapshot
    from cold_war_tui.engine.state import FrozenState

    names = [f.name for f in fields(GameState)]
    assert list(FrozenState._fields) == names, set(names) ^ set(FrozenState._fields)
    assert sorted(StateSnapshot.model_fields) == sorted(names), set(names) ^ set(
        StateSnapshot.model_fields
    )
    blank = GameState(influence={"US": [], "USSR": []})
    state = GameState(influence={"US": [1, 2], "USSR": [0, 3]})
    for name in names:  # every field away from its default, whatever its type
        setattr(state, name, _other_than(getattr(blank, name)))
    copy = thaw(freeze(state))
    for name in names:
        assert getattr(copy, name) == getattr(state, name) != getattr(blank, name), name


def _other_than(value: object) -> object:
    """A value of the same shape as a GameState field's default, but different."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 3
    if value is None or value == "USSR":
        return "US"
    if isinstance(value, str):
        return value + "-other"
    if isinstance(value, list):
        return [*value, 99]
    if isinstance(value, dict) and "US" in value and isinstance(value["US"], list):
        return {"US": [99], "USSR": [98]}
    assert isinstance(value, dict)
    return {**value, "US": 7}
