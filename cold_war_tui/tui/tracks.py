"""The tracks bar: turn, action round, DEFCON, VP, military operations, space race,
the China Card and the hand sizes, flowed over as many lines as the width needs.

Pure: public facts of the state and the game data in, Rich `Text` lines out.
Nothing is dropped on a narrow terminal: items get shorter words and wrap.
"""

from __future__ import annotations

from rich.text import Text

from cold_war_tui.datamodel import GameData, SpaceBox
from cold_war_tui.engine import SIDES, Game, StateSnapshot
from cold_war_tui.tui.map_render import US_STYLE, USSR_STYLE
from cold_war_tui.tui.saves import vp_text

SIDE_STYLE = {"US": US_STYLE, "USSR": USSR_STYLE, "Neutral": "bold #d0d0d0"}
DIM = "#8a8a8a"
GOOD = "bold #5fff87"
BAD = "#ff8700"
VP_SCALE = 20  # the VP track ends at 20: reaching it wins (rule 10)
WIDE = 110  # from this width on, the long words are used
PHASES = {
    "setup": "Set-up",
    "turn-start": "Start of turn",
    "headline": "Headline phase",
    "turn-end": "End of turn",
    "over": "Game over",
}


def side_text(side: str | None) -> Text:
    if side is None:
        return Text("nobody", DIM)
    return Text(side, SIDE_STYLE.get(side, ""))


def vp_bar(vp: int, cells: int) -> Text:
    """The VP track as a bar from USSR 20 to US 20: the leader's side fills from the
    middle, one cell per VP_SCALE / cells VP (a lead of 1 VP shows one cell)."""
    per_cell = VP_SCALE / cells
    filled = min(cells, int(-(-abs(vp) // per_cell))) if vp else 0
    left = filled if vp < 0 else 0
    right = filled if vp > 0 else 0
    bar = Text()
    bar.append(f"{VP_SCALE}", USSR_STYLE)
    bar.append("▕")
    bar.append("·" * (cells - left), DIM)
    bar.append("█" * left, USSR_STYLE)
    bar.append("│", "bold")
    bar.append("█" * right, US_STYLE)
    bar.append("·" * (cells - right), DIM)
    bar.append("▏")
    bar.append(f"{VP_SCALE}", US_STYLE)
    return bar


def space_box_vp(box: SpaceBox) -> str:
    """ "2/1 VP" (first to reach / second), "0 VP" when both get the same."""
    first, second = box.vp
    return f"{first} VP" if first == second else f"{first}/{second} VP"


def space_item(state: StateSnapshot, data: GameData, side: str, wide: bool) -> Text:
    """One side's space race: the box reached (its name) and what the next one needs."""
    boxes = data.space_race
    at = state.space[side]
    text = Text("Space ")
    text.append_text(side_text(side))
    text.append(f" {at}")
    if wide:  # narrow: the box number only (its name is on F4)
        text.append(f" {boxes[at - 1].name if at else 'start'}", "italic")
    if at < len(boxes):
        nxt = boxes[at]
        if wide:
            text.append(
                f" (next {nxt.name}: {nxt.ops_needed}+ ops, 1-{nxt.roll_max}, {space_box_vp(nxt)})",
                DIM,
            )
        else:
            text.append(f" (next {nxt.ops_needed}+ops 1-{nxt.roll_max}, {space_box_vp(nxt)})", DIM)
    else:
        text.append(" (done)", DIM)
    return text


def track_items(
    state: StateSnapshot, game: Game, *, wide: bool = True, hands: bool = True
) -> list[Text]:
    """Every track as a separate item, in reading order (see `track_lines`). The action
    rounds of the turn and the closed regions are the engine's answers. `hands=False`
    leaves out the hand sizes (a position rebuilt from a log knows only some cards)."""
    data = game.data
    items = [Text(f"Turn {state.turn}/{data.setup.turns}", "bold")]
    phase = Text()
    if state.phase == "action":
        phase.append(f"AR {state.action_round}/{game.action_rounds(state.phasing)} ")
        phase.append_text(side_text(state.phasing))
        if wide:
            phase.append(" phasing")
    else:
        phase.append(PHASES.get(state.phase, state.phase))
    items.append(phase)
    defcon = Text()
    defcon_style = "bold #ff5f5f" if state.defcon <= 2 else "bold #ffaf00"
    defcon.append(f"DEFCON {state.defcon}", defcon_style if state.defcon < 5 else "bold")
    shut = game.closed_regions()
    closed = [r.name for r in data.regions if r.key in shut]
    if closed:
        what = "no coups/realignment" if wide else "closed"
        defcon.append(f" ({what}: {', '.join(closed)})", BAD)
    items.append(defcon)
    vp = Text("VP ")
    vp.append(
        vp_text(state.vp), SIDE_STYLE["US" if state.vp > 0 else "USSR"] if state.vp else "bold"
    )
    vp.append(" ")
    vp.append_text(vp_bar(state.vp, 10 if wide else 5))
    items.append(vp)
    milops = Text("Mil ops" if wide else "MilOps")
    for side in SIDES:
        done = state.milops[side]
        milops.append(" ")
        milops.append_text(side_text(side))
        milops.append(f" {done}/{state.defcon}", GOOD if done >= state.defcon else BAD)
    items.append(milops)
    items += [space_item(state, data, side, wide) for side in SIDES]
    china = Text("China Card " if wide else "China ")
    if state.china_holder is None:
        china.append("out of play", DIM)
    else:
        china.append_text(side_text(state.china_holder))
        china.append(" face up" if state.china_face_up else " face down")
    items.append(china)
    if hands:
        sizes = Text("Hands")
        for side in SIDES:
            sizes.append(" ")
            sizes.append_text(side_text(side))
            sizes.append(f" {len(state.hands[side])}")
        items.append(sizes)
    return items


def flow(items: list[Text], width: int, gap: int = 2) -> list[Text]:
    """Lay items out in as few lines as they fit: each goes on the first line with room
    for it (first fit), so a long item does not leave a short line half empty."""
    lines: list[Text] = []
    for item in items:
        line = next((t for t in lines if t.cell_len + gap + item.cell_len <= width), None)
        if line is None:
            lines.append(item.copy())
        else:
            line.append(" " * gap)
            line.append_text(item)
    return lines


def track_lines(
    state: StateSnapshot, game: Game, *, width: int = 118, hands: bool = True
) -> list[Text]:
    """Turn and phase, action round and phasing side, DEFCON, VP (a bar to 20), military
    operations, each side's space race box, the China Card and the hand sizes.

    Only public facts of the state are read. Below WIDE columns the words get
    shorter; items wrap onto more lines rather than being cut.
    """
    return flow(track_items(state, game, wide=width >= WIDE, hands=hands), width)
