"""The game turn by turn, read from its public log, and drawn as small text charts.

The log is the game's own account: every VP change ends with the running total
("...; VP USSR +3", core.gain_vp), and the end-of-turn check of military
operations logs each side's count against the DEFCON level of that moment
("US military operations 2 of 3 required", rule 8.2.1). Reading these lines
needs no replay and no rule of our own. Pure: no Textual.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rich.text import Text

from cold_war_tui.tui.tracks import DIM, SIDE_STYLE, VP_SCALE

VP_TOTAL = re.compile(r"; VP (0|US \+(\d+)|USSR \+(\d+))$")
VP_CHANGE = re.compile(r"^(US|USSR) ([+-]?\d+) VP ")
MILOPS = re.compile(r"^(US|USSR) military operations (\d+) of (\d+) required$")
DEFCON_MOVE = re.compile(r"^DEFCON (\d) -> (\d)")
SPARKS = "▁▂▃▄▅▆▇█"


class LogEntry(Protocol):
    """What is read of a log entry (the engine's `LogEntry`)."""

    @property
    def rule(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def turn(self) -> int: ...


@dataclass(slots=True)
class TurnRecord:
    """One turn as the log tells it: VP at its end, the DEFCON of the military operations
    check (None when the turn did not reach it), the lowest DEFCON, each side's ops."""

    turn: int
    vp: int
    defcon: int | None = None
    lowest_defcon: int | None = None
    milops: dict[str, int] = field(default_factory=dict)


def vp_of(text: str) -> int | None:
    """The running VP total a log line ends with (US positive), if it has one."""
    found = VP_TOTAL.search(text)
    if found is None:
        return None
    if found.group(2):
        return int(found.group(2))
    return -int(found.group(3)) if found.group(3) else 0


def turn_history(log: Sequence[LogEntry], final_vp: int) -> list[TurnRecord]:
    """One record per turn of the log. The VP before the first change of the log comes
    from that change (its total minus its amount), else it is `final_vp` throughout."""
    start = final_vp
    for entry in log:
        total = vp_of(entry.text)
        change = VP_CHANGE.match(entry.text)
        if total is not None and change is not None:
            amount = int(change.group(2))
            start = total - (amount if change.group(1) == "US" else -amount)
            break
    records: dict[int, TurnRecord] = {}
    vp = start
    for entry in log:
        record = records.get(entry.turn)
        if record is None:
            record = records[entry.turn] = TurnRecord(entry.turn, vp)
        total = vp_of(entry.text)
        if total is not None:
            vp = record.vp = total
        if found := MILOPS.match(entry.text):
            record.milops[found.group(1)] = int(found.group(2))
            record.defcon = int(found.group(3))
        if found := DEFCON_MOVE.match(entry.text):
            level = int(found.group(2))
            lowest = record.lowest_defcon
            record.lowest_defcon = level if lowest is None else min(lowest, level)
    return [records[t] for t in sorted(records)]


def vp_chart(records: Sequence[TurnRecord], rows: int = 4) -> list[Text]:
    """VP at the end of each turn as bars above (US leads) or below (USSR leads) a zero
    line; `rows` lines each way, the full height being VP_SCALE (20, the win)."""
    per_row = VP_SCALE / rows
    width = 5

    def bars(side: str, level: int) -> Text:
        label = f"{side:<4}{VP_SCALE:>4} │" if level == rows else f"{'':8} │"
        line = Text(label, DIM)
        for record in records:
            lead = record.vp if side == "US" else -record.vp
            cells = min(rows, int(-(-max(lead, 0) // per_row)))
            line.append(f"{'██' if cells >= level else '':^{width}}", SIDE_STYLE[side])
        return line

    lines = [bars("US", level) for level in range(rows, 0, -1)]
    axis = Text(f"{'VP':<4}{0:>4} ┼", DIM)
    for record in records:
        axis.append(f"{'T' + str(record.turn):─^{width}}", DIM)
    lines.append(axis)
    lines += [bars("USSR", level) for level in range(1, rows + 1)]
    values = Text(f"{'end VP':<8} │", DIM)
    for record in records:
        value = f"{record.vp:+d}" if record.vp else "0"
        style = SIDE_STYLE["US" if record.vp > 0 else "USSR"] if record.vp else DIM
        values.append(f"{value:^{width}}", style)
    lines.append(values)
    return lines


def spark(values: Sequence[int | None], high: int) -> str:
    """A sparkline: one block per value, its height out of `high`; "·" for no value."""
    marks = []
    for value in values:
        if value is None:
            marks.append("·")
        else:
            step = round(max(0, min(value, high)) / high * (len(SPARKS) - 1))
            marks.append(SPARKS[step])
    return "".join(marks)


def turn_lines(records: Sequence[TurnRecord]) -> list[Text]:
    """DEFCON and each side's military operations per turn, as sparklines and numbers."""
    lines = []
    defcon = [r.defcon for r in records]
    row = Text("DEFCON at the check ", "bold")
    row.append(spark(defcon, 5), "#ffaf00")
    row.append("  " + " ".join("-" if d is None else str(d) for d in defcon), DIM)
    lines.append(row)
    lowest = [r.lowest_defcon for r in records]
    if any(v is not None for v in lowest):
        row = Text("lowest DEFCON       ", "bold")
        row.append(spark(lowest, 5), "#ff5f5f")
        row.append("  " + " ".join("-" if d is None else str(d) for d in lowest), DIM)
        lines.append(row)
    for side in ("US", "USSR"):
        ops = [r.milops.get(side) for r in records]
        row = Text(f"{side + ' mil ops':<20}", SIDE_STYLE[side])
        row.append(spark(ops, 5), SIDE_STYLE[side])
        row.append("  " + " ".join("-" if v is None else str(v) for v in ops), DIM)
        lines.append(row)
    return lines


# -- the end of one turn ----------------------------------------------------------------
KEPT = re.compile(r"^cards kept into the next turn: (.+)$")
KEPT_SIDE = re.compile(r"(US|USSR) (\d+)")
TURN_ENDS = re.compile(r"^turn (\d+) ends$")


@dataclass(slots=True)
class TurnSummary:
    """One finished turn as its log tells it: VP before and after, the military
    operations check (8.2.1), the scoring cards' VP (10.x), DEFCON's moves, and how many
    cards each side keeps (5.1)."""

    turn: int
    vp_before: int = 0
    vp_after: int = 0
    milops: dict[str, tuple[int, int]] = field(default_factory=dict)  # side: (done, needed)
    milops_result: list[str] = field(default_factory=list)
    scoring: list[str] = field(default_factory=list)
    defcon: tuple[int, int] | None = None  # (first, last) of the turn's moves
    kept: dict[str, int] = field(default_factory=dict)


def turn_summary(log: Sequence[LogEntry], turn: int, final_vp: int) -> TurnSummary | None:
    """The summary of `turn` once its log says it ended; None before. `final_vp` is the VP
    now (where the log shows no VP change, the VP never moved from it)."""
    entries = [e for e in log if e.turn == turn]
    if not any(TURN_ENDS.match(e.text) for e in entries):
        return None
    records = {r.turn: r for r in turn_history(log, final_vp)}
    summary = TurnSummary(turn, vp_after=records[turn].vp)
    change = 0
    moves: list[tuple[int, int]] = []
    for entry in entries:
        text = entry.text
        if found := VP_CHANGE.match(text):
            amount = int(found.group(2))
            change += amount if found.group(1) == "US" else -amount
            if entry.rule.startswith("10"):
                summary.scoring.append(text.split("; VP ")[0])
        if found := MILOPS.match(text):
            summary.milops[found.group(1)] = (int(found.group(2)), int(found.group(3)))
        elif entry.rule == "8.2.1":
            summary.milops_result.append(text.split("; VP ")[0])
        if found := DEFCON_MOVE.match(text):
            moves.append((int(found.group(1)), int(found.group(2))))
        if found := KEPT.match(text):
            summary.kept = {s: int(n) for s, n in KEPT_SIDE.findall(found.group(1))}
    summary.vp_before = summary.vp_after - change
    if moves:
        summary.defcon = (moves[0][0], moves[-1][1])
    return summary
