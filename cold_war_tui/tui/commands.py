"""Command palette: a card lookup by name ("nato" -> open #21 NATO in the reference).

The other palette commands (save, load, undo, rules, export) are the app's
system commands (`ColdWarApp.get_system_commands`).
"""

from __future__ import annotations

from functools import partial

from textual.command import Hit, Hits, Provider


class CardLookup(Provider):
    """Every card by number and name; choosing one opens its text."""

    def _cards(self) -> list[tuple[str, str]]:
        from cold_war_tui.tui.app import ColdWarApp

        app = self.app
        if not isinstance(app, ColdWarApp):
            return []
        data = app.ensure_ready()
        if data is None:
            return []
        return [(f"Card #{c.number} {c.name}", c.name) for c in data.cards]

    def _open(self, name: str) -> None:
        from cold_war_tui.tui.app import ColdWarApp

        if isinstance(self.app, ColdWarApp):
            self.app.open_rules(name)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, name in self._cards():
            score = matcher.match(title)
            if score > 0:
                yield Hit(
                    score, matcher.highlight(title), partial(self._open, name), help="card text"
                )
