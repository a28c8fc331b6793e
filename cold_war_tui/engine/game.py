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
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from cold_war_tui.datamodel import GameData
from cold_war_tui.engine.board import SIDES, Board, board_for, other
from cold_war_tui.engine.core import Core, LogEntry, make_core
from cold_war_tui.engine.decisions import Decision, Outcome
from cold_war_tui.engine.errors import IllegalChoice, SaveError
from cold_war_tui.engine.events import load_all
from cold_war_tui.engine.options import GameOptions
from cold_war_tui.engine.scenario import Scenario, parse_scenario, scenario_state
from cold_war_tui.engine.state import (
    CountryInfluence,
    FrozenState,
    StateSnapshot,
    freeze,
    snapshot,
    thaw,
)
from cold_war_tui.engine.turn import play

FORMAT_VERSION = 1
# Choices between checkpoints, at least: a fork replays fewer than this many plus the
# rest of an action round, and a game pays for a checkpoint every few decisions.
CHECKPOINT_SPACING = 4
load_all()


def _default_data() -> GameData:
    """The shipped game data. The engine reads no files: the data layer does, once."""
    from cold_war_tui.gamedata import load_default_data

    return load_default_data()


class PlayerView(BaseModel):
    """What one player may know: public facts, his own hand, what was revealed to him."""

    model_config = ConfigDict(frozen=True)

    player: str
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
    opponent_hand_size: int
    opponent_known_cards: list[int]
    draw_pile_size: int
    discard: list[int]
    removed: list[int]
    in_play: list[int]
    effects: dict[str, int]
    turn_effects: dict[str, int]
    events_played: list[int]


class Checkpoint(NamedTuple):
    """A copy of the state where the flow is shallow, and how far the game was then.

    Shared by a game and its forks and never changed: restoring one copies its state.
    """

    choices: int  # the choices made before it
    state: FrozenState
    log_length: int


class Game:
    """One game of the card game: ask `pending`, answer with `choose`."""

    def __init__(self, core: Core, origin: Scenario | None) -> None:
        self._core = core
        self._origin = origin
        self._choices: list[str] = []
        self._outcome: Outcome | None = None
        self._checkpoints = [Checkpoint(0, freeze(core.state), len(core.log_entries))]
        self._start()

    def _start(self) -> None:
        """Run the flow from the state's phase to the first decision."""
        self._flow = play(self._core)
        self._pending = self._advance(None)

    # -- construction -----------------------------------------------------------
    @classmethod
    def new(cls, options: GameOptions | None = None, data: GameData | None = None) -> Game:
        """A fresh game from the standard set-up, shuffled by `options.seed`."""
        options = options or GameOptions()
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
        options = options or GameOptions(seed=scenario.seed)
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
        core = make_core(data, board, options, state)
        core.log("", f"new game, seed {scenario.seed}; {options.summary()}")
        return cls(core, origin)

    # -- playing --------------------------------------------------------------------
    def _advance(self, choice: str | None) -> Decision | None:
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
            self._checkpoints.append(Checkpoint(len(self._choices), *taken))
        return pending

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for; None once it is over."""
        return self._pending

    def choose(self, choice_id: str) -> None:
        """Answer the pending decision. An id it does not list raises IllegalChoice."""
        pending = self._pending
        if pending is None:
            raise IllegalChoice("the game is over")
        if not pending.accepts(choice_id):
            raise IllegalChoice(pending.why_not(choice_id))
        choices = self._choices
        choices.append(choice_id)
        if len(choices) - self._checkpoints[-1].choices >= CHECKPOINT_SPACING:
            self._core.checkpoint_due = True
        self._pending = self._advance(choice_id)

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
        """Every choice made so far, in order (what a save replays)."""
        return list(self._choices)

    @property
    def options(self) -> GameOptions:
        return self._core.options

    @property
    def data(self) -> GameData:
        return self._core.data

    @property
    def board(self) -> Board:
        return self._core.board

    def view(self, player: str) -> PlayerView:
        """What `player` may know: never the opponent's hand or the deck order."""
        if player not in SIDES:
            raise ValueError(f"player must be 'US' or 'USSR', not {player!r}")
        s = snapshot(self._core.state, self._core.board)
        opponent = other(player)
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
            opponent_hand_size=len(s.hands[opponent]),
            opponent_known_cards=known_cards(s, opponent),
            draw_pile_size=len(s.draw),
            discard=s.discard,
            removed=s.removed,
            in_play=s.in_play,
            effects=s.effects,
            turn_effects=s.turn_effects,
            events_played=s.events_played,
        )

    # -- saving -------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save document: format, options, origin, choices and a state snapshot."""
        doc = {
            "format": FORMAT_VERSION,
            "options": self.options.model_dump(mode="json"),
            "scenario": None if self._origin is None else self._origin.model_dump(mode="json"),
            "choices": self._choices,
            "snapshot": self.state.model_dump(mode="json"),
        }
        return json.dumps(doc, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, data: GameData | None = None) -> Game:
        """Replay a save; raises SaveError naming the problem (the text is not changed)."""
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise SaveError(f"not a saved game (invalid JSON: {err})") from None
        if not isinstance(doc, dict):
            raise SaveError("not a saved game (expected a JSON object)")
        version = doc.get("format")
        if not isinstance(version, int):
            raise SaveError("not a saved game (no format version)")
        if version > FORMAT_VERSION:
            raise SaveError(
                f"saved by a newer version (format {version}; this program reads {FORMAT_VERSION})"
            )
        try:
            options = GameOptions.model_validate(doc.get("options", {}))
            origin = doc.get("scenario")
            if origin is None:
                game = cls.new(options, data)
            else:
                game = cls.from_scenario(origin, options, data)
            choices = doc.get("choices")
            if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
                raise SaveError("the save's choices are not a list of strings")
            for n, choice in enumerate(choices, 1):
                try:
                    game.choose(choice)
                except IllegalChoice as err:
                    raise SaveError(f"choice {n} ('{choice}') does not replay: {err}") from None
            expected = StateSnapshot.model_validate(doc.get("snapshot"))
        except SaveError:
            raise
        except ValueError as err:
            raise SaveError(f"the save is damaged: {err}") from None
        if expected != game.state:
            raise SaveError("the saved state does not match its replay (edited or damaged save)")
        return game

    # -- copies ---------------------------------------------------------------------
    def fork(self) -> Game:
        """An independent copy with the same future: the same choices give the same dice,
        draws and states, and nothing done to one touches the other."""
        return self._replayed(len(self._choices))

    def rewind(self, count: int) -> Game:
        """The same game with its last `count` choices undone."""
        return self._replayed(max(0, len(self._choices) - count))

    def _replayed(self, target: int) -> Game:
        """The game as it stood after `target` choices: the latest checkpoint at or before
        them, restored into a new core and flow, then the choices made since, replayed."""
        checkpoints = self._checkpoints
        last = bisect_right(checkpoints, target, key=_choices_made) - 1
        point = checkpoints[last]
        core = make_core(self.data, self.board, self.options, thaw(point.state))
        core.log_entries = self._core.log_entries[: point.log_length]
        game = Game.__new__(Game)
        game._core = core
        game._origin = self._origin
        game._choices = self._choices[: point.choices]
        game._outcome = None
        game._checkpoints = checkpoints[: last + 1]
        game._start()
        for choice in self._choices[point.choices : target]:
            game.choose(choice)
        return game


def _choices_made(point: Checkpoint) -> int:
    return point.choices


def known_cards(state: StateSnapshot, holder: str) -> list[int]:
    """Cards of `holder`'s hand (or headline) the other side has seen and that are still there.

    A turn effect `open-hand:SIDE` (#98 Aldrich Ames Remix) shows the whole hand.
    """
    held = set(state.hands[holder])
    headline = state.headline[holder]
    if headline is not None:
        held.add(headline)
    if state.turn_effects.get(f"open-hand:{holder}"):
        return sorted(state.hands[holder])
    return sorted(set(state.known[holder]) & held)
