"""Our data/*.yaml must agree with the cross-checked facts of ../shared/data (issue 2, item 5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cold_war_tui.gamedata import load_default_data

CARD_FACTS = ("name", "ops", "side", "starred", "period", "scoring", "optional", "in_draw_deck")


def _camel(slug: str) -> str:
    """'middle-east' -> 'MiddleEast': the shared files' spelling of regions."""
    return "".join(part.title() for part in slug.split("-"))


def _shared_key(key: str) -> str:
    """Our keys are the shared keys with hyphens between words."""
    return key.replace("-", "")


def test_every_card_fact_matches_the_reference(shared_data: Path) -> None:
    reference = {
        c["number"]: c for c in json.loads((shared_data / "cards.json").read_text())["cards"]
    }
    ours = {c.number: c for c in load_default_data().cards}
    assert ours.keys() == reference.keys()
    for number, card in ours.items():
        for fact in CARD_FACTS:
            assert getattr(card, fact) == reference[number][fact], (number, fact)


def test_every_country_fact_matches_the_reference(shared_data: Path) -> None:
    doc = json.loads((shared_data / "countries.json").read_text())
    reference = {c["key"]: c for c in doc["countries"]}
    data = load_default_data()
    assert {_shared_key(c.key) for c in data.countries} == reference.keys()
    for country in data.countries:
        ref = reference[_shared_key(country.key)]
        assert country.name == ref["name"]
        assert country.stability == ref["stability"], country.key
        assert country.battleground == ref["battleground"], country.key
        assert country.region == re.sub(r"(?<!^)([A-Z])", r"-\1", ref["region"]).lower()
        assert sorted(_camel(s) for s in country.subregions) == sorted(ref["subregions"])
        assert (country.start.us, country.start.ussr) == (ref["us_start"], ref["ussr_start"])
        assert sorted(_shared_key(a) for a in country.adjacent) == sorted(ref["adjacent"])


def test_superpower_adjacency_matches_the_reference(shared_data: Path) -> None:
    doc = json.loads((shared_data / "countries.json").read_text())
    data = load_default_data()
    for side in ("us", "ussr"):
        ours = sorted(_shared_key(c.key) for c in data.countries if side in c.adjacent)
        assert ours == sorted(doc["superpowers"][side])


def test_chinese_civil_war_space_matches_the_reference(shared_data: Path) -> None:
    ref = json.loads((shared_data / "countries.json").read_text())["chinese_civil_war_space"]
    ccw = load_default_data().chinese_civil_war
    assert ccw.stability == ref["stability"]
    assert ccw.battleground == ref["battleground"]
    assert ccw.region == ref["region"].lower()
    assert list(ccw.adjacent) == ref["adjacent"]


def test_whole_data_counts() -> None:
    """84 countries, 29 battlegrounds, 110 cards, one China Card (issue 2, item 4)."""
    data = load_default_data()
    assert len(data.countries) == 84
    assert sum(c.battleground for c in data.countries) == 29
    assert sorted(c.number for c in data.cards) == list(range(1, 111))
    assert [c.number for c in data.cards if c.name == "The China Card"] == [6]
    assert [b.box for b in data.space_race] == list(range(1, 9))
