"""How likely a condemned choice is to lose: for when safety condemns every one.

The headline guard (strong.headline_guard) condemns a headline if any card the opponent
may headline ends the game against it, and the trap count (safety.gambles) one that a
card he may hold could trap. Both are worst cases; when every headline is condemned the
bot still has to choose, and the least likely loss is the better gamble: a card he must
hold and choose to headline, against a card he may play in any of his rounds. In an
action round the same choice weighs the share of sampled futures each candidate lost
(`Outcomes.loss_share`) against the rules' certain losses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from cold_war_tui.engine import Move


@dataclass
class HeadlineOdds:
    """What the headline guard saw in its worlds: the cards the opponent may headline
    in each, whether his hand holds a card that takes one of ours, and per candidate
    and card of his how often it was played against that headline and lost."""

    worlds: int = 0
    pick_shares: dict[int, float] = field(default_factory=dict)  # per card, over the worlds
    theft_worlds: int = 0
    plays: dict[Move, Counter[int]] = field(default_factory=dict)  # per candidate, his card
    losses: dict[Move, Counter[int]] = field(default_factory=dict)  # of them, the lost

    def saw(self, picks: Iterable[int], theft: bool) -> None:
        """One world: his possible `picks` (his hand, or his pick if made), each as likely
        as the others, and whether a card of his there may take one of ours."""
        cards = list(picks)
        self.worlds += 1
        for card in cards:
            self.pick_shares[card] = self.pick_shares.get(card, 0.0) + 1 / len(cards)
        self.theft_worlds += theft

    def played(self, choice: Move, card: int, lost: bool) -> None:
        """`choice` was played against his headline `card` once; whether it lost."""
        self.plays.setdefault(choice, Counter())[card] += 1
        if lost:
            self.losses.setdefault(choice, Counter())[card] += 1

    def headline_risk(self, choice: Move) -> float:
        """The chance his headline ends the game against `choice`: how often, over the
        worlds, he holds each card, taken as one pick among his cards, times the share
        of the plays against that card that lost."""
        if not self.worlds:
            return 0.0
        plays, losses = self.plays.get(choice, Counter()), self.losses.get(choice, Counter())
        lost = sum(self.pick_shares.get(card, 0.0) * n / plays[card] for card, n in losses.items())
        return lost / self.worlds

    def theft_risk(self) -> float:
        """The share of worlds whose opponent holds a card that takes one of ours."""
        return self.theft_worlds / self.worlds if self.worlds else 0.0


def least_risky(
    candidates: Iterable[Move],
    sampled_risk: Callable[[Move], float],
    ruled: set[Move],
    theft_only: set[Move],
    theft_risk: float,
    scores: dict[Move, float],
) -> Move:
    """The candidate least likely to lose, the best scored among equals: its sampled
    risk (`sampled_risk`: at the headline `HeadlineOdds.headline_risk`, elsewhere the
    share of its sampled futures lost), plus, for a rule's gamble (`ruled`), certainty,
    unless it is one only for a theft the opponent may hold (`theft_only`), which costs
    the chance that he holds one (`theft_risk`). So a rule's certain loss is never
    chosen over a loss the samples found only sometimes."""

    def risk(choice: Move) -> tuple[float, float]:
        ruled_risk = 0.0
        if choice in theft_only:
            ruled_risk = theft_risk
        elif choice in ruled:
            ruled_risk = 1.0
        return ruled_risk + sampled_risk(choice), -scores.get(choice, float("-inf"))

    return min(candidates, key=risk)
