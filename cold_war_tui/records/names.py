"""The play sites' names of cards, countries and regions, read as our numbers and keys.

The sites spell most names as the data does, give starred cards a trailing `*`, put
quotes around a few titles and cut long ones with `...`. Names are compared on their
letters and digits only, in lower case; a name cut with `...` matches the one card
whose name starts with it. A few names differ outright (`ALIASES`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cold_war_tui.datamodel import GameData

# Site names that are not spellings of ours, by their letters (see `letters`).
ALIASES: Mapping[str, int] = {"mideastscoring": 3}


def letters(name: str) -> str:
    """`name`'s letters and digits in lower case: the form names are compared in."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


class Names:
    """Lookups from site names to card numbers, country keys and region keys."""

    def __init__(self, data: GameData) -> None:
        self._cards = {letters(card.name): card.number for card in data.cards}
        self._cards.update(ALIASES)
        self._countries = {letters(country.name): country.key for country in data.countries}
        self._regions = {letters(region.name): region.key for region in data.regions}

    def card(self, name: str) -> int | None:
        """The number of the card the site calls `name`, or None."""
        text = name.strip().rstrip("*").strip().strip('"').strip()
        cut = text.endswith("...")
        key = letters(text)
        if not key:
            return None
        found = self._cards.get(key)
        if found is not None or not cut:
            return found
        return _only(number for full, number in self._cards.items() if full.startswith(key))

    def country(self, name: str) -> str | None:
        """The key of the country the site calls `name`, or None."""
        return self._countries.get(letters(name))

    def region(self, name: str) -> str | None:
        """The key of the region the site calls `name`, or None."""
        return self._regions.get(letters(name))


def _only(numbers: Iterable[int]) -> int | None:
    """The one number of `numbers`, or None when there are none or several."""
    found = set(numbers)
    return found.pop() if len(found) == 1 else None
