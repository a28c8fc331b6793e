"""The position evaluation greedy and strong share: a score in VP-like units for one side.

It reads a game a bot may read whole: a determinized world (or a fork of one), whose
hidden cards are a guess. One evaluation costs one `game.state` snapshot plus one
`game.region_scores()` call (about 0.1 ms each; `game.view` builds the same snapshot,
so it is no cheaper: docs/bots.md has the figures). The terms follow the guide
(SEARCH-AND-BOTS.md): VP; what scoring each region now would give, weighted by how soon
its scoring card may come; battlegrounds; influence with diminishing returns; DEFCON
danger for the side to move; military operations short of DEFCON near the turn's end
(8.2.1); scoring cards in hand against the action rounds left (10.1.5); the China Card;
the space race; the operations a side is in the middle of spending. A finished game
scores +-WIN (a draw 0), beyond any other sum.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cold_war_tui.engine import Decision, Game, StateSnapshot, derived, other

WIN = 1000.0
"""A won game; a lost one is -WIN. Every other term together stays far below it."""

# Region weights: how much a country there counts (Europe can win the game).
REGION_FACTOR = {
    "europe": 1.3,
    "asia": 1.1,
    "middle-east": 0.9,
    "central-america": 0.6,
    "south-america": 0.7,
    "africa": 0.6,
}
BATTLEGROUND_FACTOR = 1.0
NON_BATTLEGROUND_FACTOR = 0.35
INFLUENCE_WEIGHT = 1.6
"""A country's term is INFLUENCE_WEIGHT * region * kind * tanh(margin / stability):
control (margin = stability) is worth 76% of the most a country can give."""
BATTLEGROUND_WEIGHT = 0.4
REGION_SOON = 0.9
"""Weight of a region's scoring now when its scoring card is in a hand: scored this turn."""
REGION_LATER = 0.35
"""Weight when the card is elsewhere: it may come later, and final scoring counts."""
EUROPE_CONTROL = 40.0
"""Controlling Europe when it is scored wins (control_wins); weighted like a region."""
DEFCON_DANGER = {2: 2.0, 3: 0.5}
"""Penalty for the side about to act at this DEFCON: one more drop ends the game."""
CHINA_FACE_UP = 1.5
CHINA_FACE_DOWN = 0.8
SPACE_STEP = 0.5
OPS_IN_HAND_WEIGHT = 0.6
"""Value of one operations point a side is in the middle of spending (pending decision)."""
HELD_SCORING_LOSS = 200.0
"""More scoring cards in hand than action rounds left: the game is all but lost (10.1.5)."""
TIGHT_SCORING = 1.0
"""As many scoring cards as rounds left: every round is spoken for."""
DEFCON_HAZARDS = {
    4: "Duck and Cover",  # DEFCON -1
    5: "Five Year Plan",  # a random USSR card is discarded: a US hazard there happens
    26: "CIA Created",  # the US conducts 1 op: a coup in a battleground
    67: "Grain Sales to Soviets",  # the US plays a card taken from the USSR hand
    89: "Soviets Shoot Down KAL-007",  # DEFCON -1
    96: "Tear Down This Wall",  # a free US coup in Europe, where DEFCON does not stop it (6.3.5)
    85: "Star Wars",  # ahead in space, the US fires an event of the discard pile (#4, #50)
    50: "We Will Bury You",  # DEFCON -1
    62: "Lone Gunman",  # the USSR conducts 1 op
    91: "Ortega Elected in Nicaragua",  # a USSR coup next to Nicaragua (Cuba)
}
"""Cards whose event, when the other side plays them for ops, lowers DEFCON or gives the
event's side a coup in a battleground (8.1.3: the phasing player loses at DEFCON 1). At
DEFCON 2 such a card in hand is a trap once it must be played (the last card of a
turn). A test checks the names against the card data; the side a card endangers comes
from the data."""


LOTTERY_ONLY = frozenset({5})
"""Hazards that endanger only through another hazard in the same hand: #5 Five Year
Plan discards a random USSR card and fires it if it is a US event. With no other hazard
held, the draw fires nothing that lowers DEFCON, so the card is counted as safe."""


class SpaceTrack(Protocol):
    """What a dormancy test reads: the space race (a StateSnapshot or a PlayerView)."""

    @property
    def space(self) -> Mapping[str, int]: ...


DORMANT_HAZARDS: dict[int, Callable[[SpaceTrack], bool]] = {
    85: lambda board: board.space["USSR"] - board.space["US"] >= 2,
}
"""Hazards whose event can do nothing until the turn's end, by the board now: #85 Star
Wars, whose event needs the US ahead in the space race; two boxes behind, the US cannot
get there with the turn's attempt (played without effect, the card is still removed:
5.2, example 4). A hazard its holder's own operations could wake is not here (#91
Ortega Elected in Nicaragua is harmless while the US has no influence in Cuba, but the
US may place some)."""


def live_hazards(board: SpaceTrack, t: Tables, side: str) -> frozenset[int]:
    """`side`'s DEFCON hazards (Tables.hazards) but those DORMANT_HAZARDS on `board`."""
    hazards = t.hazards[side]
    dormant = [card for card, asleep in DORMANT_HAZARDS.items() if asleep(board)]
    return hazards.difference(dormant) if dormant else hazards


TRAP_DANGER = {2: 150.0, 3: 20.0, 4: 3.0}
"""Penalty per hazard a side will have to play this turn, at this DEFCON: at 2 the
opponent ends the game with it; at 3 or 4 one coup of his brings DEFCON to 2 before
the card is out. A side about to choose its action at DEFCON 3 or more may play one
hazard now, safely, so one counts only PLAYABLE_NOW (`hazard_cost`)."""
PLAYABLE_NOW = 0.25
"""A hazard its holder may play away now still costs a little: put off, it may be
trapped by the opponent's next coup."""
HELD_HAZARD = {2: 25.0, 3: 8.0}
"""Per hazard in hand that need not be played this turn: an opponent's discard or
card-taking event (#5, #67, #92 Terrorism, #95 Latin American Debt Crisis) can still make
it the last card, and at DEFCON 2 only the space race or a headline at DEFCON 3 gets
rid of it. High enough that, at DEFCON 3, a hazard is played away (for ops, at a cost of
about two operations points) before the opponent's coup brings DEFCON 2."""


@dataclass(frozen=True)
class Tables:
    """Facts of the game data the evaluation reads, built once per data (`derived`)."""

    countries: tuple[tuple[str, float, int], ...]  # key, weight, stability
    battlegrounds: frozenset[str]
    scoring_card_region: dict[int, str]
    scoring_cards: frozenset[int]
    europe_wins: bool
    card_side: dict[int, str | None]  # "US", "USSR", or None for a neutral card
    hazards: dict[str, frozenset[int]]  # per side, the DEFCON_HAZARDS it must not play


def tables(game: Game) -> Tables:
    """The evaluation's tables for `game`'s data (made once per data object)."""
    return derived(game.data, _build)


def _build(data: Any) -> Tables:
    countries = []
    for c in data.countries:
        kind = BATTLEGROUND_FACTOR if c.battleground else NON_BATTLEGROUND_FACTOR
        weight = INFLUENCE_WEIGHT * REGION_FACTOR[c.region] * kind
        countries.append((c.key, weight, c.stability))
    europe = next(r for r in data.regions if r.key == "europe")
    card_side = {c.number: (None if c.side == "Neutral" else c.side) for c in data.cards}
    hazards = {
        side: frozenset(n for n in DEFCON_HAZARDS if card_side.get(n) == other(side))
        for side in ("US", "USSR")
    }
    return Tables(
        countries=tuple(countries),
        battlegrounds=frozenset(c.key for c in data.countries if c.battleground),
        scoring_card_region={r.scoring_card: r.key for r in data.regions},
        scoring_cards=frozenset(c.number for c in data.cards if c.scoring),
        europe_wins=europe.control_wins,
        card_side=card_side,
        hazards=hazards,
    )


def evaluate(game: Game, side: str) -> float:
    """How good `game` is for `side`: positive is good, +-WIN for a finished game."""
    outcome = game.outcome
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return WIN if outcome.winner == side else -WIN
    s = game.state
    t = tables(game)
    opponent = other(side)
    sign = 1 if side == "US" else -1
    score = float(sign * s.vp)
    score += _regions(game, s, t, side, opponent)
    score += _influence(s, t, side)
    score += _tracks(game, s, t, side, opponent)
    return score


def _regions(game: Game, s: StateSnapshot, t: Tables, side: str, opponent: str) -> float:
    """What scoring each region now would give, weighted by how soon it may be scored."""
    in_hands = set(s.hands["US"]) | set(s.hands["USSR"])
    for headline in s.headline.values():
        if headline is not None:
            in_hands.add(headline)
    total = 0.0
    bg_mine = bg_theirs = 0
    scores = game.region_scores()
    for card, region in t.scoring_card_region.items():
        weight = REGION_SOON if card in in_hands else REGION_LATER
        mine, theirs = scores[region][side], scores[region][opponent]
        total += weight * (mine.vp - theirs.vp)
        if t.europe_wins and region == "europe":
            if mine.level == "control":
                total += weight * EUROPE_CONTROL
            elif theirs.level == "control":
                total -= weight * EUROPE_CONTROL
        bg_mine += mine.battlegrounds
        bg_theirs += theirs.battlegrounds
    return total + BATTLEGROUND_WEIGHT * (bg_mine - bg_theirs)


def point_gain(margin: int, stability: int) -> float:
    """What one more point adds to a country's influence term (`_influence`), per unit
    of its weight, where the placer's margin (his influence less the opponent's) is
    `margin`."""
    return math.tanh((margin + 1) / stability) - math.tanh(margin / stability)


def point_price(margin: int, stability: int) -> int:
    """What one influence point of operations costs where the placer's margin is
    `margin`: 2 where the opponent has control (6.1.2)."""
    return 2 if margin <= -stability else 1


def _influence(s: StateSnapshot, t: Tables, side: str) -> float:
    """Each country by the margin of influence over its stability, with diminishing returns."""
    influence = s.influence
    sign = 1 if side == "US" else -1
    total = 0.0
    tanh = math.tanh
    for key, weight, stability in t.countries:
        here = influence[key]
        margin = sign * (here.us - here.ussr)
        if margin:
            total += weight * tanh(margin / stability)
    return total


def _tracks(game: Game, s: StateSnapshot, t: Tables, side: str, opponent: str) -> float:
    """DEFCON, military operations, scoring cards held, the China Card, space, ops pending."""
    total = 0.0
    pending = game.pending
    mover = pending.player if pending is not None else None
    danger = DEFCON_DANGER.get(s.defcon, 0.0)
    if mover == side:
        total -= danger
    elif mover == opponent:
        total += danger
    for who, sign in ((side, 1.0), (opponent, -1.0)):
        left = game.rounds_left(who) if s.phase == "action" else game.action_rounds(who)
        short = max(0, s.defcon - s.milops[who])
        total -= sign * short / (1 + left)
        held = sum(1 for card in s.hands[who] if card in t.scoring_cards)
        if held > left:
            total -= sign * HELD_SCORING_LOSS
        elif held and held == left:
            total -= sign * TIGHT_SCORING * held
        if s.china_holder == who:
            total += sign * (CHINA_FACE_UP if s.china_face_up else CHINA_FACE_DOWN)
        total += sign * SPACE_STEP * s.space[who]
        total -= sign * hazard_cost(game, s, t, who, left, pending)
    if pending is not None:
        total += _ops_pending(pending, side)
    return total


def forced_hazards(
    s: StateSnapshot, t: Tables, side: str, rounds_left: int, hazards: frozenset[int] | None = None
) -> int:
    """How many DEFCON hazards `side` cannot avoid playing in its `rounds_left` rounds
    (`forced_count`); `hazards` its `live_hazards`, if the caller has them already."""
    china = s.china_holder == side and s.china_face_up
    if hazards is None:
        hazards = live_hazards(s, t, side)
    return forced_count(s.hands[side], hazards, rounds_left, china)


def forced_count(hand: Sequence[int], hazards: frozenset[int], rounds: int, china: bool) -> int:
    """How many of `hazards` in `hand` must be played in `rounds` rounds: a card is
    played each round, the face-up China Card (`china`) may stand in for one, and the
    cards beyond the rounds may be held (the space race is left to the search)."""
    risky = held_hazards(hand, hazards)
    if not risky:
        return 0
    plays = min(len(hand), max(0, rounds - (1 if china else 0)))
    return max(0, plays - (len(hand) - risky))


def held_hazards(hand: Sequence[int], hazards: frozenset[int]) -> int:
    """How many of `hazards` are in `hand`: none when they are all LOTTERY_ONLY."""
    held = [card for card in hand if card in hazards]
    return 0 if LOTTERY_ONLY.issuperset(held) else len(held)


def hazard_cost(
    game: Game, s: StateSnapshot, t: Tables, side: str, rounds_left: int, pending: Decision | None
) -> float:
    """What `side`'s DEFCON hazards cost it: those it must play this turn (TRAP_DANGER;
    one it may play now, at DEFCON 3 or more, counts PLAYABLE_NOW; one the turn's space
    race attempt can take is not trapped), then the rest (HELD_HAZARD)."""
    hazards = live_hazards(s, t, side)
    held = held_hazards(s.hands[side], hazards)
    if not held:
        return 0.0
    forced = forced_hazards(s, t, side, rounds_left, hazards)
    if forced and space_escape(game, s, side, hazards):
        forced -= 1
    playing_now = pending is not None and pending.player == side and pending.kind == "action"
    trapped = forced - 1 + PLAYABLE_NOW if forced and playing_now and s.defcon > 2 else forced
    return TRAP_DANGER.get(s.defcon, 0.0) * trapped + HELD_HAZARD.get(s.defcon, 0.0) * (
        held - forced
    )


def space_escape(game: Game, s: StateSnapshot, side: str, hazards: frozenset[int]) -> bool:
    """Whether the turn's space race attempt, still unused, can take one of `side`'s
    `hazards` in hand (6.4.1, 6.4.5: the event of a card spaced never happens). Only the
    first attempt of a turn counts: a second (space box 2) is left to the search."""
    return not s.space_attempts[side] and bool(enough_for_space(game, side, s.hands[side], hazards))


def enough_for_space(
    game: Game, side: str, hand: Sequence[int], hazards: frozenset[int]
) -> frozenset[int]:
    """The `hazards` in `hand` with the operations `side`'s next space race box needs
    (6.4.1); none past the last box. Whether an attempt is left is the caller's."""
    odds = game.space_odds(side)
    if odds is None:
        return frozenset()
    return frozenset(
        card for card in hand if card in hazards and game.ops_value(card, side) >= odds.ops_needed
    )


def _ops_pending(pending: Decision, side: str) -> float:
    """Operations being spent are worth something before they land (one-step lookahead)."""
    context = pending.context
    ops = context.get("ops_left", context.get("ops", 0)) if pending.kind in _SPENDING else 0
    if not isinstance(ops, int):
        return 0.0
    value = OPS_IN_HAND_WEIGHT * ops
    return value if pending.player == side else -value


_SPENDING = frozenset({"operation", "place_influence", "realign"})

__all__ = [
    "DEFCON_HAZARDS",
    "DORMANT_HAZARDS",
    "LOTTERY_ONLY",
    "WIN",
    "Tables",
    "enough_for_space",
    "evaluate",
    "forced_count",
    "forced_hazards",
    "hazard_cost",
    "held_hazards",
    "live_hazards",
    "point_gain",
    "point_price",
    "space_escape",
    "tables",
]
