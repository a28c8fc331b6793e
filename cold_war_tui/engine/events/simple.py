"""Events with no choices of their own beyond picking a card: VP, DEFCON and space moves."""

from __future__ import annotations

from cold_war_tui.engine.board import US, USSR
from cold_war_tui.engine.core import Core
from cold_war_tui.engine.decisions import Choice, Flow, ask
from cold_war_tui.engine.events import event, play_event_now
from cold_war_tui.engine.operations import advance_space


@event(4)
def duck_and_cover(core: Core, side: str) -> Flow[None]:
    """#4: DEFCON -1, then the US gains 5 - DEFCON VP."""
    core.set_defcon(core.state.defcon - 1, "7", "Duck and Cover")
    core.gain_vp(US, 5 - core.state.defcon, "7", "Duck and Cover")
    return
    yield


@event(18)
def captured_nazi_scientist(core: Core, side: str) -> Flow[None]:
    """#18: the player advances one space race box, with its VP."""
    advance_space(core, side, "7")
    return
    yield


@event(34)
def nuclear_test_ban(core: Core, side: str) -> Flow[None]:
    """#34: the player gains DEFCON - 2 VP, then DEFCON +2."""
    core.gain_vp(side, core.state.defcon - 2, "7", "Nuclear Test Ban")
    core.set_defcon(core.state.defcon + 2, "7", "Nuclear Test Ban")
    return
    yield


@event(48)
def kitchen_debates(core: Core, side: str) -> Flow[None]:
    """#48: +2 VP to the US if it controls more battlegrounds than the USSR."""
    board = core.board
    count = {
        s: sum(1 for c in range(board.ccw) if board.battleground[c] and core.controls(s, c))
        for s in (US, USSR)
    }
    if count[US] > count[USSR]:
        core.gain_vp(US, 2, "7", "Kitchen Debates")
    else:
        core.log("5.2", "Kitchen Debates: the US does not control more battlegrounds; no effect")
    return
    yield


@event(78)
def alliance_for_progress(core: Core, side: str) -> Flow[None]:
    """#78: +1 VP to the US per US-controlled battleground in Central and South America."""
    board = core.board
    members = (*board.region_members["central-america"], *board.region_members["south-america"])
    vp = sum(1 for c in members if board.battleground[c] and core.controls(US, c))
    if vp:
        core.gain_vp(US, vp, "7", "Alliance for Progress")
    else:
        core.log("5.2", "Alliance for Progress: no US-controlled battleground there; no effect")
    return
    yield


@event(84)
def reagan_bombs_libya(core: Core, side: str) -> Flow[None]:
    """#84: +1 VP to the US for every 2 USSR influence in Libya."""
    libya = core.board.index["libya"]
    vp = core.state.influence[USSR][libya] // 2
    if vp:
        core.gain_vp(US, vp, "7", "Reagan Bombs Libya")
    else:
        core.log("5.2", "Reagan Bombs Libya: under 2 USSR influence in Libya; no effect")
    return
    yield


@event(85)
def star_wars(core: Core, side: str) -> Flow[None]:
    """#85: if the US leads the space race, it plays the event of a non-scoring discard."""
    state = core.state
    if state.space[US] <= state.space[USSR]:
        core.log("5.2", "Star Wars: the US is not ahead in the space race; no effect")
        return
    options = sorted({c for c in state.discard if not core.cards[c].scoring})
    if not options:
        core.log("5.2", "Star Wars: no non-scoring card in the discard pile; no effect")
        return
    chosen = yield ask(
        US,
        "star_wars",
        "US: take a card from the discard pile and play its event",
        [Choice(f"take {n}", core.card_name(n)) for n in options],
    )
    card = int(chosen.split()[1])
    state.discard.remove(card)
    yield from play_event_now(core, card, US, "7")
