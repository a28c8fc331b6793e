"""Load the YAML game data into frozen models, with one clear message on error.

A broken data file must never end in a traceback: `DataError` names the file,
the entry (a card by number, a country by key), the field and, where YAML knows
it, the line. `validate_data` also checks the data as a whole (adjacency is
symmetric, every key is known, the counts are right, prerequisites exist).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

import yaml
from pydantic import BaseModel, ValidationError

from cold_war_tui.datamodel import (
    CardsFile,
    CountriesFile,
    GameData,
    Period,
    RegionsFile,
    SetupFile,
    SpaceRaceFile,
)

DATA_FILES: dict[str, type[BaseModel]] = {
    "countries.yaml": CountriesFile,
    "cards.yaml": CardsFile,
    "regions.yaml": RegionsFile,
    "space_race.yaml": SpaceRaceFile,
    "setup.yaml": SetupFile,
}
EXPECTED_COUNTRIES = 84
EXPECTED_BATTLEGROUNDS = 29
EXPECTED_CARDS = 110
CHINA_CARD = 6
SUPERPOWERS = ("us", "ussr")

Path_ = tuple[str | int, ...]


class DataError(Exception):
    """A data file is missing, malformed or inconsistent; the message says where."""


@dataclass(frozen=True)
class _Located:
    """A YAML document together with its node tree, to find line numbers."""

    file: Path
    value: Any
    node: yaml.Node | None


def default_data_dir() -> Path:
    """The data folder: inside the installed package, else the repository's data/."""
    packaged = Path(__file__).parent / "data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "data"


@functools.cache
def load_default_data() -> GameData:
    """The game data shipped with the program, loaded once per process."""
    return load_data(default_data_dir())


def load_data(directory: Path) -> GameData:
    """Read and validate every data file of `directory`; raise DataError on the first problem."""
    docs = {name: _read_yaml(directory / name) for name in DATA_FILES}
    parts = {name: _validate(docs[name], model) for name, model in DATA_FILES.items()}
    countries = parts["countries.yaml"]
    regions = parts["regions.yaml"]
    assert isinstance(countries, CountriesFile) and isinstance(regions, RegionsFile)
    cards = parts["cards.yaml"]
    space = parts["space_race.yaml"]
    setup = parts["setup.yaml"]
    assert isinstance(cards, CardsFile) and isinstance(space, SpaceRaceFile)
    assert isinstance(setup, SetupFile)
    data = GameData(
        countries=countries.countries,
        chinese_civil_war=countries.chinese_civil_war,
        cards=cards.cards,
        regions=regions.regions,
        subregions=regions.subregions,
        southeast_asia_scoring=regions.southeast_asia_scoring,
        space_race=space.boxes,
        setup=setup,
    )
    for file, path, message in _whole_data_problems(data):
        located = docs[file]
        raise DataError(_message(located, path, message))
    return data


def _read_yaml(file: Path) -> _Located:
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{file}: file not found") from None
    except (OSError, UnicodeDecodeError) as err:
        raise DataError(f"{file}: cannot be read ({err})") from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        value = yaml.safe_load(text)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f":{mark.line + 1}" if mark is not None else ""
        problem = err.problem or err.context or "invalid YAML"
        raise DataError(f"{file}{where}: not valid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise DataError(f"{file}: not valid YAML: {err}") from None
    if not isinstance(value, dict):
        raise DataError(f"{file}: expected a mapping at the top level, found {_kind(value)}")
    return _Located(file, value, node)


def _validate(located: _Located, model: type[BaseModel]) -> BaseModel:
    try:
        return model.model_validate(located.value)
    except ValidationError as err:
        first = err.errors()[0]
        path: Path_ = tuple(first["loc"])
        raise DataError(_message(located, path, _explain(first))) from None


def _explain(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "this field is missing"
    if kind == "extra_forbidden":
        return "unknown field (a typo?)"
    return f"{error['msg']} (got {error.get('input')!r})"


def _message(located: _Located, path: Path_, problem: str) -> str:
    """'cards.yaml:212: card 21 (NATO): field "ops": ...' from a path into the document."""
    line = _line_of(located.node, path)
    where = f"{located.file}:{line}" if line else str(located.file)
    entry, field = _describe(located.value, path)
    parts = [where, entry, f'field "{field}"' if field else "", problem]
    return ": ".join(part for part in parts if part)


def _describe(value: Any, path: Path_) -> tuple[str, str]:
    """Name the entry (card 21 'NATO', country 'poland') and the field a path points at."""
    node = value
    entry = ""
    rest: list[str] = []
    for step in path:
        if isinstance(node, list) and isinstance(step, int) and step < len(node):
            node = node[step]
            if isinstance(node, dict):
                entry = _entry_name(node, step)
                rest = []
            else:
                rest.append(str(step))
        elif isinstance(node, dict) and step in node:
            node = node[step]
            rest.append(str(step))
        else:
            rest.append(str(step))
            node = None
    if not entry and rest:
        return "", ".".join(rest)
    return entry, ".".join(rest)


def _entry_name(item: Any, index: int) -> str:
    if isinstance(item, dict):
        if "number" in item:
            name = item.get("name")
            return f"card {item['number']}" + (f" ({name})" if name else "")
        if "key" in item:
            return f"entry '{item['key']}'"
        if "box" in item:
            return f"box {item['box']}"
    return f"entry #{index + 1}"


def _line_of(node: yaml.Node | None, path: Path_) -> int | None:
    """The 1-based line of the deepest YAML node on `path`."""
    line = node.start_mark.line + 1 if node is not None else None
    for step in path:
        if isinstance(node, yaml.MappingNode):
            match = next((v for k, v in node.value if k.value == step), None)
            if match is None:
                return line
            node = match
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
            if step >= len(node.value):
                return line
            node = node.value[step]
        else:
            return line
        line = node.start_mark.line + 1
    return line


def _kind(value: Any) -> str:
    return "nothing" if value is None else type(value).__name__


def _whole_data_problems(data: GameData) -> Iterable[tuple[str, Path_, str]]:
    """Cross-file facts no single field can check, as (file, path, message)."""
    yield from _country_problems(data)
    yield from _card_problems(data)
    yield from _region_problems(data)


def _country_problems(data: GameData) -> Iterable[tuple[str, Path_, str]]:
    file = "countries.yaml"
    keys = [c.key for c in data.countries]
    index = {c.key: c for c in data.countries}
    for key, count in Counter(keys).items():
        if count > 1:
            yield file, ("countries", keys.index(key), "key"), f"key '{key}' is used {count} times"
    if len(keys) != EXPECTED_COUNTRIES:
        yield file, ("countries",), f"expected {EXPECTED_COUNTRIES} countries, found {len(keys)}"
    battlegrounds = sum(c.battleground for c in data.countries)
    if battlegrounds != EXPECTED_BATTLEGROUNDS:
        yield (
            file,
            ("countries",),
            f"expected {EXPECTED_BATTLEGROUNDS} battlegrounds, found {battlegrounds}",
        )
    for i, country in enumerate(data.countries):
        for j, other in enumerate(country.adjacent):
            path: Path_ = ("countries", i, "adjacent", j)
            if other == country.key:
                yield file, path, f"'{other}' is listed as adjacent to itself"
            elif other in SUPERPOWERS:
                continue
            elif other not in index:
                yield file, path, f"unknown country '{other}'"
            elif country.key not in index[other].adjacent:
                yield (
                    file,
                    path,
                    f"'{other}' is adjacent here but '{country.key}' is not adjacent there",
                )
    ccw = data.chinese_civil_war
    if tuple(ccw.adjacent) != ("ussr",):
        yield file, ("chinese_civil_war", "adjacent"), "must be adjacent only to the USSR (12.1)"
    subregion_region = {s.key: s.region for s in data.subregions}
    for i, country in enumerate(data.countries):
        for j, sub in enumerate(country.subregions):
            if subregion_region.get(sub) != country.region:
                yield (
                    file,
                    ("countries", i, "subregions", j),
                    f"sub-region '{sub}' is not part of region '{country.region}'",
                )


def _card_problems(data: GameData) -> Iterable[tuple[str, Path_, str]]:
    file = "cards.yaml"
    numbers = [c.number for c in data.cards]
    by_number = {c.number: c for c in data.cards}
    for number, count in Counter(numbers).items():
        if count > 1:
            path: Path_ = ("cards", numbers.index(number), "number")
            yield file, path, f"card number {number} is used {count} times"
    if len(set(numbers)) != EXPECTED_CARDS:
        yield (
            file,
            ("cards",),
            f"expected {EXPECTED_CARDS} distinct cards, found {len(set(numbers))}",
        )
    china = [c for c in data.cards if c.name == "The China Card"]
    if len(china) != 1 or china[0].number != CHINA_CARD:
        yield file, ("cards",), f"expected exactly one China Card, numbered {CHINA_CARD}"
    for i, card in enumerate(data.cards):
        for field in ("requires", "prevents", "cancels", "enables"):
            refs: Sequence[int] = getattr(card, field)
            for j, ref in enumerate(refs):
                if ref not in by_number:
                    yield file, ("cards", i, field, j), f"card {ref} does not exist"
        for j, ref in enumerate(card.cancels):
            if ref in by_number and not by_number[ref].persistent:
                yield (
                    file,
                    ("cards", i, "cancels", j),
                    f"card {ref} has no lasting effect to cancel (it is not persistent)",
                )
        for j, ref in enumerate(card.requires):
            if ref in by_number and card.number not in by_number[ref].enables:
                yield (
                    file,
                    ("cards", i, "requires", j),
                    f"card {ref} should list {card.number} under enables",
                )
        for j, ref in enumerate(card.enables):
            if ref in by_number and card.number not in by_number[ref].requires:
                yield (
                    file,
                    ("cards", i, "enables", j),
                    f"card {ref} should list {card.number} under requires",
                )
        if card.scoring and card.ops != 0:
            yield file, ("cards", i, "ops"), "a scoring card has 0 ops"


def _region_problems(data: GameData) -> Iterable[tuple[str, Path_, str]]:
    file = "regions.yaml"
    keys = {c.key for c in data.countries}
    for name in data.southeast_asia_scoring.overrides:
        if name not in keys:
            yield file, ("southeast_asia_scoring", "overrides", name), f"unknown country '{name}'"
    cards = {c.number: c for c in data.cards}
    for i, region in enumerate(data.regions):
        card = cards.get(region.scoring_card)
        if card is None or not card.scoring:
            yield (
                "regions.yaml",
                ("regions", i, "scoring_card"),
                f"card {region.scoring_card} is not a scoring card",
            )
    for i, box in enumerate(data.space_race):
        if box.box != i + 1:
            yield "space_race.yaml", ("boxes", i, "box"), f"expected box {i + 1}, found {box.box}"
    for name in data.setup.first_us_edition.start_overrides:
        if name not in keys:
            path: Path_ = ("first_us_edition", "start_overrides", name)
            yield "setup.yaml", path, f"unknown country '{name}'"
    periods = sorted(a.period for a in data.setup.deck_additions)
    if periods != sorted(get_args(Period)):
        yield (
            "setup.yaml",
            ("deck_additions",),
            f"each period (Early, Mid, Late) enters the deck once; found {periods}",
        )
