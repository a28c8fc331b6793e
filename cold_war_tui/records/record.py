"""`read_log`: a play-site log as a `GameRecord`: its options and its rounds, each able to
set up the position before it as a new `Game` (docs/records.md).

A position takes its numbers from the log's own lines: the influence totals in brackets,
the score, DEFCON, military operations and the space race (the unlogged turn-end VP for
missing military operations are counted by rule 8.2.1). What the log does not state
outright (effects in play, the piles, the China Card, this turn's space race attempts)
comes from the engine following the log's plays round after round. Hands are never
listed: each holds the cards the log shows that side holding (`hands.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from cold_war_tui.datamodel import GameData, Side
from cold_war_tui.engine import (
    CardPick,
    Game,
    GameOptions,
    IllegalChoice,
    Play,
    ScenarioError,
    StateSnapshot,
    Un,
    parse_move,
)
from cold_war_tui.records.answers import Followed, RoundPlay, follow
from cold_war_tui.records.cards import (
    CHINA_CARD,
    OPTIONAL_CARDS,
    RANDOM_TAKERS,
    SUMMIT,
    UN_INTERVENTION,
)
from cold_war_tui.records.dice import round_dice
from cold_war_tui.records.errors import LogError
from cold_war_tui.records.hands import TurnHands, TurnRound, deck_discards, other
from cold_war_tui.records.lines import (
    Block,
    Defcon,
    Event,
    Fact,
    Handicap,
    Headline,
    Influence,
    Milops,
    OptionalCards,
    Reshuffle,
    ScenarioName,
    Score,
    SpaceBox,
    block_facts,
    read_blocks,
)
from cold_war_tui.records.names import Names

RoundKind = Literal["setup", "headline", "action"]
SIDES: tuple[Side, Side] = ("US", "USSR")
VP_TO_WIN = 20
MILOPS_MAX = 5
SPACE_BOXES = 8
REALIGN_PASSES = 3  # follows of a round at most, while the realigning sides come to light
SEED_TRIES = 40  # seeds tried at most for a round whose event takes a card at random


@dataclass(frozen=True, eq=False)
class Round:
    """One round of a record: the set-up, a headline phase or an action round."""

    kind: RoundKind
    turn: int
    action_round: int  # 0 for the set-up and a headline
    side: Side | None  # the phasing side; None for the set-up and a headline
    played: tuple[str, ...]  # its choice ids (docs/notation.md)
    known_hand: tuple[int, ...]  # the cards the phasing side certainly held
    opponent_hand: tuple[int, ...]  # the cards the other side plays himself later this turn
    dice: tuple[int, ...]  # the round's dice in the engine's order
    line: int  # the line of the log where the round begins
    lines: tuple[tuple[int, str], ...]  # the round's lines: (line number, text)
    problem: str | None  # why the engine could not follow the log to the round's end
    options: GameOptions
    _held: Mapping[Side, tuple[int, ...]] = field(repr=False)
    _position: Mapping[str, Any] = field(repr=False)
    _replay: Mapping[str, Any] = field(repr=False)
    _data: GameData | None = field(repr=False)

    def position(self) -> Game:
        """A new game standing just before this round (the log's board; the phasing side's
        hand `known_hand`, the other's `opponent_hand`; both `hand`s in a headline)."""
        return Game.from_scenario(dict(self._position), self.options, self._data)

    def replay(self) -> Game:
        """`position()` with the round's dice forced and `played` chosen: the board after
        the round as the engine plays it. Each hand holds only the cards this round uses,
        so that a card an event takes at random is the one the log names."""
        game = self._replay_start()
        for _ in _played(game, self.played):
            pass
        return game

    def decisions(self) -> Iterator[tuple[Game, str]]:
        """The round replayed as `replay` plays it, one decision at a time: the game at
        each decision the log answers, with the log's choice there. The game plays on
        when the caller asks for the next one: fork it to keep it."""
        yield from _played(self._replay_start(), self.played)

    def _replay_start(self) -> Game:
        """A new game at the round's start with its dice forced, as `replay` begins."""
        return Game.from_scenario(dict(self._replay), self.options, self._data)

    def hand(self, side: str) -> tuple[int, ...]:
        """The cards `side` certainly held at the start of the round (see docs/records.md)."""
        return next((cards for held, cards in self._held.items() if held == side), ())

    @property
    def card(self) -> int | None:
        """The card of an action round's play (`played[0]`), or None."""
        return play_of(self.played[0])[0] if self.kind == "action" and self.played else None

    @property
    def mode(self) -> str | None:
        """How that card was played: "event", "ops", "space" or "discard" (a trap's)."""
        return play_of(self.played[0])[1] if self.kind == "action" and self.played else None


def _played(game: Game, played: Sequence[str]) -> Iterator[tuple[Game, str]]:
    """Choose `played` in `game` while its pending decision accepts them, yielding the
    game and the choice before each."""
    for choice in played:
        if game.pending is None or not game.pending.accepts(choice):
            return
        yield game, choice
        game.choose(choice)


def play_of(choice: str) -> tuple[int | None, str | None]:
    """The card and mode of an action menu id: `play 21 ops` is (21, "ops"), `un 13` is
    UN Intervention's event (32, "event"), `discard 7` a trapped side's (7, "discard");
    (None, None) for anything else (`pass`, `cancel-cmc cuba`, text off the notation)."""
    try:
        move = parse_move(choice)
    except IllegalChoice:
        return None, None
    if isinstance(move, Play):
        return move.card, move.mode
    if isinstance(move, Un):
        return UN_INTERVENTION, "event"
    if isinstance(move, CardPick) and move.verb == "discard":
        return move.card, "discard"
    return None, None


@dataclass(frozen=True)
class GameRecord:
    """A game read from a play-site log: the options it states and its rounds in order."""

    options: GameOptions
    scenario: str  # as the log names it ("Standard")
    rounds: tuple[Round, ...]
    notes: tuple[str, ...]  # lines read with a quirk: "line N: ..."

    @property
    def us_bid(self) -> int:
        return self.options.us_bid

    @property
    def optional_cards(self) -> bool:
        return self.options.optional_cards


def read_log(text: str, data: GameData | None = None) -> GameRecord:
    """Read a play-site log; LogError (line number, excerpt) when it cannot be read."""
    if not isinstance(text, str):
        raise TypeError(f"read_log takes the log's text (str), not {type(text).__name__}")
    if data is None:
        from cold_war_tui.gamedata import load_default_data

        data = load_default_data()
    names = Names(data)
    blocks = read_blocks(text, names)
    return _Reader(data, names, blocks).record()


# -- reading ------------------------------------------------------------------------
@dataclass
class _Raw:
    """A round as the blocks give it, before the engine follows it."""

    kind: RoundKind
    turn: int
    action_round: int
    side: Side | None
    card: int | None
    line: int
    facts: list[Fact]
    empty: bool = False  # `Turn 9, US AR8: :`: a pass, if the engine gives that round
    after: list[Fact] = field(default_factory=list)  # a clean-up block's, at the turn's end
    lines: list[tuple[int, str]] = field(default_factory=list)
    index: int = 0  # its place within its turn (the headline is 0)

    def all_facts(self) -> list[Fact]:
        return [*self.facts, *self.after]

    def order(self) -> tuple[int, int, int]:
        side = 0 if self.side in (None, "USSR") else 1
        return (self.turn, self.action_round, side) if self.kind != "setup" else (0, 0, 0)


class _Reader:
    def __init__(self, data: GameData, names: Names, blocks: list[Block]) -> None:
        self.data = data
        self.names = names
        self.notes: list[str] = []
        self.raws: list[_Raw] = []
        self.handicap: Handicap | None = None
        self.scenario = "Standard"
        self.optional = False
        self._rounds_of(blocks)
        self.options = self._options()

    # -- blocks to rounds ---------------------------------------------------------
    def _rounds_of(self, blocks: list[Block]) -> None:
        for block in blocks:
            header = block.header
            facts, unread = block_facts(block, self.names)
            self.notes += [
                f"line {n}: not read (a line of a kind the reader does not know)" for n in unread
            ]
            if header.kind == "setup":
                if self.raws:
                    raise LogError(header.line, block.text[0][1], "a second set-up")
                self._setup(block, facts)
                continue
            if header.kind == "cleanup":
                self._attach(block, facts)
                continue
            kind: RoundKind = "headline" if header.kind == "headline" else "action"
            raw = _Raw(
                kind,
                header.turn,
                header.action_round,
                header.side,
                header.card,
                header.line,
                facts,
                header.empty,
                lines=list(block.text),
            )
            if raw.order() <= self.raws[-1].order():
                raise LogError(header.line, block.text[0][1], "this round is out of order")
            self.raws.append(raw)
        while self.raws[-1].empty:  # a log may end on an empty header: nothing follows
            self._attach_lines(self.raws.pop())
        turn, index = 0, 0
        for raw in self.raws[1:]:
            index = index + 1 if raw.turn == turn else 0
            turn, raw.index = raw.turn, index
        seen = [raw.card for raw in self.raws]
        seen += [getattr(fact, "card", None) for raw in self.raws for fact in raw.all_facts()]
        self.optional = self.optional or any(card in OPTIONAL_CARDS for card in seen)

    def _setup(self, block: Block, facts: list[Fact]) -> None:
        for fact in facts:
            if isinstance(fact, Handicap):
                self.handicap = fact
            elif isinstance(fact, ScenarioName):
                self.scenario = fact.name
            elif isinstance(fact, OptionalCards):
                self.optional = True
        placements = [f for f in facts if isinstance(f, Influence)]
        self.raws.append(
            _Raw(
                "setup",
                1,
                0,
                None,
                None,
                block.header.line,
                list(placements),
                lines=list(block.text),
            )
        )

    def _attach(self, block: Block, facts: list[Fact]) -> None:
        """A clean-up block belongs to the round before it."""
        last = self.raws[-1]
        last.after += facts
        last.lines += block.text

    def _attach_lines(self, raw: _Raw) -> None:
        last = self.raws[-1]
        last.after += raw.all_facts()
        last.lines += raw.lines

    def _options(self) -> GameOptions:
        bid = 0
        if self.handicap is not None:
            if self.handicap.side == "US":
                bid = self.handicap.amount
            else:
                self.notes.append(
                    f"line {self.handicap.line}: a USSR handicap; the rules here know only a US bid"
                )
        return GameOptions(us_bid=min(bid, 20), optional_cards=self.optional)

    # -- the record ---------------------------------------------------------------------
    def record(self) -> GameRecord:
        numbers = self._numbers()
        hands = self._hands()
        rounds = []
        carried = _fresh_piles()
        last = len(self.raws) - 1
        for k, raw in enumerate(self.raws):
            if k and _new_turn(self.raws[k - 1], raw):
                carried = _turn_over(carried)
            if numbers[k].reshuffled:
                carried = {**carried, "discard": []}
            held, opponent, position, replay = self._docs(raw, numbers[k], hands, carried)
            game, followed, dice, seed = self._follow(raw, replay, last == k, hands)
            if raw.empty and not followed.played:
                continue  # the engine gives that side no such round: nothing happened
            carried = _piles(game.state)
            rounds.append(
                Round(
                    kind=raw.kind,
                    turn=raw.turn,
                    action_round=raw.action_round,
                    side=raw.side,
                    played=tuple(followed.played),
                    known_hand=held.get(raw.side, ()) if raw.side else (),
                    opponent_hand=opponent,
                    dice=tuple(dice),
                    line=raw.line,
                    lines=tuple(raw.lines),
                    problem=followed.problem,
                    options=self.options,
                    _held=MappingProxyType(held),
                    _position=MappingProxyType(position),
                    _replay=MappingProxyType({**replay, "seed": seed, "forced_dice": dice}),
                    _data=self.data,
                )
            )
        return GameRecord(self.options, self.scenario, tuple(rounds), tuple(self.notes))

    def _numbers(self) -> list[_Numbers]:
        board = _Board(self.data, self.notes)
        numbers = []
        for raw in self.raws:
            if raw.kind == "setup":
                numbers.append(board.numbers(raw, reshuffled=False))
                board.apply_all(raw.facts)
                board.apply_all(raw.after, clean_up=True)
                continue
            reshuffled = board.reshuffled
            board.reshuffled = False
            if raw.turn > board.turn:
                board.end_turn(raw.turn)
            rest = raw.facts
            if raw.kind == "headline":
                first = next((i for i, f in enumerate(rest) if isinstance(f, Headline)), len(rest))
                board.apply_all(rest[:first])
                rest = rest[first:]
                reshuffled = reshuffled or board.reshuffled
                board.reshuffled = False
            numbers.append(board.numbers(raw, reshuffled))
            board.apply_all(rest)
            board.apply_all(raw.after, clean_up=True)
        return numbers

    def _hands(self) -> dict[int, TurnHands]:
        """The card flows of each turn, by turn."""
        turns: dict[int, list[_Raw]] = {}
        for raw in self.raws:
            if raw.kind != "setup":
                turns.setdefault(raw.turn, []).append(raw)
        return {
            turn: TurnHands([TurnRound(r.side, r.card, r.all_facts()) for r in raws])
            for turn, raws in turns.items()
        }

    def _docs(
        self,
        raw: _Raw,
        numbers: _Numbers,
        hands: dict[int, TurnHands],
        carried: dict[str, Any],
    ) -> tuple[dict[Side, tuple[int, ...]], tuple[int, ...], dict[str, Any], dict[str, Any]]:
        """The hands held, the opponent's later plays, the position's scenario document
        and the replay's (the round's own cards only, #108's cards on the pile)."""
        held: dict[Side, tuple[int, ...]] = {}
        opponent: tuple[int, ...] = ()
        used: dict[Side, tuple[int, ...]] = {}
        turn_hands = hands.get(raw.turn)
        if raw.kind != "setup" and turn_hands is not None:
            held = {side: turn_hands.held(side, raw.index) for side in SIDES}
            used = {side: turn_hands.used_in(side, raw.index) for side in SIDES}
            if raw.side is not None:
                opponent = turn_hands.plays_later(other(raw.side), raw.index)
        if raw.kind == "action" and raw.side is not None:
            shown = {raw.side: held[raw.side], other(raw.side): opponent}
        else:
            shown = dict(held)
        position = {**numbers.doc, **_placed(carried, shown, raw.side)}
        top = [c for c in deck_discards(raw.all_facts()) if all(c not in h for h in used.values())]
        replay = {**numbers.doc, **_placed(carried, used, raw.side, top)}
        return held, opponent, position, replay

    def _follow(
        self, raw: _Raw, replay: dict[str, Any], last: bool, hands: dict[int, TurnHands]
    ) -> tuple[Game, Followed, list[int], int]:
        """Follow the round through the engine: again while the realigning sides the
        engine reveals change the order of the dice, and, in a round with an event that
        takes a card at random, with another seed while a card the log shows leaving a
        hand is still there (the event took another)."""
        facts = raw.all_facts()
        play = RoundPlay(raw.kind, raw.side, raw.card, last)
        events = {f.card for f in facts if isinstance(f, Event)}
        bonus = _summit_bonus(self._game(replay, raw)) if SUMMIT in events else None
        turn_hands = hands.get(raw.turn)
        leaving = []
        if events & RANDOM_TAKERS and turn_hands is not None and raw.kind != "setup":
            leaving = turn_hands.leaving(raw.index)
        for seed in range(SEED_TRIES):
            dice = round_dice(facts, [], raw.side, bonus)
            for _ in range(REALIGN_PASSES):
                game = self._game({**replay, "seed": seed, "forced_dice": dice}, raw)
                followed = follow(game, facts, play)
                again = round_dice(facts, followed.realigners, raw.side, bonus)
                if again == dice:
                    break
                dice = again
            held = game.state.hands
            if all(card not in held[side] for side, card in leaving):
                break
        return game, followed, dice, seed

    def _game(self, doc: dict[str, Any], raw: _Raw) -> Game:
        """The engine's game at the round's start; a round with a play that the engine's
        turn does not hold (an action round past the turn's last) is a position it
        refuses too. An empty one (`Turn 9, US AR8: :`) is a pass the engine may skip."""
        try:
            game = Game.from_scenario(doc, self.options, self.data)
        except ScenarioError as err:
            raise LogError(raw.line, _first_text(raw), f"an impossible position: {err}") from None
        turn = game.state.turn
        if raw.kind != "setup" and not raw.empty and turn != raw.turn:
            raise LogError(
                raw.line,
                _first_text(raw),
                f"an impossible position: turn {raw.turn} has no such round"
                f" (the engine goes on to turn {turn})",
            )
        return game


def _summit_bonus(game: Game) -> dict[Side, int]:
    """Each side's #45 Summit bonus in `game`: the regions it dominates or controls."""
    bonus: dict[Side, int] = {"US": 0, "USSR": 0}
    for scores in game.region_scores().values():
        for side in SIDES:
            bonus[side] += scores[side].level in ("domination", "control")
    return bonus


def _first_text(raw: _Raw) -> str:
    return raw.lines[0][1] if raw.lines else ""


def _new_turn(before: _Raw, now: _Raw) -> bool:
    return now.kind != "setup" and (before.kind == "setup" or now.turn != before.turn)


# -- the numbers a log states --------------------------------------------------------
@dataclass(frozen=True)
class _Numbers:
    doc: dict[str, Any]  # the scenario fields of the log's numbers and the round's place
    reshuffled: bool  # the discard pile was reshuffled since the last position


class _Board:
    """The log's numbers as its lines state them, checked line by line."""

    def __init__(self, data: GameData, notes: list[str]) -> None:
        self.influence = {c.key: [c.start.us, c.start.ussr] for c in data.countries}
        self.vp = 0
        self.defcon = 5
        self.milops: dict[Side, int] = {"US": 0, "USSR": 0}
        self.space: dict[Side, int] = {"US": 0, "USSR": 0}
        self.turn = 1
        self.penalty_logged = False
        self.reshuffled = False
        self.notes = notes

    def apply_all(self, facts: Sequence[Fact], clean_up: bool = False) -> None:
        for fact in facts:
            self.apply(fact, clean_up)

    def apply(self, fact: Fact, clean_up: bool = False) -> None:
        if isinstance(fact, Influence):
            self._influence(fact)
        elif isinstance(fact, Score):
            self._score(fact)
            self.penalty_logged = self.penalty_logged or clean_up
        elif isinstance(fact, Defcon):
            self.defcon = _in_range(fact.level, 1, 5, fact.line, "DEFCON")
        elif isinstance(fact, Milops):
            self.milops[fact.side] = _in_range(fact.value, 0, MILOPS_MAX, fact.line, "military ops")
        elif isinstance(fact, SpaceBox):
            self.space[fact.side] = _in_range(fact.box, 0, SPACE_BOXES, fact.line, "space box")
        elif isinstance(fact, Reshuffle):
            self.reshuffled = True

    def _influence(self, fact: Influence) -> None:
        us, ussr = self.influence[fact.country]
        after = [us + fact.delta, ussr] if fact.side == "US" else [us, ussr + fact.delta]
        if after != [fact.us, fact.ussr]:
            raise LogError(
                fact.line,
                f"{fact.side} {fact.delta:+d} in {fact.country} [{fact.us}][{fact.ussr}]",
                f"the totals in brackets do not follow: {fact.country} stood at"
                f" US {us}, USSR {ussr}",
            )
        self.influence[fact.country] = after

    def _score(self, fact: Score) -> None:
        expected = self.vp + (fact.gain if fact.side == "US" else -fact.gain)
        if expected != fact.vp:
            self.notes.append(
                f"line {fact.line}: the score {_vp_text(fact.vp)} does not follow from"
                f" {_vp_text(self.vp)}; the log's score is kept"
            )
        self.vp = fact.vp

    def end_turn(self, turn: int) -> None:
        """The turn's end: the VP for missing military operations unless the log showed
        them (8.2.1), then the tracks of the new turn."""
        if not self.penalty_logged:
            short = {side: max(0, self.defcon - self.milops[side]) for side in SIDES}
            self.vp += short["USSR"] - short["US"]
        self.milops = {"US": 0, "USSR": 0}
        self.penalty_logged = False
        self.turn = turn

    def numbers(self, raw: _Raw, reshuffled: bool) -> _Numbers:
        if raw.kind == "setup":
            return _Numbers({"phase": "setup"}, reshuffled)
        if not -VP_TO_WIN < self.vp < VP_TO_WIN or self.defcon < 2:
            why = "20 VP" if self.defcon >= 2 else "DEFCON 1"
            raise LogError(raw.line, _first_text(raw), f"the game was already over ({why})")
        doc: dict[str, Any] = {
            "turn": raw.turn,
            "defcon": self.defcon,
            "vp": self.vp,
            "milops": dict(self.milops),
            "space": dict(self.space),
            "influence": {
                key: {"us": us, "ussr": ussr}
                for key, (us, ussr) in self.influence.items()
                if us or ussr
            },
        }
        if raw.kind == "headline":
            doc["phase"] = "headline"
        else:
            side = raw.side or "USSR"
            done = raw.action_round - 1
            doc |= {
                "phase": "action",
                "action_round": raw.action_round,
                "phasing": side,
                "rounds_taken": {"USSR": done + (side == "US"), "US": done},
            }
        return _Numbers(doc, reshuffled)


def _in_range(value: int, low: int, high: int, line: int, what: str) -> int:
    if not low <= value <= high:
        raise LogError(line, f"{what} {value}", f"{what} must be {low} to {high}")
    return value


def _vp_text(vp: int) -> str:
    return "even" if vp == 0 else f"US {vp}" if vp > 0 else f"USSR {-vp}"


# -- what the engine carries from round to round ----------------------------------
_CARRIED = (
    "effects",
    "turn_effects",
    "space_attempts",
    "discard",
    "removed",
    "in_play",
    "events_played",
)


def _fresh_piles() -> dict[str, Any]:
    return {
        "effects": {},
        "turn_effects": {},
        "space_attempts": {},
        "discard": [],
        "removed": [],
        "in_play": [],
        "events_played": [],
        "china": {"holder": "USSR", "face_up": True},
    }


def _piles(state: StateSnapshot) -> dict[str, Any]:
    """What a position takes from the engine's game after the round before it."""
    carried: dict[str, Any] = {name: getattr(state, name) for name in _CARRIED}
    carried["china"] = {"holder": state.china_holder, "face_up": state.china_face_up}
    return carried


def _turn_over(carried: dict[str, Any]) -> dict[str, Any]:
    """A new turn starts afresh on this turn's effects and space race attempts, and turns
    the China Card face up (the engine does the same when it follows the turn's end)."""
    china = {**carried["china"], "face_up": True}
    return {**carried, "turn_effects": {}, "space_attempts": {}, "china": china}


def _placed(
    carried: dict[str, Any],
    hands: Mapping[Side, Sequence[int]],
    phasing: Side | None,
    top: Sequence[int] = (),
) -> dict[str, Any]:
    """The carried piles with the hands (and a draw pile's top cards): a card the log
    shows in a hand or on the pile leaves the piles, and is held once (the phasing side's)."""
    order = [phasing, other(phasing)] if phasing else list(SIDES)
    taken: set[int] = {CHINA_CARD}
    placed_hands: dict[str, list[int]] = {}
    for side in order:
        cards = [c for c in hands.get(side, ()) if c not in taken]
        taken.update(cards)
        placed_hands[side] = cards
    draw = [c for c in top if c not in taken]
    taken.update(draw)
    doc = {
        key: [c for c in value if c not in taken] if isinstance(value, list) else value
        for key, value in carried.items()
    }
    doc["hands"] = placed_hands
    if draw:
        doc["draw"] = draw
    return doc
