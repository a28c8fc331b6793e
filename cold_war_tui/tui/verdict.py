"""What the computer makes of a studied position, and of a whole game.

`judge` asks `bots.analyse` about the pending decision of a position and keeps, in
the engine's own words (the choice labels), the moves it weighed with their scores
and where the move actually played stands among them. `most_costly` ranks a review's
verdicts by what each played move cost: the best score minus the played one's.

The analysis reads only what the deciding side may know (`game.view`,
`game.determinize`): a log's position holds `known_hand` for that side, a save's
position is the game as it stood. No Textual here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from cold_war_tui.bots.evaluate import WIN
from cold_war_tui.tui.tracks import BAD, DIM, GOOD, side_text

if TYPE_CHECKING:
    from cold_war_tui.engine import Game, Move
    from cold_war_tui.tui.study import Step

ANALYSE_THINK = 2.0
"""Seconds the computer thinks when asked about one position (`a`)."""
REVIEW_SHARE = 4
"""A review gives each decision this fraction of `a`'s thinking time (1/4)."""
SHOWN = 3
"""How many of the computer's preferred moves a verdict shows."""
COSTLY = 5
"""How many of each side's most costly moves a review lists."""
SAME = 0.005
"""A played move whose score is this close to the best cost nothing."""
DECIDED = WIN / 2
"""A score this far from 0 says the game is won (or lost) in the computer's search: its
mean over the futures it played is a win's score give or take the other terms."""


@dataclass(frozen=True, slots=True)
class StudyBudget:
    """How long the computer thinks about a studied position: `think` seconds, or
    `iterations` of its search (deterministic, for tests and measurements)."""

    think: float | None = ANALYSE_THINK
    iterations: int | None = None

    def for_review(self) -> StudyBudget:
        """A review's budget per decision: the same iterations, or a share of the time."""
        if self.iterations is not None or self.think is None:
            return self
        return StudyBudget(self.think / REVIEW_SHARE, None)

    def describe(self) -> str:
        if self.iterations is not None:
            return f"{self.iterations} iteration{'s' if self.iterations != 1 else ''}"
        return f"{self.think:g} s" if self.think is not None else "its own time"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The computer's opinion of one decision: the moves it weighed, best first, as
    (label, score) in evaluation units (about VP, for the deciding side); its choice;
    and the move played, with its score and rank (None when it was not weighed)."""

    player: str
    weighed: tuple[tuple[str, float], ...]
    choice: str
    played: str | None
    played_score: float | None
    played_rank: int | None
    budget: str

    @property
    def cost(self) -> float | None:
        """The best score minus the played move's (None when it was not weighed)."""
        if self.played_score is None or not self.weighed:
            return None
        return max(0.0, self.weighed[0][1] - self.played_score)


def judge(game: Game, played: Move | None, *, seed: int, budget: StudyBudget) -> Verdict | None:
    """The computer's verdict on `game`'s pending decision, with `played` (the move the
    record made there) weighed beside its own candidates; None when nothing is pending."""
    from cold_war_tui.bots import analyse

    pending = game.pending
    if pending is None:
        return None
    also = [played] if played is not None and pending.accepts(played.notation) else []
    analysis = analyse(
        game,
        pending.player,
        seed=seed,
        think=budget.think if budget.iterations is None else None,
        iterations=budget.iterations,
        also=also,
    )
    labels = {c.move: c.label for c in pending.choices}

    def label(move: Move) -> str:
        return labels.get(move, move.notation)

    moves = [move for move, _ in analysis.scores]
    rank = moves.index(played) if played in moves else None
    return Verdict(
        player=pending.player,
        weighed=tuple((label(move), score) for move, score in analysis.scores),
        choice=label(analysis.choice),
        played=label(played) if played is not None else None,
        played_score=analysis.scores[rank][1] if rank is not None else None,
        played_rank=None if rank is None else rank + 1,
        budget=budget.describe(),
    )


def score_text(score: float) -> str:
    """A score as the screen shows it: "+1.25", or "wins" / "loses" for a decided game."""
    if score >= DECIDED:
        return "wins"
    if score <= -DECIDED:
        return "loses"
    return f"{score:+.2f}"


def cost_text(cost: float) -> str:
    """What a move cost: "-0.88", or "the game" when it turned a won game into a loss."""
    return "the game" if cost >= DECIDED else f"-{cost:.2f}"


def verdict_lines(verdict: Verdict) -> list[Text]:
    """The verdict for the study screen: the top moves with their scores (the computer's
    choice marked), then how the move played compares."""
    heading = Text()
    heading.append(f"The computer ({verdict.budget}) for the ", "bold")
    heading.append_text(side_text(verdict.player))
    heading.append(":", "bold")
    lines = [heading]
    for rank, (label, score) in enumerate(verdict.weighed[:SHOWN], 1):
        line = Text(f"{rank}. ")
        line.append(score_text(score), "bold")
        line.append(f" {label}")
        if label == verdict.choice:
            line.append(" ◀ its choice", GOOD)
        lines.append(line)
    if verdict.choice not in [label for label, _ in verdict.weighed[:SHOWN]]:
        lines.append(Text(f"its choice (safety first): {verdict.choice}", DIM))
    lines.append(played_line(verdict))
    return lines


def played_line(verdict: Verdict) -> Text:
    if verdict.played is None:
        return Text("Nothing was played here.", DIM)
    line = Text()
    line.append("Played: ", "bold")
    line.append(verdict.played)
    if verdict.played_rank is None or verdict.played_score is None:
        line.append("  not weighed", BAD)
        return line
    cost = verdict.cost or 0.0
    line.append(f"  {score_text(verdict.played_score)}, ", "")
    line.append(f"rank {verdict.played_rank} of {len(verdict.weighed)}")
    if cost > SAME:
        line.append(f", costs {cost_text(cost).lstrip('-')}", BAD)
    else:
        line.append(", as good as the best", GOOD)
    return line


@dataclass(frozen=True, slots=True)
class Costly:
    """A move of a review that cost its side: where it was played and how much."""

    index: int
    title: str
    played: str
    cost: float
    best: str
    best_score: float


def most_costly(
    steps: Sequence[Step], verdicts: Mapping[int, Verdict], side: str, count: int = COSTLY
) -> list[Costly]:
    """`side`'s `count` most costly moves among the reviewed steps, the worst first (a tie
    in the game's order); moves that cost nothing and moves not weighed are left out."""
    found = []
    for index, verdict in sorted(verdicts.items()):
        cost = verdict.cost
        if verdict.player != side or cost is None or cost <= SAME or verdict.played is None:
            continue
        best, best_score = verdict.weighed[0]
        found.append(Costly(index, steps[index].title, verdict.played, cost, best, best_score))
    found.sort(key=lambda c: -c.cost)
    return found[:count]


def side_summary(verdicts: Mapping[int, Verdict], side: str) -> str:
    """ "34 moves reviewed: 20 as good as the best, 1 not weighed" for `side`."""
    mine = [v for v in verdicts.values() if v.player == side and v.played is not None]
    best = sum(1 for v in mine if v.cost is not None and v.cost <= SAME)
    odd = sum(1 for v in mine if v.played_rank is None)
    text = f"{len(mine)} move{'s' if len(mine) != 1 else ''} reviewed: {best} as good as the best"
    return text + (f", {odd} not weighed" if odd else "")


def not_weighed(verdicts: Mapping[int, Verdict]) -> int:
    """How many reviewed moves the computer could not weigh (a record's odd move)."""
    return sum(1 for v in verdicts.values() if v.played is not None and v.played_rank is None)
