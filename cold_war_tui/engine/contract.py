"""What the rules name in the game data: the data contract (docs/data.md).

The rules name some countries by key (Poland for #68 and #101, Cuba for the Cuban
Missile Crisis, ...) and every card by number (its event). A data folder that
renamed one would load and then crash games with a KeyError, so `validate-data`
and the game's own loading check the data against this contract. A test scans
the engine's source: a country key named there and missing here fails it.
"""

from __future__ import annotations

from cold_war_tui.engine.events.registry import EVENTS, WITHOUT_EVENT

COUNTRY_KEYS = frozenset(
    {
        "angola",
        "argentina",
        "bulgaria",
        "canada",
        "chile",
        "costa-rica",
        "cuba",
        "czechoslovakia",
        "east-germany",
        "egypt",
        "france",
        "gulf-states",
        "hungary",
        "india",
        "iran",
        "iraq",
        "israel",
        "japan",
        "jordan",
        "lebanon",
        "libya",
        "nicaragua",
        "pakistan",
        "panama",
        "poland",
        "romania",
        "saudi-arabia",
        "se-african-states",
        "south-africa",
        "south-korea",
        "sudan",
        "syria",
        "taiwan",
        "turkey",
        "uk",
        "venezuela",
        "vietnam",
        "west-germany",
        "yugoslavia",
    }
)
"""Country keys written in the rules' code (card events, the China Card, set-up)."""

CARD_NUMBERS = frozenset(EVENTS) | WITHOUT_EVENT.keys()
"""Every card has an event in the registry's table, or is listed without one (the China
Card, #6)."""
