"""Effects in play as a player reads them: the card that made each, and a few words.

The engine keeps effects as slugs (`nato`, `nato-exempt:france`,
`no-coup:USSR:japan`; docs/effects.md lists them). This registry turns each
into "#21 NATO: USSR may not coup or realign US-controlled Europe". A pattern
part `{side}` or `{key}` matches any value and is named in the words; `{n}` is
a number. Bookkeeping keys a player need not see are in HIDDEN. A test checks
that every key of docs/effects.md is here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cold_war_tui.datamodel import GameData

# (pattern, card, words)
EFFECTS: tuple[tuple[str, int, str], ...] = (
    ("nato", 21, "no USSR coups or realignment in US-controlled Europe"),
    ("nato-exempt:france", 17, "France is outside NATO"),
    ("nato-exempt:west-germany", 55, "West Germany is outside NATO"),
    ("no-coup:USSR:japan", 27, "no USSR coups in Japan"),
    ("no-realign:USSR:japan", 27, "no USSR realignment in Japan"),
    ("formosan-resolution", 35, "a US-controlled Taiwan counts as a battleground"),
    ("norad", 106, "+1 US influence when DEFCON drops to 2"),
    ("quagmire", 42, "the US must discard and roll to escape"),
    ("bear-trap", 44, "the USSR must discard and roll to escape"),
    ("missile-envy:{side}", 49, "{side} plays Missile Envy for ops next"),
    ("we-will-bury-you", 50, "USSR +3 VP unless UN Intervention is played"),
    ("flower-power", 59, "USSR +2 VP per US war card"),
    ("shuttle-diplomacy", 73, "one USSR battleground fewer at the next scoring"),
    ("iranian-hostage-crisis", 82, "Terrorism makes the US discard 2"),
    ("the-reformer", 87, "Glasnost gives 4 ops"),
    ("no-coup:USSR:europe", 87, "no USSR coups in Europe"),
    ("area-bonus:{side}:{key}", 9, "{side} +1 op for ops all in {key}"),
    ("ops-bonus:US", 25, "US cards +1 op"),
    ("ops-bonus:USSR", 51, "USSR cards +1 op"),
    ("ops-malus:{side}", 31, "{side} cards -1 op"),
    ("cuban-missile-crisis:{side}", 40, "a {side} coup loses the game"),
    ("nuclear-subs", 41, "US coups do not lower DEFCON"),
    ("coup-malus", 43, "every coup roll -1"),
    ("u2-incident", 60, "UN Intervention gives the USSR +1 VP"),
    ("coup-bonus:{side}:{key}", 69, "{side} coups +1 in {key}"),
    ("coup-malus:{side}:{key}", 69, "{side} coups -1 in {key}"),
    ("extra-round:US", 86, "the US gets an extra action round"),
    ("realign-malus:{side}", 93, "{side} realignment rolls -1"),
    ("no-influence:{side}:{key}", 94, "no {side} influence by ops in {key}"),
    ("open-hand:{side}", 98, "the {side} hand is open to the other side"),
    ("ames-order", 98, "the US plays its cards in the USSR's order"),
    ("yuri-and-samantha", 109, "USSR +1 VP per US coup"),
)
HIDDEN = ("defcon-moved-to-2", "ames-order:{n}")
"""Keys the rules use for bookkeeping; nothing for a player to read."""


@dataclass(frozen=True, slots=True)
class EffectText:
    card: int | None
    words: str


def _fits(pattern: str, key: str) -> dict[str, str] | None:
    """The values of `{name}` parts when `key` fits `pattern`, else None."""
    wanted, parts = pattern.split(":"), key.split(":")
    if len(wanted) != len(parts):
        return None
    values: dict[str, str] = {}
    for want, part in zip(wanted, parts, strict=True):
        if want.startswith("{"):
            if want == "{n}" and not part.isdigit():
                return None
            values[want[1:-1]] = part
        elif want != part:
            return None
    return values


def describe(key: str, value: int, names: Mapping[str, str]) -> EffectText | None:
    """The card and words of an effect key (None for bookkeeping); `names` turns region
    and country keys into names. An unknown key is shown as its words."""
    if any(_fits(pattern, key) is not None for pattern in HIDDEN):
        return None
    for pattern, card, words in EFFECTS:
        values = _fits(pattern, key)
        if values is not None:
            if "key" in values:
                values["key"] = names.get(values["key"], values["key"])
            return EffectText(card, words.format(**values))
    amount = "" if value == 1 else f" {value}"
    return EffectText(None, key.replace(":", " ").replace("-", " ") + amount)


def place_names(data: GameData) -> dict[str, str]:
    """Region, sub-region and country names by key."""
    names: dict[str, str] = {r.key: r.name for r in data.regions}
    names |= {s.key: s.name for s in data.subregions}
    names |= {c.key: c.name for c in data.countries}
    return names
