"""What a Twilight Struggle player prefers before he searches: a prior over the plays of
a headline or an action round, learned from experts' games (docs/bots.md, "The prior").

Each play on the menu is described by a few named features read from what the player
may know (his view, his hand, the decision's own facts): the card and how it is played,
whose card it is, its operations, what its scoring would give now, the DEFCON danger it
carries. The prior is a conditional logit over the menu: a play's score is the sum of
its features' weights, and the plays' probabilities are the softmax of their scores.

The set-up is the experts' too: their usual placements of the free set-up influence and
the bid, as influence totals per country (`Prior.openings`, `opening_point`).

The weights and the openings are fitted by `tools/fit_prior.py` (`make fit`) on real
games and shipped in `prior.json` beside this module; the game reads them with the
standard library only.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, TypeGuard

from cold_war_tui.bots.evaluate import (
    BATTLEGROUND_FACTOR,
    NON_BATTLEGROUND_FACTOR,
    point_gain,
    point_price,
    tables,
)
from cold_war_tui.engine import (
    CardPick,
    Decision,
    DecisionKind,
    Game,
    Headline,
    Move,
    Pass,
    Play,
    PlayerView,
    Target,
    Un,
    derived,
    other,
)

Features = dict[str, float]
WEIGHTS_FILE = "prior.json"
PERIODS = ((3, "early"), (7, "mid"), (10, "late"))
"""The last turn of each period of the war (turns 1-3, 4-7, 8-10)."""


@dataclass(frozen=True)
class Situation:
    """The facts of a decision every play's features read, gathered once per menu."""

    player: str
    turn: int
    action_round: int
    defcon: int
    rounds_left: int
    scoring_held: int  # scoring cards in the player's hand
    no_event: Mapping[int, str]  # cards whose event cannot happen now (the context's)
    scoring_vp: Mapping[int, float]  # per scoring card: the player's VP lead were it scored
    hazards: frozenset[int]  # DEFCON hazards of the player (evaluate.DEFCON_HAZARDS)
    card_side: Mapping[int, str | None]
    ops: Mapping[int, int]  # each card's operations for the player now


def situation(game: Game, player: str, pending: Decision) -> Situation:
    """The shared facts of `pending`, from what `player` may know."""
    view: PlayerView = game.view(player)
    t = tables(game)
    scores = game.region_scores()
    opponent = other(player)
    scoring_vp = {
        card: float(scores[region][player].vp - scores[region][opponent].vp)
        for card, region in t.scoring_card_region.items()
        if region in scores
    }
    cards = {*view.hand, *(c for m in _moves(pending) if (c := _card(m)) is not None)}
    return Situation(
        player=player,
        turn=view.turn,
        action_round=view.action_round,
        defcon=view.defcon,
        rounds_left=game.rounds_left(player),
        scoring_held=sum(1 for card in view.hand if card in t.scoring_cards),
        no_event=dict(pending.context.get("no_event", {})),
        scoring_vp=scoring_vp,
        hazards=t.hazards[player],
        card_side=t.card_side,
        ops={card: game.ops_value(card, player) for card in cards if card in t.card_side},
    )


def features(s: Situation, move: Move) -> Features:
    """The named features of one play of a headline or action menu."""
    if isinstance(move, Pass):
        return {"pass": 1.0}
    if isinstance(move, CardPick):  # a trapped side's discard (#42, #44)
        return {"trap_discard": 1.0, "trap_discard_ops": s.ops.get(move.card, 0) / 4}
    if isinstance(move, Un):  # #32 UN Intervention with an opponent's card
        return {"un": 1.0, "un_ops": s.ops.get(move.card, 0) / 4}
    if isinstance(move, Headline):
        card, mode = move.card, "headline"
    elif isinstance(move, Play):
        card, mode = move.card, move.mode
    else:
        return {}
    side = s.card_side.get(card)
    owner = "neutral" if side is None else "own" if side == s.player else "opp"
    ops = s.ops.get(card, 0)
    period = next(name for last, name in PERIODS if s.turn <= last)
    found: Features = {
        f"mode:{mode}": 1.0,
        f"card:{card}:{mode}": 1.0,
        f"owner:{owner}:{mode}": 1.0,
        f"ops:{mode}": ops / 4,
        f"period:{period}:{mode}": 1.0,
        f"defcon:{s.defcon}:{mode}": 1.0,
        f"round_ops:{mode}": ops / 4 * s.action_round / 7,
    }
    if card in s.scoring_vp:
        found[f"scoring_vp:{mode}"] = s.scoring_vp[card] / 5
        if s.scoring_held >= s.rounds_left:
            found[f"scoring_due:{mode}"] = 1.0
    if card in s.hazards:
        found[f"hazard:{s.defcon}:{mode}"] = 1.0
    if owner == "opp" and card in s.no_event:
        found[f"opp_event_blocked:{mode}"] = 1.0
    return found


@dataclass(frozen=True)
class Prior:
    """The fitted weights, and the plays' probabilities they give; the experts' usual
    set-up (`openings`: per side, each country's influence total after the set-up and
    the bid)."""

    weights: Mapping[str, float]
    meta: Mapping[str, Any]  # how and on what it was fitted (games, penalty, agreement)
    openings: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def scores(self, s: Situation, moves: Sequence[Move]) -> list[float]:
        return [weighted(self.weights, features(s, m)) for m in moves]

    def probabilities(self, s: Situation, moves: Sequence[Move]) -> list[float]:
        """The softmax of the plays' scores, in the order of `moves`."""
        return _softmax(self.scores(s, moves))

    def verb_probabilities(self, s: OpsSituation, verbs: Sequence[str]) -> list[float]:
        """How likely an expert begins his operations with each of `verbs`, in order."""
        return _softmax([weighted(self.weights, verb_features(s, v)) for v in verbs])

    def point_probabilities(self, found: Sequence[Features]) -> list[float]:
        """How likely an expert puts his next influence point in each country, given
        each point's features (`point_features`), in order."""
        return _softmax([weighted(self.weights, f) for f in found])


def weighted(weights: Mapping[str, float], found: Features) -> float:
    """An option's score: the sum of its features' values times their weights (a
    feature the fit never met weighs 0)."""
    return sum(weights.get(name, 0.0) * value for name, value in found.items())


def _softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores, default=0.0)
    exp = [math.exp(score - top) for score in scores]
    total = sum(exp)
    return [e / total for e in exp]


PRIOR_KINDS = frozenset({DecisionKind.ACTION, DecisionKind.HEADLINE})
"""The decisions the prior knows: the plays of a headline or an action round."""
OPS_VERBS = ("infl", "coup", "realign")
"""How a card's operations begin (the first target of an `operation` decision)."""


@dataclass(frozen=True)
class OpsSituation:
    """The facts of an `operation` decision (the first target of a card's operations)
    that the verbs' features read."""

    player: str
    turn: int
    action_round: int
    defcon: int
    milops_short: int  # military operations the player still needs this turn (8.2)
    ops: int
    battleground_coups: int  # coup targets that are battlegrounds


def ops_situation(game: Game, player: str, pending: Decision) -> OpsSituation:
    """The shared facts of an `operation` decision, from what `player` may know."""
    view = game.view(player)
    battlegrounds = tables(game).battlegrounds
    ops = pending.context.get("ops", 0)
    return OpsSituation(
        player=player,
        turn=view.turn,
        action_round=view.action_round,
        defcon=view.defcon,
        milops_short=max(0, view.defcon - view.milops[player]),
        ops=ops if isinstance(ops, int) else 0,
        battleground_coups=sum(
            1
            for m in _moves(pending)
            if isinstance(m, Target) and m.verb == "coup" and m.country in battlegrounds
        ),
    )


def verb_features(s: OpsSituation, verb: str) -> Features:
    """The named features of beginning the operations with `verb` (`OPS_VERBS`)."""
    period = next(name for last, name in PERIODS if s.turn <= last)
    found: Features = {
        f"op:{verb}": 1.0,
        f"op:{verb}:{s.player}": 1.0,
        f"op:{verb}:defcon:{s.defcon}": 1.0,
        f"op:{verb}:period:{period}": 1.0,
        f"op:{verb}:ops": s.ops / 4,
        f"op:{verb}:round": s.action_round / 7,
        f"op:{verb}:milops_short": s.milops_short / 5,
    }
    if verb == "coup":
        found["op:coup:battlegrounds"] = min(s.battleground_coups, 3) / 3
    return found


def verb_log_prior(prior: Prior, game: Game, player: str, pending: Decision) -> dict[Move, float]:
    """Each target of an `operation` decision, with the log of the habit's probability
    of beginning the operations with its verb (the target itself is left to search)."""
    moves = _moves(pending)
    verbs = verbs_of(moves)
    probabilities = prior.verb_probabilities(ops_situation(game, player, pending), verbs)
    log_p = {v: math.log(max(p, 1e-9)) for v, p in zip(verbs, probabilities, strict=True)}
    return {m: log_p[m.verb] for m in moves if isinstance(m, Target) and m.verb in log_p}


def verbs_of(moves: Sequence[Move]) -> list[str]:
    """The verbs of `OPS_VERBS` that some of `moves` (an `operation` menu) begin with."""
    found = {m.verb for m in moves if isinstance(m, Target)}
    return [verb for verb in OPS_VERBS if verb in found]


POINT_KINDS = frozenset({DecisionKind.OPERATION, DecisionKind.PLACE_INFLUENCE})
"""The decisions where operations place influence points, one at a time (6.1)."""


@dataclass(frozen=True)
class PointBase:
    """The position before an influence point, as every point's features read it."""

    player: str
    period: str
    lead: Mapping[str, int]  # per scoring region, the player's VP lead were it scored now
    battlegrounds: int  # the player's battleground lead, region by region
    held_regions: frozenset[str]  # the regions whose scoring card is in the player's hand
    margins: Mapping[str, int]  # per country, the player's influence less the opponent's


def point_base(game: Game, player: str) -> PointBase:
    """The facts of a point decision before the point, from what `player` may know."""
    t = tables(game)
    view = game.view(player)
    sign = 1 if player == "US" else -1
    lead, battlegrounds = _leads(game, player)
    return PointBase(
        player=player,
        period=next(name for last, name in PERIODS if view.turn <= last),
        lead=lead,
        battlegrounds=battlegrounds,
        held_regions=frozenset(
            t.scoring_card_region[c] for c in view.hand if c in t.scoring_card_region
        ),
        margins={key: sign * (i.us - i.ussr) for key, i in view.influence.items()},
    )


def _leads(game: Game, player: str) -> tuple[dict[str, int], int]:
    """Per scoring region the player's VP lead were it scored now, and his battleground
    lead summed over those regions (as the evaluation sums them)."""
    scores = game.region_scores()
    opponent = other(player)
    lead, battlegrounds = {}, 0
    for region in tables(game).scoring_card_region.values():
        mine, theirs = scores[region][player], scores[region][opponent]
        lead[region] = mine.vp - theirs.vp
        battlegrounds += mine.battlegrounds - theirs.battlegrounds
    return lead, battlegrounds


def point_features(base: PointBase, game: Game, after: Game, country: str) -> Features:
    """The named features of one influence point of operations in `country`: `after` is
    `game` with the point placed. Each gain is per operation spent (a point where the
    opponent has control costs two, 6.1.2): the country's influence term (as the
    evaluation's, diminishing with the margin), the VP lead of its region were it scored
    now (and again when the player holds that region's scoring card), the battleground
    lead; and whether the point costs two operations."""
    info = _countries(game)[country]
    margin = base.margins[country]
    price = point_price(margin, info.stability)
    kind = BATTLEGROUND_FACTOR if info.battleground else NON_BATTLEGROUND_FACTOR
    gain = kind * point_gain(margin, info.stability)
    lead, battlegrounds = _leads(after, base.player)
    vp = sum(lead[r] - base.lead[r] for r in lead)
    held = sum(lead[r] - base.lead[r] for r in lead if r in base.held_regions)
    found: Features = {
        f"pt:infl:{info.region}:{base.period}": gain / price,
        f"pt:vp:{base.period}": vp / price,
        f"pt:bg:{base.period}": (battlegrounds - base.battlegrounds) / price,
    }
    if held:
        found["pt:vp_held"] = held / price
    if price == 2:
        found["pt:price2"] = 1.0
    return found


@dataclass(frozen=True)
class _Country:
    region: str
    stability: int
    battleground: bool


def _countries(game: Game) -> Mapping[str, _Country]:
    return derived(game.data, _build_countries)


def _build_countries(data: Any) -> dict[str, _Country]:
    return {c.key: _Country(c.region, c.stability, c.battleground) for c in data.countries}


def is_point(move: Move) -> TypeGuard[Target]:
    """An influence point (`infl KEY`)."""
    return isinstance(move, Target) and move.verb == "infl"


def influence_points(pending: Decision) -> list[Target]:
    """The influence points among a decision's choices."""
    return [m for m in _moves(pending) if is_point(m)]


def only_points(forks: Mapping[Move, Game]) -> dict[Target, Game]:
    """The influence points among forks made for a decision's choices (`worlds.forks`)."""
    return {m: fork for m, fork in forks.items() if is_point(m)}


def described_points(game: Game, player: str, placed: Mapping[Target, Game]) -> list[Features]:
    """Each point of `placed` (a point, and `game` with it placed) with its features
    (`point_features`), in the order of `placed`."""
    base = point_base(game, player)
    return [point_features(base, game, after, move.country) for move, after in placed.items()]


def point_log_prior(
    prior: Prior, world: Game, player: str, placed: Mapping[Target, Game]
) -> dict[Move, float]:
    """Each influence point of a point decision (`POINT_KINDS`; `placed`: each point with
    `world` after it, `only_points`), with the log of the habit's probability that an
    expert puts his next point there. Read in `world`, a game `player` may read whole:
    only the board and his own hand decide it."""
    if len(placed) < 2:
        return {}
    probabilities = prior.point_probabilities(described_points(world, player, placed))
    return {m: math.log(max(p, 1e-9)) for m, p in zip(placed, probabilities, strict=True)}


@cache
def shipped_prior() -> Prior:
    """The prior fitted on real games, as shipped in the package (read once)."""
    text = resources.files("cold_war_tui.bots").joinpath(WEIGHTS_FILE).read_text("utf-8")
    return prior_from_json(text)


def prior_from_json(text: str) -> Prior:
    doc = json.loads(text)
    weights = {str(k): float(v) for k, v in doc["weights"].items()}
    openings = {
        str(side): {str(country): int(total) for country, total in book.items()}
        for side, book in doc.get("openings", {}).items()
    }
    return Prior(weights=weights, meta=doc.get("meta", {}), openings=openings)


OPENING_KINDS = frozenset({DecisionKind.SETUP_INFLUENCE, DecisionKind.BID_INFLUENCE})
"""The set-up's decisions: the free influence (USSR, then US) and the US bid, a point each."""


def opening_point(prior: Prior, view: PlayerView, moves: Sequence[Move]) -> Target | None:
    """The point of `moves` (a set-up or bid decision of `view`'s player) that the
    experts' usual set-up (`Prior.openings`) wants most: the country whose influence is
    furthest below the opening's total (the first of a tie, in the menu's order). None
    when the opening wants no country offered: the search places the rest."""
    book = prior.openings.get(view.player, {})

    def short(point: Target) -> int:
        here = view.influence[point.country]
        return book.get(point.country, 0) - (here.us if view.player == "US" else here.ussr)

    points = [m for m in moves if is_point(m)]
    wanted = max(points, key=short, default=None)
    return wanted if wanted is not None and short(wanted) > 0 else None


def _moves(pending: Decision) -> list[Move]:
    return [choice.move for choice in pending.choices]


def _card(move: Move) -> int | None:
    return move.card if isinstance(move, Play | Headline | Un | CardPick) else None
