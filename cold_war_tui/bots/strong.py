"""The `strong` bot: a search over plans in determinized worlds (docs/bots.md).

A turn is many micro-decisions, so the search works on the big ones (the headline, the
card and mode of an action round, the first target of an operation, an event's
question): a shortlist of candidates by one step of lookahead, then, world after world,
each candidate is played on a fork, the bot's own follow-up decisions by the fast
policy, the opponent's reply round by the same policy, up to the bot's next big
decision; the evaluation scores the end. The candidate with the best mean wins, among
those no sample showed losing by the bot's own doing (safety.py). The follow-ups
(influence point by point, further realignment rolls) take one step of lookahead; an
influence point adds the experts' habit of where points go (prior.py).

Budget: `iterations` worlds per decision (deterministic), or as many as fit in `think`
seconds (anytime; at least one world, and nothing begun past CEILING x `think`).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from cold_war_tui.bots.evaluate import evaluate, live_hazards, tables
from cold_war_tui.bots.odds import HeadlineOdds, least_risky
from cold_war_tui.bots.prior import (
    OPENING_KINDS,
    POINT_KINDS,
    PRIOR_KINDS,
    Prior,
    only_points,
    opening_point,
    point_log_prior,
    shipped_prior,
    situation,
    verb_log_prior,
)
from cold_war_tui.bots.safety import (
    NUCLEAR_ENDINGS,
    Outcomes,
    exposed_rounds,
    gambles,
    overdraws,
    risky_blind_draws,
    scoring_plays_due,
    spaceable_hazards,
    takers,
    theft_in_hand,
    thefts,
    trapped,
)
from cold_war_tui.bots.worlds import (
    TOP_DECISIONS,
    Policy,
    after,
    best,
    decision_key,
    forks,
    moves_of,
    one_step,
    pending_for,
    per_operation,
    worlds,
)
from cold_war_tui.engine import (
    CHINA_CARD,
    Answer,
    CardPick,
    Decision,
    DecisionKind,
    Game,
    Headline,
    Move,
    Order,
    Play,
    Target,
    other,
)

DEFAULT_THINK = 0.25
"""Seconds per searched decision when neither `think` nor `iterations` is given."""
EXPERT_THINK = 2.0
"""The `expert` level's default: the same search with eight times the time."""
FOLLOW_UPS = frozenset(
    {DecisionKind.PLACE_INFLUENCE, DecisionKind.REALIGN, DecisionKind.SETUP_INFLUENCE}
)
"""Decisions that continue a plan already searched: one step of lookahead answers them."""
SHORTLIST = 6
"""Candidates searched per decision (the best by one step of lookahead)."""
PER_VERB = 3
"""At most this many of one verb (infl, coup, realign, ...) on a shortlist, so a coup is
weighed against placing influence even when one die roll made it look bad."""
GUARD_DEFCON = 2
GUARD_WORLDS = 10
GUARD_MIN = 6
"""At DEFCON GUARD_DEFCON or below, each candidate is also played to the end of our own
round in GUARD_WORLDS more worlds (safety.py): a loss in any of them rules it out."""
GUARD_THINK = 2.0
"""With `think`, the guards draw worlds (past GUARD_MIN) for this many times `think`."""
CEILING = 12.0
"""With `think`, a decision draws no new world and begins no new rollout past this many
times `think` from its start (3 s at strong's 0.25 s), or CEILING_FLOOR if that is
later: a guard stops short of GUARD_MIN worlds (never short of one) and the search's
first pass short of the last candidates (never short of one). Without it, a slow turn
(the guards' GUARD_MIN worlds, six rollouts through operations answered move by move)
could take 8 s."""
CEILING_FLOOR = 3.0
"""The ceiling's least, in seconds: a tiny `think` (0: one full pass, as the tests and
a quick hint use it) still gives every candidate its rollout."""
HEADLINE_GUARD_WORLDS = 400
"""Every headline, at any DEFCON (#40 Cuban Missile Crisis sets DEFCON 2 from any level),
is checked against every card the opponent may headline (headline_guard); a world costs
about 0.2 ms to draw, a check of one pair about 1.5 ms: this bound rarely binds."""
HEADLINE_GUARD_THINK = 6.0
"""The headline guard's time bound, in times `think`: one pair per candidate and card
he may hold (up to 6 x 45) can take 0.4 s, and a missed card can lose the game."""
ROLLOUT_STEPS = 120
"""A rollout stops after this many decisions even if the bot's next big one has not come."""
KILL_SEARCH = 40
"""Branches the headline guard may try per pair of headlines in search of the opponent's
line that ends the game (`play_out_headlines`)."""
SHOWN_HEADLINE_WORLDS = 6
"""Worlds in which the headline guard plays each candidate against a headline the
opponent has shown (6.4.4): one world would draw his hand and the dice once."""
PRIOR_CANDIDATES = 4
"""At a headline or an action round, the plays the prior likes best are searched..."""
TACTICAL_CANDIDATES = 2
"""...with the best plays by one step of lookahead, so that a shot the prior does not
know (a coup that wins a region, 20 VP now) is searched too."""
PRIOR_WEIGHT = 1.5
"""How much the prior counts against the search's mean: a play's score is its mean
evaluation plus PRIOR_WEIGHT times the log of its prior probability (evaluation units,
about VP, per nat). The search overrides a habit only for a clear gain."""
VERB_WEIGHT = 0.5
"""How much the verbs' habit (how experts begin their operations, prior.py) counts at an
`operation` decision, in evaluation units per nat. At 0.5 strong realigns about as often
as experts do and won 17 of 30 games against the same bot without the habit; at 1.5 it
lost 10 of 30 (docs/bots.md, "The prior")."""
POINT_WEIGHT = 1.5
"""How much the points' habit (where experts put their next influence point, prior.py)
counts at a `place_influence` decision, in evaluation units per nat, beside the point's
one-step gain per operation. On the experts' own positions of the held-out games, the
one-step gain alone names the expert's country for 19% of the points and picks a point
that costs two operations (6.1.2) for 37%; with the habit at 1.5, 35% and 6% (the
experts: 5%)."""
DICE_WORLDS = 4
"""A follow-up that rolls dice (another realignment roll or stop) is judged by one step
in this many worlds, each with its own dice: in one world, the roll that happened to
succeed there would always look best."""


@dataclass(frozen=True)
class Bounds:
    """A step's time bounds, as `time.perf_counter()` readings (both None: no bound, the
    budget is `iterations`)."""

    soft: float | None = None
    hard: float | None = None

    def over(self, done: int, least: int) -> bool:
        """Whether a step that has done `done` units (worlds, rollouts) stops now: past
        `soft` once it has done `least`, past `hard` (the CEILING) once it has done one."""
        if self.soft is None or self.hard is None:
            return False
        now = time.perf_counter()
        return (done >= least and now > self.soft) or (done >= 1 and now > self.hard)


@dataclass(frozen=True)
class Analysis:
    """What the bot made of a decision: its choice, and the choices it weighed with their
    scores (evaluation units, about VP), best first. The choice is the best-scored one
    unless a safety filter ruled that out (safety.py)."""

    choice: Move
    scores: tuple[tuple[Move, float], ...]

    @classmethod
    def of(cls, scores: dict[Move, float], order: Sequence[Move]) -> Analysis:
        """The best of `scores` (a tie to the choice first in `order`) as the choice."""
        return cls(best(scores, order), ranked(scores, order))


def ranked(scores: dict[Move, float], order: Sequence[Move]) -> tuple[tuple[Move, float], ...]:
    """The scored choices, best first (a tie in the order of `order`)."""
    scored = [m for m in order if m in scores]
    return tuple((m, scores[m]) for m in sorted(scored, key=lambda m: -scores[m]))


class StrongBot:
    """Searches plans in determinized worlds within its budget."""

    def __init__(
        self,
        seed: int,
        think: float | None,
        iterations: int | None,
        prior: Prior | None = None,
        prior_weight: float = PRIOR_WEIGHT,
        verb_weight: float = VERB_WEIGHT,
        point_weight: float = POINT_WEIGHT,
    ) -> None:
        self._seed = seed
        self._iterations = iterations
        self._think = DEFAULT_THINK if think is None and iterations is None else think
        self._prior = prior if prior is not None else shipped_prior()
        self._prior_weight = prior_weight
        self._verb_weight = verb_weight
        self._point_weight = point_weight

    def choose(self, game: Game, player: str) -> str:
        return self.analyse(game, player).choice.notation

    def analyse(self, game: Game, player: str, also: Sequence[Move] = ()) -> Analysis:
        """The bot's choice at `player`'s decision, with the scores of what it weighed;
        the moves `also` lists (a move played in a record, to compare) are weighed too."""
        pending = pending_for(game, player)
        menu = moves_of(pending)
        if len(menu) == 1:
            return Analysis(menu[0], ((menu[0], 0.0),))
        if pending.kind in OPENING_KINDS:
            book = opening_point(self._prior, game.view(player), menu)
            if book is not None:
                return Analysis(book, ((book, 0.0),))
        started = time.perf_counter()
        key = decision_key(game, player, self._seed)
        sampled = worlds(game, player, key)
        world = next(sampled)
        ids = scoring_plays_due(world, player, pending, menu)
        ids = [m for m in ids if m not in overdraws(world, player, pending, ids)]
        if pending.kind == DecisionKind.REALIGN:
            return Analysis.of(expected_one_step(sampled, world, player, ids), ids)
        first, log_point = self._first_step(world, player, pending.kind, ids)
        if pending.kind == DecisionKind.PLACE_INFLUENCE:
            return Analysis.of(self._placed(world, player, first, log_point), ids)
        if pending.kind in FOLLOW_UPS or len(ids) == 1:
            return Analysis.of(first, ids)
        habit: dict[Move, float] = {}  # what the prior adds to a choice's score
        point_habit: dict[Move, float] = {}  # of it, the points' share (an operation's)
        if pending.kind in PRIOR_KINDS:
            s = situation(game, player, pending)
            probabilities = self._prior.probabilities(s, ids)
            log_prior = {m: math.log(max(p, 1e-9)) for m, p in zip(ids, probabilities, strict=True)}
            habit = {m: self._prior_weight * p for m, p in log_prior.items()}
            candidates = prior_shortlist(log_prior, first, ids)
        else:
            if pending.kind == DecisionKind.OPERATION:
                habit, point_habit = self._operation_habit(world, player, pending, log_point)
            candidates = shortlist({m: v + habit.get(m, 0.0) for m, v in first.items()}, ids)
        candidates += [m for m in also if m in ids and m not in candidates]
        if len(candidates) == 1:
            return Analysis.of(first, candidates)
        rng = random.Random(key)
        view = game.view(player)
        defcon = view.defcon
        hazards = live_hazards(view, tables(world), player)
        card = pending.context.get("card")
        risky = partial(
            gambles,
            kind=pending.kind,
            defcon=defcon,
            hand=view.hand,
            hazards=hazards,
            card=card if isinstance(card, int) else None,
            trap_rounds=exposed_rounds(world, player, pending.kind),
            china=view.china_holder == player and view.china_face_up,
            risky_draws=risky_blind_draws(world, player),
            spaceable=spaceable_hazards(world, player, view.hand, hazards, pending.kind, menu),
            taken_by=takers(world, player),
            thefts=thefts(world, player),
        )
        ruled = risky(candidates)
        outcomes = Outcomes(nuclear=set(ruled))
        odds = HeadlineOdds()
        if pending.kind == DecisionKind.HEADLINE:
            until = self._bounds(started, started, HEADLINE_GUARD_THINK)
            headline_guard(sampled, player, candidates, Policy(rng), outcomes, until, odds)
        elif defcon <= GUARD_DEFCON:
            until = self._bounds(started, started)
            guard(sampled, player, candidates, Policy(rng), outcomes, until)
        bounds = self._search_bounds(started)
        scores = self._search(world, sampled, player, candidates, rng, bounds, outcomes, habit)
        scores = level_points(scores, point_habit)
        choice = best(scores, outcomes.safe(candidates))
        if outcomes.condemned(choice) and len(ids) > len(candidates):
            rest = sorted(
                (c for c in ids if c not in candidates), key=lambda c: -first.get(c, -1e9)
            )
            until = self._bounds(started, time.perf_counter())
            spare = spare_choice(sampled, player, rest, Policy(rng), pending.kind, risky, until)
            if spare is not None:
                choice = spare
        if outcomes.condemned(choice):
            if pending.kind == DecisionKind.HEADLINE:
                theft_only = ruled - risky(candidates, thefts=0)
                order_only = ruled - risky(candidates, headline_order=False)  # guard's odds
                choice = least_risky(
                    candidates,
                    odds.headline_risk,
                    ruled - order_only,
                    theft_only,
                    odds.theft_risk(),
                    scores,
                )
            else:  # a theft-only gamble counts as certain here
                choice = least_risky(candidates, outcomes.loss_share, ruled, set(), 1.0, scores)
        return Analysis(choice, ranked(scores, candidates))

    def _first_step(
        self, world: Game, player: str, kind: str, ids: Sequence[Move]
    ) -> tuple[dict[Move, float], dict[Move, float]]:
        """Each choice's one-step score and, at a point decision (`POINT_KINDS`) when the
        points' habit counts, each influence point's log probability by the habit: both
        read on the same forks, one per choice."""
        forked = forks(world, ids)
        first = {move: evaluate(fork, player) for move, fork in forked.items()}
        if kind not in POINT_KINDS or not self._point_weight:
            return first, {}
        return first, point_log_prior(self._prior, world, player, only_points(forked))

    def _operation_habit(
        self, world: Game, player: str, pending: Decision, log_point: dict[Move, float]
    ) -> tuple[dict[Move, float], dict[Move, float]]:
        """What the habits add to each first target of an operation, and of it the points'
        share: the verbs' (its verb's log probability, times VERB_WEIGHT) and, for an
        influence point, the points' (`log_point`, less the likeliest point's, times
        POINT_WEIGHT: the point the habit likes best costs nothing)."""
        habit: dict[Move, float] = {}
        if self._verb_weight:
            log_verb = verb_log_prior(self._prior, world, player, pending)
            habit = {m: self._verb_weight * p for m, p in log_verb.items()}
        top = max(log_point.values(), default=0.0)
        points = {m: self._point_weight * (p - top) for m, p in log_point.items()}
        for m, p in points.items():
            habit[m] = habit.get(m, 0.0) + p
        return habit, points

    def _placed(
        self, world: Game, player: str, first: dict[Move, float], log_point: dict[Move, float]
    ) -> dict[Move, float]:
        """The scores of an operation's next influence point: its one-step gain per
        operation spent (`first`: the points' one-step scores), plus the points' habit
        (POINT_WEIGHT times `log_point`, the log of the probability that an expert puts
        his point there)."""
        scores = per_operation(world, player, first)
        return {m: v + self._point_weight * log_point.get(m, 0.0) for m, v in scores.items()}

    def _search_bounds(self, started: float) -> Bounds:
        """The search's time bounds: `think` from the decision's start, but at least half
        of it left after a long guard; the ceiling."""
        if self._think is None:
            return Bounds()
        soft = max(started + self._think, time.perf_counter() + self._think / 2)
        return Bounds(soft, self._ceiling(started))

    def _bounds(self, started: float, start: float, times: float = GUARD_THINK) -> Bounds:
        """The time bounds of a step begun at `start` of a decision begun at `started`:
        `times` x `think` from `start`, and the ceiling (unbounded with `iterations`)."""
        if self._think is None:
            return Bounds()
        return Bounds(start + times * self._think, self._ceiling(started))

    def _ceiling(self, started: float) -> float:
        """When a decision begun at `started` begins nothing more (CEILING)."""
        assert self._think is not None
        return started + max(CEILING * self._think, CEILING_FLOOR)

    def _search(
        self,
        world: Game,
        sampled: Iterator[Game],
        player: str,
        candidates: list[Move],
        rng: random.Random,
        bounds: Bounds,
        outcomes: Outcomes,
        habit: dict[Move, float],
    ) -> dict[Move, float]:
        """Each candidate's mean evaluation over the worlds searched, plus its `habit`:
        the prior's weight times the log of its probability (of a play, or of the verb
        of an operation's first target). Every candidate has a rollout in the first
        world unless the ceiling comes first; a candidate without one has no score."""
        policy = Policy(rng, self._prior)
        totals = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        done = 0
        while True:
            for n, choice in enumerate(candidates):
                if bounds.over(done * len(candidates) + n, least=len(candidates)):
                    break
                value = rollout(world, choice, player, policy, outcomes)
                if value is not None:
                    totals[choice] += value
                    counts[choice] += 1
            done += 1
            if self._iterations is not None and done >= self._iterations:
                break
            if bounds.over(done * len(candidates), least=len(candidates)):
                break
            world = next(sampled)
        return {c: totals[c] / counts[c] + habit.get(c, 0.0) for c in candidates if counts[c]}


def level_points(scores: dict[Move, float], point_habit: dict[Move, float]) -> dict[Move, float]:
    """An operation's scores with the points' habit (`point_habit`, in `scores`) left to
    choose among the influence points only: every point searched gets back what the
    habit took from the best of them, so that influence as a verb is weighed against a
    coup or a realignment by its best point's search, as if the habit were not there."""
    points = [m for m in scores if m in point_habit]
    if not points:
        return scores
    back = max(scores[m] - point_habit[m] for m in points) - max(scores[m] for m in points)
    return {m: v + back if m in point_habit else v for m, v in scores.items()}


def prior_shortlist(
    log_prior: dict[Move, float], first: dict[Move, float], ids: Sequence[Move]
) -> list[Move]:
    """The PRIOR_CANDIDATES plays the prior likes best, then the TACTICAL_CANDIDATES
    best by one step that are not among them."""
    by_prior = sorted(ids, key=lambda m: -log_prior[m])[:PRIOR_CANDIDATES]
    by_step = [m for m in sorted(first, key=lambda m: -first[m]) if m not in by_prior]
    return by_prior + by_step[:TACTICAL_CANDIDATES]


def expected_one_step(
    sampled: Iterator[Game], world: Game, player: str, ids: Sequence[Move]
) -> dict[Move, float]:
    """Each choice's one-step evaluation, averaged over DICE_WORLDS worlds."""
    totals: dict[Move, float] = {}
    for n in range(DICE_WORLDS):
        scores = one_step(world if n == 0 else next(sampled), player, ids)
        for move, value in scores.items():
            totals[move] = totals.get(move, 0.0) + value / DICE_WORLDS
    return totals


def shortlist(scores: dict[Move, float], ids: Sequence[Move]) -> list[Move]:
    """The SHORTLIST best by `scores` (one step, and at an `operation` decision the
    verbs' habit), at most PER_VERB of each verb."""
    ranked = sorted((c for c in ids if c in scores), key=lambda c: -scores[c])
    picked: list[Move] = []
    per_verb: dict[str, int] = {}
    for choice in ranked:
        verb = _verb(choice)
        if per_verb.get(verb, 0) >= PER_VERB:
            continue
        per_verb[verb] = per_verb.get(verb, 0) + 1
        picked.append(choice)
        if len(picked) == SHORTLIST:
            break
    return picked or list(ids[:1])


def _verb(move: Move) -> str:
    """What kind of move it is, for PER_VERB: a play's mode (event, ops, space), an
    operation's or a card pick's verb, an answer's word, else the kind of move."""
    if isinstance(move, Play):
        return move.mode
    if isinstance(move, Target | CardPick):
        return move.verb
    if isinstance(move, Answer):
        return move.word
    return type(move).__name__


def guard(
    sampled: Iterator[Game],
    player: str,
    candidates: Sequence[Move],
    policy: Policy,
    outcomes: Outcomes,
    until: Bounds,
) -> None:
    """At DEFCON 2 one die or one event can end the game: each candidate is played to the
    end of our own round in GUARD_WORLDS more worlds (with `think`, at least GUARD_MIN and
    then while time is left within `until`), and a loss in any marks it."""
    for world in guard_worlds(sampled, GUARD_WORLDS, until):
        for choice in candidates:
            if not outcomes.condemned(choice):  # one loss is enough
                rollout(world, choice, player, policy, outcomes, own_round_only=True)


def guard_worlds(sampled: Iterator[Game], most: int, until: Bounds) -> Iterator[Game]:
    """Up to `most` worlds; past `until.soft` no more once GUARD_MIN were given, past
    `until.hard` no more once one was."""
    for n in range(most):
        if until.over(n, least=GUARD_MIN):
            return
        yield next(sampled)


def spare_choice(
    sampled: Iterator[Game],
    player: str,
    rest: list[Move],
    policy: Policy,
    kind: str,
    risky: Callable[[Sequence[Move]], set[Move]],
    until: Bounds,
) -> Move | None:
    """Every shortlisted candidate lost by our own doing somewhere: the best of the other
    choices (by one step, `rest` is in that order) that the gambles rules (`risky`)
    leave and the same guard clears, if one does before `until`."""
    ruled_out = risky(rest)
    rest = [c for c in rest if c not in ruled_out]
    for start in range(0, len(rest), SHORTLIST):
        if start and until.over(1, least=1):
            break
        batch = rest[start : start + SHORTLIST]
        outcomes = Outcomes()
        check = headline_guard if kind == DecisionKind.HEADLINE else guard
        check(sampled, player, batch, policy, outcomes, until)
        cleared = [c for c in batch if not outcomes.condemned(c)]
        if cleared:
            return cleared[0]
    return None


def headline_guard(
    sampled: Iterator[Game],
    player: str,
    candidates: Sequence[Move],
    policy: Policy,
    outcomes: Outcomes,
    until: Bounds,
    odds: HeadlineOdds | None = None,
) -> None:
    """At DEFCON 3 or below a headline can end the game when the opponent's, resolved
    first, lowers DEFCON (#4 Duck and Cover before #20 Olympic Games, whose boycott then
    is nuclear war in our turn). Each candidate is resolved against every card the
    opponent may headline, once: worlds are cheap to draw, so they are drawn until his
    picks in them (his hand while he has still to pick, else his secret pick) have met
    every card he may hold (`possible_headlines`), up to HEADLINE_GUARD_WORLDS worlds,
    or as `until` allows (guard_worlds). A headline he has shown (6.4.4) is played in
    SHOWN_HEADLINE_WORLDS worlds, whose dice and his hand differ. A nuclear loss in any
    marks the candidate, and so does a hazard forced on the bot at DEFCON 2 once both
    headlines are out (`trapped`): the trap count (safety.gambles) trusts the first
    round to be at DEFCON 3. `odds`, if given, keeps how often each candidate lost
    against each card (every candidate then meets every card, condemned or not) and how
    often he may headline each; without it one loss is enough (the spare choice only
    needs a candidate cleared)."""
    met: Counter[int] = Counter()  # his cards played against, by world
    pool: set[int] | None = None
    repeats = 1
    for world in guard_worlds(sampled, HEADLINE_GUARD_WORLDS, until):
        if pool is None:
            shown = world.view(player).opponent_headline
            pool = possible_headlines(world, player) if shown is None else {shown}
            repeats = 1 if shown is None else SHOWN_HEADLINE_WORLDS
        picks = headline_picks(world, player)
        if odds is not None:
            odds.saw(picks, theft_in_hand(world, player))
        due = {card for card in picks if met[card] < repeats}
        met.update(due)
        for choice in candidates:
            if odds is None and outcomes.condemned(choice):
                continue
            for card, game in headlines_against(world, player, choice, due):
                game = play_out_headlines(game, player, policy)
                lost = outcomes.record(choice, game, player, in_own_round=False)
                if not lost and trapped(game, player):
                    outcomes.doomed(choice)
                    lost = True
                if odds is not None:
                    odds.played(choice, card, lost)
        if all(met[card] >= repeats for card in pool):
            return


def headline_picks(world: Game, player: str) -> set[int]:
    """The cards the opponent may headline in `world`: his pick if made, else his hand."""
    opponent = other(player)
    state = world.state
    picked = state.headline[opponent]
    if picked is not None:
        return {picked}
    return {card for card in state.hands[opponent] if card != CHINA_CARD}


def possible_headlines(world: Game, player: str) -> set[int]:
    """Every card the opponent may hold in some world: his hand, pick and the draw pile."""
    state = world.state
    opponent = other(player)
    cards = {*state.hands[opponent], *state.draw, state.headline[opponent]}
    return {card for card in cards if card is not None and card != CHINA_CARD}


def headlines_against(
    world: Game, player: str, choice: Move, picks: set[int]
) -> list[tuple[int, Game]]:
    """`choice` headlined in `world` against each of `picks` (the opponent's pick there
    if he has made it, which is then all of `picks`), with the card he headlined."""
    if not picks:
        return []
    game = after(world, choice)
    if game is None:
        return []
    pending = game.pending
    if pending is None or pending.kind != DecisionKind.HEADLINE or pending.player == player:
        return [(min(picks), game)]
    return [(c, g) for c in sorted(picks) if (g := after(game, Headline(c))) is not None]


def play_out_headlines(
    game: Game, player: str, policy: Policy, budget: list[int] | None = None
) -> Game:
    """Both headlines resolved, up to the first action round or the game's end: by
    `policy` (the opponent's questions searched fully), unless another line of the
    opponent's choices ends the game against `player` by nuclear war, which is then the
    one returned. Only his choices that may bring DEFCON down branch (`defcon_moves`):
    one step of lookahead misses a kill two of his decisions deep (#47 Junta's free coup
    is a yes, then a battleground, whose DEFCON 2 a coup of our headline's event, #62
    Lone Gunman's, takes to 1). `budget` bounds the branches tried (KILL_SEARCH).
    `game` itself is played on."""
    budget = [KILL_SEARCH] if budget is None else budget
    for _ in range(ROLLOUT_STEPS):
        pending = game.pending
        if pending is None or pending.kind in TOP_DECISIONS:
            return game
        mine = pending.player == player
        usual = policy.choose(game, thorough=not mine)
        others = [] if mine or budget[0] <= 0 else defcon_moves(game, pending, usual)
        line = after(game, usual) if others else None
        if line is None:
            game.choose(usual)
            continue
        budget[0] -= 1
        line = play_out_headlines(line, player, policy, budget)
        for move in others:
            if nuclear_loss(line, player) or budget[0] <= 0:
                break
            fork = after(game, move)
            if fork is not None:
                budget[0] -= 1
                found = play_out_headlines(fork, player, policy, budget)
                line = found if nuclear_loss(found, player) else line
        return line
    return game


def defcon_moves(game: Game, pending: Decision, usual: Move) -> list[Move]:
    """The choices but `usual` of `game`'s decision `pending` that may bring DEFCON down: an
    answer (a free coup taken or not), an order of event and operations, a coup in a
    battleground (8.1.4)."""
    battlegrounds = tables(game).battlegrounds
    return [
        move
        for move in moves_of(pending)
        if move != usual
        and (
            isinstance(move, Answer | Order)
            or (isinstance(move, Target) and move.verb == "coup" and move.country in battlegrounds)
        )
    ]


def nuclear_loss(game: Game, player: str) -> bool:
    """Whether `game` ended by nuclear war against `player`."""
    outcome = game.outcome
    return (
        outcome is not None
        and outcome.winner == other(player)
        and outcome.ending in NUCLEAR_ENDINGS
    )


def rollout(
    world: Game,
    choice: Move,
    player: str,
    policy: Policy,
    outcomes: Outcomes,
    own_round_only: bool = False,
) -> float | None:
    """`choice` on a fork of `world`, then both sides by `policy` until `player`'s next
    action or headline decision (after the opponent's reply round); the evaluation there."""
    game = after(world, choice)
    if game is None:
        return None
    in_own_round = True
    for _ in range(ROLLOUT_STEPS):
        pending = game.pending
        if pending is None:
            break
        if pending.kind in TOP_DECISIONS:
            if pending.player == player or own_round_only:
                break
            in_own_round = False
        game.choose(policy.choose(game, thorough=in_own_round and pending.player != player))
    outcomes.record(choice, game, player, in_own_round)
    return evaluate(game, player)
