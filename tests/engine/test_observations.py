"""What a player has observed (`Game.observations`), and that no text for people decides
anything: a determinized world keeps a player's past when it shows him the same
observations (his view, the decisions he was asked with their kinds and choice ids),
and rewording the log, the labels or the prompts changes no choice and no state."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cold_war_tui.bots.random import ScoringFirstBot
from cold_war_tui.engine import SIDES, Asked, Choice, DecisionKind, Game, GameOptions, other
from cold_war_tui.engine import decisions as decisions_module
from cold_war_tui.engine.core import Core


def random_game(seed: int, steps: int) -> Game:
    """`steps` choices of scoring-first random bots (they reach the Mid War)."""
    game = Game.new(GameOptions(seed=seed))
    bot = ScoringFirstBot(seed)
    for _ in range(steps):
        pending = game.pending
        assert pending is not None
        game.choose(bot.choose(pending))
    return game


def test_observations_are_the_view_and_the_player_s_own_decisions() -> None:
    """Replayed decision by decision, each side was asked exactly what its observations
    list, in order, and the last one of the side to move is waiting (chosen None)."""
    game = random_game(4, 150)
    expected: dict[str, list[Asked]] = {side: [] for side in SIDES}
    replay = Game.new(game.options)
    for choice in game.choices:
        pending = replay.pending
        assert pending is not None
        ids = tuple(c.id for c in pending.choices)
        expected[pending.player].append(Asked(pending.kind, ids, choice))
        replay.choose(choice)
    pending = game.pending
    assert pending is not None
    ids = tuple(c.id for c in pending.choices)
    expected[pending.player].append(Asked(pending.kind, ids, None))
    for player in SIDES:
        seen = game.observations(player)
        assert seen.player == player and seen.view == game.view(player)
        assert list(seen.asked) == expected[player]
        assert all(isinstance(a.kind, DecisionKind) for a in seen.asked)


def test_twins_differing_in_hidden_cards_look_the_same_to_the_player_only() -> None:
    """The USSR hands differ; the US sees the same observations in both games."""
    start = {"phase": "action", "turn": 4, "phasing": "US", "rounds_taken": {"USSR": 1}}
    first = Game.from_scenario({**start, "hands": {"US": [41, 19], "USSR": [7, 8]}})
    second = Game.from_scenario({**start, "hands": {"US": [41, 19], "USSR": [9, 10]}})
    assert first.observations("US") == second.observations("US")
    assert first.observations("USSR") != second.observations("USSR")


def test_a_determinized_world_shows_its_player_his_observations_and_hides_the_route() -> None:
    """The world for P keeps P's past; the opponent's decisions on its route, which list
    his true hand, are not part of what the world tells about the opponent."""
    game = random_game(6, 200)
    pending = game.pending
    assert pending is not None
    for player in SIDES:
        world = game.determinize(player, seed=3)
        assert world.observations(player) == game.observations(player)
        theirs = world.observations(other(player))
        expected = 1 if pending.player == other(player) else 0  # the pending one only
        assert len(theirs.asked) == expected


# -- rewording: prompts, labels and the log are words for people only ------------------
@contextmanager
def reworded(
    monkeypatch: pytest.MonkeyPatch, *, prompts: bool, labels: bool, log: bool
) -> Iterator[None]:
    """Every prompt, label or log line of the engine written differently, while inside."""
    original_ask = decisions_module.ask

    def ask(player: Any, kind: Any, prompt: str, choices: Any, *args: Any, **kw: Any) -> Any:
        if prompts:
            prompt = "REWORDED " + prompt[::-1]
        if labels:
            choices = [Choice(c.id, "label " + c.label.upper()) for c in choices]
        return original_ask(player, kind, prompt, choices, *args, **kw)

    with monkeypatch.context() as patch:
        for name, module in list(sys.modules.items()):
            if (
                name.startswith("cold_war_tui.engine")
                and getattr(module, "ask", None) is original_ask
            ):
                patch.setattr(module, "ask", ask)
        if log:
            original_log = Core.log
            patch.setattr(
                Core, "log", lambda core, rule, text: original_log(core, rule, text[::-1])
            )
        yield


def play_and_determinize(seed: int) -> tuple[list[str], list[Any], list[str]]:
    """Random self-play with a fixed seed; every ninth decision, the state of a world
    determinized for each side (or that it was refused). Returns the choices, the states
    and the first prompt and label seen (to show the rewording took)."""
    game = Game.new(GameOptions(seed=seed))
    pick = random.Random(seed)
    states: list[Any] = []
    words: list[str] = []
    while (pending := game.pending) is not None:
        if not words:
            words = [pending.prompt, pending.choices[0].label]
        if len(game.choices) % 9 == 0:
            for side in SIDES:
                try:
                    states.append(game.determinize(side, seed=len(game.choices)).state)
                except ValueError as refused:
                    states.append(str(refused))
        game.choose(pick.choice(pending.choices).id)
        states.append(game.state)
    return game.choices, states, words


@pytest.mark.parametrize("seed", [1, 2])
def test_rewording_the_log_and_every_label_changes_no_choice_and_no_state(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    choices, states, words = play_and_determinize(seed)
    with reworded(monkeypatch, prompts=False, labels=True, log=True):
        again, states_again, words_again = play_and_determinize(seed)
    assert words_again[1] != words[1]  # the labels were reworded
    assert again == choices
    assert states_again == states


def test_the_log_rewording_reaches_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = Game.new(GameOptions(seed=1)).log[0].text
    with reworded(monkeypatch, prompts=False, labels=False, log=True):
        assert Game.new(GameOptions(seed=1)).log[0].text == plain[::-1]


def bot_choices(names: list[str], make: Callable[..., Any]) -> list[str]:
    """Each bot's choice, with `iterations` set, at a sample of a random game's decisions."""
    game = Game.new(GameOptions(seed=11))
    pick = random.Random(11)
    chosen: list[str] = []
    while (pending := game.pending) is not None and len(game.choices) < 260:
        if len(game.choices) % 37 == 5:
            for name in names:
                chosen.append(make(name, 3, iterations=2).choose(game, pending.player))
            chosen.append(pending.prompt[:9])
        game.choose(pick.choice(pending.choices).id)
    return chosen


def test_rewording_every_prompt_changes_no_bot_s_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    from cold_war_tui.bots import BOTS, make_bot

    names = list(BOTS)
    plain = bot_choices(names, make_bot)
    with reworded(monkeypatch, prompts=True, labels=False, log=False):
        again = bot_choices(names, make_bot)
    step = len(names) + 1
    assert all(p.startswith("REWORDED") for p in again[len(names) :: step])  # it took
    assert [c for n, c in enumerate(again) if n % step != len(names)] == [
        c for n, c in enumerate(plain) if n % step != len(names)
    ]
