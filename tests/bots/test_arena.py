"""`cold-war-tui arena` (issue 19): the JSON fields, bad flags, workers, the checker."""

from __future__ import annotations

import json
import sys

import pytest
from bot_positions import DUCK_AND_COVER, WEAK_USSR_CARD, ussr_to_play

from cold_war_tui.arena import (
    PLAY_USES,
    Budget,
    card_uses,
    run_arena,
    sides_of,
    violations,
    wilson,
)
from cold_war_tui.cli import EXIT_USAGE, main
from cold_war_tui.engine import Asked, DecisionKind, Game, GameOptions, IllegalChoice

CENTRAL_AMERICA_SCORING = 37
ISSUE_FIELDS = {"games", "bots", "wins", "draws", "ci95", "end_reasons", "think"}


def test_two_games_of_random_against_random_give_the_issues_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["arena", "--bots", "random,random", "--games", "2", "--seed", "4", "--json"]
    assert main([*argv, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    report = json.loads(out)  # one object and nothing else (no progress bar)
    assert set(report) >= ISSUE_FIELDS
    assert report["games"] == 2 and report["bots"] == ["random", "random"]
    assert sum(report["wins"]) + report["draws"] == 2
    assert sum(report["end_reasons"].values()) == 2
    assert sum(report["side_wins"].values()) == sum(report["wins"])  # per side, not per bot
    for (lo, hi), wins in zip(report["ci95"], report["wins"], strict=True):
        assert 0 <= lo <= wins / 2 <= hi <= 1
    for think in report["think"]:
        assert set(think) == {"median", "p95", "max"}
        assert 0 <= think["median"] <= think["p95"] <= think["max"]
    assert report["violation_games"]  # random bots often lose by their own doing
    for bad in report["violation_games"]:
        assert bad["bot"] == "random" and bad["violations"] and bad["ending"]
        assert 0 <= bad["game"] < 2 and bad["seed"] == 4 + bad["game"]
        replay = Game.new(GameOptions(seed=bad["seed"]))
        for choice in bad["choices"]:  # the game replays from its seed and choices
            replay.choose(choice)
        assert replay.outcome is not None
        assert [str(entry) for entry in replay.log[-len(bad["ending"]) :]] == bad["ending"]
    assert [set(v) for v in report["violations"]] == [
        {"defcon_1", "held_scoring_card", "handed_20_vp"}
    ] * 2
    assert [list(plays) for plays in report["plays"]] == [list(PLAY_USES)] * 2
    assert all(sum(plays.values()) > 0 for plays in report["plays"])  # each played a card
    by_side = report["side_plays"]  # the same plays, counted by the side that made them
    assert list(by_side) == ["US", "USSR"]
    assert all(list(plays) == list(PLAY_USES) for plays in by_side.values())
    for use in PLAY_USES:
        assert sum(p[use] for p in by_side.values()) == sum(p[use] for p in report["plays"])


def test_with_a_us_bid_every_game_begins_with_the_bid_placed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--us-bid 2`, as the experts' games are played: the report says so, and a game's
    choices replay from its seed with that bid only (its first choices place it)."""
    argv = ["arena", "--bots", "random,random", "--games", "2", "--seed", "4", "--json"]
    assert main([*argv, "--us-bid", "2", "--workers", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["us_bid"] == 2 and report["violation_games"]
    for bad in report["violation_games"]:
        replay = Game.new(GameOptions(seed=bad["seed"], us_bid=2))
        for choice in bad["choices"]:
            replay.choose(choice)
        assert [str(entry) for entry in replay.log[-len(bad["ending"]) :]] == bad["ending"]
        without = Game.new(GameOptions(seed=bad["seed"]))
        with pytest.raises(IllegalChoice):  # no bid: a bid's point comes where none is due
            for choice in bad["choices"]:
                without.choose(choice)


def test_card_uses_read_operations_by_their_first_target() -> None:
    """Ops count as influence, coup or realignment by the first operation target the
    side chose after the play; an event, the space race, a discard and a headline by the
    play."""
    steps = [
        ("USSR", DecisionKind.ACTION, "play 21 ops"),
        ("USSR", DecisionKind.OPERATION, "realign iran"),
        ("USSR", DecisionKind.REALIGN, "realign iran"),
        ("US", DecisionKind.ACTION, "play 19 ops"),
        ("USSR", DecisionKind.EVENT_INFLUENCE, "infl poland"),  # an event of his card first
        ("US", DecisionKind.OPERATION, "coup iran"),
        ("USSR", DecisionKind.ACTION, "play 7 event"),
        ("US", DecisionKind.ACTION, "play 43 space"),
        ("USSR", DecisionKind.ACTION, "un 13"),
        ("US", DecisionKind.ACTION, "discard 8"),
        ("USSR", DecisionKind.ACTION, "play 16 ops"),
        ("USSR", DecisionKind.OPERATION, "infl poland"),
        ("US", DecisionKind.HEADLINE, "headline 43"),
        ("USSR", DecisionKind.HEADLINE, "headline 21"),
    ]

    def asked(side: str) -> list[Asked]:
        return [Asked(kind, (text,), text) for player, kind, text in steps if player == side]

    assert card_uses(asked("USSR")) == {"realign": 1, "event": 2, "influence": 1, "headline": 1}
    assert card_uses(asked("US")) == {"coup": 1, "space": 1, "discard": 1, "headline": 1}


def test_the_sides_alternate_game_by_game() -> None:
    assert [sides_of(n)["USSR"] for n in range(4)] == [0, 1, 0, 1]
    assert all(set(sides_of(n).values()) == {0, 1} for n in range(4))


def test_with_iterations_the_results_do_not_depend_on_the_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reports = []
    for workers in (1, 2):
        run_arena(("greedy", "random"), 3, 40, Budget(iterations=1), workers, as_json=True)
        report = json.loads(capsys.readouterr().out)
        del report["think"]  # the clock is not part of the result
        reports.append(report)
    assert reports[0] == reports[1]


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--bots", "strong"], "--bots takes two names, A,B, not 'strong'"),
        (
            ["--bots", "strong,deep"],
            "--bots: no bot 'deep'; the bots are random, greedy, strong, expert",
        ),
        (["--bots", "a,b", "--games", "0"], None),
        (["--bots", "random,random", "--games", "0"], "--games must be 1 or more, not 0"),
        (["--bots", "random,random", "--seed", "x"], "--seed takes a whole number, not 'x'"),
        (["--bots", "random,random", "--think", "-1"], None),
        (["--bots", "random,random", "--think", "1", "--iterations", "2"], None),
        (["--bots", "random,random", "--workers", "0"], "--workers must be 1 or more, not 0"),
        (["--bots", "random,random", "--iterations", "1.5"], None),
        (["--bots", "random,random", "--us-bid", "21"], "--us-bid must be 20 or less, not 21"),
        (
            ["--bots", "random,random", "--us-bid", "two"],
            "--us-bid takes a whole number, not 'two'",
        ),
        (["--games", "3"], "the following arguments are required: --bots"),
        (["--bots", "random,random", "--colour"], None),
    ],
)
def test_a_bad_arena_flag_is_one_line_and_status_2(
    flags: list[str], words: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(["arena", *flags])
    except SystemExit as stop:  # argparse's own errors (an unknown or missing flag)
        status = stop.code  # type: ignore[assignment]
    assert status == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cold-war-tui arena: ")
    if words is not None:
        assert lines[0] == f"cold-war-tui arena: {words}"


def test_wilson_interval_matches_the_published_formula_values() -> None:
    """8 wins in 10: the Wilson 95% interval is about [0.490, 0.943]; none in 10 starts at 0."""
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] > 0 and wilson(10, 10)[1] == 1.0


def duck_and_cover_for_ops(**fields: int) -> tuple[Game, list[tuple[str, str]]]:
    """The USSR plays #4 Duck and Cover for ops, its US event first: the finished game
    and the (player, kind) of each decision, as the arena records them."""
    game = ussr_to_play([DUCK_AND_COVER, WEAK_USSR_CARD], **fields)
    kinds = []
    for choice in (f"play {DUCK_AND_COVER} ops", "event-first"):
        assert game.pending is not None
        kinds.append((game.pending.player, game.pending.kind))
        game.choose(choice)
    return game, kinds


def test_the_checker_counts_a_nuclear_war_of_ones_own_doing() -> None:
    """8.1.3: the USSR plays #4 Duck and Cover for ops at DEFCON 2, its event ends it."""
    game, kinds = duck_and_cover_for_ops(defcon=2)
    assert game.outcome is not None and game.outcome.rule == "8.1.3"
    assert violations(game, kinds, "USSR", 1) == ["defcon_1"]
    assert violations(game, kinds, "US", 1) == []


def test_the_checker_counts_20_vp_handed_over_when_another_card_would_not() -> None:
    game, kinds = duck_and_cover_for_ops(vp=19)
    assert game.outcome is not None and game.outcome.winner == "US"
    assert violations(game, kinds, "USSR", 1) == ["handed_20_vp"]


def test_the_checker_does_not_count_a_scoring_card_that_had_to_be_played() -> None:
    """In the USSR's last action round (turn 2 has six), #37 Central America Scoring
    gives the US its 20th VP; the other card would leave #37 held at the turn's end,
    a loss by 10.1.5, so the USSR had no choice that kept the game."""
    game = ussr_to_play(
        [CENTRAL_AMERICA_SCORING, WEAK_USSR_CARD],
        action_round=6,
        vp=18,
        influence={"mexico": {"us": 2, "ussr": 0}},
    )
    kinds = [("USSR", "action")]
    game.choose(f"play {CENTRAL_AMERICA_SCORING} event")
    assert game.outcome is not None and game.outcome.ending == "20 VP"
    assert violations(game, kinds, "USSR", 1) == []


@pytest.mark.parametrize("as_json", [False, True])
def test_the_progress_bar_shows_on_a_terminal_only_without_json(
    as_json: bool, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    run_arena(("random", "random"), 2, 9, Budget(), 1, as_json=as_json)
    out = capsys.readouterr().out
    if as_json:
        assert set(json.loads(out)) >= ISSUE_FIELDS
    else:
        assert "\r[" in out and "] 0/2 games  random 0 - 0 random" in out
        assert "] 2/2 games  random " in out
        assert "end reasons:" in out


def test_off_a_terminal_the_text_report_has_no_progress_bar(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run_arena(("random", "random"), 2, 9, Budget(), 1, as_json=False)
    out = capsys.readouterr().out
    assert "\r" not in out and out.startswith("arena: random vs random, 2 games from seed 9")
