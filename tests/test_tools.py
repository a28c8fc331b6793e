"""The measuring tools: tools/expert_uses.py counts the card plays of real games as the
arena counts a bot's; tools/arena_variants.py offers variants of strong to the arena, and
tools/arena_v3.py the strong bot of an earlier commit."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cold_war_tui import bots
from cold_war_tui.bots.strong import VERB_WEIGHT, StrongBot
from cold_war_tui.engine.moves import Headline, parse_move
from cold_war_tui.records import read_log

ROOT = Path(__file__).resolve().parents[1]
LOGS_DIR = ROOT / "tests" / "data" / "records"
LOGS = sorted(LOGS_DIR.glob("*.txt"))


def tool(name: str = "expert_uses") -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # a dataclass of the tool looks its module up there
    spec.loader.exec_module(module)
    return module


def test_every_headline_and_action_card_is_counted_once() -> None:
    expert_uses = tool()
    for path in LOGS:
        record = read_log(path.read_text(encoding="utf-8"))
        headlines = sum(
            isinstance(parse_move(choice), Headline)
            for r in record.rounds
            if r.kind == "headline"
            for choice in r.played
        )
        action_cards = sum(1 for r in record.rounds if r.kind == "action" and r.card is not None)
        by_side, skipped = expert_uses.uses_of(path)
        uses = by_side["US"] + by_side["USSR"]
        assert skipped == 0
        assert uses["headline"] == headlines > 0
        assert sum(uses.values()) - uses["headline"] == action_cards


def test_the_report_and_a_missing_log() -> None:
    command = [sys.executable, str(ROOT / "tools" / "expert_uses.py")]
    done = subprocess.run([*command, *map(str, LOGS)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert f"{len(LOGS)} logs" in done.stdout and "events with the headlines" in done.stdout
    assert "the US's: headline" in done.stdout and "the USSR's: headline" in done.stdout
    missing = subprocess.run([*command, "no-such.txt"], capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1


def test_the_openings_are_the_set_up_most_logs_played(tmp_path: Path) -> None:
    """`make fit`'s openings: per side, the influence totals after the set-up and the bid
    in the countries the side placed in, as the log's own bracketed totals give them."""
    fit_prior = tool("fit_prior")
    two_turns = LOGS_DIR / "two-turns.txt"
    usual = fit_prior.setup_totals(two_turns)
    assert usual == {
        "US": {"west-germany": 4, "italy": 3, "iran": 3},
        "USSR": {"poland": 4, "east-germany": 5},
    }
    text = two_turns.read_text(encoding="utf-8")
    other = tmp_path / "other-set-up.txt"
    other.write_text(
        text[: text.index("Turn 1, USSR AR1")].replace(
            "USSR +4 in Poland [0][4]\nUSSR +2 in East Germany [0][5]",
            "USSR +5 in Poland [0][5]\nUSSR +1 in East Germany [0][4]",
        ),
        encoding="utf-8",
    )
    assert fit_prior.setup_totals(other)["USSR"] == {"poland": 5, "east-germany": 4}
    books, counts = fit_prior.openings([other, two_turns, two_turns])
    assert books == usual and counts == {"US": 3, "USSR": 2}


def test_strong_s_variants_are_offered_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "BOTS", bots.BOTS)  # restored after the test
    tool("arena_variants").register("strong@4,strong@2.5:0.5,greedy")
    assert list(bots.BOTS)[-2:] == ["strong@4", "strong@2.5:0.5"]
    weighted = bots.make_bot("strong@4", 1, iterations=1)
    with_verbs = bots.make_bot("strong@2.5:0.5", 1, iterations=1)
    assert isinstance(weighted, StrongBot) and isinstance(with_verbs, StrongBot)
    assert (weighted._prior_weight, weighted._verb_weight) == (4.0, VERB_WEIGHT)
    assert (with_verbs._prior_weight, with_verbs._verb_weight) == (2.5, 0.5)


def test_strong_of_a_commit_is_offered_by_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """tools/arena_v3.py: `strong-v3`, `strong-COMMIT` and `expert-COMMIT` name a bot of
    a commit, unpacked from git into a package of its own."""
    arena_v3 = tool("arena_v3")
    assert arena_v3.requested(["--bots", "strong,strong-v3", "--games", "2"]) == {
        "strong-v3": arena_v3.V3_COMMIT
    }
    assert arena_v3.requested(["--bots", "strong-abc1234,greedy"]) == {"strong-abc1234": "abc1234"}
    assert arena_v3.requested(["--bots", "expert,expert-abc1234"]) == {"expert-abc1234": "abc1234"}
    assert arena_v3.requested(["--bots", "strong-xyz,strong"]) == {}
    assert arena_v3.requested(["--games", "2"]) == {}
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    if head.returncode != 0:
        pytest.skip("not a git checkout")
    name = f"strong-{head.stdout.strip()}"
    monkeypatch.setattr(bots, "BOTS", bots.BOTS)  # restored after the test
    monkeypatch.setattr(sys, "path", list(sys.path))
    arena_v3.load_bots(tmp_path, head.stdout.strip(), name)
    bot = bots.make_bot(name, 1, iterations=1)
    assert type(bot).__name__ == "StrongBot" and type(bot) is not StrongBot
    assert type(bot).__module__ == f"bots_strong_{head.stdout.strip()}.strong"
    expert = f"expert-{head.stdout.strip()}"
    arena_v3.load_bots(tmp_path, head.stdout.strip(), expert)
    earlier_expert = bots.make_bot(expert, 1, iterations=1)
    assert type(earlier_expert).__module__ == f"bots_expert_{head.stdout.strip()}.strong"
