"""Follow one round of a log through the engine: answer each decision the engine asks
with what the log's lines show, and so find the round's choice ids.

The engine knows what it asks (a card, a country point by point, yes or no...); the log
knows what happened. Each answer reads the next unused line that fits the question: a
`Target:` line for a coup, a `+1 in X` line for a point of influence, `US discards X`
for a discard. After each answer the engine's board is compared with the log's lines:
the influence, VP, DEFCON, military operations and space race changes the engine made
use up the lines that state them, so the next question reads the lines that follow.
When no line answers a question, the round stops there, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from cold_war_tui.datamodel import Side
from cold_war_tui.engine import Decision, Game, StateSnapshot
from cold_war_tui.records.cards import UN_INTERVENTION
from cold_war_tui.records.lines import (
    CardMove,
    CardVerb,
    Defcon,
    Event,
    Fact,
    Headline,
    Influence,
    Milops,
    Olympics,
    RegionChoice,
    Score,
    Section,
    SpaceBox,
    Target,
)

F = TypeVar("F")
# Facts that start something a later question reads: a scan for "what comes next" in
# the current step stops at them.
_STRUCTURE = (Section, Target, Headline, CardMove, Event)
# Decisions that start a round: once a round has made its first play, meeting one of
# these means the engine has moved on to the next round.
_ROUND_STARTS = {"action", "headline"}


@dataclass
class Followed:
    """What following a round gave: its choice ids, the side of each realignment roll
    (the engine rolls the realigning side's die first), and why it stopped early."""

    played: list[str] = field(default_factory=list)
    realigners: list[Side] = field(default_factory=list)
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class RoundPlay:
    """What the header of a round says was played: the round's kind, side and card, and
    whether it is the last round of the log (Wargames' question reads that)."""

    kind: str  # "setup", "headline" or "action"
    side: Side | None
    card: int | None
    last: bool


def follow(game: Game, facts: Sequence[Fact], play: RoundPlay) -> Followed:
    """Answer `game`'s decisions from `facts` until the round is over; `game` moves on."""
    return _Follower(game, facts, play).run()


class _Follower:
    def __init__(self, game: Game, facts: Sequence[Fact], play: RoundPlay) -> None:
        self.game = game
        self.facts = list(facts)
        self.play = play
        self.used = [False] * len(self.facts)
        # Points of each influence line the engine has not yet made.
        self.left = [abs(f.delta) if isinstance(f, Influence) else 0 for f in self.facts]
        self.section = -1  # the index of the operations being conducted
        self.cursor = -1  # the index of the latest line used
        self.result = Followed()
        self.started = False
        self.board = game.state  # the engine's state as of the latest answer

    # -- the loop ----------------------------------------------------------------
    def run(self) -> Followed:
        game = self.game
        while (decision := game.pending) is not None:
            if self.started and self._next_round(decision):
                break
            choice = self._answer(decision)
            if choice is None or not decision.accepts(choice):
                self._stop(decision, choice)
                break
            self.started = True
            before = self.board
            game.choose(choice)
            self.board = game.state
            self.result.played.append(choice)
            self._sync(before, self.board)
        return self.result

    def _next_round(self, decision: Decision) -> bool:
        if self.play.kind == "headline":
            return decision.kind == "action"
        if self.play.kind == "setup":
            return decision.kind in _ROUND_STARTS
        return decision.kind in _ROUND_STARTS and not self._cmc_cancelled()

    def _cmc_cancelled(self) -> bool:
        """The last choice ended the Cuban Missile Crisis: the same round goes on."""
        played = self.result.played
        return bool(played) and played[-1].startswith("cancel-cmc ")

    def _stop(self, decision: Decision, choice: str | None) -> None:
        if not self.started and choice is not None:
            self.result.played.append(choice)  # the log's play, though the engine refuses it
        offered = ", ".join(c.id for c in decision.choices[:4])
        more = ", ..." if len(decision.choices) > 4 else ""
        if choice is None:
            self.result.problem = f"no line of the log answers {decision.kind} ({offered}{more})"
        else:
            self.result.problem = f"the engine does not offer {choice!r} ({offered}{more})"

    # -- keeping up with the engine -------------------------------------------------
    def _sync(self, before: StateSnapshot, after: StateSnapshot) -> None:
        """Use up the lines stating the changes the engine just made."""
        for key, now in after.influence.items():
            was = before.influence[key]
            for side, delta in (("US", now.us - was.us), ("USSR", now.ussr - was.ussr)):
                if delta:
                    self._use_influence(side, key, delta)
        if after.vp != before.vp:
            self._use_first(lambda f: isinstance(f, Score) and f.vp == after.vp)
        if after.defcon != before.defcon:
            self._use_first(lambda f: isinstance(f, Defcon) and f.level == after.defcon)
        for side in ("US", "USSR"):
            if after.milops[side] != before.milops[side]:
                self._use_first(_milops_line(side, after.milops[side]))
            if after.space[side] != before.space[side]:
                self._use_first(_space_line(side, after.space[side]))

    def _use_influence(self, side: str, country: str, delta: int) -> None:
        points = abs(delta)
        for i, fact in enumerate(self.facts):
            if points == 0:
                return
            if (
                isinstance(fact, Influence)
                and self.left[i]
                and fact.side == side
                and fact.country == country
                and (fact.delta > 0) == (delta > 0)
            ):
                taken = min(points, self.left[i])
                self.left[i] -= taken
                points -= taken
                if not self.left[i]:
                    self._mark(i)

    def _use_first(self, fits: Callable[[Fact], bool]) -> None:
        index = self._find(fits)
        if index is not None:
            self._mark(index)

    def _mark(self, index: int) -> None:
        self.used[index] = True
        self.cursor = max(self.cursor, index)

    # -- finding lines --------------------------------------------------------------
    def _find(self, fits: Callable[[Fact], bool], after: int = -1) -> int | None:
        """The first unused line after `after` that `fits`."""
        for i in range(after + 1, len(self.facts)):
            if not self.used[i] and fits(self.facts[i]):
                return i
        return None

    def _ahead(self, fits: Callable[[Fact], bool]) -> int | None:
        """The first unused line after the cursor that `fits`, within the event being
        played: before the next line that starts something else (another event,
        operations, a target, a card)."""
        events = 0
        for i in range(self.cursor + 1, len(self.facts)):
            fact = self.facts[i]
            if self.used[i]:
                continue
            if fits(fact):
                return i
            events += isinstance(fact, Event)
            if isinstance(fact, _STRUCTURE) and (events > 1 or not isinstance(fact, Event)):
                return None
        return None

    def _card(self, verbs: Iterable[CardVerb], side: Side | None = None) -> CardMove | None:
        verbs = tuple(verbs)
        index = self._find(
            lambda f: isinstance(f, CardMove) and f.verb in verbs and side in (None, f.side)
        )
        return None if index is None else self._take(index, CardMove)

    def _take(self, index: int, kind: type[F]) -> F:
        self._mark(index)
        fact = self.facts[index]
        assert isinstance(fact, kind)
        return fact

    # -- answers ----------------------------------------------------------------------
    def _answer(self, decision: Decision) -> str | None:
        handler = _HANDLERS.get(decision.kind)
        return None if handler is None else handler(self, decision)

    def top_level(self, decision: Decision) -> str | None:
        """The round's play, from its header (`Turn 3, US AR2: NATO*: Coup (4 Ops):`)."""
        if decision.player != self.play.side:
            return None
        cancel = self._cmc_cancel(decision)
        if cancel is not None:
            return cancel
        card = self.play.card
        if card is None:
            return _offered(decision, "pass")  # `Turn 9, US AR8: :` (an optional round)
        first = self._find(lambda f: isinstance(f, Section | Event | CardMove))
        if first is None:
            return None  # the log stops before it says how the card was played
        fact = self.facts[first]
        if isinstance(fact, CardMove) and fact.verb == "discards" and fact.card == card:
            self._mark(first)  # a trapped side's discard (#42, #44)
            return f"discard {card}"
        if isinstance(fact, Section):
            if fact.kind == "space":
                self._mark(first)
                return f"play {card} space"
            return f"play {card} ops"
        if isinstance(fact, Event) and fact.card == card:
            partner = self._find(lambda f: isinstance(f, CardMove) and f.verb == "plays")
            if card == UN_INTERVENTION and partner is not None:
                return f"un {self._take(partner, CardMove).card}"
            owner = next(c.side for c in self.game.data.cards if c.number == card)
            opponent = "USSR" if decision.player == "US" else "US"
            return f"play {card} {'ops' if owner == opponent else 'event'}"
        return None

    def _cmc_cancel(self, decision: Decision) -> str | None:
        """#40: the side removes 2 influence to end the crisis before its play."""
        for choice in decision.choices:
            if choice.id.startswith("cancel-cmc "):
                country = choice.id.split()[1]
                index = self._find(lambda f: isinstance(f, Influence))
                fact = None if index is None else self.facts[index]
                if (
                    isinstance(fact, Influence)
                    and fact.country == country
                    and fact.side == decision.player
                    and fact.delta == -2
                ):
                    return choice.id
        return None

    def headline(self, decision: Decision) -> str | None:
        index = self._find(lambda f: isinstance(f, Headline) and f.side == decision.player)
        return None if index is None else f"headline {self._take(index, Headline).card}"

    def operation(self, decision: Decision) -> str | None:
        index = self._find(lambda f: isinstance(f, Section) and f.kind != "space")
        while index is not None and self._empty(index):
            self._mark(index)  # a line the site prints for operations nobody made (#107)
            index = self._find(lambda f: isinstance(f, Section) and f.kind != "space", index)
        if index is None:
            return None
        section = self._take(index, Section)
        self.section = index
        if section.kind == "infl":
            return self._place(decision, after=index)
        target = self._find(lambda f: isinstance(f, Target) and not f.war, after=index)
        if target is None:
            return None
        country = self._take(target, Target).country
        if section.kind == "realign":
            self.result.realigners.append(decision.player)
        return f"{section.kind} {country}"

    def _empty(self, section: int) -> bool:
        """Whether the operations that begin at `section` show no target and no influence."""
        for fact in self.facts[section + 1 :]:
            if isinstance(fact, Section | Event):
                return True
            if isinstance(fact, Target | Influence):
                return False
        return True

    def place(self, decision: Decision) -> str | None:
        return self._place(decision) or _offered(decision, "done")

    def _place(self, decision: Decision, after: int = -1) -> str | None:
        """`infl KEY` for the next point of influence the log shows the player placing."""
        for i, fact in enumerate(self.facts):
            if i <= after or not self.left[i] or not isinstance(fact, Influence):
                continue
            if fact.delta > 0 and fact.side == decision.player:
                choice = f"infl {fact.country}"
                if decision.accepts(choice):
                    return choice
        return None

    def remove(self, decision: Decision) -> str | None:
        for i, fact in enumerate(self.facts):
            if self.left[i] and isinstance(fact, Influence) and fact.delta < 0:
                choice = f"remove {fact.country}"
                if decision.accepts(choice):
                    return choice
        return _offered(decision, "done")

    def realign(self, decision: Decision) -> str | None:
        end = self._find(lambda f: isinstance(f, Section | Event), after=self.section)
        index = self._find(lambda f: isinstance(f, Target) and not f.war, after=self.section)
        if index is None or (end is not None and index > end):
            return _offered(decision, "done")
        choice = f"realign {self.facts[index].country}"  # type: ignore[union-attr]
        if not decision.accepts(choice):
            return _offered(decision, "done")
        self._mark(index)
        self.result.realigners.append(decision.player)
        return choice

    def event_influence(self, decision: Decision) -> str | None:
        choice = self._place(decision)
        if choice == "infl south-africa" and decision.accepts("add"):  # #53's two options
            index = self._find(
                lambda f: isinstance(f, Influence) and f.country == "south-africa" and f.delta > 0
            )
            if index is not None and self.facts[index].delta == 1:  # type: ignore[union-attr]
                return "add"
        return choice or _offered(decision, "done")

    def event_target(self, decision: Decision) -> str | None:
        """A war's country, a free coup's target (`Target:`), or the country an event
        takes influence from or adds it to. An event's coup has its own `Coup (N Ops):`
        line, printed even when the player makes none."""
        if any(c.id.startswith("coup ") for c in decision.choices):
            section = self._find(lambda f: isinstance(f, Section) and f.kind == "coup")
            if section is not None:
                self._mark(section)
        for i, fact in enumerate(self.facts):
            if self.used[i] or not isinstance(fact, Target | Influence):
                continue
            if isinstance(fact, Influence) and not self.left[i]:
                continue
            for verb in ("target", "coup"):
                choice = f"{verb} {fact.country}"
                if decision.accepts(choice):
                    if isinstance(fact, Target):
                        self._mark(i)
                    return choice
        return _offered(decision, "done")

    def discard(self, decision: Decision) -> str | None:
        """The event's own discards (#10, #77, #95, #98, #108): the lines under its
        `Event:` line."""
        for i in self._event_span():
            fact = self.facts[i]
            if not self.used[i] and isinstance(fact, CardMove) and fact.verb == "discards":
                choice = f"discard {fact.card}"
                if decision.accepts(choice):
                    self._mark(i)
                    return choice
        return _offered(decision, "keep") or _offered(decision, "done")

    def take_revealed(self, decision: Decision) -> str | None:
        """#43 SALT: the card the player takes from the discard pile is shown (`reveals`)."""
        move = self._card(("reveals",), decision.player)
        if move is not None and decision.accepts(f"take {move.card}"):
            return f"take {move.card}"
        return _offered(decision, "done")

    def star_wars(self, decision: Decision) -> str | None:
        """#85: the card whose event the log shows next is the one taken."""
        for i, fact in enumerate(self.facts):
            if i > self.cursor and not self.used[i] and isinstance(fact, Event):
                choice = f"take {fact.card}"
                if decision.accepts(choice):
                    self._mark(i)
                    return choice
        return None

    def give(self, decision: Decision) -> str | None:
        move = self._card(("reveals",), decision.player)
        return None if move is None else f"give {move.card}"

    def grain_sales(self, decision: Decision) -> str | None:
        """#67: the US plays the card it took (`US plays X`, then how) or returns it."""
        card = decision.context.get("card")
        back = self._find(lambda f: isinstance(f, CardMove) and f.verb == "returns")
        if back is not None:
            self._mark(back)
            return f"return {card}"
        plays = self._find(lambda f: isinstance(f, CardMove) and f.verb == "plays")
        if plays is None:
            return None
        while plays is not None:  # the site writes the play twice
            self._mark(plays)
            plays = self._find(
                lambda f: isinstance(f, CardMove) and f.verb == "plays" and f.card == card
            )
        how = self._find(lambda f: isinstance(f, Event | Section), after=self.cursor)
        if how is None:
            return f"play {card} ops"
        fact = self.facts[how]
        if isinstance(fact, Section) and fact.kind == "space":
            self._mark(how)
            return f"play {card} space"
        if isinstance(fact, Event) and fact.card == card:
            return f"play {card} event"
        return f"play {card} ops"

    def olympics(self, decision: Decision) -> str | None:
        index = self._find(lambda f: isinstance(f, Olympics))
        if index is None:
            return None
        return "participate" if self._take(index, Olympics).participate else "boycott"

    def warsaw_pact(self, decision: Decision) -> str | None:
        index = self._find(lambda f: isinstance(f, Influence))
        if index is None:
            return None
        fact = self.facts[index]
        assert isinstance(fact, Influence)
        return "add" if fact.side == "USSR" and fact.delta > 0 else "remove"

    def defcon(self, decision: Decision) -> str | None:
        """#45, #46: the DEFCON the event's own lines reach, or the level it stays at."""
        level = self.board.defcon
        for i in self._event_span(_STRUCTURE):
            fact = self.facts[i]
            if isinstance(fact, Defcon):
                level = fact.level
                break
        return f"defcon {level}"

    def _event_span(self, ends: tuple[type, ...] = (Event,)) -> range:
        """The lines of the event being resolved: after its `Event:` line, up to the next
        line of a kind in `ends`. The engine names the event: its card lies in limbo.
        Without it (no card in limbo, no such line), every line."""
        limbo = self.board.limbo
        card = limbo[-1] if limbo else None
        start = self._find(lambda f: isinstance(f, Event) and f.card == card)
        if start is None:
            return range(len(self.facts))
        end = self._find(lambda f: isinstance(f, ends), after=start)
        return range(start + 1, len(self.facts) if end is None else end)

    def region(self, decision: Decision) -> str | None:
        index = self._find(lambda f: isinstance(f, RegionChoice))
        return None if index is None else f"region {self._take(index, RegionChoice).region}"

    def may(self, decision: Decision) -> str | None:
        """An event's "may": yes when operations follow before anything else starts."""
        for i in range(self.cursor + 1, len(self.facts)):
            fact = self.facts[i]
            if self.used[i] or isinstance(fact, Influence | Score | Defcon | Milops):
                continue
            return "yes" if isinstance(fact, Section | Target) else "no"
        return "no"

    def wargames(self, decision: Decision) -> str | None:
        """#100: the log's last round is the one that ends the game this way."""
        return "yes" if self.play.last and not self._ahead(lambda f: True) else "no"

    def event_order(self, decision: Decision) -> str | None:
        section = self._find(lambda f: isinstance(f, Section))
        event = self._find(lambda f: isinstance(f, Event), after=self.cursor)
        if event is not None and (section is None or event < section):
            return "event-first"
        return "ops-first"

    def end_discard(self, decision: Decision) -> str | None:
        move = self._card(("discards",), decision.player)
        return "keep" if move is None else f"discard {move.card}"


def _milops_line(side: str, value: int) -> Callable[[Fact], bool]:
    return lambda f: isinstance(f, Milops) and f.side == side and f.value == value


def _space_line(side: str, box: int) -> Callable[[Fact], bool]:
    return lambda f: isinstance(f, SpaceBox) and f.side == side and f.box == box


def _offered(decision: Decision, choice: str) -> str | None:
    return choice if decision.accepts(choice) else None


def _top_or_headline(follower: _Follower, decision: Decision) -> str | None:
    return follower.top_level(decision)


_HANDLERS: dict[str, Callable[[_Follower, Decision], str | None]] = {
    "setup_influence": _Follower._place,
    "bid_influence": _Follower._place,
    "headline": _Follower.headline,
    "action": _top_or_headline,
    "event_order": _Follower.event_order,
    "operation": _Follower.operation,
    "place_influence": _Follower.place,
    "realign": _Follower.realign,
    "turn_end_discard": _Follower.end_discard,
    "event_influence": _Follower.event_influence,
    "event_remove": _Follower.remove,
    "event_target": _Follower.event_target,
    "event_coup": _Follower.event_target,
    "event_discard": _Follower.discard,
    "event_take": _Follower.take_revealed,
    "event_give": _Follower.give,
    "event_defcon": _Follower.defcon,
    "event_region": _Follower.region,
    "event_optional": _Follower.may,
    "event_operations": _Follower.may,
    "olympic_games": _Follower.olympics,
    "warsaw_pact": _Follower.warsaw_pact,
    "grain_sales": _Follower.grain_sales,
    "star_wars": _Follower.star_wars,
    "wargames": _Follower.wargames,
    "space_roll": lambda follower, decision: "roll",
}
