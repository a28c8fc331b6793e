"""What a bot may look at, and the cheap policies its search plays with.

A bot sees the true game only through `game.pending` and `game.view(player)`. Anything
deeper it reads in *worlds*: games from `game.determinize(player, seed)`, where the
cards it cannot see are dealt at random. A world may be forked, played and read whole.

The seeds of a decision's worlds come from the bot's seed and the decision as the
player sees it (`decision_key`), never from a counter: the same game and seed give the
same worlds, and so, with a fixed budget, the same choice.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from cold_war_tui.bots.evaluate import evaluate, point_gain, point_price, tables
from cold_war_tui.bots.prior import PRIOR_KINDS, Prior, is_point, situation
from cold_war_tui.bots.safety import order_gambles
from cold_war_tui.engine import (
    Decision,
    DecisionKind,
    Game,
    Headline,
    IllegalChoice,
    Move,
    Play,
    Target,
)

DETERMINIZE_ATTEMPTS = 20
"""`determinize` refuses about 1 call in 13,000 (docs/engine.md): try the next seed."""
WIDEST_ONE_STEP = 14
"""A one-step lookahead tries at most this many choices (a fair sample of the rest)."""
TOP_DECISIONS = frozenset({DecisionKind.ACTION, DecisionKind.HEADLINE})
"""The decisions that begin a round or a turn; any other continues the one in course."""
INFLUENCE_KINDS = frozenset(
    {DecisionKind.PLACE_INFLUENCE, DecisionKind.SETUP_INFLUENCE, DecisionKind.EVENT_INFLUENCE}
)
Score = Callable[[Game, str], float]
K = TypeVar("K")


def pending_for(game: Game, player: str) -> Decision:
    """`game.pending`, which must be `player`'s decision (ValueError otherwise)."""
    pending = game.pending
    if pending is None or pending.player != player:
        raise ValueError(f"no decision of {player} is pending")
    return pending


def decision_key(game: Game, player: str, seed: int) -> int:
    """A number fixed by the bot's seed and what `player` has observed (his view and the
    decisions he was asked, this one included: `Game.observations`), never by words for
    people: rewording a prompt or a label changes no choice."""
    seen = game.observations(player)
    asked = ";".join(f"{a.kind}:{','.join(a.choices)}:{a.chosen or ''}" for a in seen.asked)
    text = "|".join((str(seed), seen.view.model_dump_json(), asked))
    return zlib.crc32(text.encode()) | (seed & 0xFFFF) << 32


def worlds(game: Game, player: str, key: int) -> Iterator[Game]:
    """Determinized copies of `game` for `player`, one per seed drawn from `key`, forever."""
    n = 0
    while True:
        for attempt in range(DETERMINIZE_ATTEMPTS):
            try:
                yield game.determinize(player, key * 7919 + n * DETERMINIZE_ATTEMPTS + attempt)
                break
            except ValueError:
                continue
        else:  # pragma: no cover - the engine refuses about 1 call in 13,000
            raise RuntimeError("determinize refused every seed tried")
        n += 1


def moves_of(decision: Decision) -> list[Move]:
    """The moves of a decision's legal choices, in the order listed."""
    return [choice.move for choice in decision.choices]


def after(world: Game, choice: Move) -> Game | None:
    """A fork of `world` with `choice` made (None if the world does not accept it)."""
    fork = world.fork()
    try:
        fork.choose(choice)
    except IllegalChoice:
        return None
    return fork


def one_step(
    world: Game, player: str, choices: Sequence[Move], score: Score = evaluate
) -> dict[Move, float]:
    """Each choice played on a fork of `world` and scored for `player`."""
    return {choice: score(fork, player) for choice, fork in forks(world, choices).items()}


def forks(world: Game, choices: Sequence[Move]) -> dict[Move, Game]:
    """Each choice `world` accepts, with a fork of `world` where it was made."""
    made = {}
    for choice in choices:
        fork = after(world, choice)
        if fork is not None:
            made[choice] = fork
    return made


def answered(world: Game, player: str) -> float:
    """The evaluation for `player` once the opponent has answered, when `player`'s choice
    hands him a decision inside `player`'s own round; else the evaluation now.

    His event, set off by our operations, resolves in our round: after our coup took
    DEFCON to 2, a coup of his ends the game against us (8.1.3), which the position
    before his answer does not show. He answers by one step of lookahead. Influence
    points cannot end a game: a decision of them is not tried, and among an operation's
    targets only his best point by the rule of thumb (`influence_point`, no fork) is,
    beside every coup and realignment (not 50 forks for each of our own choices)."""
    pending = world.pending
    if (
        pending is None
        or pending.player == player
        or pending.kind in TOP_DECISIONS
        or pending.kind in INFLUENCE_KINDS
        or world.state.phasing != player
    ):
        return evaluate(world, player)
    every = moves_of(pending)
    moves = [m for m in every if not is_point(m)]
    if len(moves) < len(every):
        moves.append(influence_point(world, pending.player, every))
    replies = one_step(world, pending.player, moves)
    reply = after(world, best(replies, moves)) if replies else None
    return evaluate(world if reply is None else reply, player)


def best(scores: dict[K, float], order: Sequence[K]) -> K:
    """The highest score; a tie goes to the choice listed first."""
    return max(order, key=lambda c: (scores.get(c, -math.inf), -order.index(c)))


class Policy:
    """The fast policy of a search's rollouts: one step of lookahead where it is cheap,
    a rule of thumb for influence points (no fork at all)."""

    def __init__(self, rng: random.Random, prior: Prior | None = None) -> None:
        self._rng = rng
        self._prior = prior

    def choose(self, world: Game, thorough: bool = False) -> Move:
        """A choice for whoever decides in `world`; `thorough` tries every choice but
        influence points (an opponent answering in our own round: he may end the game)."""
        pending = world.pending
        assert pending is not None
        moves = moves_of(pending)
        if pending.kind == DecisionKind.EVENT_ORDER:
            ruled_out = order_gambles(world, moves)
            moves = [m for m in moves if m not in ruled_out] or moves
        if len(moves) == 1:
            return moves[0]
        if pending.kind in (DecisionKind.PLACE_INFLUENCE, DecisionKind.SETUP_INFLUENCE) or (
            pending.kind == DecisionKind.EVENT_INFLUENCE and all(map(is_point, moves))
        ):
            priced = pending.kind == DecisionKind.PLACE_INFLUENCE
            return influence_point(world, pending.player, moves, priced)
        if self._prior is not None and pending.kind in PRIOR_KINDS:
            return self._habit(world, pending, moves)
        if pending.kind == DecisionKind.HEADLINE:
            return headline_pick(world, pending)
        if len(moves) > WIDEST_ONE_STEP:
            points = [m for m in moves if is_point(m)]
            others = [m for m in moves if not is_point(m)]
            room = max(0, WIDEST_ONE_STEP - len(others))
            if thorough or len(others) <= WIDEST_ONE_STEP:
                moves = others + self._rng.sample(points, min(room, len(points)))
            else:
                moves = self._rng.sample(moves, WIDEST_ONE_STEP)
        judged = self._fresh_dice(world, pending.player) if rolls_dice(pending, moves) else world
        scores = one_step(judged, pending.player, moves, score=answered)
        return best(scores, moves) if scores else moves[0]

    def _fresh_dice(self, world: Game, player: str) -> Game:
        """A copy of `world` whose dice are new: a choice judged on a fork of the world
        itself would roll the die the rollout then rolls, and be chosen knowing it."""
        try:
            return world.determinize(player, self._rng.getrandbits(31))
        except ValueError:
            return world

    def _habit(self, world: Game, pending: Decision, moves: list[Move]) -> Move:
        """The play the prior likes best for whoever decides (his hand in this world)."""
        assert self._prior is not None
        s = situation(world, pending.player, pending)
        scores = self._prior.scores(s, moves)
        return moves[max(range(len(moves)), key=scores.__getitem__)]


DICE_VERBS = frozenset({"coup", "realign"})


def rolls_dice(pending: Decision, moves: Sequence[Move]) -> bool:
    """Whether some of `moves` roll a die when chosen (a coup, a realignment roll, a
    space race attempt)."""
    if pending.kind in (DecisionKind.REALIGN, DecisionKind.SPACE_ROLL):
        return True
    return any(isinstance(m, Target) and m.verb in DICE_VERBS for m in moves) or any(
        isinstance(m, Play) and m.mode == "space" for m in moves
    )


CONTROL_POINT = 1.0
"""What the rollouts' rule of thumb for influence adds, in times a country's weight, for
the point that gives control: control is what region scoring counts."""


def influence_point(world: Game, player: str, moves: Sequence[Move], priced: bool = True) -> Move:
    """The influence point that gains most per operation spent, read off one snapshot.

    Its gain is the evaluation's influence term, weight * (tanh((m + 1) / s) - tanh(m / s)),
    plus CONTROL_POINT times the weight when the point gives control (m + 1 reaches s);
    with `priced` (operations, not an event's or the set-up's free points) it is divided by
    the point's price, 2 where the opponent has control (6.1.2). Without the price the
    rollouts spent 2 operations to break a control that the opponent restores with 1;
    without the control term they never restored it."""
    t = tables(world)
    s = world.state
    sign = 1 if player == "US" else -1
    weights = {key: (weight, stability) for key, weight, stability in t.countries}
    best_id, best_gain = moves[0], -math.inf
    for choice in moves:
        if not is_point(choice):
            continue
        key = choice.country
        if key not in weights:
            continue
        weight, stability = weights[key]
        here = s.influence[key]
        margin = sign * (here.us - here.ussr)
        gain = weight * point_gain(margin, stability)
        if margin + 1 == stability:
            gain += CONTROL_POINT * weight
        if priced:
            gain /= point_price(margin, stability)
        if gain > best_gain:
            best_id, best_gain = choice, gain
    return best_id


def per_operation(world: Game, player: str, scores: dict[Move, float]) -> dict[Move, float]:
    """One-step scores of influence points, each point's gain over the position now divided
    by its price: a point in a country the opponent controls costs two operations, and
    two points elsewhere may gain more than it does."""
    t = tables(world)
    s = world.state
    sign = 1 if player == "US" else -1
    stabilities = {key: stability for key, _, stability in t.countries}
    now = evaluate(world, player)
    priced = {}
    for move, score in scores.items():
        if is_point(move) and move.country in stabilities:
            here = s.influence[move.country]
            price = point_price(sign * (here.us - here.ussr), stabilities[move.country])
            score = now + (score - now) / price
        priced[move] = score
    return priced


def headline_pick(world: Game, pending: Decision) -> Move:
    """A rollout's headline: a scoring card when the hand has more than the rounds can
    take, else the card with the most operations of the picker's own side."""
    player = pending.player
    t = tables(world)
    cards: dict[Move, int] = {
        move: move.card for move in moves_of(pending) if isinstance(move, Headline)
    }
    hand = world.state.hands[player]
    scoring = [i for i, n in cards.items() if n in t.scoring_cards]
    if scoring and sum(1 for n in hand if n in t.scoring_cards) > world.action_rounds(player):
        return scoring[0]
    sides = t.card_side

    def worth(choice: Move) -> float:
        number = cards[choice]
        if number in t.scoring_cards:
            return -1.0
        ops = world.ops_value(number, player)
        return ops + (1.5 if sides.get(number) == player else -ops if sides.get(number) else 0)

    return max(cards, key=worth)
