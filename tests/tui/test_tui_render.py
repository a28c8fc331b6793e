"""The panels' pure text: tracks, hand, regions, decisions, rules reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cold_war_tui.engine import Game
from cold_war_tui.tui.demo import MIDGAME
from cold_war_tui.tui.engine_bridge import card_ops, region_scores
from cold_war_tui.tui.render import (
    card_detail,
    decision_header,
    effects_line,
    hand_lines,
    opponent_line,
    region_status,
    track_lines,
)
from cold_war_tui.tui.rules import card_topics, rules_topics, search

SPEC = Path(__file__).resolve().parents[3] / "shared" / "rules"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_scenario(
        {**MIDGAME, "turn_effects": {"ops-bonus:USSR": 1}, "effects": {"nato": 1}}
    )


def test_tracks(game: Game) -> None:
    first, second = (line.plain for line in track_lines(game.state, game))
    assert first.startswith("Turn 3/10  AR 2/6 USSR phasing  DEFCON 3")
    assert "no coups/realignment: Europe, Asia" in first and first.endswith("VP USSR +2")
    assert "Mil ops US 1/3 USSR 2/3" in second
    assert "Space US 1 (next 2+ ops, 1-4) USSR 2 (next 2+ ops, 1-3)" in second
    assert second.endswith("China Card US face up")
    compact = " ".join(line.plain for line in track_lines(game.state, game, compact=True))
    assert "(closed: Europe, Asia)" in compact and "China US face up" in compact


def test_the_hand_shows_ops_after_modifiers_side_star_and_event(game: Game) -> None:
    view = game.view("USSR")
    lines = [
        line.plain
        for line in hand_lines(view, game.data, game.pending, lambda c: card_ops(game, c, "USSR"))
    ]
    korean = next(line for line in lines if line.startswith("#11 Korean War"))
    assert re.search(r"#11 Korean War +3 USSR ★ ev ok", korean)  # 2 ops +1 this turn
    un = next(line for line in lines if line.startswith("#32"))
    assert un.rstrip().endswith("no ev")
    us_view = game.view("US")
    us_lines = [
        line.plain
        for line in hand_lines(us_view, game.data, game.pending, lambda c: card_ops(game, c, "US"))
    ]
    assert any(line.startswith("#6 The China Card") for line in us_lines)
    assert all("ev ok" not in line for line in us_lines)  # not the US's decision


def test_card_detail_explains_the_event(game: Game) -> None:
    detail = card_detail(32, game.data, "USSR", game.pending, 1).plain
    assert detail.startswith("#32 UN Intervention  1 ops, both sides, Early War")
    assert "Event now: UN Intervention is played together" in detail
    ops = card_detail(11, game.data, "USSR", game.pending, 3).plain
    assert "3 ops (printed 2)" in ops


def test_public_lines(game: Game) -> None:
    assert "Effects: nato" in effects_line(game.view("US"), game.data).plain
    assert "This turn: ops bonus USSR" in effects_line(game.state, game.data).plain
    line = opponent_line(game.view("US"), game.data).plain
    assert line.startswith("USSR hand: 6 cards")


def test_region_status_is_what_scoring_would_give(game: Game) -> None:
    lines = {t.plain.split()[0]: t.plain for t in region_status(game.data, region_scores(game))}
    assert " ".join(lines["Europe"].split()) == "Europe US pres 5 USSR pres 5 0"
    assert lines["Asia"].endswith("US +6")
    assert "USSR dom 8 USSR +4" in lines["Mid"]


def test_decision_header_names_the_player_and_context(game: Game) -> None:
    game2 = Game.from_scenario(MIDGAME)
    game2.choose("play 7 ops")
    header = decision_header(game2.pending, game2.data, "Boris").plain
    assert header.startswith("Boris: USSR: use 3 ops")
    assert "ops: 3" in header


def test_rules_reference_has_sections_and_every_card(game: Game) -> None:
    topics = rules_topics()
    titles = [t.title for t in topics]
    for wanted in ("The goal", "Coup [6.3]", "DEFCON [8.1]", "Scoring [10]"):
        assert wanted in titles
    cards = card_topics(game.data)
    assert len(cards) == len(game.data.cards)
    assert search(topics + cards, "NATO")[0].title == "#21 NATO"
    assert search(topics + cards, "twice the stability")[0].title == "Coup [6.3]"
    assert search(topics + cards, "zzzz") == []


@pytest.mark.skipif(not SPEC.is_dir(), reason="../shared/rules is absent (a plain clone)")
def test_the_rules_summary_is_our_own_wording() -> None:
    """No run of 8 words of the specification's text appears in our summary."""

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.lower())

    ours = " ".join(words(" ".join(t.body for t in rules_topics())))
    for name in ("01-seed-rules-en.md", "02-full-game.md"):
        spec = words((SPEC / name).read_text())
        runs = {" ".join(spec[i : i + 8]) for i in range(len(spec) - 7)}
        copied = [run for run in runs if run in ours]
        assert copied == [], copied[:3]
