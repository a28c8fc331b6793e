"""Type to find: a widget collects printable keys into `typed` and looks for them.

The decision menu and the map both find their entries by typed text; this base
holds the key handling and the pause after which a new search starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.timer import Timer
from textual.widget import Widget

TYPING_PAUSE = 2.0  # seconds of no typing before the text is cleared

# A plain mixin at run time (a second Widget base would upset Textual's merging of
# component classes); typed as a Widget so that `set_timer` is known.
if TYPE_CHECKING:
    _MixinBase = Widget
else:
    _MixinBase = object


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
