"""Moves as values (engine/moves.py): every rule of the choice grammar (docs/notation.md)
is a frozen, hashable type whose `notation` is today's id, and `parse_move` reads the
notation back, refusing any text outside the grammar."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cold_war_tui.engine import (
    Answer,
    CancelCmc,
    CardPick,
    Choice,
    DecisionKind,
    Defcon,
    Game,
    GameOptions,
    Headline,
    IllegalChoice,
    Move,
    Order,
    Pass,
    Play,
    RegionPick,
    Target,
    Un,
    parse_move,
)
from cold_war_tui.engine.moves import MOVE_TYPES, card_of, country_of, with_cards

DOCS = Path(__file__).resolve().parents[2] / "docs"

# One example of every rule of the grammar, with its notation.
EXAMPLES: list[tuple[Move, str]] = [
    (Play(21, "ops"), "play 21 ops"),
    (Play(21, "event"), "play 21 event"),
    (Play(6, "space"), "play 6 space"),
    (Headline(23), "headline 23"),
    (Target("infl", "poland"), "infl poland"),
    (Target("coup", "north-korea"), "coup north-korea"),
    (Target("realign", "iran"), "realign iran"),
    (Target("remove", "france"), "remove france"),
    (Target("target", "pakistan"), "target pakistan"),
    (CardPick("discard", 21), "discard 21"),
    (CardPick("take", 7), "take 7"),
    (CardPick("give", 27), "give 27"),
    (CardPick("next", 19), "next 19"),
    (CardPick("return", 3), "return 3"),
    (Order("event"), "event-first"),
    (Order("ops"), "ops-first"),
    (Un(13), "un 13"),
    (CancelCmc("cuba"), "cancel-cmc cuba"),
    (Answer("done"), "done"),
    (Answer("no-roll"), "no-roll"),
    (Answer("remove"), "remove"),  # #16 Warsaw Pact's option, not an influence removal
    (Defcon(3), "defcon 3"),
    (RegionPick("middle-east"), "region middle-east"),
    (Pass(), "pass"),
]


@pytest.mark.parametrize(("move", "notation"), EXAMPLES, ids=[n for _, n in EXAMPLES])
def test_a_move_s_notation_is_the_grammar_s_id_and_reads_back(move: Move, notation: str) -> None:
    assert move.notation == notation
    assert parse_move(notation) == move
    assert type(parse_move(notation)) is type(move)


def test_moves_are_frozen_hashable_values_that_no_other_type_equals() -> None:
    """Value types: equal fields make equal moves, usable as keys; a headline of #21 is
    not UN Intervention with #21, though both name the card and nothing else."""
    assert Play(21, "ops") == Play(21, "ops") and hash(Play(21, "ops")) == hash(Play(21, "ops"))
    assert Headline(21) != Un(21) and Answer("remove") != Target("remove", "france")
    assert len({move for move, _ in EXAMPLES}) == len(EXAMPLES)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Play(21, "ops").card = 22  # type: ignore[misc]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play",
        "play 21",
        "play 21 opps",
        "play 0 ops",
        "play 111 ops",  # CARD := 1..110
        "play 021 ops",  # one text per move: no leading zero
        "play -1 ops",
        "Play 21 ops",
        " pass",
        "pass ",
        "play  21 ops",
        "infl",
        "infl Poland",
        "infl poland west",
        "defcon 6",
        "defcon 0",
        "headline 6 ops",
        "event first",
        "maybe",
        "region",
        "coup\niran",
        "x" * 10_000,
    ],
)
def test_text_outside_the_grammar_is_an_illegal_choice(text: str) -> None:
    with pytest.raises(IllegalChoice):
        parse_move(text)


def test_only_text_is_parsed() -> None:
    for bad in (None, 21, b"pass", ["pass"]):
        with pytest.raises(IllegalChoice, match="is a str"):
            parse_move(bad)  # type: ignore[arg-type]


@given(st.text(max_size=40))
def test_any_text_is_a_move_written_exactly_so_or_an_illegal_choice(text: str) -> None:
    try:
        move = parse_move(text)
    except IllegalChoice:
        return
    assert move.notation == text


def moves() -> st.SearchStrategy[Move]:
    cards = st.integers(1, 110)
    keys = st.from_regex(r"[a-z0-9]+(-[a-z0-9]+){0,2}", fullmatch=True)
    return st.one_of(
        st.builds(Play, cards, st.sampled_from(["event", "ops", "space"])),
        st.builds(Headline, cards),
        st.builds(Target, st.sampled_from(["infl", "coup", "realign", "remove", "target"]), keys),
        st.builds(CardPick, st.sampled_from(["discard", "take", "give", "next", "return"]), cards),
        st.builds(Order, st.sampled_from(["event", "ops"])),
        st.builds(Un, cards),
        st.builds(CancelCmc, keys),
        st.builds(Answer, st.sampled_from(["done", "keep", "yes", "no", "roll", "no-roll"])),
        st.builds(Defcon, st.integers(1, 5)),
        st.builds(RegionPick, keys),
        st.just(Pass()),
    )


@given(moves())
def test_every_move_reads_back_from_its_notation(move: Move) -> None:
    assert parse_move(move.notation) == move


def test_the_fields_a_move_names() -> None:
    assert card_of(Play(21, "ops")) == 21 and card_of(CardPick("give", 5)) == 5
    assert card_of(Target("coup", "iran")) is None and card_of(Defcon(3)) is None
    assert country_of(Target("coup", "iran")) == "iran"
    assert country_of(CancelCmc("cuba")) == "cuba" and country_of(Headline(4)) is None
    assert with_cards(Play(21, "ops"), {21: 30}) == Play(30, "ops")
    assert with_cards(Target("coup", "iran"), {21: 30}) == Target("coup", "iran")


def play_random_games(count: int, **options: bool) -> list[Game]:
    import random

    finished = []
    for seed in range(count):
        game = Game.new(GameOptions(seed=seed, **options))
        pick = random.Random(seed)
        while (pending := game.pending) is not None:
            game.choose(pick.choice(pending.choices).id)
        finished.append(game)
    return finished


def test_every_listed_choice_is_a_move_of_the_grammar_and_every_kind_a_decision_kind() -> None:
    """Over random games with the optional rules: each choice's move reads back to its
    id, each greyed-out option's too, and every decision asks a documented kind."""
    kinds: set[str] = set()
    for options in ({}, {"optional_cards": True, "space_race_no_roll": True}):
        for game in play_random_games(12, **options):
            replay = Game.new(game.options)
            for choice_id in game.choices:
                pending = replay.pending
                assert pending is not None
                assert isinstance(pending.kind, DecisionKind)
                kinds.add(pending.kind)
                for option in (*pending.choices, *pending.unavailable):
                    assert option.move.notation == option.id
                replay.choose(choice_id)
    assert {"action", "headline", "operation", "setup_influence"} <= kinds


def test_every_decision_kind_is_documented() -> None:
    notation = (DOCS / "notation.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z_]+)`", notation))
    assert {kind.value for kind in DecisionKind} <= documented


def test_a_decision_kind_is_its_string() -> None:
    """Saves and programs outside the package compare kinds with plain strings."""
    assert DecisionKind.ACTION == "action" and f"{DecisionKind.EVENT_ORDER}" == "event_order"
    game = Game.new(GameOptions(seed=3))
    assert game.pending is not None and game.pending.kind == "setup_influence"


def test_choose_takes_a_move_or_its_id_alike() -> None:
    by_id, by_move = Game.new(GameOptions(seed=5)), Game.new(GameOptions(seed=5))
    while (pending := by_id.pending) is not None:
        choice = pending.choices[len(by_id.choices) % len(pending.choices)]
        by_id.choose(choice.id)
        by_move.choose(choice.move)
    assert by_move.choices == by_id.choices
    assert by_move.to_json() == by_id.to_json()


def test_a_move_the_decision_does_not_list_is_refused_and_changes_nothing() -> None:
    game = Game.new(GameOptions(seed=5))
    before = game.to_json()
    with pytest.raises(IllegalChoice, match="not a choice of this setup_influence"):
        game.choose(Target("coup", "poland"))
    with pytest.raises(IllegalChoice, match="str id or a move"):
        game.choose(("infl", "poland"))  # type: ignore[arg-type]
    with pytest.raises(IllegalChoice, match="str id or a move"):
        game.choose(Choice("infl poland", "Poland"))  # type: ignore[arg-type]
    assert game.to_json() == before


def test_the_move_types_are_the_move_union() -> None:
    assert set(MOVE_TYPES) == set(Move.__args__)  # type: ignore[attr-defined]
