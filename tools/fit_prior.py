"""Fit the bots' prior (cold_war_tui/bots/prior.py) on real games: `make fit`.

Reads the play-site logs of a folder (default ../shared/games), splits them into the
games it fits on and the games it holds out (`held_out`: every third log by name, so the
split is fixed and neither set depends on the other's size), and for every headline and
action round whose play is known collects the menu the player faced, each play's
features, and the expert's play; and for every card played for operations, how the
expert began them (the verb of his first target: influence, coup or realignment) among
the verbs the engine offered him there, each with its features. The weights maximise
the likelihood of the experts' choices under a softmax over each menu (a conditional
logit), with an L2 penalty, by scipy's L-BFGS. The openings are the fitted games' most
common set-up of each side (`openings`). They are written with a summary to
cold_war_tui/bots/prior.json.

Needs numpy and scipy (the `fit` extra: `pip install -e .[fit]`) to fit the weights; the
game does not.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from cold_war_tui.bots.prior import (
    POINT_KINDS,
    PRIOR_KINDS,
    WEIGHTS_FILE,
    described_points,
    features,
    influence_points,
    only_points,
    ops_situation,
    situation,
    verb_features,
    verbs_of,
    weighted,
)
from cold_war_tui.bots.worlds import forks
from cold_war_tui.engine import (
    Decision,
    DecisionKind,
    Game,
    Headline,
    IllegalChoice,
    Move,
    Play,
    Target,
    parse_move,
)
from cold_war_tui.records import LogError, Round, read_log

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_GAMES = ROOT.parent / "shared" / "games"
OUTPUT = ROOT / "cold_war_tui" / "bots" / WEIGHTS_FILE
PENALTY = 0.15
"""L2 penalty on every weight (in units of the log-likelihood of one decision times the
number of decisions): card-specific weights meet few examples each."""
MIN_WEIGHT = 1e-4
POINT = "point"
"""The kind of an example of where an influence point went (`point_example`)."""


@dataclass(frozen=True)
class Example:
    """One decision of an expert: each option's features, the index of the one he made,
    and the options themselves (plays, to compare card and mode; or verbs)."""

    game: str
    kind: str
    items: tuple[dict[str, float], ...]
    moves: tuple[Move | str, ...]
    chosen: int


def held_out(paths: Sequence[Path]) -> list[Path]:
    """Every third log by name: the games the agreement is reported on, never fitted."""
    return [path for n, path in enumerate(sorted(paths)) if n % 3 == 1]


def examples(path: Path) -> Iterator[Example]:
    """The known plays of one log's headlines and action rounds."""
    try:
        record = read_log(path.read_text(encoding="utf-8"))
    except LogError as err:
        print(f"{path.name}: skipped, {err}", file=sys.stderr)
        return
    for round_ in record.rounds:
        if round_.kind == "setup" or not round_.played:
            continue
        game = round_.position()
        picks = (
            [p for p in round_.played if isinstance(parse_move(p), Headline)]
            if round_.kind == "headline"
            else [round_.played[0]]
        )
        for _ in picks:
            pending = game.pending
            if pending is None or pending.kind not in PRIOR_KINDS:
                break
            ids = [c.id for c in pending.choices]
            own = [p for p in picks if p in ids]
            if not own:
                break
            chosen_id = own[0]
            moves = tuple(c.move for c in pending.choices)
            s = situation(game, pending.player, pending)
            yield Example(
                game=path.name,
                kind=str(pending.kind),
                items=tuple(features(s, m) for m in moves),
                moves=moves,
                chosen=ids.index(chosen_id),
            )
            try:
                game.choose(chosen_id)
            except IllegalChoice:
                break
        if round_.kind == "action" and round_.mode == "ops" and round_.problem is None:
            yield from operation_examples(round_, path.name)


def operation_examples(round_: Round, name: str) -> Iterator[Example]:
    """How the phasing side spent its operations (the round replayed with its dice, so
    that an event resolved first is the log's): the verb of its first target, among the
    verbs the engine offered (kind `operation`); and where each influence point went,
    among the countries open to it (kind `point`)."""
    verb_seen = False
    for game, choice in round_.decisions():
        pending = game.pending
        assert pending is not None
        if pending.kind not in POINT_KINDS or pending.player != round_.side:
            continue
        move = parse_move(choice)
        if pending.kind == DecisionKind.OPERATION and not verb_seen:
            verb_seen = True
            verbs = verbs_of([c.move for c in pending.choices])
            verb = getattr(move, "verb", None)
            if verb in verbs:
                s = ops_situation(game, pending.player, pending)
                yield Example(
                    game=name,
                    kind=str(pending.kind),
                    items=tuple(verb_features(s, v) for v in verbs),
                    moves=tuple(verbs),
                    chosen=verbs.index(verb),
                )
        if isinstance(move, Target) and move.verb == "infl":
            yield from point_example(game, pending, move, name)


def point_example(game: Game, pending: Decision, chosen: Target, name: str) -> Iterator[Example]:
    """Where an expert put an influence point of operations, among the countries open."""
    points = influence_points(pending)
    if len(points) < 2 or chosen not in points:
        return
    items = described_points(game, pending.player, only_points(forks(game, points)))
    yield Example(
        game=name, kind=POINT, items=tuple(items), moves=tuple(points), chosen=points.index(chosen)
    )


def setup_totals(path: Path) -> dict[str, dict[str, int]] | None:
    """Per side, the influence totals after the set-up and the bid of one log, in the
    countries where that side placed some (None for a log that cannot be read)."""
    try:
        record = read_log(path.read_text(encoding="utf-8"))
    except LogError:
        return None
    first = next((r for r in record.rounds if r.kind != "setup"), None)
    if first is None:
        return None
    after = first.position()
    start = Game.new(after.options).state.influence
    totals: dict[str, dict[str, int]] = {"US": {}, "USSR": {}}
    for key, here in after.state.influence.items():
        if here.us != start[key].us:
            totals["US"][key] = here.us
        if here.ussr != start[key].ussr:
            totals["USSR"][key] = here.ussr
    return totals


def openings(paths: Sequence[Path]) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """Per side, the set-up most of `paths` played (influence totals per country,
    `setup_totals`), and in how many of the logs."""
    seen: dict[str, Counter[tuple[tuple[str, int], ...]]] = {"US": Counter(), "USSR": Counter()}
    for path in paths:
        totals = setup_totals(path)
        for side, book in (totals or {}).items():
            seen[side][tuple(sorted(book.items()))] += 1
    books, counts = {}, {}
    for side, counter in seen.items():
        if counter:
            (usual, count), *_ = counter.most_common(1)
            books[side], counts[side] = dict(usual), count
    return books, counts


def fit(train: Sequence[Example], penalty: float) -> dict[str, float]:
    """The weights of the conditional logit, L2-penalised."""
    import numpy as np  # the `fit` extra's, imported here: the openings need neither
    from scipy.optimize import minimize
    from scipy.sparse import csr_matrix

    names = sorted({name for ex in train for item in ex.items for name in item})
    column = {name: n for n, name in enumerate(names)}
    rows, cols, vals, owner = [], [], [], []
    starts, chosen = [], []
    row = 0
    for ex in train:
        starts.append(row)
        chosen.append(row + ex.chosen)
        for item in ex.items:
            for name, value in item.items():
                rows.append(row)
                cols.append(column[name])
                vals.append(value)
            owner.append(len(starts) - 1)
            row += 1
    x = csr_matrix((vals, (rows, cols)), shape=(row, len(names)))
    group = np.array(owner)
    picked = np.array(chosen)
    decisions = len(train)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        scores = x @ w
        top = np.full(decisions, -np.inf)
        np.maximum.at(top, group, scores)
        exp = np.exp(scores - top[group])
        total = np.zeros(decisions)
        np.add.at(total, group, exp)
        p = exp / total[group]
        nll = -(scores[picked] - top - np.log(total)).sum()
        grad = x.T @ p - np.asarray(x[picked].sum(axis=0)).ravel()
        return nll + penalty * (w @ w), grad + 2 * penalty * w

    result = minimize(loss, np.zeros(len(names)), jac=True, method="L-BFGS-B")
    return {
        name: float(round(v, 5))
        for name, v in zip(names, result.x, strict=True)
        if abs(v) >= MIN_WEIGHT
    }


def agreement(examples_: Sequence[Example], weights: dict[str, float]) -> dict[str, float]:
    """Top-1 agreement of the prior alone with the experts' action-round plays."""
    card = card_mode = total = 0
    for ex in examples_:
        if ex.kind != "action":
            continue
        scores = [weighted(weights, item) for item in ex.items]
        best = ex.moves[max(range(len(scores)), key=scores.__getitem__)]
        expert = ex.moves[ex.chosen]
        total += 1
        card_mode += best == expert
        card += _card(best) is not None and _card(best) == _card(expert)
    return {"rounds": total, "card": card / max(total, 1), "card_mode": card_mode / max(total, 1)}


def verb_agreement(examples_: Sequence[Example], weights: dict[str, float]) -> dict[str, float]:
    """Top-1 agreement of the verbs' habit with how the experts began their operations."""
    hits = total = 0
    for ex in examples_:
        if ex.kind != DecisionKind.OPERATION:
            continue
        scores = [weighted(weights, item) for item in ex.items]
        hits += max(range(len(scores)), key=scores.__getitem__) == ex.chosen
        total += 1
    return {"operations": total, "verb": hits / max(total, 1)}


def point_agreement(examples_: Sequence[Example], weights: dict[str, float]) -> dict[str, float]:
    """Top-1 agreement of the points' habit with where the experts put their influence
    points, and how often its pick costs two operations (6.1.2), beside the experts'."""
    hits = priced = experts_priced = total = 0
    for ex in examples_:
        if ex.kind != POINT:
            continue
        scores = [weighted(weights, item) for item in ex.items]
        pick = max(range(len(scores)), key=scores.__getitem__)
        hits += pick == ex.chosen
        priced += "pt:price2" in ex.items[pick]
        experts_priced += "pt:price2" in ex.items[ex.chosen]
        total += 1
    n = max(total, 1)
    return {
        "points": total,
        "point": hits / n,
        "price_two": priced / n,
        "experts_price_two": experts_priced / n,
    }


def _card(move: Move | str) -> int | None:
    return move.card if isinstance(move, Play) else getattr(move, "card", None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_GAMES)
    parser.add_argument("--penalty", type=float, default=PENALTY)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    paths = sorted(args.folder.glob("*.txt"))
    if not paths:
        print(f"fit: no logs (*.txt) in {args.folder}", file=sys.stderr)
        return 2
    hold = held_out(paths)
    started = time.perf_counter()
    fitted = [ex for p in paths if p not in hold for ex in examples(p)]
    reported = [ex for p in hold for ex in examples(p)]
    # The plays, the verbs and the points share no feature: each model is fitted alone.
    models = (PRIOR_KINDS, {DecisionKind.OPERATION}, {POINT})
    weights = {
        name: weight
        for kinds in models
        for name, weight in fit([ex for ex in fitted if ex.kind in kinds], args.penalty).items()
    }
    books, book_games = openings([p for p in paths if p not in hold])
    meta = {
        "fitted_on": [p.name for p in paths if p not in hold],
        "openings_games": book_games,
        "held_out": [p.name for p in hold],
        "decisions": len(fitted),
        "penalty": args.penalty,
        "agreement_fitted": agreement(fitted, weights),
        "agreement_held_out": agreement(reported, weights),
        "verb_agreement_fitted": verb_agreement(fitted, weights),
        "verb_agreement_held_out": verb_agreement(reported, weights),
        "point_agreement_fitted": point_agreement(fitted, weights),
        "point_agreement_held_out": point_agreement(reported, weights),
    }
    doc = {"meta": meta, "openings": books, "weights": weights}
    args.output.write_text(
        json.dumps(doc, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    print(json.dumps({k: v for k, v in meta.items() if "agreement" in k or k == "decisions"}))
    print(f"{len(weights)} weights to {args.output} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
