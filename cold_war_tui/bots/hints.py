"""Hints: what the computer would play in a player's place, and how it rates the rest.

`suggest` asks a bot (from `make_bot`) for its choice at the player's pending decision.
The scores are the bot's own when it keeps them (`scores`: the strong bot's search means
for the candidates it searched, greedy's one step), else every choice is scored with the
evaluation the bots share, one step ahead, averaged over a few determinized worlds. Like
any bot it reads only what that player may know: `game.pending`, `game.view(player)` and
the worlds `game.determinize(player, seed)` gives (worlds.py). The game it is given is
not changed (it works on forks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from cold_war_tui.bots.worlds import decision_key, one_step, pending_for, worlds
from cold_war_tui.engine import Game

if TYPE_CHECKING:
    from cold_war_tui.bots import Bot

HINT_WORLDS = 3
"""Worlds the scores are averaged over: a hidden card guessed once decides less."""
TOP = 3


@runtime_checkable
class KeepsScores(Protocol):
    """A bot that keeps the scores of its last decision, by choice (strong, greedy)."""

    scores: dict[str, float]


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One choice of a hint: its id and label, its score (the evaluation for the player
    one step after it, in VP-like units: docs/bots.md), and whether the bot picked it."""

    choice: str
    label: str
    score: float
    picked: bool


def suggest(
    game: Game,
    player: str,
    bot: Bot,
    seed: int,
    *,
    n_worlds: int = HINT_WORLDS,
    top: int = TOP,
) -> list[Suggestion]:
    """The bot's choice first, then the best others by score: at most `top` in all."""
    pending = pending_for(game, player)
    labels = {c.id: c.label for c in pending.choices}
    picked = bot.choose(game.fork(), player)
    own = bot.scores if isinstance(bot, KeepsScores) else {}
    means = {c: score for c, score in own.items() if c in labels}
    if len(means) < min(top, len(labels)):  # too few of its own: one step ahead, ours
        means = one_step_means(game, player, list(labels), seed, n_worlds)
    others = sorted((c for c in means if c != picked), key=lambda c: -means[c])
    return [
        Suggestion(c, labels[c], means.get(c, math.nan), c == picked)
        for c in [picked, *others][:top]
    ]


def one_step_means(
    game: Game, player: str, ids: list[str], seed: int, n_worlds: int
) -> dict[str, float]:
    """Each choice's evaluation one step after it, averaged over `n_worlds` worlds."""
    totals = dict.fromkeys(ids, 0.0)
    counts = dict.fromkeys(ids, 0)
    sampled = worlds(game, player, decision_key(game, player, seed))
    for _ in range(n_worlds):
        for choice, score in one_step(next(sampled), player, ids).items():
            totals[choice] += score
            counts[choice] += 1
    return {c: totals[c] / counts[c] for c in ids if counts[c]}
