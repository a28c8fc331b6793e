"""Load the YAML game data into frozen models, with one clear line per problem.

A broken data file must never end in a traceback: each problem names the file,
the entry (a card by number, a country by key), the field and, where YAML knows
it, the line. `check_data` finds every problem of a folder in one run: each
file's fields, then the facts across files (adjacency is symmetric, every key
is known, the counts are right, prerequisites exist) and the data contract
(every country and card the rules name exists).

Any input takes bounded time and memory (docs/data.md, "Limits"): a file over
MAX_FILE_BYTES is not read, YAML anchors and aliases (the "billion laughs")
are refused, nesting stops at MAX_DEPTH, and a message quotes at most a short
excerpt of the input.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

import yaml
from pydantic import BaseModel, ValidationError
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node
from yaml.reader import ReaderError

from cold_war_tui.datamodel import (
    CardsFile,
    CountriesFile,
    GameData,
    Period,
    RegionsFile,
    SetupFile,
    SpaceRaceFile,
)
from cold_war_tui.untrusted import clip, excerpt
from cold_war_tui.userdata import FileRefused, read_bounded

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
MAX_FILE_BYTES = 1_000_000
"""cards.yaml, the largest file, is 47 KB; a file over this is not read."""
MAX_DEPTH = 20
"""The shipped data nests 4 levels deep; YAML nested deeper is refused."""
MAX_NODES = 20_000
"""cards.yaml, the largest file, holds 3,646 values (scalars, lists, mappings)."""
MAX_MAPPINGS = 1_000
"""countries.yaml holds 171 mappings. Each may lack every field of its model, so this
bounds the count of problems (and pydantic's time to list them), with MAX_NODES."""
MAX_FILE_PROBLEMS = 100
"""Problems of one file's fields shown in full; the rest are counted."""

Path_ = tuple[str | int, ...]
Problem = tuple[str, Path_, str]
"""A problem found across files: (file, path into its document, message)."""


class DataError(Exception):
    """A data folder is missing, malformed or inconsistent. `problems` holds every
    problem found, one line each; the message is the first one and how many more."""

    def __init__(self, problems: str | Sequence[str], unlisted: int = 0) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        more = len(self.problems) - 1 + unlisted
        suffix = f" (and {more:,} more: run validate-data to see them)" if more else ""
        super().__init__(f"{self.problems[0]}{suffix}")


@dataclass(frozen=True)
class DataCheck:
    """What `check_data` found: the data when it is valid, else the problems, one line
    each, and how many more were counted but not written out (MAX_FILE_PROBLEMS)."""

    data: GameData | None
    problems: list[str]
    unlisted: int = 0


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
    """Read and validate every data file of `directory`; DataError lists every problem."""
    check = check_data(directory)
    if check.data is None:
        raise DataError(check.problems, check.unlisted)
    return check.data


def check_data(directory: Path) -> DataCheck:
    """Every problem of a data folder: each file's own, then those across files."""
    problems: list[str] = []
    unlisted = 0
    docs: dict[str, _Located] = {}
    parts: dict[str, BaseModel] = {}
    for name, model in DATA_FILES.items():
        try:
            docs[name] = _read_yaml(directory / name)
        except DataError as err:
            problems += err.problems
            continue
        part, found, more = _validate(docs[name], model)
        problems += found
        unlisted += more
        if part is not None:
            parts[name] = part
    for file, path, message in _cross_file_problems(parts):
        problems.append(_message(docs[file], path, message))
    if problems:
        return DataCheck(None, problems, unlisted)
    return DataCheck(_game_data(parts), [])


def _game_data(parts: Mapping[str, BaseModel]) -> GameData:
    countries = parts["countries.yaml"]
    regions = parts["regions.yaml"]
    cards = parts["cards.yaml"]
    space = parts["space_race.yaml"]
    setup = parts["setup.yaml"]
    assert isinstance(countries, CountriesFile) and isinstance(regions, RegionsFile)
    assert isinstance(cards, CardsFile) and isinstance(space, SpaceRaceFile)
    assert isinstance(setup, SetupFile)
    return GameData(
        countries=countries.countries,
        chinese_civil_war=countries.chinese_civil_war,
        cards=cards.cards,
        regions=regions.regions,
        subregions=regions.subregions,
        southeast_asia_scoring=regions.southeast_asia_scoring,
        space_race=space.boxes,
        setup=setup,
    )


# libyaml's parser where PyYAML was built with it (10x faster), else PyYAML's own.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _DataLoader(_Loader):  # type: ignore[valid-type, misc]
    """The safe loader, refusing a key given twice (YAML would keep the last one
    silently) and a value Python cannot build (an integer of over 4,300 digits, a
    date like 2020-13-45) at its line, not with a traceback."""

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as err:
            problem = f"cannot read this value: {clip(str(err), 80)}"
            raise ConstructorError(None, None, problem, node.start_mark) from None

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[object, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node)
            line = key_node.start_mark.line + 1
            try:
                first = seen.setdefault(key, line)
            except TypeError:  # an unhashable key: the base class says so
                continue
            if first != line:
                problem = f"the key {excerpt(key)} is given twice (first on line {first})"
                raise ConstructorError(None, None, problem, key_node.start_mark)
        return super().construct_mapping(node, deep)


def _check_shape(file: Path, text: str) -> None:
    """Refuse, before anything is built, what would take unbounded time or memory: an
    anchor or alias (an alias bomb of 1.7 KB expands to gigabytes; the data uses
    none), nesting deeper than MAX_DEPTH, more than MAX_NODES values or MAX_MAPPINGS
    mappings. Streams the parser's events, so it stops at the first problem."""
    depth = nodes = mappings = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            _refuse(file, event, "anchors and aliases (&, *) are not allowed")
        if isinstance(event, yaml.ScalarEvent | yaml.CollectionStartEvent):
            nodes += 1
            if nodes > MAX_NODES:
                _refuse(file, event, f"more than {MAX_NODES:,} values in one file")
        if isinstance(event, yaml.MappingStartEvent):
            mappings += 1
            if mappings > MAX_MAPPINGS:
                _refuse(file, event, f"more than {MAX_MAPPINGS:,} mappings in one file")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                _refuse(file, event, f"nested deeper than {MAX_DEPTH} levels")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _refuse(file: Path, event: yaml.Event, problem: str) -> None:
    line = event.start_mark.line + 1 if event.start_mark is not None else 0
    raise DataError(f"{file}:{line}: {problem}")


def _read_yaml(file: Path) -> _Located:
    text = _read_text(file)
    try:
        _check_shape(file, text)
        loader = _DataLoader(text)
        try:
            node = loader.get_single_node()
            value = None if node is None else loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f":{mark.line + 1}" if mark is not None else ""
        problem = clip(err.problem or err.context or "invalid YAML", 160)
        raise DataError(f"{file}{where}: not valid YAML: {problem}") from None
    except ReaderError as err:  # a NUL byte or another control character
        character = chr(err.character) if isinstance(err.character, int) else err.character
        line = text.count("\n", 0, max(0, text.find(character))) + 1
        raise DataError(
            f"{file}:{line}: the character #x{ord(character):04x} is not allowed in a data file"
        ) from None
    except yaml.YAMLError as err:
        raise DataError(f"{file}: not valid YAML: {clip(str(err), 160)}") from None
    if not isinstance(value, dict):
        raise DataError(f"{file}: expected a mapping at the top level, found {_kind(value)}")
    return _Located(file, value, node)


def _read_text(file: Path) -> str:
    """The file's text; a DataError with the line of the first byte that is not UTF-8."""
    try:
        raw = read_bounded(file, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise DataError(f"{file}: file not found") from None
    except FileRefused as err:
        raise DataError(f"{file}: {err}, so not a data file") from None
    except OSError as err:
        raise DataError(f"{file}: cannot be read ({err.strerror or err})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise DataError(f"{file}:{line}: not UTF-8 text (byte 0x{raw[err.start]:02x})") from None


def _validate(located: _Located, model: type[BaseModel]) -> tuple[BaseModel | None, list[str], int]:
    """The file as its model, or the problems pydantic found in it (at most
    MAX_FILE_PROBLEMS written out) and the count of the others."""
    try:
        return model.model_validate(located.value), [], 0
    except ValidationError as err:
        errors = err.errors(include_url=False)
        problems = [
            _message(located, tuple(error["loc"]), _explain(error))
            for error in errors[:MAX_FILE_PROBLEMS]
        ]
        return None, problems, max(0, len(errors) - MAX_FILE_PROBLEMS)


def _explain(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "this field is missing"
    if kind == "extra_forbidden":
        return "unknown field (a typo?)"
    return f"{error['msg']} (got {excerpt(error.get('input'))})"


def _message(located: _Located, path: Path_, problem: str) -> str:
    """'cards.yaml:212: card 21 (NATO): field "ops": ...' from a path into the document."""
    line = _line_of(located.node, path)
    where = f"{located.file}:{line}" if line else str(located.file)
    entry, field = _describe(located.value, path)
    parts = [where, entry, f'field "{clip(field, 60)}"' if field else "", problem]
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
            number = clip(str(item["number"]), 20)
            return f"card {number}" + (f" ({clip(str(name), 60)})" if name else "")
        if "key" in item:
            return f"entry '{clip(str(item['key']), 60)}'"
        if "box" in item:
            return f"box {clip(str(item['box']), 20)}"
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


def _cross_file_problems(parts: Mapping[str, BaseModel]) -> Iterable[Problem]:
    """Facts no single field can check, as (file, path, message). A check runs when the
    files it reads are valid on their own, so one broken file hides no other problem."""
    countries = parts.get("countries.yaml")
    cards = parts.get("cards.yaml")
    regions = parts.get("regions.yaml")
    space = parts.get("space_race.yaml")
    setup = parts.get("setup.yaml")
    if isinstance(countries, CountriesFile):
        yield from _country_problems(countries)
        if isinstance(regions, RegionsFile):
            yield from _subregion_problems(countries, regions)
    if isinstance(cards, CardsFile):
        yield from _card_problems(cards)
    if isinstance(regions, RegionsFile):
        yield from _region_problems(regions, countries, cards)
    if isinstance(space, SpaceRaceFile):
        yield from _space_problems(space)
    if isinstance(setup, SetupFile):
        yield from _setup_problems(setup, countries)
    if isinstance(countries, CountriesFile):
        yield from _contract_problems(countries, cards)


def _country_problems(data: CountriesFile) -> Iterable[Problem]:
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
                yield file, path, f"{excerpt(other)} is listed as adjacent to itself"
            elif other in SUPERPOWERS:
                continue
            elif other not in index:
                yield file, path, f"unknown country {excerpt(other)}"
            elif country.key not in index[other].adjacent:
                yield (
                    file,
                    path,
                    f"'{other}' is adjacent here but '{country.key}' is not adjacent there",
                )
    ccw = data.chinese_civil_war
    if tuple(ccw.adjacent) != ("ussr",):
        yield file, ("chinese_civil_war", "adjacent"), "must be adjacent only to the USSR (12.1)"


def _subregion_problems(countries: CountriesFile, regions: RegionsFile) -> Iterable[Problem]:
    subregion_region = {s.key: s.region for s in regions.subregions}
    for i, country in enumerate(countries.countries):
        for j, sub in enumerate(country.subregions):
            if subregion_region.get(sub) != country.region:
                yield (
                    "countries.yaml",
                    ("countries", i, "subregions", j),
                    f"sub-region '{sub}' is not part of region '{country.region}'",
                )


def _card_problems(data: CardsFile) -> Iterable[Problem]:
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


def _region_problems(
    data: RegionsFile, countries: BaseModel | None, cards: BaseModel | None
) -> Iterable[Problem]:
    file = "regions.yaml"
    if isinstance(countries, CountriesFile):
        keys = {c.key for c in countries.countries}
        for name in data.southeast_asia_scoring.overrides:
            if name not in keys:
                path: Path_ = ("southeast_asia_scoring", "overrides", name)
                yield file, path, f"unknown country {excerpt(name)}"
    if isinstance(cards, CardsFile):
        by_number = {c.number: c for c in cards.cards}
        for i, region in enumerate(data.regions):
            card = by_number.get(region.scoring_card)
            if card is None or not card.scoring:
                yield (
                    file,
                    ("regions", i, "scoring_card"),
                    f"card {region.scoring_card} is not a scoring card",
                )


def _space_problems(data: SpaceRaceFile) -> Iterable[Problem]:
    for i, box in enumerate(data.boxes):
        if box.box != i + 1:
            yield "space_race.yaml", ("boxes", i, "box"), f"expected box {i + 1}, found {box.box}"


def _setup_problems(data: SetupFile, countries: BaseModel | None) -> Iterable[Problem]:
    if isinstance(countries, CountriesFile):
        keys = {c.key for c in countries.countries}
        for name in data.first_us_edition.start_overrides:
            if name not in keys:
                path: Path_ = ("first_us_edition", "start_overrides", name)
                yield "setup.yaml", path, f"unknown country {excerpt(name)}"
    periods = sorted(a.period for a in data.deck_additions)
    if periods != sorted(get_args(Period)):
        yield (
            "setup.yaml",
            ("deck_additions",),
            f"each period (Early, Mid, Late) enters the deck once; found {periods}",
        )


def _contract_problems(countries: CountriesFile, cards: BaseModel | None) -> Iterable[Problem]:
    """The data contract: every country key and card number the rules name exists."""
    from cold_war_tui.engine.contract import CARD_NUMBERS, COUNTRY_KEYS

    keys = {c.key for c in countries.countries}
    missing = sorted(COUNTRY_KEYS - keys)
    if missing:
        yield (
            "countries.yaml",
            ("countries",),
            f"the rules name countries this file lacks: {', '.join(missing)}",
        )
    if isinstance(cards, CardsFile):
        absent = sorted(CARD_NUMBERS - {c.number for c in cards.cards})
        if absent:
            listed = ", ".join(str(n) for n in absent)
            yield "cards.yaml", ("cards",), f"the rules name cards this file lacks: {listed}"
