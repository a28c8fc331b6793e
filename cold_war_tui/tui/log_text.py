"""The log as text lines: as it is (hand-over, F3, game over), and dense for the game
screen's log panel. Pure: no Textual.

The panel under the map has a few rows; an action round often has a dozen log
entries. Three reformattings make a round fit without dropping a word of
information (the engine's log itself, the hand-over and F3 keep every entry as
it is):

- a run of influence changes of one side, sign and rule becomes one line:
  "USSR +1 influence in Poland, Hungary ×2" (×2: two entries for Hungary);
- dice and their result share a line: "US rolls 4, USSR rolls 1 (realignment in
  Iran) → US 4 vs USSR 2" (the result's repeat of the roll's reason is left out);
- what follows under the same rule joins the line while it fits the width:
  "... → succeeds: 5 + 2 ops = 7 > 4 · US -1 influence in Iran".

A card play, an event, a headline reveal and a die roll always begin a line, so
two action rounds never share one. The texts are matched on the wording of
`engine.core` (`roll`, `add_influence`, `remove_influence`) and of the plays;
an entry that matches nothing is shown as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from cold_war_tui.tui.history import LogEntry
from cold_war_tui.tui.tracks import DIM

RULE_STYLE = "#87afd7"
SEPARATOR = " · "
INFLUENCE = re.compile(r"^(US|USSR) ([+-])(\d+) influence in (.+)$")
ROLL = re.compile(r"^(US|USSR) rolls (\d+) \((.+)\)$")
# Entries that begin a step of the game: never joined to the line before them.
STEP = re.compile(r"^(?:(?:US|USSR) plays |event of |headlines revealed|(?:US|USSR) rolls )")


@dataclass(frozen=True, slots=True)
class Item:
    """One or more consecutive log entries of one rule and turn, as one piece of text."""

    rule: str
    turn: int
    text: str
    step: bool  # begins a line


def together(first: LogEntry, other: LogEntry) -> bool:
    """Whether two entries may share a line: one rule, one turn (each turn has a heading)."""
    return first.rule == other.rule and first.turn == other.turn


def entry_line(rule: str, text: str) -> Text:
    """A log line as every log view shows it: the rule reference, then the text."""
    line = Text()
    if rule:
        line.append(f"[{rule}] ", RULE_STYLE)
    line.append(text)
    return line


def turn_heading(turn: int) -> Text:
    return Text(f"-- turn {turn} --", "bold")


def log_lines(entries: Iterable[LogEntry], turn: int | None = None) -> list[Text]:
    """Log entries as they are, with "-- turn N --" where the turn changes (after `turn`):
    the hand-over and F3 show the whole log this way."""
    lines = []
    for entry in entries:
        if entry.turn != turn:
            turn = entry.turn
            lines.append(turn_heading(turn))
        lines.append(entry_line(entry.rule, entry.text))
    return lines


def influence_run(entries: Sequence[LogEntry], start: int) -> tuple[str, int] | None:
    """The entries from `start` that change one side's influence the same way under one
    rule, as one text, and how many entries that is (None when fewer than two)."""
    first = INFLUENCE.match(entries[start].text)
    if first is None:
        return None
    side, sign = first.group(1), first.group(2)
    counts: dict[tuple[str, int], int] = {}  # (country, amount) -> entries, in order
    end = start
    while end < len(entries) and together(entries[start], entries[end]):
        found = INFLUENCE.match(entries[end].text)
        if found is None or (found.group(1), found.group(2)) != (side, sign):
            break
        key = (found.group(4), int(found.group(3)))
        counts[key] = counts.get(key, 0) + 1
        end += 1
    if end - start < 2:
        return None
    amounts = {amount for _, amount in counts}

    def times(key: tuple[str, int]) -> str:
        return f" ×{counts[key]}" if counts[key] > 1 else ""

    if len(amounts) == 1:
        names = ", ".join(f"{country}{times((country, a))}" for country, a in counts)
        return f"{side} {sign}{amounts.pop()} influence in {names}", end - start
    parts = ", ".join(f"{country} {sign}{a}{times((country, a))}" for country, a in counts)
    return f"{side} influence: {parts}", end - start


def dice_with_result(entries: Sequence[LogEntry], start: int) -> tuple[str, int] | None:
    """The die rolls from `start` for one reason, and the result logged right after them
    under the same rule, as one text, and how many entries that is."""
    first = ROLL.match(entries[start].text)
    if first is None:
        return None
    reason = first.group(3)
    rolls = []
    end = start
    while end < len(entries) and together(entries[start], entries[end]):
        found = ROLL.match(entries[end].text)
        if found is None or found.group(3) != reason:
            break
        rolls.append(f"{found.group(1)} rolls {found.group(2)}")
        end += 1
    text = f"{', '.join(rolls)} ({reason})"
    if end < len(entries) and together(entries[start], entries[end]):
        result = entries[end].text
        if not STEP.match(result):
            rest = result.removeprefix(reason)
            if rest != result and rest[:1] in (":", " ") and rest.lstrip(": "):
                result = rest.lstrip(": ")  # "coup in Iran succeeds: ..." -> "succeeds: ..."
            return f"{text} → {result}", end - start + 1
    return text, end - start


def items_of(entries: Sequence[LogEntry]) -> list[Item]:
    """The entries with influence runs and dice merged; every entry is in exactly one item."""
    items = []
    index = 0
    while index < len(entries):
        entry = entries[index]
        merged = influence_run(entries, index) or dice_with_result(entries, index)
        text, used = merged or (entry.text, 1)
        items.append(Item(entry.rule, entry.turn, text, bool(STEP.match(entry.text))))
        index += used
    return items


def dense_lines(entries: Sequence[LogEntry], width: int, turn: int | None = None) -> list[Text]:
    """The panel's lines for `entries`, with "-- turn N --" where the turn changes (after
    `turn`), items of one rule joined while the line fits in `width` cells (entries of
    no rule, such as "turn 3 begins", stand alone)."""
    lines: list[Text] = []
    rule: str | None = None  # the rule of the last line, while it may take more
    for item in items_of(entries):
        if item.turn != turn:
            turn = item.turn
            lines.append(turn_heading(turn))
            rule = None
        last = lines[-1] if lines else None
        if (
            last is not None
            and item.rule
            and rule == item.rule
            and not item.step
            and cell_len(last.plain) + cell_len(SEPARATOR + item.text) <= width
        ):
            last.append(SEPARATOR, DIM)
            last.append(item.text)
            continue
        lines.append(entry_line(item.rule, item.text))
        rule = item.rule
    return lines
