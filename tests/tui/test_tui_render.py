"""The panels' pure text: tracks, hand, regions, decisions, rules reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cold_war_tui.engine import Game
from cold_war_tui.tui.demo import MIDGAME
from cold_war_tui.tui.render import (
    card_detail,
    decision_header,
    effects_line,
    hand_lines,
    opponent_line,
    region_table,
)
from cold_war_tui.tui.rules import card_topics, rules_topics, search
from cold_war_tui.tui.tracks import track_lines

SPEC = Path(__file__).resolve().parents[3] / "shared" / "rules"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_scenario(
        {**MIDGAME, "turn_effects": {"ops-bonus:USSR": 1}, "effects": {"nato": 1}}
    )


def test_tracks(game: Game) -> None:
    first, second, third = (line.plain for line in track_lines(game.state, game, width=118))
    assert first.startswith("Turn 3/10  AR 2/6 USSR phasing  DEFCON 3")
    assert "no coups/realignment: Europe, Asia" in first and "VP USSR +2" in first
    assert "Mil ops US 1/3 USSR 2/3" in second and "China Card US face up" in second
    assert "Space US 1 Earth Satellite (next Animal in Space: 2+ ops, 1-4, 0 VP)" in second
    assert "Space USSR 2 Animal in Space (next Man in Space: 2+ ops, 1-3, 2/0 VP)" in third
    assert third.endswith("Hands US 6 USSR 6")
    compact = track_lines(game.state, game, width=78)
    assert len(compact) == 3 and all(line.cell_len <= 78 for line in compact)
    text = " ".join(line.plain for line in compact)
    assert "(closed: Europe, Asia)" in text and "China US face up" in text


def test_the_vp_track_is_a_bar_to_20_on_the_leaders_side() -> None:
    """Rule 10: 20 VP wins; the bar fills from the middle toward the leader."""
    from cold_war_tui.tui.tracks import vp_bar

    assert vp_bar(0, 10).plain == "20▕··········│··········▏20"
    assert vp_bar(-2, 10).plain == "20▕·········█│··········▏20"
    assert vp_bar(7, 10).plain == "20▕··········│████······▏20"
    assert vp_bar(25, 5).plain == "20▕·····│█████▏20"


def test_the_hand_shows_ops_after_modifiers_side_star_and_event(game: Game) -> None:
    view = game.view("USSR")
    lines = [
        line.plain
        for line in hand_lines(view, game.data, game.pending, lambda c: game.ops_value(c, "USSR"))
    ]
    korean = next(line for line in lines if line.startswith("#11 Korean War"))
    assert re.search(r"#11 Korean War +3 USSR ★ ev ok", korean)  # 2 ops +1 this turn
    un = next(line for line in lines if line.startswith("#32"))
    assert un.rstrip().endswith("no ev")
    us_view = game.view("US")
    us_lines = [
        line.plain
        for line in hand_lines(us_view, game.data, game.pending, lambda c: game.ops_value(c, "US"))
    ]
    assert any(line.startswith("#6 The China Card") for line in us_lines)
    assert all("ev ok" not in line for line in us_lines)  # not the US's decision


def test_card_detail_explains_the_event(game: Game) -> None:
    detail = card_detail(32, game.data, "USSR", game.pending, 1).plain
    assert detail.startswith("#32 UN Intervention  1 op, both sides, Early War")
    assert "Event now: UN Intervention is played together" in detail
    ops = card_detail(11, game.data, "USSR", game.pending, 3).plain
    assert "3 ops (printed 2)" in ops


def test_public_lines(game: Game) -> None:
    us = effects_line(game.view("US"), game.data).plain
    assert "#21 NATO: no USSR coups or realignment in US-controlled Europe" in us
    assert "This turn: #51 Brezhnev Doctrine: USSR cards +1 op" in us
    line = opponent_line(game.view("US"), game.data).plain
    assert line.startswith("USSR hand: 6 cards")


def test_region_status_is_what_scoring_would_give(game: Game) -> None:
    lines = {t.plain.split()[0]: t.plain for t in region_table(game.data, game.region_scores())}
    assert " ".join(lines["Europe"].split()) == "Europe pres 5 pres 5 0"
    assert lines["Asia"].endswith("US +6")
    assert "pres  4  dom   8  USSR +4" in lines["Mid"]
    assert all(len(line) <= 36 for line in lines.values())


def test_decision_header_names_the_player_and_context(game: Game) -> None:
    game2 = Game.from_scenario(MIDGAME)
    game2.choose("play 7 ops")
    header = decision_header(game2.pending, game2.data, "Boris").plain
    assert header.startswith("Boris: USSR: use 3 ops (influence, coup or realignment)")
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


def test_every_effect_of_docs_effects_has_a_card_and_words(game: Game) -> None:
    """Issue 18, item 6: effects show as card names with a few words, never as slugs.
    Every key of docs/effects.md (placeholders filled in) is in the registry, and the
    card it names is the one the document gives."""
    from cold_war_tui.tui.effect_names import describe, place_names

    doc = (Path(__file__).resolve().parents[2] / "docs" / "effects.md").read_text()
    names = place_names(game.data)
    fill = {"SIDE": "US", "OPP": "USSR", "REGION": "europe", "KEY": "japan", "N": "3"}
    checked = 0
    for row in doc.splitlines():
        cells = [c.strip() for c in row.split("|")[1:-1]]
        if len(cells) < 2 or "`" not in cells[0]:
            continue
        for key in re.findall(r"`([^`]+)`", cells[0]):
            key = ":".join(fill.get(part, part) for part in key.split(":"))
            described = describe(key, 1, names)
            checked += 1
            if described is None:  # bookkeeping, hidden on purpose
                continue
            assert described.card is not None, key
            assert f"#{described.card}" in cells[1], (key, cells[1])
            assert described.words and ":" not in described.words, key
    assert checked >= 30
