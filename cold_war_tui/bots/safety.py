"""Hard safety filters: the choices a bot must not make, whatever its evaluation says.

Three ways to lose by one's own doing (issue 19): setting DEFCON 1 in one's own action
round (8.1.3), holding a scoring card at the end of a turn (10.1.5), and handing the
opponent the game (20 VP, or Europe) in one's own round when another choice would not.
The first and the last are checked on forks by the search (`Outcomes`); the scoring
rule is a count: as many scoring cards in hand as action rounds left means one must be
played now, and #77 Ask Not draws no more cards than the rounds left can play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import partial

from cold_war_tui.bots.evaluate import (
    LOTTERY_ONLY,
    enough_for_space,
    forced_count,
    live_hazards,
    space_escape,
    tables,
)
from cold_war_tui.engine import (
    CHINA_CARD,
    ROUND_ORDER,
    CardPick,
    Decision,
    DecisionKind,
    Ending,
    Game,
    Headline,
    Move,
    Order,
    Play,
    Un,
    other,
)

NUCLEAR_ENDINGS: frozenset[Ending] = frozenset({"DEFCON 1", "coup in the Cuban Missile Crisis"})
"""The losses to nuclear war: DEFCON 1 (8.1.3), a coup in the Cuban Missile Crisis (#40, 5.5)."""


def scoring_plays_due(
    world: Game, player: str, pending: Decision, moves: Sequence[Move]
) -> list[Move]:
    """The choices that play a scoring card, when one must be played now; else `moves`.

    In an action round: as many scoring cards in hand as rounds left (this one counts).
    At the headline: more scoring cards than the turn's action rounds. A headlined or
    played scoring card is scored at once, so it is not held at the turn's end.
    """
    if pending.kind not in (DecisionKind.ACTION, DecisionKind.HEADLINE):
        return list(moves)
    scoring = tables(world).scoring_cards
    held = sum(1 for card in world.view(player).hand if card in scoring)
    if not held:
        return list(moves)
    if pending.kind == DecisionKind.ACTION:
        due = held >= world.rounds_left(player)
    else:
        due = held > world.action_rounds(player)
    plays = [m for m in moves if _event_card(m) in scoring]
    return plays if due and plays else list(moves)


ASK_NOT = 77
"""#77 "Ask Not What Your Country Can Do For You": the US discards any of its cards, one
`event_discard` decision at a time, then draws as many (`overdraws`)."""


def overdraws(world: Game, player: str, pending: Decision, moves: Sequence[Move]) -> set[Move]:
    """At #77's discards, those after which the cards drawn could bring more scoring
    cards into the hand than rounds are left to play them (10.1.5). Any card drawn may
    be one, so the scoring cards kept plus the cards drawn must fit in the rounds after
    the event's own round; a few worlds would seldom draw the loss, so it is a rule."""
    if pending.kind != DecisionKind.EVENT_DISCARD or pending.context.get("card") != ASK_NOT:
        return set()
    view = world.view(player)
    offered = [m.card for m in moves if isinstance(m, CardPick)]  # the cards not chosen yet
    chosen = sum(1 for card in view.hand if card != CHINA_CARD) - len(offered)
    own_round = view.phase == "action" and view.phasing == player
    rounds = world.rounds_left(player) - (1 if own_round else 0)
    scoring = tables(world).scoring_cards
    kept = sum(1 for card in offered if card in scoring)

    def overdrawn(card: int) -> bool:
        kept_after = kept - (1 if card in scoring else 0)
        return kept_after + chosen + 1 > rounds  # the scoring cards kept, the cards drawn

    return {move for move in moves if isinstance(move, CardPick) and overdrawn(move.card)}


DEFCON_GAMBLES = {45: "Summit"}
"""Events whose dice may hand the opponent a DEFCON move (#45 Summit: the winner of the
roll may move DEFCON one level either way). Where DEFCON may be 2 when it resolves, a
lost roll is nuclear war in the player's own round however unlikely, and the guards'
few worlds roll the dice only a few times, so the play is ruled out by rule (`gambles`)
rather than by sampling."""
HAND_LOTTERIES = {5: "Five Year Plan", 67: "Grain Sales to Soviets"}
"""Events that take a random card from the USSR hand and fire its US event (#5) or let
the US play it (#67): with another DEFCON hazard in that hand, a lottery whose losing
ticket is nuclear war. Played for ops by the USSR their event happens too (5.2)."""
FIVE_YEAR_PLAN = 5
MISSILE_ENVY = 49
BLIND_DRAWS = {FIVE_YEAR_PLAN: "Five Year Plan", MISSILE_ENVY: "Missile Envy"}
"""Events that fire, for the side that plays them, the event of a card from the
opponent's hand that it cannot see: #5 (played by the US, a random USSR card, if it is a
US event) and #49 Missile Envy (the opponent's highest-ops card, if it is the player's
own or neutral). Where DEFCON 2 may come, one of the player's own DEFCON drops
(DEFCON_DROPS; for #49 the neutral ones too, NEUTRAL_DROPS) drawn there is nuclear war
in his round, and he cannot know whether the opponent holds one: a gamble unless every
such drop is out of that hand (`risky_blind_draws`)."""
DEFCON_DROPS = {4: "Duck and Cover", 50: "We Will Bury You", 89: "Soviets Shoot Down KAL-007"}
"""The events that lower DEFCON by one for the side they belong to. A side's own drops
are those not among its hazards (the opponent's cards it must not play)."""
NEUTRAL_DROPS = {20: "Olympic Games", 45: "Summit"}
"""Neutral events that may lower DEFCON in the round of the side that fires them: #20
Olympic Games, whose opponent may boycott (DEFCON -1), and #45 Summit, whose roll's
winner may move DEFCON (DEFCON_GAMBLES). Played for ops, a neutral card fires nothing;
fired by #49 Missile Envy, it does."""


GRAIN_SALES = 67
"""Played by the USSR (but to the space race), #67 Grain Sales to Soviets lets the US
take a card from the USSR hand and play it. Taken, the USSR's own DEFCON drop (#50 We
Will Bury You) played for ops brings DEFCON down in the USSR's round, and from DEFCON 3
or below the US's battleground coup then ends the game there; #46 How I Learned to Stop
Worrying, played for its event, lets the US set DEFCON 1 there at any DEFCON
(`_taken_drops`)."""
HOW_I_LEARNED = 46
"""#46 How I Learned to Stop Worrying: the side that plays its event sets DEFCON to any
level (docs/rulings.md 23: DEFCON 1 is offered to any side but the phasing one)."""


TRAP_DEFCON = 3
"""The DEFCON at which a hazard this turn forces on a side must go now (`gambles`'
`trap_rounds`): one battleground coup of the opponent's brings DEFCON 2, where that
hazard ends the game."""
HAND_TAKERS = {
    FIVE_YEAR_PLAN: "Five Year Plan",
    GRAIN_SALES: "Grain Sales to Soviets",
    98: "Aldrich Ames Remix",
}
"""Events that take a card from the hand of the side they do not belong to: #5 and #67 a
random USSR card, #98 a US card the USSR picks. Headlined or played for ops by that
side, they cost it one card more than the play (`takers`): a card short, a hazard may
become one it must play."""
TERRORISM = 92
"""#92 Terrorism, either side's event: the side that does not play it discards a random
card, the US two while #82 Iranian Hostage Crisis is in effect. With HAND_TAKERS, what
the opponent may play to take a card from the player's hand (`thefts`)."""
IRANIAN_HOSTAGE_CRISIS = 82
"""#82 Iranian Hostage Crisis: once its event is played, #92 takes two US cards."""
UN_INTERVENTION = 32
"""#32 UN Intervention: played with an opponent's card, whose event then does not happen."""


def gambles(
    moves: Sequence[Move],
    kind: str,
    defcon: int,
    hand: Sequence[int],
    hazards: frozenset[int],
    card: int | None = None,
    trap_rounds: int = 0,
    china: bool = False,
    risky_draws: frozenset[int] = frozenset(BLIND_DRAWS),
    spaceable: frozenset[int] = frozenset(),
    taken_by: frozenset[int] = frozenset(),
    thefts: int = 0,
    headline_order: bool = True,
) -> set[Move]:
    """The choices that gamble on DEFCON 1 in one's own turn. `hand` is the player's,
    `hazards` his DEFCON hazards: the opponent's cards he must not play, held or not
    (evaluate.live_hazards); `card` the card an `event_order` decision is about;
    `trap_rounds` his rounds after this decision that a round of the opponent's comes
    before (`exposed_rounds`); `risky_draws` the blind draws (BLIND_DRAWS) whose card
    may be one of his DEFCON drops (`risky_blind_draws`); `spaceable` the hazards in his
    hand the space race can take this turn (its attempt unused, their operations enough);
    `taken_by` the cards whose event takes one of his (`takers`); `thefts` how many of
    his cards one event of the opponent's may take (`thefts`); `headline_order` whether a
    hazard headlined counts for the order of the headlines (below) at all: the headline
    guard plays that risk out, so the bot asks without it which headlines a rule rules
    out for it alone (their risk is then the guard's odds).

    - #45 Summit; the event of a blind draw (BLIND_DRAWS: #5 Five Year Plan for the US,
      #49 Missile Envy) of `risky_draws`; a hand lottery (HAND_LOTTERIES) with
      another hazard in hand: in an action round at DEFCON 2; at the headline at any
      DEFCON (the opponent's headline may resolve first, and #40 Cuban Missile Crisis
      sets DEFCON 2 from any level).
    - A hazard played for ops in an action round at DEFCON 2: its event gives the
      opponent the drop or the battleground coup that ends the game (8.1.3).
    - A hazard (but LOTTERY_ONLY) headlined at DEFCON 3 or below: the opponent's
      headline, resolved first when it has more ops, may bring DEFCON 2 before the
      hazard's event fires.
    - At DEFCON 3 or below, a hazard's operations before its event: a battleground coup
      of one's own brings DEFCON 2 for the event; the event first is safe.
    - In an action round at TRAP_DEFCON, when the opponent has a round before our next
      (`china`: we hold the China Card face up): every play after which a hazard is
      still forced on us in our `trap_rounds` (`_forced_after`, the opponent's
      `thefts` counted), while another play would leave none (or more hazards than
      the fewest a play leaves, when none would). His one battleground coup brings
      DEFCON 2, and the forced hazard then ends the game in our round; played now
      (for ops, or to space) it costs its event at DEFCON 3 and no more.
    - At TRAP_DEFCON, a play or headline that brings DEFCON 2 itself (a DEFCON drop,
      DEFCON_DROPS, whose event it fires) while a hazard is still forced on us after
      it: the opponent no longer needs a coup, and the count's worst case is certain.
    - At the headline at TRAP_DEFCON or below, the same count over `trap_rounds` (all
      of the turn's rounds of the side that plays second, ROUND_ORDER): a headline that
      leaves more hazards forced than another (#98 Aldrich Ames Remix, headlined by the
      US, costs it a card of the USSR's choice) where the other is no gamble. Where each
      headline that is no gamble leaves a hazard forced, a hazard headlined at
      TRAP_DEFCON that leaves fewer is no gamble either (`_headline_trap`).
    - #67 Grain Sales to Soviets, but to the space race, at DEFCON 3 or below while the
      USSR holds its own DEFCON drop (DEFCON_DROPS): the US may take that card and
      play it for ops, its event first, then his coup; and at any DEFCON while it holds
      #46 How I Learned to Stop Worrying, whose event the US may take and play to set
      DEFCON 1.

    The search's opponent answers by one step of lookahead, which misses a kill that
    takes him several decisions (Grain Sales: return the card, then coup), so these are
    ruled out by rule rather than by sampling."""
    if kind == DecisionKind.EVENT_ORDER:
        if card in hazards and defcon <= 3:
            return {m for m in moves if isinstance(m, Order) and m.first == "ops"}
        return set()
    asked = set(moves)
    headline_trap = kind == DecisionKind.HEADLINE and defcon <= TRAP_DEFCON and trap_rounds > 0
    if headline_trap:  # the trap compares every headline of the hand
        extra = (Headline(card) for card in hand if card != CHINA_CARD)
        moves = [*moves, *(m for m in extra if m not in asked)]
    taken = _taken_drops(moves, kind, defcon, hand, hazards)
    count = partial(
        _forced_after,
        hand=hand,
        hazards=hazards,
        rounds=trap_rounds,
        china=china,
        taken_by=taken_by,
        thefts=thefts,
    )
    if defcon == TRAP_DEFCON and trap_rounds:
        taken |= {m for m in moves if _brings_defcon_2(m, hazards) and count(m, spaceable)}
        if kind == DecisionKind.ACTION:
            return taken | _keep_a_forced_hazard(moves, hand, hazards, spaceable, count)
    risky = taken | _hazard_plays(moves, kind, defcon, hand, hazards, risky_draws, headline_order)
    if headline_trap:
        way_out = _headlined_hazards(moves, hazards) - taken if defcon == TRAP_DEFCON else set()
        return _headline_trap(moves, risky, way_out, spaceable, count) & asked
    return risky


def order_gambles(world: Game, moves: Sequence[Move]) -> set[Move]:
    """At an `event_order` decision of `world`, the orders `gambles` rules out for whoever
    decides: a search's rollouts leave them out as the bot itself does, or a rollout's
    coup before the opponent's event would condemn the play that is safe event first."""
    pending = world.pending
    assert pending is not None and pending.kind == DecisionKind.EVENT_ORDER
    card = pending.context.get("card")
    state = world.state
    hazards = live_hazards(state, tables(world), pending.player)
    played = card if isinstance(card, int) else None
    return gambles(moves, pending.kind, state.defcon, (), hazards, card=played)


def _taken_drops(
    moves: Sequence[Move], kind: str, defcon: int, hand: Sequence[int], hazards: frozenset[int]
) -> set[Move]:
    """The plays of #67 Grain Sales to Soviets (but to the space race) while the hand
    holds a card the US may take and play to end the game in the USSR's round: #46 How I
    Learned to Stop Worrying, or at DEFCON 3 or below a DEFCON drop of the USSR's own
    (DEFCON_DROPS)."""
    if kind not in TOP_KINDS or GRAIN_SALES not in hazards:
        return set()
    killers = {HOW_I_LEARNED, *(own_drops(hazards) if defcon <= 3 else ())}
    if not killers & set(hand):
        return set()
    return {
        move
        for move in moves
        if _played_card(move) == GRAIN_SALES
        and not (isinstance(move, Play) and move.mode == "space")
    }


def _hazard_plays(
    moves: Sequence[Move],
    kind: str,
    defcon: int,
    hand: Sequence[int],
    hazards: frozenset[int],
    risky_draws: frozenset[int],
    headline_order: bool,
) -> set[Move]:
    """The gambles of `gambles` at DEFCON 2 in an action round, or at a headline (a hazard
    headlined only with `headline_order`)."""
    if (kind == DecisionKind.ACTION and defcon > 2) or kind not in TOP_KINDS:
        return set()
    held = [c for c in hand if c in hazards and c not in HAND_LOTTERIES]

    def gamble(choice: Move) -> bool:
        played = _played_card(choice)
        for_space = isinstance(choice, Play) and choice.mode == "space"
        event = _event_card(choice)
        if event in DEFCON_GAMBLES:
            return True
        if event in risky_draws and event not in hazards:
            return True
        if played in HAND_LOTTERIES and played in hazards and held and not for_space:
            return True
        if played not in hazards or played in LOTTERY_ONLY:
            return False
        if isinstance(choice, Headline):
            return headline_order and defcon <= 3
        return isinstance(choice, Play) and choice.mode == "ops"

    return {choice for choice in moves if gamble(choice)}


TOP_KINDS = (DecisionKind.ACTION, DecisionKind.HEADLINE)


def trapped(game: Game, player: str) -> bool:
    """Whether, in `game` still going on at DEFCON 2, `player` must play one of his DEFCON
    hazards in his rounds left of the turn (`forced_count`), once the opponent's hand
    there has taken what it may of his safe cards (`thefts`), when the turn's space race
    attempt cannot take it: its event then sets DEFCON 1 in his own round (8.1.3), by a
    drop or the opponent's battleground coup. The headline guard reads it after both
    headlines, where his headline may have brought DEFCON 2 before our first round."""
    state = game.state
    if game.outcome is not None or state.defcon != 2:
        return False
    hazards = live_hazards(state, tables(game), player)
    left = _after_thefts(state.hands[player], hazards, hand_thefts(game, player))
    china = state.china_holder == player and state.china_face_up
    forced = forced_count(left, hazards, game.rounds_left(player), china)
    return forced > (1 if space_escape(game, state, player, hazards) else 0)


def risky_blind_draws(world: Game, player: str) -> frozenset[int]:
    """The blind draws (BLIND_DRAWS) whose card, drawn from `player`'s opponent's hand,
    may be a DEFCON drop that fires for `player`: for #5 one of his own (DEFCON_DROPS), for
    #49 Missile Envy a neutral one too (NEUTRAL_DROPS). A card may be in that hand if it is
    there or in the draw pile of `world`, a determinized world of his, whose redeal moves
    the cards he cannot see among those places only."""
    unseen = _unseen(world, player)
    own = own_drops(tables(world).hazards[player])
    risky = {FIVE_YEAR_PLAN} if own & unseen else set()
    if (own | NEUTRAL_DROPS.keys()) & unseen:
        risky.add(MISSILE_ENVY)
    return frozenset(risky)


def takers(world: Game, player: str) -> frozenset[int]:
    """The cards of HAND_TAKERS whose event takes one of `player`'s cards: the opponent's."""
    side = tables(world).card_side
    return frozenset(card for card in HAND_TAKERS if side.get(card) == other(player))


def _unseen(world: Game, player: str) -> set[int]:
    """The cards of the opponent's hand and the draw pile of `world`, a determinized world
    of `player`'s: his redeal moves the cards he cannot see among those places only."""
    state = world.state
    return {*state.hands[other(player)], *state.draw}


def thefts(world: Game, player: str, hidden: AbstractSet[int] | None = None) -> int:
    """How many of `player`'s cards one event of his opponent's may take from his hand
    (#92 Terrorism, or a card of `takers`): the most any such card does that may be in
    the opponent's hand, that is in it or in the draw pile of `world`, a determinized
    world of `player`'s (his redeal moves the cards he cannot see among those places);
    or among `hidden`, if given."""
    hidden = _unseen(world, player) if hidden is None else hidden
    most = 1 if takers(world, player) & hidden else 0
    if TERRORISM in hidden:
        hostage = player == "US" and IRANIAN_HOSTAGE_CRISIS in world.state.events_played
        most = max(most, 2 if hostage else 1)
    return most


def hand_thefts(world: Game, player: str) -> int:
    """`thefts` of the opponent's hand in `world` alone: what his events of this turn may
    take (he draws from the pile only at the next)."""
    return thefts(world, player, set(world.state.hands[other(player)]))


def theft_in_hand(world: Game, player: str) -> bool:
    """Whether the opponent's hand in `world` holds a card whose event may take one of
    `player`'s (#92 Terrorism, a card of `takers`)."""
    return hand_thefts(world, player) > 0


def exposed_rounds(world: Game, player: str, kind: str) -> int:
    """`player`'s action rounds after this decision (an action round or the headline)
    that a round of the opponent's comes before (ROUND_ORDER at the headline): those in
    which one battleground coup of his may have brought DEFCON 2 (`gambles`). His
    headline, which comes before the first, brings DEFCON 2 only with a card that
    lowers it; that risk is the headline guard's, as it is for a hazard headlined."""
    if kind == DecisionKind.HEADLINE:
        first = ROUND_ORDER[0] == player
        return world.action_rounds(player) - (1 if first else 0)
    return world.rounds_left(player) - 1 if world.rounds_left(other(player)) else 0


def spaceable_hazards(
    world: Game,
    player: str,
    hand: Sequence[int],
    hazards: frozenset[int],
    kind: str,
    menu: Sequence[Move],
) -> frozenset[int]:
    """The `hazards` in `player`'s `hand` that the turn's space race attempt can take:
    those the action menu offers to space; at the headline, those with the operations
    his next box needs (6.4.1)."""
    if kind != DecisionKind.HEADLINE:
        return frozenset(
            m.card for m in menu if isinstance(m, Play) and m.mode == "space" and m.card in hazards
        )
    return enough_for_space(world, player, hand, hazards)


def own_drops(hazards: frozenset[int]) -> set[int]:
    """A side's own DEFCON drops: those of DEFCON_DROPS not among its `hazards` (the
    opponent's cards it must not play)."""
    return {card for card in DEFCON_DROPS if card not in hazards}


def _played_card(move: Move) -> int | None:
    """The card a headline or an action-round play puts in play."""
    return move.card if isinstance(move, Play | Headline) else None


ForcedCount = Callable[[Move, frozenset[int]], int]
"""`_forced_after` with the player's hand, hazards, rounds and China Card filled in:
a move and the hazards the space race may take give the hazards still forced."""


def _keep_a_forced_hazard(
    moves: Sequence[Move],
    hand: Sequence[int],
    hazards: frozenset[int],
    spaceable: frozenset[int],
    forced: ForcedCount,
) -> set[Move]:
    """The plays of an action round after which a hazard is still forced on the player
    (`forced`), when playing some hazard in his hand for ops (always possible) would
    leave none: read from the hand, so that a shortlist without that play is ruled out
    whole and the spare choice finds it. Where no play leaves none, those that leave
    more than the fewest a hazard for ops leaves.

    The turn's space race attempt (`spaceable`) is counted only when the cards alone
    leave no way out: a hazard kept for it is lost if another card takes the attempt,
    and played now, at DEFCON 3, it costs its event and no more."""
    held = [card for card in hand if card in hazards]
    if not held:
        return set()
    least = 0
    for usable in (frozenset(), spaceable):
        least = min(forced(Play(card, "ops"), usable) for card in held)
        if not least:
            return {move for move in moves if forced(move, usable)}
    return {move for move in moves if forced(move, spaceable) > least}


def _headline_trap(
    moves: Sequence[Move],
    risky: set[Move],
    way_out: set[Move],
    spaceable: frozenset[int],
    forced: ForcedCount,
) -> set[Move]:
    """`risky` and the headlines that leave more hazards forced on the player (`forced`,
    the space race attempt counted) than the least any headline outside `risky` leaves.

    Where every such headline leaves a hazard forced and headlining one (`way_out`, a
    hazard headlined at TRAP_DEFCON) leaves fewer, that headline is the lesser gamble:
    kept, the hazard loses to any theft and coup of the opponent's rounds, where
    headlined it loses only to a headline of his that resolves first and brings DEFCON
    2, which the headline guard plays out against every card he may hold."""
    counts: dict[Move, int] = {m: forced(m, spaceable) for m in moves if isinstance(m, Headline)}
    least = min((n for move, n in counts.items() if move not in risky), default=0)
    fewer = {move for move in way_out if counts.get(move, least) < least}
    if fewer:
        risky = risky - fewer
        least = min(counts[move] for move in fewer)
    return risky | {move for move, n in counts.items() if n > least}


def _headlined_hazards(moves: Sequence[Move], hazards: frozenset[int]) -> set[Move]:
    """The headlines of a hazard that `gambles` rules out only for its order against the
    opponent's headline: not a hand lottery (HAND_LOTTERIES, LOTTERY_ONLY among them)."""
    return {
        move
        for move in moves
        if isinstance(move, Headline) and move.card in hazards and move.card not in HAND_LOTTERIES
    }


def _forced_after(
    move: Move,
    spaceable: frozenset[int],
    *,
    hand: Sequence[int],
    hazards: frozenset[int],
    rounds: int,
    china: bool,
    taken_by: frozenset[int],
    thefts: int,
) -> int:
    """How many hazards are still forced on the player after `move` (a headline or an
    action-round play), in his `rounds` later rounds (evaluate.forced_count). A card of
    `taken_by` he headlines or plays for ops takes one more of his cards, and from two
    rounds on (one of the opponent's to bring DEFCON 2, another to play it; one when
    the move brings DEFCON 2 itself) the opponent's event may take `thefts` more: the
    count takes safe ones, the worst case.
    The space race attempt of the turn, if the move leaves it unused, takes one hazard
    of `spaceable` that is left."""
    out = _put_out(move)
    left = [card for card in hand if card not in out]
    fires = isinstance(move, Headline) or (isinstance(move, Play) and move.mode == "ops")
    theft_rounds = 1 if _brings_defcon_2(move, hazards) else 2
    taken = (thefts if rounds >= theft_rounds else 0) + (
        1 if fires and _played_card(move) in taken_by else 0
    )
    left = _after_thefts(left, hazards, taken)
    forced = forced_count(left, hazards, rounds, china and CHINA_CARD not in out)
    spaced = isinstance(move, Play) and move.mode == "space"
    to_space = not spaced and any(card in spaceable for card in left)
    return max(0, forced - to_space)


def _after_thefts(hand: Sequence[int], hazards: frozenset[int], taken: int) -> list[int]:
    """`hand` once `taken` of its cards are gone, safe ones first (not among `hazards`):
    the worst case of a theft, which leaves the hazards in hand."""
    safe = [card for card in hand if card not in hazards]
    return [card for card in hand if card in hazards] + safe[taken:]


def _put_out(move: Move) -> set[int]:
    """The cards a headline or an action-round play takes out of the hand: its card, and
    with #32 UN Intervention the opponent's card played with it."""
    if isinstance(move, Un):
        return {UN_INTERVENTION, move.card}
    card = _played_card(move)
    return set() if card is None else {card}


def _brings_defcon_2(move: Move, hazards: frozenset[int]) -> bool:
    """Whether `move` fires a DEFCON drop (DEFCON_DROPS) at once: one's own headlined or
    played for its event, or the opponent's (among `hazards`) played for ops."""
    card = _played_card(move)
    if card not in DEFCON_DROPS:
        return False
    if isinstance(move, Play) and move.mode != "event":
        return move.mode == "ops" and card in hazards
    return True


def _event_card(move: Move) -> int | None:
    """The card whose event a move plays: a headline, or an action round's event."""
    if isinstance(move, Headline) or (isinstance(move, Play) and move.mode == "event"):
        return move.card
    return None


@dataclass
class Outcomes:
    """Per candidate, whether any sampled future lost by its own doing."""

    nuclear: set[Move] = field(default_factory=set)  # DEFCON 1 and a loss (8.1.3)
    handed: set[Move] = field(default_factory=set)  # the opponent won in our own round
    tries: Counter[Move] = field(default_factory=Counter)  # futures sampled per choice
    losses: Counter[Move] = field(default_factory=Counter)  # of them, lost by our doing

    def record(self, choice: Move, game: Game, player: str, in_own_round: bool) -> bool:
        """Mark `choice` if `game` was lost by our own doing; whether it was."""
        self.tries[choice] += 1
        outcome = game.outcome
        if outcome is None or outcome.winner != other(player):
            return False
        if outcome.ending in NUCLEAR_ENDINGS:
            self.nuclear.add(choice)
        elif in_own_round:
            self.handed.add(choice)
        else:
            return False
        self.losses[choice] += 1
        return True

    def doomed(self, choice: Move) -> None:
        """Mark `choice` as lost by nuclear war to come: a future `record`ed as going on,
        in which the player can no longer avoid setting DEFCON 1 (`trapped`)."""
        self.nuclear.add(choice)
        self.losses[choice] += 1

    def loss_share(self, choice: Move) -> float:
        """The share of the futures sampled after `choice` that it lost by our own doing
        (none sampled: 0). A guard stops at a candidate's first loss, so this is rough:
        an early loss reads as likelier than a late one."""
        tries = self.tries[choice]
        return self.losses[choice] / tries if tries else 0.0

    def condemned(self, choice: Move) -> bool:
        return choice in self.nuclear or choice in self.handed

    def safe(self, candidates: Sequence[Move]) -> list[Move]:
        """The candidates no sample condemned, filter by filter, never down to none."""
        kept = list(candidates)
        for bad in (self.nuclear, self.handed):
            cleared = [c for c in kept if c not in bad]
            if cleared:
                kept = cleared
        return kept
