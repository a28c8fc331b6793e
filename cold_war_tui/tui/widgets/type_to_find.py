"""Type to find: a widget collects printable keys into `typed` and looks for them.

The decision menu and the map both find their entries by typed text; this base
holds the key handling and the pause after which a new search starts. Pasted
text counts as typed, so a name that arrives in one burst finds what it finds
when typed key by key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual import events
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

TYPING_PAUSE = 2.0  # seconds of no typing before the text is cleared

# A plain mixin at run time (a second Widget base would upset Textual's merging of
# component classes); typed as a Widget so that `set_timer` is known.
if TYPE_CHECKING:
    _MixinBase = Widget
else:
    _MixinBase = object

_WORD = re.compile(r"[^\W_]+")


def match_rank(label: str, typed: str) -> int | None:
    """How well `typed` names `label`: 0 the label starts with it, 1 a word does (or
    each typed word begins a word, in order), 2 it is inside a word; None when it is
    not there at all.

    A person typing "oper" means "Operations first…" before "Event first, then
    operations", and "south af" means the words "South Africa".
    """
    text = label.lower()
    needle = typed.strip().lower()
    if not needle:
        return None
    if text.startswith(needle):
        return 0
    starts = [m.start() for m in _WORD.finditer(text)]
    if any(text.startswith(needle, at) for at in starts) or _word_starts(text, needle):
        return 1
    return 2 if needle in text else None


def _word_starts(text: str, needle: str) -> bool:
    """Each typed word begins a word of the text, in order ("realign isr" names
    "Realignment roll in Israel")."""
    words = _WORD.findall(text)
    at = 0
    for typed in _WORD.findall(needle):
        while at < len(words) and not words[at].startswith(typed):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True


def best_match(labels: Iterable[str | None], typed: str) -> int | None:
    """The index of the label `typed` names best (the first of the best rank);
    None labels (greyed entries) are skipped."""
    best: tuple[int, int] | None = None
    for index, label in enumerate(labels):
        if label is None:
            continue
        rank = match_rank(label, typed)
        if rank is not None and (best is None or rank < best[0]):
            best = (rank, index)
            if rank == 0:
                break
    return None if best is None else best[1]


class TypedText(Message):
    """The typed search text changed ("" when cleared); each widget subclasses it."""

    def __init__(self, text: str, found: bool) -> None:
        super().__init__()
        self.text = text
        self.found = found


class TypeToFind(_MixinBase):
    """Printable keys go into `typed` (lower case) and `find_typed` looks for them;
    TYPING_PAUSE seconds without a key clear the text (`action_clear_typing`).

    A space only counts inside a word, so it still reaches the widget's own bindings.
    """

    typed = ""
    _typing_timer: Timer | None = None

    def on_key(self, event: events.Key) -> None:
        char = event.character
        if char is None or not event.is_printable or (char == " " and not self.typed):
            return
        event.stop()
        event.prevent_default()
        self.typed += char.lower()
        self.typing_changed()

    def on_paste(self, event: events.Paste) -> None:
        """A pasted name is looked for as a whole (line breaks become spaces)."""
        text = " ".join(event.text.split())
        if not text:
            return
        event.stop()
        self.typed += text.lower()
        self.typing_changed()

    def typing_changed(self) -> None:
        """Start the pause again and look for the text as it is now."""
        if self._typing_timer is not None:
            self._typing_timer.stop()
        self._typing_timer = self.set_timer(TYPING_PAUSE, self.action_clear_typing)
        self.find_typed()

    def find_typed(self) -> None:
        raise NotImplementedError

    def action_clear_typing(self) -> None:
        raise NotImplementedError
