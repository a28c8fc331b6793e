"""`Game`: the engine's one public object (docs/engine.md).

A game is a generator of decisions (turn.play) driven by `choose`. Saves hold
the options, the scenario it started from, the choices, and a snapshot that
must match the replay: replaying `{options, seed, choices}` is the source of
truth, the snapshot catches tampering and engine drift.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from pydantic import BaseModel, ConfigDict

from cold_war_tui.datamodel import GameData
from cold_war_tui.engine import odds, operations
from cold_war_tui.engine.board import US, USSR, Board, Side, board_for, other
from cold_war_tui.engine.cache_check import check_caches, check_memos
from cold_war_tui.engine.core import Core, LogEntry, make_core
from cold_war_tui.engine.decisions import Decision, DecisionKind, Outcome
from cold_war_tui.engine.determinize import (
    Plan,
    headline_secret,
    known_cards,
    named_cards,
    plan,
    relabel,
    settle,
)
from cold_war_tui.engine.effect_keys import PERSISTENT, THIS_TURN, EffectError, checked
from cold_war_tui.engine.errors import IllegalChoice, SaveError, ScenarioError
from cold_war_tui.engine.events.registry import RULEBOOK
from cold_war_tui.engine.moves import MOVE_TYPES, Move, parse_move, with_cards
from cold_war_tui.engine.odds import CoupOdds, RealignOdds, SpaceOdds
from cold_war_tui.engine.options import GameOptions
from cold_war_tui.engine.rng import seed_state
from cold_war_tui.engine.savefile import FORMAT_VERSION, read_document, validated
from cold_war_tui.engine.scenario import Scenario, parse_scenario, scenario_state
from cold_war_tui.engine.scoring import SideScore, region_score
from cold_war_tui.engine.state import (
    CountryInfluence,
    FrozenState,
    StateSnapshot,
    freeze,
    snapshot,
    thaw,
)
from cold_war_tui.engine.turn import play, rounds_for
from cold_war_tui.untrusted import excerpt

# The rules a save was played under. 2: the rules fixes of issue 17 (docs/rulings.md 14, 17,
# 25, 31, 34-37); 3: the rules audit of 23 November 2026 (rulings 10, 38-41; #103's log, 8.1.6
# on turn 1). A save of older rules that replays differently is refused, saying so.
RULES_VERSION = 3
# Deals drawn before `determinize` gives up when the opponent decides (_redealt_earlier).
REDEAL_ATTEMPTS = 30
# Choices between checkpoints, at least: a fork replays fewer than this many plus the
# rest of an action round, and a game pays for a checkpoint every few decisions.
CHECKPOINT_SPACING = 4


def _default_data() -> GameData:
    """The shipped game data. The engine reads no files: the data layer does, once."""
    from cold_war_tui.gamedata import load_default_data

    return load_default_data()


class PlayerView(BaseModel):
    """What one player may know: public facts, his own hand, what was revealed to him."""

    model_config = ConfigDict(frozen=True)

    player: Side
    turn: int
    phase: str
    action_round: int
    phasing: str
    defcon: int
    vp: int
    influence: dict[str, CountryInfluence]
    milops: dict[str, int]
    space: dict[str, int]
    china_holder: str | None
    china_face_up: bool
    hand: list[int]
    own_headline: int | None
    opponent_headline: int | None  # once revealed (or shown first: 6.4.4)
    opponent_hand_size: int
    opponent_known_cards: list[int]
    draw_pile_size: int
    discard: list[int]
    removed: list[int]
    in_play: list[int]
    effects: dict[str, int]
    turn_effects: dict[str, int]
    events_played: list[int]


class Asked(NamedTuple):
    """A decision put to a player as he saw it: what it asked (`kind`), the ids of its
    legal choices, and his answer (None while it waits)."""

    kind: DecisionKind
    choices: tuple[str, ...]
    chosen: str | None


class Observations(NamedTuple):
    """Everything one player has observed of a game, in a form programs compare: his view
    now and every decision he was asked. No text for people (prompts, labels, the log)
    is part of it, so rewording them changes nothing that reads it."""

    player: Side
    view: PlayerView
    asked: tuple[Asked, ...]


class Checkpoint(NamedTuple):
    """A copy of the state where the flow is shallow, and how far the game was then.

    Shared by a game and its forks and never changed: restoring one copies its state.
    """

    choices: int  # the choices made before it
    state: FrozenState
    log_length: int


class Redeal(NamedTuple):
    """A step of a determinization, made once the game has made `choices` choices (its
    flow waiting at the next decision): cards moved (`determinize.relabel`), then, with
    `rng`, the end of the redeal (`determinize.settle`). Never changed once made."""

    choices: int
    moved: Mapping[int, int]
    rng: int | None


class Game:
    """One game of the card game: ask `pending`, answer with `choose`."""

    # Debug mode (tests; off by default): after each choice, recompute every cached value
    # from scratch and compare (engine/cache_check.py); a stale one raises CacheMismatch.
    check_caches: ClassVar[bool] = False

    def __init__(self, core: Core, origin: Scenario | None) -> None:
        self._core = core
        self._origin = origin
        self._choices: list[str] = []
        self._asked: list[Decision] = []  # the decision each choice answered
        self._outcome: Outcome | None = None
        self._checkpoints = [Checkpoint(0, freeze(core.state), len(core.log_entries))]
        # A determinized game: the redeals made on the way, and how many of its choices
        # are not its own (the route to where it was made, which may hold secrets).
        self._redeals: tuple[Redeal, ...] = ()
        self._private_choices = 0
        self._determinized_for: Side | None = None
        self._start()

    def _start(self) -> None:
        """Run the flow from the state's phase to the first decision."""
        self._flow = play(self._core)
        self._pending = self._advance(None)

    # -- construction -----------------------------------------------------------
    @classmethod
    def new(cls, options: GameOptions | None = None, data: GameData | None = None) -> Game:
        """A fresh game from the standard set-up, shuffled by `options.seed`."""
        options = _checked_options(options) or GameOptions()
        return cls._build(Scenario(seed=options.seed), options, data, origin=None)

    @classmethod
    def from_scenario(
        cls,
        doc: Mapping[str, Any] | str,
        options: GameOptions | None = None,
        data: GameData | None = None,
    ) -> Game:
        """Any position (docs/scenario.md); `doc` is a mapping or JSON text."""
        scenario = parse_scenario(doc)
        options = _checked_options(options) or GameOptions(seed=scenario.seed)
        return cls._build(scenario, options, data, origin=scenario)

    @classmethod
    def _build(
        cls,
        scenario: Scenario,
        options: GameOptions,
        data: GameData | None,
        origin: Scenario | None,
    ) -> Game:
        data = data or _default_data()
        board = board_for(data)
        state = scenario_state(scenario, data, board, options)
        core = make_core(data, board, options, state, RULEBOOK)
        core.log("", f"new game, seed {scenario.seed}; {options.summary()}")
        return cls(core, origin)

    # -- playing --------------------------------------------------------------------
    def _advance(self, choice: Move | None) -> Decision | None:
        """Run the flow to its next decision, and file the checkpoint it passed, if any."""
        try:
            pending = next(self._flow) if choice is None else self._flow.send(choice)
        except StopIteration as stop:
            self._outcome = stop.value
            pending = None
        core = self._core
        taken = core.checkpoint_taken
        if taken is not None:
            core.checkpoint_taken = None
            made = len(self._choices)
            if self._checkpoints[-1].choices != made:  # else: the one it was restored from
                self._checkpoints.append(Checkpoint(made, *taken))
        return pending

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for; None once it is over."""
        return self._pending

    def choose(self, choice: str | Move) -> None:
        """Answer the pending decision with a choice id or a move (engine/moves.py).
        One it does not list raises IllegalChoice."""
        pending = self._pending
        if pending is None:
            raise IllegalChoice("the game is over")
        # Exactly a str (a subclass's == could accept anything), or a move of the grammar.
        move: Move | None = None
        if type(choice) is str:
            choice_id = choice
        elif isinstance(choice, MOVE_TYPES):
            move, choice_id = choice, choice.notation
        else:
            raise IllegalChoice(f"a choice is a str id or a move, not {type(choice).__name__}")
        if not pending.accepts(choice_id):
            raise IllegalChoice(pending.why_not(choice_id))
        if move is None:
            move = parse_move(choice_id)
        choices = self._choices
        choices.append(choice_id)
        self._asked.append(pending)
        if len(choices) - self._checkpoints[-1].choices >= CHECKPOINT_SPACING:
            self._core.checkpoint_due = True
        self._pending = self._advance(move)
        if self.check_caches:
            check_caches(self._core)
            if self._pending is None:
                check_memos(self._core)

    # -- reading ------------------------------------------------------------------------
    @property
    def state(self) -> StateSnapshot:
        """A read-only copy of the whole state (including hidden information)."""
        return snapshot(self._core.state, self._core.board)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def log(self) -> list[LogEntry]:
        return list(self._core.log_entries)

    @property
    def choices(self) -> list[str]:
        """Every choice made so far, in order (what a save replays); in a determinized
        game, only those made since it was determinized."""
        return self._choices[self._private_choices :]

    @property
    def options(self) -> GameOptions:
        return self._core.options

    @property
    def data(self) -> GameData:
        return self._core.data

    @property
    def board(self) -> Board:
        return self._core.board

    def observations(self, player: str) -> Observations:
        """What `player` has observed: his view and every decision he was asked, the
        pending one included. In a determinized game, the decisions before it was made
        are those of the player it was made for only (the rest of its route is secret)."""
        player = _side(player)
        start = 0 if player == self._determinized_for else self._private_choices
        return self._observations(player, start)

    def _observations(self, player: Side, start: int) -> Observations:
        """`player`'s observations from the `start`-th choice on (0: the whole game, the
        route of a determinized game included, for a redeal to show him the same)."""
        asked = [
            Asked(decision.kind, tuple(c.id for c in decision.choices), chosen)
            for decision, chosen in zip(self._asked[start:], self._choices[start:], strict=True)
            if decision.player == player
        ]
        pending = self._pending
        if pending is not None and pending.player == player:
            asked.append(Asked(pending.kind, tuple(c.id for c in pending.choices), None))
        return Observations(player, self.view(player), tuple(asked))

    def view(self, player: str) -> PlayerView:
        """What `player` may know: never the opponent's hand or the deck order."""
        player = _side(player)
        state = self._core.state
        s = snapshot(state, self._core.board)
        opponent = other(player)
        revealed = s.headline[opponent]
        if headline_secret(self._pending) and revealed not in s.known[opponent]:
            revealed = None
        return PlayerView(
            player=player,
            turn=s.turn,
            phase=s.phase,
            action_round=s.action_round,
            phasing=s.phasing,
            defcon=s.defcon,
            vp=s.vp,
            influence=s.influence,
            milops=s.milops,
            space=s.space,
            china_holder=s.china_holder,
            china_face_up=s.china_face_up,
            hand=sorted(s.hands[player]),
            own_headline=s.headline[player],
            opponent_headline=revealed,
            opponent_hand_size=len(s.hands[opponent]),
            opponent_known_cards=known_cards(state, opponent),
            draw_pile_size=len(s.draw),
            discard=s.discard,
            removed=s.removed,
            in_play=s.in_play,
            effects=s.effects,
            turn_effects=s.turn_effects,
            events_played=s.events_played,
        )

    # -- public facts: what the rules say about the position, for a UI or a bot ---------
    def region_scores(self) -> dict[str, dict[str, SideScore]]:
        """What scoring each region now would give each side (10.x), in board order."""
        core = self._core
        return {
            region: {side: score for side, score in region_score(core, region).items()}
            for region in core.board.region_order
        }

    def ops_value(self, card: int, side: str) -> int:
        """`card`'s operations points for `side` now, after this turn's modifiers."""
        core = self._core
        if card not in core.tables.card_ops:
            raise ValueError(f"no card #{card} in this game's data")
        return operations.ops_value(core, card, _side(side))

    def action_rounds(self, side: str) -> int:
        """`side`'s action rounds this turn, with an extra one (space box 8, #86)."""
        return rounds_for(self._core, _side(side))

    def rounds_left(self, side: str) -> int:
        """`side`'s action rounds this turn not yet over (the one he is playing counts)."""
        return max(0, self.action_rounds(side) - self._core.state.rounds_taken[_side(side)])

    def may_discard_at_turn_end(self, side: str) -> bool:
        """`side` may discard one held card at turn end (space box 6, 6.4.4)."""
        return operations.holds_space_bonus(self._core, _side(side), 6)

    def control(self) -> dict[str, str | None]:
        """Who controls each country, by key: "US", "USSR" or None."""
        core = self._core
        keys = core.board.keys
        return {keys[c]: core.controller(c) for c in range(core.board.ccw)}

    def closed_regions(self) -> list[str]:
        """The regions (keys) closed to coups and realignment at this DEFCON (8.1.5)."""
        core = self._core
        return list(core.tables.closed_regions[core.state.defcon])

    # -- the odds of a roll before it is made (engine/odds.py) ---------------------------
    def coup_odds(self, country: str) -> CoupOdds:
        """A coup in `country` (a key) by the pending operation's player, with its ops and
        their area bonus there (6.3.2); ValueError when no operation is pending."""
        pending = self._pending
        if pending is None or "ops" not in pending.context:
            raise ValueError("no operation is pending")
        core = self._core
        where = _country(core, country)
        budget = operations.Budget(pending.context["ops"], pending.context.get("bonuses", ()))
        return odds.coup_odds(core, pending.player, where, budget.available_in(core, where))

    def realign_odds(self, country: str, side: str) -> RealignOdds:
        """A realignment roll by `side` in `country` (a key) now (6.2.2)."""
        return odds.realign_odds(self._core, _side(side), _country(self._core, country))

    def space_odds(self, side: str) -> SpaceOdds | None:
        """`side`'s next space race box and the roll it needs (6.4.1); None past the last."""
        return odds.space_odds(self._core, _side(side))

    # -- saving -------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save document: format, options, origin, choices and a state snapshot.

        A determinized game is a hypothesis, not a game that happened: ValueError.
        """
        if self._redeals:
            raise ValueError("a determinized game cannot be saved: it is a hypothesis")
        doc = {
            "format": FORMAT_VERSION,
            "rules": RULES_VERSION,
            "options": self.options.model_dump(mode="json"),
            "scenario": None if self._origin is None else self._origin.model_dump(mode="json"),
            "choices": self._choices,
            "snapshot": self.state.model_dump(mode="json"),
        }
        return json.dumps(doc, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, data: GameData | None = None) -> Game:
        """Replay a save; raises SaveError naming the problem (the text is not changed)."""
        doc = read_document(text)
        options = validated(GameOptions, doc.get("options", {}), "options")
        choices = doc.get("choices")
        if not isinstance(choices, list) or not all(type(c) is str for c in choices):
            raise SaveError("the save's choices are not a list of strings")
        origin = doc.get("scenario")
        try:
            if origin is None:
                game = cls.new(options, data)
            else:
                game = cls.from_scenario(origin, options, data)
        except ScenarioError as err:
            raise SaveError(f"the save's scenario: {err}") from None
        for n, choice in enumerate(choices, 1):
            try:
                game.choose(choice)
            except IllegalChoice as err:
                why = f"choice {n} ({excerpt(choice)}) does not replay: {err}"
                raise _replay_error(doc, why) from None
        expected = validated(StateSnapshot, doc.get("snapshot"), "snapshot")
        _check_saved_effects(expected, game._core.board)
        if expected != game.state:
            raise _replay_error(doc, "the saved state does not match its replay")
        return game

    # -- copies ---------------------------------------------------------------------
    def fork(self) -> Game:
        """An independent copy with the same future: the same choices give the same dice,
        draws and states, and nothing done to one touches the other."""
        copy = self._replayed(len(self._choices))
        if not self._core.keeps_checkpoints:
            self._adopt_checkpoints(copy)
        return copy

    def rewind(self, count: int) -> Game:
        """The same game with its last `count` choices undone. A determinized game
        cannot go back past the point it was determinized (ValueError). More than were
        made goes back to the start."""
        if type(count) is not int:
            raise TypeError(f"rewind takes a whole number of choices, not {type(count).__name__}")
        if count < 0:
            raise ValueError(f"rewind takes 0 or more choices, not {count}")
        target = max(0, len(self._choices) - count)
        if target < self._private_choices:
            raise ValueError("a determinized game cannot be rewound past its determinization")
        return self._replayed(target)  # a copy: it keeps checkpoints, this game need not

    def determinize(self, player: str, seed: int) -> Game:
        """A fork consistent with what `player` knows and nothing more (docs/engine.md).

        The cards `player` cannot see (the opponent's hand but for the cards `player`
        has seen there, a secret headline, the draw pile) are dealt again at random,
        and the generator is reseeded: both from `seed` alone.
        """
        player = _side(player)
        self._keep_checkpoints()
        pending = self._pending
        planned = plan(self._core.state, player, pending, seed_state(seed))
        made = len(self._choices)
        if pending is not None and named_cards(pending) & planned.moved.keys():
            game = self._redealt_earlier(player, planned)
        else:  # nothing waiting for an answer holds a card that moves
            game = self.fork()
            game._redeals = (*game._redeals, Redeal(made, planned.moved, planned.rng))
            game._redo(game._redeals[-1])
        game._private_choices = made
        game._determinized_for = player
        return game

    def _redealt_earlier(self, player: Side, planned: Plan) -> Game:
        """Determinize while the opponent decides with cards hidden from `player` in hand.

        His pending decision lists those cards, so the cards move earlier: at the latest
        decision of `player` since the last checkpoint (where no rules procedure holds a
        card hidden from him), or in the checkpoint itself. The choices made since are
        replayed, with the cards they name moved alike, and must show `player` what the
        true game showed him; a deal that does not (a random card taken from the hand,
        an event asking for a card of 3+ ops) is drawn again, up to REDEAL_ATTEMPTS times.
        """
        made = len(self._choices)
        point = self._checkpoints[bisect_right(self._checkpoints, made, key=_choices_made) - 1]
        since = [r.choices for r in self._redeals if r.choices >= point.choices]
        earliest = max([point.choices, *since])
        probe = self._replayed(earliest)
        at = None
        for count in range(earliest, made):
            if probe._pending is not None and probe._pending.player == player:
                at = count
            probe.choose(self._choices[count])
        if at is None and since:
            raise ValueError(_CANNOT_REDEAL)  # a redeal since the checkpoint is in the way
        seen = self._observations(player, 0)
        for _ in range(REDEAL_ATTEMPTS):
            game = self._moved_at(planned.moved, point if at is None else at)
            if game is not None and game._observations(player, 0) == seen:
                game._redeals = (*game._redeals, Redeal(made, {}, planned.rng))
                game._redo(game._redeals[-1])
                return game
            planned = plan(self._core.state, player, self._pending, planned.rng)
        raise ValueError(_CANNOT_REDEAL)

    def _moved_at(self, moved: Mapping[int, int], at: int | Checkpoint) -> Game | None:
        """This game replayed with the cards moved after `at` choices (or in the checkpoint
        `at`), and the choices made since naming them alike; None when one is refused."""
        if isinstance(at, Checkpoint):
            state = thaw(at.state)
            relabel(state, moved)
            start = at._replace(state=freeze(state))
            game = Game.__new__(Game)
            self._restore(game, start, [start], ())
        else:
            game = self._replayed(at)
            game._redeals = (*game._redeals, Redeal(at, moved, None))
            game._redo(game._redeals[-1])
        try:
            for choice in self._choices[len(game._choices) :]:
                game.choose(with_cards(parse_move(choice), moved))
        except IllegalChoice:
            return None
        return game

    def _keep_checkpoints(self) -> None:
        """Take checkpoints from now on, and those this game passed without taking them."""
        if not self._core.keeps_checkpoints:
            self._adopt_checkpoints(self._replayed(len(self._choices)))

    def _adopt_checkpoints(self, copy: Game) -> None:
        """Take the checkpoints of `copy`, a replay of this whole game, and take them from
        now on.

        A new game takes none (but its start) until it is first copied, so one that
        never is (played by bots that do not search, replayed from a save) pays nothing
        for copies. A copy keeps them from the start: it is a replay from the latest
        checkpoint, and the same choices reach the same shallow points, so its
        checkpoints are the ones this game passed."""
        core = self._core
        self._checkpoints = list(copy._checkpoints)  # each game files its own from here
        core.checkpoint_due = copy._core.checkpoint_due
        core.keeps_checkpoints = True

    def _redo(self, step: Redeal) -> None:
        state = self._core.state
        if step.moved:
            relabel(state, step.moved)
        if step.rng is not None:
            settle(state, step.rng)

    def _replayed(self, target: int) -> Game:
        """The game as it stood after `target` choices: the latest checkpoint at or before
        them, restored into a new core and flow, then the choices made since replayed
        (and the redeals of a determinized game made again where they were made)."""
        checkpoints = self._checkpoints
        last = bisect_right(checkpoints, target, key=_choices_made) - 1
        point = checkpoints[last]
        game = Game.__new__(Game)
        redeals = tuple(r for r in self._redeals if r.choices <= target)
        self._restore(game, point, checkpoints[: last + 1], redeals)
        due = [r for r in redeals if r.choices >= point.choices]
        for made in range(point.choices, target + 1):
            while due and due[0].choices == made:
                game._redo(due.pop(0))
            if made < target:
                game.choose(self._choices[made])
        game._private_choices = self._private_choices if redeals else 0
        game._determinized_for = self._determinized_for if redeals else None
        return game

    def _restore(
        self,
        game: Game,
        point: Checkpoint,
        checkpoints: list[Checkpoint],
        redeals: tuple[Redeal, ...],
    ) -> None:
        """Make `game` this game as it stood at checkpoint `point`, its flow started."""
        core = make_core(self.data, self.board, self.options, thaw(point.state), RULEBOOK)
        core.keeps_checkpoints = True  # a copy: it may well be copied in turn
        core.log_entries = self._core.log_entries[: point.log_length]
        game._core = core
        game._origin = self._origin
        game._choices = self._choices[: point.choices]
        game._asked = self._asked[: point.choices]
        game._outcome = None
        game._checkpoints = checkpoints
        game._redeals = redeals
        game._private_choices = 0
        game._determinized_for = None
        game._start()


def _checked_options(options: object) -> GameOptions | None:
    """A caller's wrong argument fails here, with its name, not deep inside the rules."""
    if options is None or isinstance(options, GameOptions):
        return options
    raise TypeError(f"options must be GameOptions or None, not {type(options).__name__}")


def _check_saved_effects(saved: StateSnapshot, board: Board) -> None:
    """A snapshot naming an effect the rules do not define is refused by name, not merely
    as a state that does not replay (engine/effect_keys.py)."""
    for field, known in (("effects", PERSISTENT), ("turn_effects", THIS_TURN)):
        for key in getattr(saved, field):
            try:
                checked(key, known, board)
            except EffectError as err:
                raise SaveError(f"the save is damaged: field 'snapshot.{field}': {err}") from None


def _replay_error(doc: dict[str, Any], why: str) -> SaveError:
    """A save that replays differently: made under older rules, or edited or damaged."""
    rules = doc.get("rules", 1)
    if type(rules) is int and rules < RULES_VERSION:
        return SaveError(
            f"saved under older rules (version {rules}; this program plays version"
            f" {RULES_VERSION}, see docs/rulings.md) and the game replays differently: {why}"
        )
    return SaveError(f"{why} (edited or damaged save)")


def _side(side: str) -> Side:
    """`side` as a Side; a ValueError naming it when it is neither."""
    if side == US:
        return US
    if side == USSR:
        return USSR
    raise ValueError(f"side must be 'US' or 'USSR', not {side!r}")


def _country(core: Core, key: str) -> int:
    """The index of country `key`; a ValueError naming it when there is none."""
    index = core.board.index.get(key) if isinstance(key, str) else None
    if index is None:
        raise ValueError(f"no country {excerpt(key)} on this map")
    return index


def _choices_made(point: Checkpoint) -> int:
    return point.choices


_CANNOT_REDEAL = (
    "the cards hidden from this player cannot be dealt again here: the opponent's "
    "pending decision holds some of them (try at the player's own decision)"
)
