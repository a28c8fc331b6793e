"""A Footer that redraws only when the keys it shows change.

Textual's Footer rebuilds its key widgets whenever the focus or the bindings
might have changed, which on the game screen is after nearly every key press.
This one compares what it would show and skips identical rebuilds.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class QuietFooter(Footer):
    """Footer with a rebuild only when the shown bindings (or their enabled state) change."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[tuple[str, str, bool], ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and self.app.app_focus:
            shown = tuple(
                (key, binding.description, enabled)
                for key, (_, binding, enabled, _tip) in screen.active_bindings.items()
                if binding.show
            )
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)
