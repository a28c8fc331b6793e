"""Positions: the standard start, and scenario documents that set any position (our FEN).

A scenario names only what differs from a fresh game; cards it does not place
are put where a real game would have them (see docs/scenario.md).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cold_war_tui.datamodel import GameData
from cold_war_tui.engine.board import SIDES, Board, Side
from cold_war_tui.engine.core import CHINA_CARD, tables_for
from cold_war_tui.engine.effect_keys import (
    PERSISTENT,
    THIS_TURN,
    EffectError,
    EffectKey,
    Shapes,
    checked,
)
from cold_war_tui.engine.errors import ScenarioError
from cold_war_tui.engine.options import GameOptions
from cold_war_tui.engine.rng import seed_state, shuffle
from cold_war_tui.engine.state import GameState
from cold_war_tui.untrusted import excerpt, field_problem

Phase = Literal["setup", "turn-start", "headline", "action", "turn-end"]
Count = Annotated[int, Field(ge=0)]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ScenarioInfluence(_Strict):
    us: int = Field(default=0, ge=0)
    ussr: int = Field(default=0, ge=0)


class ChinaCard(_Strict):
    holder: Side | None = "USSR"
    face_up: bool = True


class Scenario(_Strict):
    """Every field optional; absent ones take their value from a fresh game."""

    seed: int = 0
    phase: Phase = "setup"
    turn: int = Field(default=1, ge=1, le=10)
    action_round: int = Field(default=1, ge=0, le=8)
    phasing: Side = "USSR"
    defcon: int = Field(default=5, ge=2, le=5)
    vp: int = Field(default=0, gt=-20, lt=20)
    milops: dict[Side, Annotated[int, Field(ge=0, le=5)]] = Field(default_factory=dict)
    space: dict[Side, Count] = Field(default_factory=dict)
    space_attempts: dict[Side, Count] = Field(default_factory=dict)
    rounds_taken: dict[Side, Count] = Field(default_factory=dict)
    influence: dict[str, ScenarioInfluence] | None = None
    hands: dict[Side, list[int]] = Field(default_factory=dict)
    draw: list[int] | None = None  # top card first
    discard: list[int] = Field(default_factory=list)
    removed: list[int] = Field(default_factory=list)
    in_play: list[int] = Field(default_factory=list)
    china: ChinaCard = ChinaCard()
    effects: dict[str, int] = Field(default_factory=dict)
    turn_effects: dict[str, int] = Field(default_factory=dict)
    events_played: list[int] = Field(default_factory=list)
    headline: dict[Side, int] = Field(default_factory=dict)
    forced_dice: list[int] = Field(default_factory=list)


def standard_state(data: GameData, board: Board, seed: int) -> GameState:
    """A fresh game before the free placements; the deck is shuffled by `play`."""
    return scenario_state(Scenario(seed=seed), data, board, GameOptions(seed=seed))


def parse_scenario(doc: object) -> Scenario:
    """The scenario a mapping or JSON text describes; ScenarioError names the field."""
    try:
        if isinstance(doc, str | bytes):
            return Scenario.model_validate_json(doc)
        return Scenario.model_validate(doc)
    except ValidationError as err:
        raise ScenarioError(f"scenario {field_problem(err)}") from None


def scenario_state(
    scenario: Scenario, data: GameData, board: Board, options: GameOptions
) -> GameState:
    """The mutable state a scenario describes under `options`; raises ScenarioError
    when impossible."""
    if scenario.influence is None:
        influence = {side: list(board.start_influence[side]) for side in SIDES}
        if options.first_us_edition:  # optional rules: Canada starts empty
            for key, start in data.setup.first_us_edition.start_overrides.items():
                influence["US"][board.index[key]] = start.us
                influence["USSR"][board.index[key]] = start.ussr
    else:
        influence = {side: [0] * board.size for side in SIDES}
        for key, value in scenario.influence.items():
            if key not in board.index:
                raise ScenarioError(f"scenario field 'influence': unknown country {excerpt(key)}")
            influence["US"][board.index[key]] = value.us
            influence["USSR"][board.index[key]] = value.ussr
    state = GameState(influence=influence)
    state.phase = scenario.phase
    state.turn = scenario.turn
    state.action_round = scenario.action_round if scenario.phase == "action" else 0
    state.phasing = scenario.phasing
    state.defcon = scenario.defcon
    state.vp = scenario.vp
    for target, source in (
        (state.milops, scenario.milops),
        (state.space, scenario.space),
        (state.space_attempts, scenario.space_attempts),
        (state.rounds_taken, scenario.rounds_taken),
    ):
        for side, count in source.items():
            target[side] = count
    if any(v > len(data.space_race) for v in state.space.values()):
        raise ScenarioError(f"scenario field 'space': a box from 0 to {len(data.space_race)}")
    state.china_holder = scenario.china.holder
    state.china_face_up = scenario.china.face_up
    if options.chinese_civil_war:  # 12.3: the China Card waits for the Civil War's end
        state.ccw_active = True
        state.china_holder = None
    state.effects = _checked_effects("effects", scenario.effects, PERSISTENT, board)
    state.turn_effects = _checked_effects("turn_effects", scenario.turn_effects, THIS_TURN, board)
    _check_cards("events_played", scenario.events_played, data)
    state.events_played = list(scenario.events_played)
    state.forced_dice = list(scenario.forced_dice)
    if any(not 1 <= d <= 6 for d in state.forced_dice):
        raise ScenarioError("scenario field 'forced_dice': each die is 1 to 6")
    state.rng = seed_state(scenario.seed)
    if scenario.phase == "setup":
        for placement in data.setup.free_placements:
            state.setup_left[placement.side] = placement.influence
        state.bid_left = options.us_bid
    _place_cards(scenario, data, state, options.cards_out())
    return state


def _place_cards(
    scenario: Scenario, data: GameData, state: GameState, cards_out: frozenset[int]
) -> None:
    """Put every card in exactly one place: as given, else draw pile or box by period,
    or out of the game when the options leave it out."""
    piles: list[tuple[str, list[int]]] = []
    hands: dict[str, list[int]] = {str(side): cards for side, cards in scenario.hands.items()}
    for side in SIDES:
        state.hands[side] = list(hands.get(side, []))
        piles.append((f"hands.{side}", state.hands[side]))
    for side, card in scenario.headline.items():
        state.headline[side] = card
        piles.append((f"headline.{side}", [card]))
    state.discard = list(scenario.discard)
    state.removed = list(scenario.removed)
    state.in_play = list(scenario.in_play)
    given_draw = list(reversed(scenario.draw or []))  # popped from the end: top card last
    piles += [
        ("discard", state.discard),
        ("removed", state.removed),
        ("in_play", state.in_play),
        ("draw", given_draw),
    ]
    placed = _check_placed(piles, data, cards_out)
    # A period enters the deck when its first turn starts (turn-start adds it).
    turn = scenario.turn  # read once: a model's attribute costs more than a local's
    adds_now = scenario.phase in ("setup", "turn-start") and turn > 1
    current: list[int] = []
    for number, entered in tables_for(data).deck_cards:  # one pass, in the data's order
        if number in placed:
            continue
        if number in cards_out:
            state.out_of_game.append(number)
        elif entered < turn or (entered == turn and not adds_now):
            current.append(number)
        else:
            state.box.append(number)
    state.rng = shuffle(state.rng, current)
    state.draw = current + given_draw  # the unplaced cards lie under the given ones


def _check_placed(
    piles: list[tuple[str, list[int]]], data: GameData, cards_out: frozenset[int]
) -> set[int]:
    """Every card a scenario places exists, is in this game, and is placed once;
    returns the placed cards."""
    placed: set[int] = set()
    for field, cards in piles:
        _check_cards(field, cards, data)
        for card in cards:
            if card == CHINA_CARD:
                raise ScenarioError(
                    f"scenario field '{field}': the China Card is placed with `china`, "
                    "not in a pile"
                )
            if card in cards_out:
                raise ScenarioError(
                    f"scenario field '{field}': card {card} is not in a game with these options"
                )
            if card in placed:
                raise ScenarioError(f"scenario field '{field}': card {card} is placed twice")
            placed.add(card)
    return placed


def _check_cards(field: str, cards: list[int], data: GameData) -> None:
    known = tables_for(data).cards
    for card in cards:
        if card not in known:
            raise ScenarioError(f"scenario field '{field}': there is no card {excerpt(card)}")


def _checked_effects(
    field: str, effects: dict[str, int], known: dict[str, Shapes], board: Board
) -> dict[EffectKey, int]:
    """The effects of a scenario, each key one the rules define (engine/effect_keys.py)."""
    try:
        return {checked(key, known, board): value for key, value in effects.items()}
    except EffectError as err:
        raise ScenarioError(f"scenario field '{field}': {err}") from None
