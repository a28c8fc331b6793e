"""The rules' shared toolbox: state, data, log and dice, with the small state changes.

Every rules module takes a `Core`. Changes that can end the game (VP, DEFCON)
raise `GameOver` right where they happen, so no caller can forget a check.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Literal, NamedTuple

from cold_war_tui.datamodel import Card, GameData, RegionScoring
from cold_war_tui.engine import rng
from cold_war_tui.engine.board import US, USSR, Board, Side, board_for, derived, other
from cold_war_tui.engine.caches import Caches, reach_tally
from cold_war_tui.engine.decisions import Choice, GameOver, Outcome, Unavailable
from cold_war_tui.engine.moves import CardVerbOrHeadline, Play, Target, TargetVerb, card_move
from cold_war_tui.engine.options import GameOptions
from cold_war_tui.engine.state import FrozenState, GameState, freeze
from cold_war_tui.wording import plural

if TYPE_CHECKING:
    from cold_war_tui.engine.hooks import Hooks
    from cold_war_tui.engine.rulebook import EventSpec, Rulebook

VP_WIN = 20
MILOPS_TRACK_END = 5  # the last box of the military operations track
# The labels of the operations' target choices (`infl KEY`, ...); {name} is the country.
TARGET_LABELS: dict[TargetVerb, str] = {
    "infl": "Place influence in {name}",
    "coup": "Coup in {name}",
    "realign": "Realignment roll in {name}",
}
# The cards the rules name by number, each defined here only.
CHINA_CARD = 6
UN_INTERVENTION = 32
MISSILE_ENVY = 49
SHUTTLE_DIPLOMACY = 73
DEFECTORS = 103


# Every place a card can be (docs/engine.md "Where a card is"): a side's hand, a side's
# headline slot (one card or none), and the piles of `GameState`.
Place = Literal[
    "hand:US",
    "hand:USSR",
    "headline:US",
    "headline:USSR",
    "draw",
    "discard",
    "removed",
    "in_play",
    "limbo",
    "box",
    "out_of_game",
]
HAND: dict[str, Place] = {US: "hand:US", USSR: "hand:USSR"}
HEADLINE: dict[str, Place] = {US: "headline:US", USSR: "headline:USSR"}
# Each place as (kind, holder): the field of GameState and the side holding it, if any.
PLACES: dict[Place, tuple[str, Side | None]] = {
    "hand:US": ("hand", US),
    "hand:USSR": ("hand", USSR),
    "headline:US": ("headline", US),
    "headline:USSR": ("headline", USSR),
    **{
        pile: (pile, None)
        for pile in ("draw", "discard", "removed", "in_play", "limbo", "box", "out_of_game")
    },
}


class LogEntry(NamedTuple):
    """One line of the game log, with the rule it applies ("6.3.2")."""

    rule: str
    text: str
    turn: int

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}" if self.rule else self.text


_new_tuple = tuple.__new__


def make_core(
    data: GameData, board: Board, options: GameOptions, state: GameState, rules: Rulebook
) -> Core:
    """A Core over `state`, sharing the lookup tables of `data` (built once per data) and
    the rules' registries (engine/events/registry.py)."""
    return Core(
        data=data, board=board, options=options, state=state, tables=tables_for(data), rules=rules
    )


def tables_for(data: GameData) -> Tables:
    """The lookup tables of `data`, built once per data object."""
    return derived(data, _build_tables)


class Plays(NamedTuple):
    """The three ways to play one card in an action round."""

    event: Choice
    ops: Choice
    space: Choice


class MenuRow(NamedTuple):
    """A card's entries in one side's action menu under one `MenuContext` (turn.card_plays)."""

    # The card's own event when some rule may block it now (ask events.event_blocked).
    conditional_event: Choice | None
    choices: tuple[Choice, ...]  # the other legal plays, in menu order
    greyed: tuple[Unavailable, ...]


# What a card's menu row depends on: the side, this turn's ops bonus and malus, and the
# ops the space race needs now with the reason shown when a card has fewer.
MenuContext = tuple[Side, int, int, int, str]


@dataclass(frozen=True, slots=True)
class Tables:
    """Read-only lookups derived from the game data, shared by every game on that data."""

    cards: dict[int, Card]
    card_names: dict[int, str]  # "#21 NATO"
    card_ops: dict[int, int]  # printed ops (the China Card's 4 is in the data, 9.x)
    # By DEFCON, the regions closed to coups and realignment (8.1.5) and their countries.
    closed_regions: dict[int, tuple[str, ...]]
    closed_countries: dict[int, frozenset[int]]
    region_control_wins: dict[str, bool]
    region_scoring: dict[str, RegionScoring]
    scoring_region: dict[int, str]  # scoring card number -> region key
    prevented_by: dict[int, tuple[int, ...]]  # card -> cards whose event prevents it
    linked_events: frozenset[int]  # cards whose event needs, or is prevented by, another's
    # Choices `VERB KEY` of every country by (verb, label template), made as first needed.
    country_choices: dict[tuple[TargetVerb, str], tuple[Choice, ...]]
    hand_size: dict[int, int]  # by turn (setup.yaml)
    period_start: dict[str, int]  # the turn each period's cards enter the deck (setup.yaml)
    # (number, period_start) of every draw-deck card, in the data's order.
    deck_cards: tuple[tuple[int, int], ...]
    action_rounds: dict[int, int]  # by turn, before any extra round
    # The action menu's plays of a card by (card, ops shown), made as first needed.
    play_choices: dict[tuple[int, int], Plays]
    # Choices `VERB N` of a card by (verb, card number), made as first needed.
    card_choices: dict[tuple[CardVerbOrHeadline, int], Choice]
    # Greyed-out entries by (choice, reason), made as first needed.
    greyed: dict[tuple[Choice, str], Unavailable]
    # The action-menu rows of cards by context, then card, made as first needed.
    menu_rows: dict[MenuContext, dict[int, MenuRow]]
    # By space race box, the ops a card needs for the attempt and why fewer will not do.
    space_needs: tuple[tuple[int, str], ...]


def _build_tables(data: GameData) -> Tables:
    """The lookup tables of `data`; `make_core` gets them through `derived`, once per data."""
    prevented: dict[int, list[int]] = {}
    for card in data.cards:
        for target in card.prevents:
            prevented.setdefault(target, []).append(card.number)
    period_start: dict[str, int] = {a.period: a.turn for a in data.setup.deck_additions}
    return Tables(
        cards={c.number: c for c in data.cards},
        card_names={c.number: f"#{c.number} {c.name}" for c in data.cards},
        card_ops={c.number: c.ops for c in data.cards},
        closed_regions={defcon: _closed_regions(data, defcon) for defcon in range(1, 6)},
        closed_countries={defcon: _closed_countries(data, defcon) for defcon in range(1, 6)},
        region_control_wins={r.key: r.control_wins for r in data.regions},
        region_scoring={r.key: r.scoring for r in data.regions},
        scoring_region={r.scoring_card: r.key for r in data.regions},
        prevented_by={k: tuple(v) for k, v in prevented.items()},
        linked_events=frozenset(c.number for c in data.cards if c.requires) | prevented.keys(),
        country_choices={},
        period_start=period_start,
        deck_cards=tuple((c.number, period_start[c.period]) for c in data.cards if c.in_draw_deck),
        hand_size=_by_turn(data, [(s.from_turn, s.cards) for s in data.setup.hand_size]),
        action_rounds=_by_turn(data, [(s.from_turn, s.rounds) for s in data.setup.action_rounds]),
        play_choices={},
        card_choices={},
        greyed={},
        menu_rows={},
        space_needs=tuple(
            (box.ops_needed, f"the next space box needs a card of {box.ops_needed}+ ops (6.4.1)")
            for box in data.space_race
        ),
    )


def _closed_regions(data: GameData, defcon: int) -> tuple[str, ...]:
    return tuple(
        region.key
        for region in data.regions
        if region.closed_at_defcon is not None and defcon <= region.closed_at_defcon
    )


def _closed_countries(data: GameData, defcon: int) -> frozenset[int]:
    members = board_for(data).region_members
    return frozenset(c for region in _closed_regions(data, defcon) for c in members[region])


def _by_turn(data: GameData, steps: list[tuple[int, int]]) -> dict[int, int]:
    """A step table (value from a turn on) as the value of every turn."""
    return {
        turn: [value for start, value in steps if turn >= start][-1]
        for turn in range(1, data.setup.turns + 1)
    }


@dataclass(slots=True)
class Core:
    data: GameData
    board: Board
    options: GameOptions
    state: GameState
    tables: Tables
    rules: Rulebook  # every card's event and every hook (engine/events/registry.py)
    # The shared tables under their short names (read-only), copied from `tables`.
    cards: dict[int, Card] = field(init=False)
    region_control_wins: dict[str, bool] = field(init=False)
    region_scoring: dict[str, RegionScoring] = field(init=False)
    scoring_region: dict[int, str] = field(init=False)
    prevented_by: dict[int, tuple[int, ...]] = field(init=False)
    # The rules' registries under short names (read-only), copied from `rules`.
    events: Mapping[int, EventSpec] = field(init=False)
    conditional_events: frozenset[int] = field(init=False)
    hooks: Hooks = field(init=False)
    log_entries: list[LogEntry] = field(default_factory=list)
    # Values derived from the state for speed, behind one interface (engine/caches.py).
    caches: Caches = field(init=False)
    # Whether checkpoints are taken at all (`Game` turns them on once the game is copied),
    # whether `Game` wants one at the next shallow point of the flow (Game.fork), and
    # the one taken (a frozen state and the log's length then) until `Game` files it.
    keeps_checkpoints: bool = False
    checkpoint_due: bool = False
    checkpoint_taken: tuple[FrozenState, int] | None = None

    def __post_init__(self) -> None:
        t = self.tables
        self.cards = t.cards
        self.region_control_wins = t.region_control_wins
        self.region_scoring = t.region_scoring
        self.scoring_region = t.scoring_region
        self.prevented_by = t.prevented_by
        rules = self.rules
        self.events, self.conditional_events, self.hooks = (
            rules.events,
            rules.conditional_events,
            rules.hooks,
        )
        self.caches = Caches(reach_tally(self.board, self.state))

    def country_choices(
        self, verb: TargetVerb, countries: Iterable[int], label: str
    ) -> list[Choice]:
        """The choices `VERB KEY` of `countries`, labelled `label` with {name} filled in.

        Each is made once per data and label: listing targets is the hot path.
        """
        row = self.tables.country_choices.get((verb, label))
        if row is None:
            row = self.tables.country_choices[verb, label] = self.make_country_row(verb, label)
        keys = tuple(countries)
        if len(keys) < 2:  # itemgetter returns one item (not a tuple) for one key
            return [row[c] for c in keys]
        return list(itemgetter(*keys)(row))  # one C call instead of a Python loop

    def make_country_row(self, verb: TargetVerb, label: str) -> tuple[Choice, ...]:
        """The choices `VERB KEY` of every country, labelled (uncached)."""
        board = self.board
        return tuple(
            Choice.of(Target(verb, key), label.format(name=name))
            for key, name in zip(board.keys, board.names, strict=True)
        )

    def card_choices(self, verb: CardVerbOrHeadline, cards: Iterable[int]) -> list[Choice]:
        """The choices `VERB N` of `cards` in number order, labelled "#N Name" (cached)."""
        made = self.tables.card_choices
        choices = []
        for card in sorted(cards):
            choice = made.get((verb, card))
            if choice is None:
                choice = made[verb, card] = self.make_card_choice(verb, card)
            choices.append(choice)
        return choices

    def make_card_choice(self, verb: CardVerbOrHeadline, card: int) -> Choice:
        """The choice `VERB N` of `card`, labelled "#N Name" (uncached)."""
        return Choice.of(card_move(verb, card), self.card_name(card))

    def play_choices(self, card: int, ops: int) -> Plays:
        """The action menu's `play N event|ops|space` choices of `card` worth `ops` (cached)."""
        plays = self.tables.play_choices.get((card, ops))
        if plays is None:
            plays = self.tables.play_choices[card, ops] = self.make_plays(card, ops)
        return plays

    def make_plays(self, card: int, ops: int) -> Plays:
        """The three plays of `card` worth `ops` (uncached)."""
        name = self.card_name(card)
        asia = " (+1 all in Asia)" if card == CHINA_CARD else ""
        return Plays(
            Choice.of(Play(card, "event"), f"{name}: play the event"),
            Choice.of(Play(card, "ops"), f"{name}: {plural(ops, 'op')}{asia}"),
            Choice.of(Play(card, "space"), f"{name}: space race attempt"),
        )

    def greyed(self, choice: Choice, reason: str) -> Unavailable:
        """`choice` shown greyed out for `reason` (cached: every action menu greys the
        space race entries of most cards)."""
        entry = self.tables.greyed.get((choice, reason))
        if entry is None:
            entry = self.tables.greyed[choice, reason] = Unavailable(*choice, reason)
        return entry

    # -- log and randomness -------------------------------------------------
    def log(self, rule: str, text: str) -> None:
        # tuple.__new__ skips the NamedTuple's Python-level __new__: about two log
        # lines per decision make this the most frequent allocation of a game.
        self.log_entries.append(_new_tuple(LogEntry, (rule, text, self.state.turn)))

    def roll(self, who: str, why: str, rule: str) -> int:
        """One six-sided die: a forced result first (scenarios), else the seeded generator."""
        state = self.state
        if state.forced_dice:
            value = state.forced_dice.pop(0)
        else:
            state.rng, value = rng.below(state.rng, 6)
            value += 1
        state.dice_rolled += 1
        self.log(rule, f"{who} rolls {value} ({why})")
        return value

    def shuffle(self, cards: list[int], what: str) -> None:
        self.state.rng = rng.shuffle(self.state.rng, cards)
        self.log("", f"{what} shuffled ({plural(len(cards), 'card')})")

    def checkpoint(self, *, always: bool = False) -> None:
        """The flow is shallow here (a phase or action round starts): `turn.play` can resume
        from a copy of the state alone, so `Game.fork` and `Game.rewind` start from one
        (taken in a game that keeps checkpoints: when `Game` asks for one, every few
        choices, or `always`)."""
        if self.keeps_checkpoints and (self.checkpoint_due or always):
            self.checkpoint_due = False
            self.checkpoint_taken = (freeze(self.state), len(self.log_entries))

    def mark_round_start(self) -> None:
        """Placement reach is fixed at the start of an action round (6.1.1): from now on
        it is read from the counts as they stand until influence appears or vanishes."""
        self.caches.round_started()

    def reach(self, side: Side) -> tuple[int, ...]:
        """Countries where `side` may place influence this action round, sorted (6.1.1, 6.1.4)."""
        reach = self.caches.reach
        cached = reach.get(side)
        if cached is None:
            cached = reach[side] = self.reach_now(side)
        return cached

    def reach_now(self, side: Side) -> tuple[int, ...]:
        """`reach` made from the tallies, without the cache."""
        board = self.board
        caches = self.caches
        count = caches.round_start_count.get(side) or caches.reach_count[side]
        # The Civil War space (the last index) only for the USSR while the war lasts (12.3).
        last = board.size if side == USSR and self.state.ccw_active else board.ccw
        return tuple(compress(range(last), count))

    def contested(self, side: Side, excluded: frozenset[int]) -> tuple[int, ...]:
        """Countries where `side`'s opponent has influence, except `excluded`, in order
        (the Civil War space never: 12.3). Coup and realignment targets start here."""
        key = (side, excluded)
        cache = self.caches.contested
        found = cache.get(key)
        if found is None:
            found = cache[key] = self.contested_now(side, excluded)
        return found

    def contested_now(self, side: Side, excluded: frozenset[int]) -> tuple[int, ...]:
        """`contested` made from the state, without the cache."""
        present = compress(range(self.board.ccw), self.state.influence[other(side)])
        return tuple([c for c in present if c not in excluded] if excluded else present)

    # -- names ---------------------------------------------------------------
    def name(self, country: int) -> str:
        return self.board.names[country]

    def card_name(self, number: int) -> str:
        return self.tables.card_names[number]

    # -- influence and control ----------------------------------------------
    def controls(self, side: Side, country: int) -> bool:
        """`side`'s influence exceeds the opponent's by at least the country's stability
        (02-full-game "Map and control")."""
        influence = self.state.influence
        margin = influence[side][country] - influence[other(side)][country]
        return margin >= self.board.stability[country]

    def controlled(self, side: Side, countries: Iterable[int]) -> list[int]:
        """The countries of `countries` that `side` controls (`controls` for many at once:
        region scoring asks it of every member of a region)."""
        own, rival = self.state.influence[side], self.state.influence[other(side)]
        stability = self.board.stability
        return [c for c in countries if own[c] - rival[c] >= stability[c]]

    def controller(self, country: int) -> Side | None:
        if self.controls(US, country):
            return US
        if self.controls(USSR, country):
            return USSR
        return None

    def add_influence(self, side: Side, country: int, amount: int, rule: str) -> None:
        if amount <= 0:
            return
        influence = self.state.influence[side]
        if not influence[country]:
            self.caches.presence_changed(side, self.board.with_neighbours[country], 1)
        influence[country] += amount
        self.log(rule, f"{side} +{amount} influence in {self.name(country)}")
        if country == self.board.ccw and self.state.influence[side][country] >= 3:
            self.end_chinese_civil_war()

    def end_chinese_civil_war(self) -> None:
        """The third USSR influence in the Civil War space: the USSR takes the China Card
        face up and the space is emptied and ignored from now on (12.1, 12.3)."""
        state = self.state
        ccw = self.board.ccw
        self.caches.presence_changed(USSR, self.board.with_neighbours[ccw], -1)
        state.influence[USSR][ccw] = 0
        state.ccw_active = False
        state.china_holder = USSR
        state.china_face_up = True
        self.caches.invalidate()  # the space leaves the USSR's reach at once
        self.log("12.3", "the USSR wins the Chinese Civil War and takes the China Card face up")

    def remove_influence(self, side: Side, country: int, amount: int, rule: str) -> int:
        """Remove up to `amount`; returns how much was actually removed."""
        present = self.state.influence[side][country]
        taken = min(present, max(amount, 0))
        if taken:
            if taken == present:
                self.caches.presence_changed(side, self.board.with_neighbours[country], -1)
            self.state.influence[side][country] = present - taken
            self.log(rule, f"{side} -{taken} influence in {self.name(country)}")
        return taken

    # -- VP, DEFCON, military operations -------------------------------------
    def gain_vp(self, side: Side, amount: int, rule: str, why: str) -> None:
        """`side` gains `amount` VP (negative: loses); 20 VP wins at once."""
        if amount == 0:
            return
        self.state.vp += amount if side == US else -amount
        self.log(
            rule, f"{side} {'+' if amount > 0 else ''}{amount} VP ({why}); VP {self.vp_text()}"
        )
        if self.state.vp >= VP_WIN:
            raise GameOver(Outcome(US, "the US reached 20 VP", "10", "20 VP"))
        if self.state.vp <= -VP_WIN:
            raise GameOver(Outcome(USSR, "the USSR reached 20 VP", "10", "20 VP"))

    def vp_text(self) -> str:
        vp = self.state.vp
        return "0" if vp == 0 else (f"US +{vp}" if vp > 0 else f"USSR +{-vp}")

    def set_defcon(self, level: int, rule: str, why: str) -> None:
        """Move DEFCON (never above 5); at 1 the phasing player loses (8.1.3)."""
        level = min(level, 5)
        old = self.state.defcon
        if level == old:
            self.log(rule, f"DEFCON stays at {old} ({why})")
            return
        self.state.defcon = level
        self.log(rule, f"DEFCON {old} -> {level} ({why})")
        for moved in self.hooks.defcon_moved:
            moved(self, level)
        if level <= 1:
            loser = self.state.phasing
            raise GameOver(
                Outcome(
                    other(loser),
                    f"nuclear war: DEFCON 1 during the {loser}'s turn",
                    "8.1.3",
                    "DEFCON 1",
                )
            )

    def add_milops(self, side: Side, amount: int, rule: str) -> None:
        """Move `side`'s military operations marker; the track ends at 5 (8.2, #46)."""
        milops = self.state.milops
        milops[side] = min(MILOPS_TRACK_END, milops[side] + amount)
        self.log(rule, f"{side} military operations +{amount} (now {milops[side]})")

    # -- cards ----------------------------------------------------------------
    def move_card(self, card: int, source: Place, destination: Place) -> None:
        """The one way a card changes place: out of `source`, onto the end of
        `destination` (the top of the draw pile is its end).

        Lists change in place (a rules procedure waiting for an answer may hold one). A
        card that leaves its holder's hand and headline slot leaves `state.known` too:
        the other side has seen it there, not wherever it goes.
        """
        state = self.state
        kind, holder = PLACES[source]
        if holder is None:
            cards = getattr(state, kind)
            if cards and cards[-1] == card:
                cards.pop()  # the top of the draw pile, the card last put in limbo
            else:
                cards.remove(card)
        elif kind == "hand":
            state.hands[holder].remove(card)
        elif state.headline[holder] == card:
            state.headline[holder] = None
        else:
            raise ValueError(f"card {card} is not the {holder} headline")
        to_kind, to_holder = PLACES[destination]
        if holder is not None and to_holder != holder:
            known = state.known[holder]
            if card in known:
                known.remove(card)
        if to_holder is None:
            getattr(state, to_kind).append(card)
        elif to_kind == "hand":
            state.hands[to_holder].append(card)
        else:
            state.headline[to_holder] = card

    def reveal(self, holder: Side, cards: Iterable[int]) -> None:
        """The other side sees `cards` of `holder`'s hand or headline (`state.known`)."""
        known = self.state.known[holder]
        known.extend(c for c in cards if c not in known)

    def draw_card(self, destination: Place) -> int | None:
        """Move the top card of the draw pile to `destination`, reshuffling the discard
        pile when the draw pile runs out; the card, or None when both are empty."""
        state = self.state
        if not state.draw:
            if not state.discard:
                return None
            for card in tuple(state.discard):
                self.move_card(card, "discard", "draw")
            self.shuffle(state.draw, "the discard pile becomes the draw pile and is")
        card = state.draw[-1]
        self.move_card(card, "draw", destination)
        return card

    def dispose(self, card: int, *, event_happened: bool) -> None:
        """After a play: a starred card whose event happened leaves the game, others
        go to the discard pile (5.2); a card an event already moved stays where it is."""
        if card not in self.state.limbo:
            return
        if event_happened and self.cards[card].starred:
            self.move_card(card, "limbo", "removed")
            self.log("5.2", f"{self.card_name(card)} is removed from play (starred event)")
        else:
            self.move_card(card, "limbo", "discard")

    def event_owner(self, card: int, player: Side) -> Side:
        """Who resolves the event of `card` played by `player`: its side, or the player."""
        side = self.cards[card].side
        if side == "Neutral":
            return player
        return side

    def holds_china(self, side: Side) -> bool:
        return self.state.china_holder == side

    def event_played(self, number: int) -> bool:
        return number in self.state.events_played
