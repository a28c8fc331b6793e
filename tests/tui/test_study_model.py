"""The study's model without a screen: the steps of a log and of a save, what each step
shows, and how the computer's verdicts are compared and ranked (tui/study.py,
tui/verdict.py)."""

from __future__ import annotations

from pathlib import Path

from cold_war_tui.engine import Game, Play
from cold_war_tui.tui.demo import GAME_OVER, MIDGAME
from cold_war_tui.tui.study import LogStudy, SaveStudy, Step, open_study
from cold_war_tui.tui.verdict import (
    DECIDED,
    StudyBudget,
    Verdict,
    cost_text,
    judge,
    most_costly,
    score_text,
    side_summary,
)

LOG = Path(__file__).resolve().parents[1] / "data" / "study" / "first-turn.txt"


def verdict(player: str, played: str | None, scores: list[tuple[str, float]]) -> Verdict:
    labels = [label for label, _ in scores]
    rank = labels.index(played) + 1 if played in labels else None
    return Verdict(
        player=player,
        weighed=tuple(scores),
        choice=labels[0],
        played=played,
        played_score=scores[rank - 1][1] if rank else None,
        played_rank=rank,
        budget="1 iteration",
    )


def steps(count: int) -> tuple[Step, ...]:
    return tuple(Step(n, 1, f"step {n}", "US", (), True) for n in range(count))


def test_a_log_has_a_step_per_round_and_one_for_the_end() -> None:
    study = open_study(LOG)
    assert isinstance(study, LogStudy)
    titles = [s.title for s in study.steps]
    assert titles[:4] == ["Set-up", "Turn 1, headline phase", "Turn 1, USSR AR1", "Turn 1, US AR1"]
    assert titles[-1] == "After the last round of the log"
    assert [s.top for s in study.steps] == [False, False] + [True] * 6 + [False]
    # the headline phase: both picks in the engine's words, both sides' shown cards
    assert [t.plain for t in study.played_labels(1)] == [
        "USSR: #8 Fidel",
        "US: #105 Special Relationship",
    ]
    assert [whose for whose, _ in study.revealed(1)] == ["USSR shows", "US shows"]
    # the whole log is the file's lines; a step opens it at its round's first line
    lines = study.whole_log()
    assert len(lines) == len(LOG.read_text().splitlines())
    assert lines[study.log_index(2)].text.endswith("Turn 1, USSR AR1: COMECON*: Event: COMECON*")
    assert study.first_of_turn(1) == 0 and study.first_of_turn(2) is None
    # the end: the last round played out, nobody to decide
    end = study.steps[-1]
    assert end.player is None
    assert study.position(end.index).state.vp == 0  # "Score is even." after the Olympics


def test_a_save_has_a_step_per_decision_and_one_for_the_end() -> None:
    game = Game.from_scenario({**MIDGAME, "hands": {"USSR": [7, 11], "US": [4, 19]}})
    game.choose("play 7 ops")
    study = SaveStudy("mid.json", game, {"US": "Ann", "USSR": ""})
    assert study.description == "a save: Ann (US)"
    first, end = study.steps
    assert (first.title, first.player, first.played, first.top) == (
        "Turn 3, USSR AR2",
        "USSR",
        (Play(7, "ops"),),
        True,
    )
    assert [t.plain for t in study.played_labels(0)] == ["USSR: #7 Socialist Governments: 3 ops"]
    assert [t.plain for t in study.happened(0)] == [
        "[5.1] USSR plays #7 Socialist Governments for operations"
    ]
    assert study.revealed(0) == []  # a spectator sees what is played, no hand
    assert end.player == "USSR" and end.played == ()  # the save goes on from here
    assert study.position(1).state == game.state
    assert study.position(0).choices == []


def test_scores_and_costs_read_as_people_say_them() -> None:
    assert score_text(1.234) == "+1.23" and score_text(-0.5) == "-0.50"
    assert score_text(DECIDED + 1) == "wins" and score_text(-DECIDED - 1) == "loses"
    assert cost_text(0.88) == "-0.88" and cost_text(2 * DECIDED) == "the game"


def test_the_most_costly_moves_are_each_sides_worst_first() -> None:
    verdicts = {
        0: verdict("US", "b", [("a", 2.0), ("b", 1.0)]),  # costs 1
        1: verdict("US", "a", [("a", 2.0), ("b", 1.0)]),  # the best: costs nothing
        2: verdict("US", "c", [("a", 5.0), ("c", 1.0)]),  # costs 4
        3: verdict("USSR", "b", [("a", 3.0), ("b", 0.0)]),  # the other side
        4: verdict("US", "z", [("a", 1.0)]),  # not weighed: no cost
    }
    found = most_costly(steps(5), verdicts, "US")
    assert [(c.index, c.cost, c.best) for c in found] == [(2, 4.0, "a"), (0, 1.0, "a")]
    assert [c.index for c in most_costly(steps(5), verdicts, "USSR")] == [3]
    assert most_costly(steps(5), verdicts, "US", count=1)[0].index == 2
    assert side_summary(verdicts, "US") == "4 moves reviewed: 1 as good as the best, 1 not weighed"


def test_a_verdict_weighs_the_move_played_beside_the_computers_own() -> None:
    study = open_study(LOG)
    step = study.steps[2]  # the USSR's COMECON for its event
    found = judge(study.position(2), step.played[0], seed=1, budget=StudyBudget(None, iterations=1))
    assert found is not None and found.player == "USSR"
    assert found.played == "#14 COMECON: play the event"
    assert found.played_rank is not None and found.played_score is not None
    assert found.weighed[found.played_rank - 1] == (found.played, found.played_score)
    assert found.cost == found.weighed[0][1] - found.played_score
    over = Game.from_scenario(GAME_OVER)  # final scoring decides it: nothing is pending
    assert judge(over, None, seed=1, budget=StudyBudget()) is None
