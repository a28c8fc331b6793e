"""The grammar of a play-site log: its blocks (set-up, headline, action round, clean-up)
and what each line states, as typed facts with their line numbers.

Only the wording is read here; what the facts mean for the board is `board.py`'s and
`answers.py`'s business. A name that is not a card or country of ours, or text that
is not a log at all, is a `LogError` naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from cold_war_tui.datamodel import Side
from cold_war_tui.records.errors import LogError
from cold_war_tui.records.names import Names

BlockKind = Literal["setup", "headline", "action", "cleanup"]
SectionKind = Literal["infl", "coup", "realign", "space"]
CardVerb = Literal["plays", "discards", "reveals", "returns"]
SIDE_WORDS: dict[str, Side] = {"US": "US", "USSR": "USSR"}
LAST_TURN = 10
LAST_ROUND = 9  # seven rounds, an eighth (space race box 8, #86), and room for a site's slip


# -- facts: one line each ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Influence:
    """`US +2 in Egypt [2][0]`: a change and both sides' totals after it."""

    line: int
    side: Side
    delta: int
    country: str
    us: int
    ussr: int


@dataclass(frozen=True, slots=True)
class Score:
    """`USSR gains 2 VP. Score is USSR 2.` (VP: + for the US); `No VP awarded` gains 0."""

    line: int
    side: Side | None
    gain: int
    vp: int


@dataclass(frozen=True, slots=True)
class Defcon:
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class Milops:
    line: int
    side: Side
    value: int


@dataclass(frozen=True, slots=True)
class SpaceBox:
    """`USSR advances to 3 in the Space Race.`"""

    line: int
    side: Side
    box: int


@dataclass(frozen=True, slots=True)
class Die:
    """A die the log shows: a coup, a space race attempt, a war, a trap's escape roll, or
    one side's realignment roll (`side` set)."""

    line: int
    value: int
    roll: Literal["coup", "space", "war", "trap", "realign"]
    side: Side | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """`Target: Iran` (a coup or a realignment roll) or `War in Israel` (`war`)."""

    line: int
    country: str
    war: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    """`Place Influence (3 Ops):`, `Coup (4 Ops):`, ...: operations begin."""

    line: int
    kind: SectionKind
    ops: int


@dataclass(frozen=True, slots=True)
class Event:
    line: int
    card: int


@dataclass(frozen=True, slots=True)
class Headline:
    line: int
    side: Side
    card: int


@dataclass(frozen=True, slots=True)
class CardMove:
    """`US discards X`, `USSR reveals X`, `US plays X`, `US returns X to USSR`."""

    line: int
    side: Side
    verb: CardVerb
    card: int


@dataclass(frozen=True, slots=True)
class Olympics:
    """`USSR chooses to participate in the Olympics` (or to boycott)."""

    line: int
    side: Side
    participate: bool


@dataclass(frozen=True, slots=True)
class RegionChoice:
    """`US chooses Europe` (#94 Chernobyl)."""

    line: int
    side: Side
    region: str


@dataclass(frozen=True, slots=True)
class InPlay:
    """`NATO* is now in play.` / `... is no longer in play.`"""

    line: int
    card: int
    now: bool


@dataclass(frozen=True, slots=True)
class Reshuffle:
    line: int


@dataclass(frozen=True, slots=True)
class Handicap:
    """`Handicap influence: US +2` (the bid)."""

    line: int
    side: Side
    amount: int


@dataclass(frozen=True, slots=True)
class ScenarioName:
    line: int
    name: str


@dataclass(frozen=True, slots=True)
class OptionalCards:
    line: int


Fact = (
    Influence
    | Score
    | Defcon
    | Milops
    | SpaceBox
    | Die
    | Target
    | Section
    | Event
    | Headline
    | CardMove
    | Olympics
    | RegionChoice
    | InPlay
    | Reshuffle
    | Handicap
    | ScenarioName
    | OptionalCards
)


@dataclass(frozen=True, slots=True)
class Header:
    """A block's first line: `Turn 3, USSR AR2: NATO*: ...` and the like."""

    line: int
    kind: BlockKind
    turn: int = 0
    side: Side | None = None
    action_round: int = 0
    card: int | None = None  # the card of an action round's header
    empty: bool = False  # `Turn 9, USSR AR8: :`: a round with nothing in it


@dataclass(frozen=True, slots=True)
class Block:
    """A header and the lines under it (`body` starts with the rest of the header line)."""

    header: Header
    body: list[tuple[int, str]]  # (line number, text) to read, blank lines included
    text: list[tuple[int, str]]  # the block as the log wrote it, blank lines left out


# -- the grammar ------------------------------------------------------------------
_SIDE = r"(US|USSR)"
_SCORE = r"Score is (?:even|(US|USSR) (\d+))\.?"
_LINE_PATTERNS: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern)
    for name, pattern in {
        "influence": rf"{_SIDE} ([+-]\d+) in (.+?) \[(\d+)\]\[(\d+)\]",
        "gain": rf"{_SIDE} gains (\d+) VP\. {_SCORE}",
        "no_vp": rf"No VP awarded\. {_SCORE}",
        "defcon": r"DEFCON (?:degrades|improves) to (\d+)",
        "milops": rf"{_SIDE} Military Ops to (\d+)",
        "space_box": rf"{_SIDE} advances to (\d+) in the Space Race\.?",
        "space_die": r"Die roll: (\d+) -- .*",
        "coup_die": r"(?:SUCCESS|FAILURE): (\d+) \[.*",
        "realign_die": rf"{_SIDE} rolls (\d+)(?: \(.*\) = -?\d+)?",
        "war_die": r"(?:VICTORY|DEFEAT): (\d+)\b.*",
        "trap_die": r"Trap Roll: (\d+) .*",
        "target": r"Target: (.+)",
        "war": r"War in (.+)",
        "section": r"(Place Influence|Coup|Realignment|Space Race) \((\d+) Ops?\):?",
        "event": r"Event: (.+)",
        "headline": rf"{_SIDE} Headlines (.+)",
        "returns": rf"{_SIDE} returns (.+) to (?:US|USSR)",
        "card": rf"{_SIDE} (plays|discards|reveals) (.+?)(?: from hand)?",
        "olympics": rf"{_SIDE} chooses to (participate in|boycott) the Olympics",
        "in_play": r"(.+) is (now|no longer) in play\.?",
        "region": rf"{_SIDE} chooses (.+)",
        "reshuffle": r"\*RESHUFFLE\*",
        "handicap": rf"Handicap influence: {_SIDE} \+(\d+)",
        "scenario": r"Scenario: (.+)",
        "optional": r"Optional Cards Added",
    }.items()
}
# Lines that state nothing the board needs (names, clocks, the game's end, no-ops).
_QUIET = re.compile(
    r"|:\s*:|.* will play as .*|Time per Player: .*|(US|USSR) wins by .*"
    r"|(US|USSR) has no cards to (reveal|discard)"
)
_SECTION_KINDS: dict[str, SectionKind] = {
    "Place Influence": "infl",
    "Coup": "coup",
    "Realignment": "realign",
    "Space Race": "space",
}
_TURN = re.compile(r"Turn (\d+), (Headline Phase|Cleanup|(US|USSR) AR(\d+))(?::(?: (.*))?)?")
_AR_REST = re.compile(r"(.*?):(?: (.*))?")


def read_blocks(text: str, names: Names) -> list[Block]:
    """The log's blocks in order; LogError when `text` is not a log or names unknown things."""
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), 1)]
    content = [(n, line) for n, line in lines if line]
    if not content or not content[0][1].startswith("SETUP:"):
        number, first = content[0] if content else (1, text)
        raise LogError(number, first, "not a play-site log: it should begin with 'SETUP:'")
    blocks: list[Block] = []
    for number, line in lines[content[0][0] - 1 :]:
        started = _header(number, line, names)
        if started is not None:
            header, first = started
            blocks.append(Block(header, [(number, first)] if first else [], [(number, line)]))
        else:
            blocks[-1].body.append((number, line))
            if line:
                blocks[-1].text.append((number, line))
    return blocks


def _header(number: int, line: str, names: Names) -> tuple[Header, str] | None:
    """The header a line starts, with the rest of the line (the block's first line)."""
    if line.startswith("SETUP:"):
        return Header(number, "setup"), line.removeprefix("SETUP:").strip()
    match = _TURN.fullmatch(line)
    if match is None:
        return None
    turn = int(match[1])
    rest = match[5] or ""
    if match[2] == "Cleanup":
        return Header(number, "cleanup", turn), rest
    if not 1 <= turn <= LAST_TURN:
        raise LogError(number, line, f"there is no turn {turn}")
    if match[2] == "Headline Phase":
        cards, _, first = rest.partition(": ")
        for name in cards.split(" & ") if cards else ():
            _card(names, name, number, line)
        return Header(number, "headline", turn), first
    side = SIDE_WORDS[match[3]]
    action_round = int(match[4])
    if not 1 <= action_round <= LAST_ROUND:
        raise LogError(number, line, f"there is no action round {action_round}")
    parts = _AR_REST.fullmatch(rest)
    name, first = (parts[1], parts[2] or "") if parts else (rest, "")
    if not name.strip():
        return Header(number, "action", turn, side, action_round, empty=True), first
    card = _card(names, name, number, line)
    return Header(number, "action", turn, side, action_round, card), first


def block_facts(block: Block, names: Names) -> tuple[list[Fact], list[int]]:
    """The facts a block's lines state, and the numbers of the lines it does not know."""
    facts: list[Fact] = []
    unread: list[int] = []
    for number, line in block.body:
        fact = _fact(number, line, names)
        if fact is not None:
            facts.append(fact)
        elif not _QUIET.fullmatch(line):
            unread.append(number)
    return facts, unread


def _fact(number: int, line: str, names: Names) -> Fact | None:
    """What `line` states, or None for a line that states nothing the reader uses."""
    for kind, pattern in _LINE_PATTERNS.items():
        match = pattern.fullmatch(line)
        if match is not None:
            return _MAKERS[kind](number, line, match, names)
    return None


def _card(names: Names, name: str, number: int, line: str) -> int:
    card = names.card(name)
    if card is None:
        raise LogError(number, line, f"unknown card {name.strip()!r}")
    return card


def _country(names: Names, name: str, number: int, line: str) -> str:
    key = names.country(name)
    if key is None:
        raise LogError(number, line, f"unknown country {name.strip()!r}")
    return key


def _vp(match: re.Match[str], first: int) -> int:
    """The score of a `Score is ...` match (groups `first`, `first + 1`): + for the US."""
    side, amount = match[first], match[first + 1]
    if side is None:
        return 0
    return int(amount) if side == "US" else -int(amount)


def _side(word: str) -> Side:
    return SIDE_WORDS[word]


def _make_influence(n: int, line: str, m: re.Match[str], names: Names) -> Fact:
    country = _country(names, m[3], n, line)
    return Influence(n, _side(m[1]), int(m[2]), country, int(m[4]), int(m[5]))


def _make_gain(n: int, line: str, m: re.Match[str], names: Names) -> Fact:
    return Score(n, _side(m[1]), int(m[2]), _vp(m, 3))


def _make_no_vp(n: int, line: str, m: re.Match[str], names: Names) -> Fact:
    return Score(n, None, 0, _vp(m, 1))


def _make_card_move(n: int, line: str, m: re.Match[str], names: Names) -> Fact:
    verb: CardVerb = "plays" if m[2] == "plays" else "discards" if m[2] == "discards" else "reveals"
    return CardMove(n, _side(m[1]), verb, _card(names, m[3], n, line))


def _make_in_play(n: int, line: str, m: re.Match[str], names: Names) -> Fact | None:
    card = names.card(m[1])
    if card is None:  # the site's own notices ("Chernobyl* is now in play" after a word)
        return None
    return InPlay(n, card, m[2] == "now")


def _make_region(n: int, line: str, m: re.Match[str], names: Names) -> Fact | None:
    region = names.region(m[2])
    return None if region is None else RegionChoice(n, _side(m[1]), region)


Maker = Callable[[int, str, "re.Match[str]", Names], Fact | None]
_MAKERS: dict[str, Maker] = {
    "influence": _make_influence,
    "gain": _make_gain,
    "no_vp": _make_no_vp,
    "defcon": lambda n, line, m, names: Defcon(n, int(m[1])),
    "milops": lambda n, line, m, names: Milops(n, _side(m[1]), int(m[2])),
    "space_box": lambda n, line, m, names: SpaceBox(n, _side(m[1]), int(m[2])),
    "space_die": lambda n, line, m, names: Die(n, int(m[1]), "space"),
    "coup_die": lambda n, line, m, names: Die(n, int(m[1]), "coup"),
    "realign_die": lambda n, line, m, names: Die(n, int(m[2]), "realign", _side(m[1])),
    "war_die": lambda n, line, m, names: Die(n, int(m[1]), "war"),
    "trap_die": lambda n, line, m, names: Die(n, int(m[1]), "trap"),
    "target": lambda n, line, m, names: Target(n, _country(names, m[1], n, line)),
    "war": lambda n, line, m, names: Target(n, _country(names, m[1], n, line), war=True),
    "section": lambda n, line, m, names: Section(n, _SECTION_KINDS[m[1]], int(m[2])),
    "event": lambda n, line, m, names: Event(n, _card(names, m[1], n, line)),
    "headline": lambda n, line, m, names: Headline(n, _side(m[1]), _card(names, m[2], n, line)),
    "returns": lambda n, line, m, names: CardMove(
        n, _side(m[1]), "returns", _card(names, m[2], n, line)
    ),
    "card": _make_card_move,
    "olympics": lambda n, line, m, names: Olympics(n, _side(m[1]), m[2] != "boycott"),
    "in_play": _make_in_play,
    "region": _make_region,
    "reshuffle": lambda n, line, m, names: Reshuffle(n),
    "handicap": lambda n, line, m, names: Handicap(n, _side(m[1]), int(m[2])),
    "scenario": lambda n, line, m, names: ScenarioName(n, m[1].strip()),
    "optional": lambda n, line, m, names: OptionalCards(n),
}
