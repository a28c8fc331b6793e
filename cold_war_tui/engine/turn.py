"""The sequence of play: setup, then ten turns of headline and action rounds.

`play` is the whole game as one generator of decisions. It starts from
whatever phase the state names, so a scenario can open at any phase boundary.
"""

from __future__ import annotations

from collections.abc import Iterable

from cold_war_tui.engine import effect_keys
from cold_war_tui.engine import operations as ops
from cold_war_tui.engine.board import SIDES, US, USSR, Side, other
from cold_war_tui.engine.core import CHINA_CARD, HAND, HEADLINE, Core
from cold_war_tui.engine.decisions import (
    Choice,
    DecisionKind,
    Flow,
    GameOver,
    Outcome,
    Unavailable,
    ask,
)
from cold_war_tui.engine.events import (
    event_blocked,
)
from cold_war_tui.engine.hooks import MenuAction
from cold_war_tui.engine.moves import KEEP, PASS, CardPick, Headline, Move, Play, Target, expect
from cold_war_tui.engine.plays import card_plays, play_card, play_event, put_in_play
from cold_war_tui.engine.scoring import final_scoring
from cold_war_tui.wording import plural


def play(core: Core) -> Flow[Outcome]:
    """Run the game from the current phase to its end; returns the outcome."""
    try:
        state = core.state
        if state.phase == "setup":
            deal(core)  # hands are dealt before the free placements
            yield from setup_placements(core)
            state.phase = "turn-start"
        while True:
            if state.phase == "turn-start":
                start_turn(core)
                state.phase = "headline"
            if state.phase == "headline":
                # Always: the hands were just dealt, and Game.determinize may move the
                # cards dealt from here on (its docstring).
                core.checkpoint(always=True)
                yield from headline_phase(core)
                state.phase = "action"
                state.action_round = 1
            if state.phase == "action":
                yield from action_rounds(core)
                state.phase = "turn-end"
            if state.phase == "turn-end":
                core.checkpoint()
                yield from end_turn(core)
                if state.turn >= core.data.setup.turns:
                    raise GameOver(final_scoring(core))
                state.turn += 1
                state.phase = "turn-start"
    except GameOver as over:
        core.state.phase = "over"
        core.log(over.outcome.rule, f"game over: {over.outcome.reason}")
        return over.outcome


# -- setup --------------------------------------------------------------------
def setup_placements(core: Core) -> Flow[None]:
    """The free placements: USSR 6 in Eastern Europe first, then US 7 in Western Europe."""
    for placement in core.data.setup.free_placements:
        side = placement.side
        members = core.board.subregion_members[placement.subregion]
        area = next(s for s in core.data.subregions if s.key == placement.subregion)
        while core.state.setup_left[side] > 0:
            left = core.state.setup_left[side]
            chosen = yield ask(
                side,
                DecisionKind.SETUP_INFLUENCE,
                f"{side}: place set-up influence in {area.name} ({left} left)",
                ops.target_choices(core, "infl", members),
                left=left,
            )
            core.state.setup_left[side] -= 1
            core.add_influence(side, core.board.index[expect(chosen, Target).country], 1, "setup")
    yield from place_bid(core)


def place_bid(core: Core) -> Flow[None]:
    """The US influence bid (optional rules): extra points where the US already has some."""
    state = core.state
    while state.bid_left > 0:
        us = state.influence[US]
        places = [c for c in range(core.board.ccw) if us[c] > 0]
        chosen = yield ask(
            US,
            DecisionKind.BID_INFLUENCE,
            f"US: place bid influence where the US already has some ({state.bid_left} left)",
            ops.target_choices(core, "infl", places),
            left=state.bid_left,
        )
        state.bid_left -= 1
        core.add_influence(US, core.board.index[expect(chosen, Target).country], 1, "bid")


# -- start of turn ------------------------------------------------------------
def start_turn(core: Core) -> None:
    state = core.state
    core.log("", f"turn {state.turn} begins")
    if state.defcon < 5:  # every turn, the first one too (8.1.6)
        core.set_defcon(state.defcon + 1, "8.1.6", "improve DEFCON")
    for addition in core.data.setup.deck_additions:
        if addition.turn == state.turn and state.turn > 1:
            entering = [c for c in state.box if core.cards[c].period == addition.period]
            if entering:
                for card in entering:
                    core.move_card(card, "box", "draw")
                core.shuffle(state.draw, f"{addition.period} War cards added; the draw pile is")
    deal(core)


def hand_size(core: Core) -> int:
    """8 cards in turns 1-3, 9 from turn 4 (setup.yaml)."""
    return core.tables.hand_size[core.state.turn]


def rounds_in_turn(core: Core) -> int:
    """6 action rounds in turns 1-3, 7 from turn 4 (setup.yaml)."""
    return core.tables.action_rounds[core.state.turn]


def deal(core: Core) -> None:
    """Fill both hands, the China Card never counting (9.x): the USSR's first, or with the
    tournament deal one card at a time, the USSR first, so that neither hand takes all the
    cards left before a reshuffle (published tournament rules)."""
    target = hand_size(core)
    if not _filled(core, target):
        core.log("", "no cards left to deal")
    core.log("", f"hands dealt up to {plural(target, 'card')}")


def _filled(core: Core, target: int) -> bool:
    """Deal until both hands hold `target` cards; False when the cards ran out first."""
    hands = core.state.hands
    while short := [side for side in (USSR, US) if len(hands[side]) < target]:
        for side in short if core.options.tournament_deal else short[:1]:
            if core.draw_card(HAND[side]) is None:
                return False
    return True


# -- headline -----------------------------------------------------------------
def headline_order(core: Core) -> tuple[Side, Side]:
    """Who picks first: the holder of space box 4 sees the other's pick (6.4.4)."""
    if ops.holds_space_bonus(core, US, 4):
        return USSR, US
    if ops.holds_space_bonus(core, USSR, 4):
        return US, USSR
    return USSR, US


def headline_phase(core: Core) -> Flow[None]:
    state = core.state
    first, second = headline_order(core)
    reveal_first = ops.holds_space_bonus(core, second, 4)
    for side in (first, second):
        if state.headline[side] is not None:
            continue  # a scenario may open with a pick made
        hand = [c for c in state.hands[side] if c != CHINA_CARD]
        if not hand:
            core.log("C", f"{side} has no card to headline")
            continue
        revealed = state.headline[first] if side == second and reveal_first else None
        chosen = yield ask(
            side,
            DecisionKind.HEADLINE,
            f"{side}: choose your headline card (secret)",
            core.card_choices("headline", hand),
            opponent_headline=revealed,
            no_event=blocked_events(core, side, hand),
        )
        card = expect(chosen, Headline).card
        core.move_card(card, HAND[side], HEADLINE[side])
        if side == first and reveal_first:
            core.reveal(side, [card])
            core.log("6.4.4", f"{side} reveals its headline first: {core.card_name(card)}")
    picks = {s: c for s in SIDES if (c := state.headline[s]) is not None}
    shown = ", ".join(f"{s} {core.card_name(c)}" for s, c in picks.items())
    core.log("C", f"headlines revealed: {shown}")
    for on_reveal in core.hooks.headline_revealed:
        on_reveal(core, picks)
    order = sorted(picks, key=lambda s: (-core.cards[picks[s]].ops, 0 if s == US else 1))
    for side in order:
        card = picks[side]
        state.phasing = side
        put_in_play(core, side, card, HEADLINE[side], "headline")
        core.mark_round_start()
        yield from play_event(core, side, card, "C")


# -- action rounds ------------------------------------------------------------


ROUND_ORDER: tuple[Side, Side] = (USSR, US)
"""Who plays first in every pair of action rounds: the USSR (02-full-game "Turn sequence")."""


def rounds_for(core: Core, side: Side) -> int:
    """`side`'s action rounds this turn: one more at space box 8 (6.4.4) or by event."""
    extra = ops.holds_space_bonus(core, side, 8) or core.state.turn_effects.get(
        effect_keys.EXTRA_ROUND[side]
    )
    return rounds_in_turn(core) + (1 if extra else 0)


def action_rounds(core: Core) -> Flow[None]:
    state = core.state
    # Recounted each round: an extra round can be gained mid-turn (#86 North Sea Oil).
    while state.action_round <= max(rounds_for(core, USSR), rounds_for(core, US)):
        for side in ROUND_ORDER:
            if state.rounds_taken[side] >= state.action_round:
                continue
            core.checkpoint()
            if state.action_round <= rounds_for(core, side):
                state.phasing = side
                yield from action_round(core, side)
            state.rounds_taken[side] = state.action_round
        state.action_round += 1


def action_choices(core: Core, side: Side) -> tuple[list[Choice], list[Unavailable]]:
    """Every legal play of `side`'s action round, and the greyed-out ones with reasons."""
    state = core.state
    cards = sorted(state.hands[side])
    choices, greyed = card_plays(core, side, cards)
    if core.holds_china(side):
        if state.china_face_up:
            value = ops.ops_value(core, CHINA_CARD, side)  # this turn's modifiers (6.4.1)
            china = core.play_choices(CHINA_CARD, value)
            choices.append(china.ops)
            space_reason = ops.space_blocked(core, side, value)
            if space_reason is None:
                choices.append(china.space)
            else:
                greyed.append(core.greyed(china.space, space_reason))
        else:
            name = core.card_name(CHINA_CARD)
            greyed.append(Unavailable(CHINA_OPS, name, "face down until turn end"))
    if not cards or state.action_round > rounds_in_turn(core):
        choices.append(PASS_CHOICE)
    else:
        greyed.append(NO_PASS)
    for narrow in core.hooks.menu_filter:
        choices, greyed = narrow(core, side, choices, greyed)
    return choices, greyed


PASS_CHOICE = Choice.of(PASS, "Pass this action round")
CHINA_OPS = Play(CHINA_CARD, "ops").notation
NO_PASS = Unavailable(PASS.notation, "Pass", "a player holding cards may not pass (5.1)")


def action_round(core: Core, side: Side) -> Flow[None]:
    """One action round: hooks of effects in play, then one play from the menu."""
    core.mark_round_start()
    used = any([hook(core, side) for hook in core.hooks.round_start])  # every hook runs
    while not used:
        used = yield from menu_round(core, side)
    for end_hook in core.hooks.round_end:
        flow = end_hook(core, side)
        if flow is not None:
            yield from flow


def blocked_events(core: Core, side: Side, cards: Iterable[int]) -> dict[int, str]:
    """{card: why its event cannot happen now} for `side`'s cards whose event cannot
    (an opponent's card: for the opponent, 5.2). Decision context, so that a hand can
    say "no event" where the menu offers no such entry (a headline, an opponent's card)."""
    # Only a card some rule or data link can stop is asked (event_blocked's own first
    # test, made here for the whole hand: this runs for every headline and action menu).
    conditional, linked = core.conditional_events, core.tables.linked_events
    return {
        card: reason
        for card in cards
        if (card in conditional or card in linked)
        and card != CHINA_CARD
        and (reason := event_blocked(core, card, core.event_owner(card, side))) is not None
    }


def menu_round(core: Core, side: Side) -> Flow[bool]:
    """Ask for and carry out one action-menu entry; False when the round goes on."""
    state = core.state
    choices, greyed = action_choices(core, side)
    extra: dict[Move, MenuAction] = {}
    extra_choices: list[Choice] = []
    for action in core.hooks.menu_actions:  # each sees the menu without the others' entries
        for choice in action.choices(core, side, choices):
            extra[choice.move] = action
            extra_choices.append(choice)
    choices += extra_choices
    if choices == [PASS_CHOICE] or not choices:
        core.log("5.1", f"{side} has no card to play and passes action round {state.action_round}")
        return True
    prompt = f"Turn {state.turn}, action round {state.action_round}: {side} plays a card"
    chosen = yield ask(
        side,
        DecisionKind.ACTION,
        prompt,
        choices,
        unavailable=greyed,
        no_event=blocked_events(core, side, state.hands[side]),
    )
    if extra and chosen in extra:
        return (yield from extra[chosen].handle(core, side, chosen))
    if chosen == PASS:
        core.log("5.1", f"{side} passes")
        return True
    play = expect(chosen, Play)
    yield from play_card(core, side, play.card, play.mode)
    return True


# -- end of turn --------------------------------------------------------------
def end_turn(core: Core) -> Flow[None]:
    state = core.state
    military_operations_check(core)
    yield from eagle_bear_discard(core)
    holding = [s for s in SIDES if any(core.cards[c].scoring for c in state.hands[s])]
    if len(holding) == 2:
        raise GameOver(
            Outcome(
                None,
                "both players hold a scoring card at turn end",
                "10.1.5",
                "held scoring card",
            )
        )
    if holding:
        loser = holding[0]
        raise GameOver(
            Outcome(
                other(loser),
                f"the {loser} holds a scoring card at the end of the turn",
                "10.1.5",
                "held scoring card",
            )
        )
    if not state.china_face_up:
        state.china_face_up = True
        core.log("9", "the China Card is turned face up")
    state.turn_effects.clear()
    for side in SIDES:
        state.milops[side] = 0
        state.space_attempts[side] = 0
        state.rounds_taken[side] = 0
    state.action_round = 0
    kept = ", ".join(f"{side} {len(state.hands[side])}" for side in SIDES)
    core.log("5.1", f"cards kept into the next turn: {kept}")  # public: the hand sizes
    core.log("", f"turn {state.turn} ends")


def military_operations_check(core: Core) -> None:
    """Each missing point of required military operations gives the opponent 1 VP (8.2.1)."""
    state = core.state
    short = {s: max(0, state.defcon - state.milops[s]) for s in SIDES}
    for side in SIDES:
        core.log(
            "8.2.1", f"{side} military operations {state.milops[side]} of {state.defcon} required"
        )
    net = short[USSR] - short[US]
    if short[US] and short[USSR]:
        cancel = ": the shortfalls cancel out, no VP change" if not net else ""
        core.log(
            "8.2.1",
            "both sides short of required military operations"
            f" (US by {short[US]}, USSR by {short[USSR]}){cancel}",
        )
    if net > 0:
        core.gain_vp(US, net, "8.2.1", "USSR short of required military operations")
    elif net < 0:
        core.gain_vp(USSR, -net, "8.2.1", "US short of required military operations")


def eagle_bear_discard(core: Core) -> Flow[None]:
    """The holder of space box 6 may discard one held card at turn end (6.4.4)."""
    for side in SIDES:
        hand = core.state.hands[side]
        if not ops.holds_space_bonus(core, side, 6) or not hand:
            continue
        chosen = yield ask(
            side,
            DecisionKind.TURN_END_DISCARD,
            f"{side}: discard one held card (space race box 6), or keep",
            [
                *core.card_choices("discard", hand),
                Choice.of(KEEP, "Keep"),
            ],
        )
        if chosen != KEEP:
            card = expect(chosen, CardPick).card
            core.move_card(card, HAND[side], "discard")
            core.log("6.4.4", f"{side} discards {core.card_name(card)} (no event, 5.4)")
