"""`Game`: the engine's one public object (docs/engine.md).

A game is a generator of decisions (turn.play) driven by `choose`. Saves hold
the options, the scenario it started from, the choices, and a snapshot that
must match the replay: replaying `{options, seed, choices}` is the source of
truth, the snapshot catches tampering and engine drift.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from cold_war_tui.datamodel import GameData
from cold_war_tui.engine.board import SIDES, Board, board_for, other
from cold_war_tui.engine.core import Core, LogEntry, make_core
from cold_war_tui.engine.decisions import Decision, Outcome
from cold_war_tui.engine.errors import IllegalChoice, SaveError, ScenarioError
from cold_war_tui.engine.events import load_all
from cold_war_tui.engine.options import GameOptions
from cold_war_tui.engine.savefile import FORMAT_VERSION, read_document, validated
from cold_war_tui.engine.scenario import Scenario, parse_scenario, scenario_state
from cold_war_tui.engine.state import CountryInfluence, StateSnapshot, snapshot
from cold_war_tui.engine.turn import play
from cold_war_tui.untrusted import excerpt

# The rules a save was played under. 2: the rules fixes of issue 17 (docs/rulings.md 14, 17,
# 25, 31, 34-37). A save of older rules that replays differently is refused, saying so.
RULES_VERSION = 2
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


class Game:
    """One game of the card game: ask `pending`, answer with `choose`."""

    def __init__(self, core: Core, origin: Scenario | None) -> None:
        self._core = core
        self._origin = origin
        self._choices: list[str] = []
        self._outcome: Outcome | None = None
        self._flow = play(core)
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
        core = make_core(data, board, options, state)
        core.log("", f"new game, seed {scenario.seed}; {options.summary()}")
        return cls(core, origin)

    # -- playing --------------------------------------------------------------------
    def _advance(self, choice: str | None) -> Decision | None:
        try:
            return next(self._flow) if choice is None else self._flow.send(choice)
        except StopIteration as stop:
            self._outcome = stop.value
            return None

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for; None once it is over."""
        return self._pending

    def choose(self, choice_id: str) -> None:
        """Answer the pending decision. An id it does not list raises IllegalChoice."""
        pending = self._pending
        if pending is None:
            raise IllegalChoice("the game is over")
        if type(choice_id) is not str:  # not even a str subclass: its == could accept anything
            raise IllegalChoice(f"a choice id is a str, not {type(choice_id).__name__}")
        if not pending.accepts(choice_id):
            raise IllegalChoice(pending.why_not(choice_id))
        self._choices.append(choice_id)
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
        if expected != game.state:
            raise _replay_error(doc, "the saved state does not match its replay")
        return game

    def rewind(self, count: int) -> Game:
        """The same game with its last `count` choices undone (replayed from the start);
        more than were made goes back to the start."""
        if type(count) is not int:
            raise TypeError(f"rewind takes a whole number of choices, not {type(count).__name__}")
        if count < 0:
            raise ValueError(f"rewind takes 0 or more choices, not {count}")
        keep = self._choices[: max(0, len(self._choices) - count)]
        if self._origin is None:
            game = Game.new(self.options, self.data)
        else:
            game = Game.from_scenario(self._origin.model_dump(), self.options, self.data)
        for choice in keep:
            game.choose(choice)
        return game


def _checked_options(options: object) -> GameOptions | None:
    """A caller's wrong argument fails here, with its name, not deep inside the rules."""
    if options is None or isinstance(options, GameOptions):
        return options
    raise TypeError(f"options must be GameOptions or None, not {type(options).__name__}")


def _replay_error(doc: dict[str, Any], why: str) -> SaveError:
    """A save that replays differently: made under older rules, or edited or damaged."""
    rules = doc.get("rules", 1)
    if type(rules) is int and rules < RULES_VERSION:
        return SaveError(
            f"saved under older rules (version {rules}; this program plays version"
            f" {RULES_VERSION}, see docs/rulings.md) and the game replays differently: {why}"
        )
    return SaveError(f"{why} (edited or damaged save)")


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
