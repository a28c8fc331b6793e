"""Study a game: a play-site log walked round by round and a finished save reviewed, on the
study screen, with the computer asked in worker threads; and the files that cannot be
studied, each with one clear line."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, ProgressBar, Static
from tui_helpers import press, screen_text, wait_for

from cold_war_tui import cli
from cold_war_tui.bots import make_bot
from cold_war_tui.engine import Game
from cold_war_tui.records import read_log
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.demo import MIDGAME
from cold_war_tui.tui.saves import SaveMeta, save_text
from cold_war_tui.tui.screens import study as study_module
from cold_war_tui.tui.screens.dialogs import PromptScreen
from cold_war_tui.tui.screens.load import LoadScreen
from cold_war_tui.tui.screens.log_view import LogScreen
from cold_war_tui.tui.screens.review import ReviewScreen
from cold_war_tui.tui.screens.study import StudyScreen
from cold_war_tui.tui.study import LogStudy, SaveStudy, StudyError, open_study
from cold_war_tui.tui.verdict import StudyBudget

LOG = Path(__file__).resolve().parents[1] / "data" / "study" / "first-turn.txt"
QUICK = StudyBudget(think=None, iterations=1)
# The last action rounds of turn 10, two cards in each hand; random players end it.
LAST_ROUNDS = {
    **MIDGAME,
    "turn": 10,
    "action_round": 6,
    "rounds_taken": {"USSR": 5, "US": 5},
    "hands": {"USSR": [7, 11], "US": [4, 19]},
}


def finished_save(folder: Path) -> Path:
    """A save of a game played to its end by seeded random players."""
    game = Game.from_scenario(LAST_ROUNDS)
    players = {side: make_bot("random", 5) for side in ("US", "USSR")}
    while game.pending is not None:
        game.choose(players[game.pending.player].choose(game, game.pending.player))
    path = folder / "finished.json"
    path.write_text(save_text(game, SaveMeta(names={"US": "Ann", "USSR": "Boris"})))
    return path


def panel(screen: StudyScreen, selector: str) -> str:
    """The plain text of one of the study screen's panels (its words, unwrapped)."""
    content = screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


async def study_screen(pilot: Pilot[None], app: ColdWarApp) -> StudyScreen:
    """The study screen, once it is up and drawn."""
    await wait_for(pilot, lambda: isinstance(app.screen, StudyScreen))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StudyScreen), type(screen).__name__
    return screen


async def test_a_log_is_walked_round_by_round_and_the_computer_asked(data_dir: Path) -> None:
    study = open_study(LOG)
    assert isinstance(study, LogStudy)
    app = ColdWarApp(data_dir=data_dir, study=study, study_budget=QUICK)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await study_screen(pilot, app)
        text = screen_text(app)
        # it opens on the board at the set-up, with the set-up's own lines
        assert "Set-up  (1 of 9)" in text
        assert "SETUP: : Kasparov will play as USSR." in text
        assert "Hands" not in text  # a log's positions know only some cards
        await press(pilot, "right", "right")
        text = screen_text(app)
        assert "Turn 1, USSR AR1" in text
        assert "Played: USSR: #14 COMECON" in text
        # the USSR's known hand, and nothing of the US's cards played later this turn
        assert panel(screen, "#revealed") == (
            "USSR certainly holds: #5 Five Year Plan, #14 COMECON, #30 Decolonization"
        )
        assert "Olympic Games" not in text and "Defectors" not in text
        assert "USSR +1 in Hungary [0][1]" in text  # the round's lines in the log panel
        before = screen.game.state.influence["hungary"].ussr
        await press(pilot, "right")
        assert "Turn 1, US AR1" in screen_text(app)
        assert screen.game.state.influence["hungary"].ussr == before + 1  # COMECON is done
        await press(pilot, "left")
        assert "Turn 1, USSR AR1" in screen_text(app)
        await press(pilot, "end")
        assert "After the last round of the log" in screen_text(app)
        await press(pilot, "home")
        assert screen.index == 0
        await press(pilot, "end", "g")
        assert isinstance(app.screen, PromptScreen)
        await press(pilot, "1", "enter")
        assert screen.index == study.first_of_turn(1) == 0
        await press(pilot, "g", "7", "enter")
        assert screen.index == 0
        assert panel(screen, "#message") == "This game has no turn 7: its turns are 1 to 1."
        await press(pilot, "right", "right")
        # a: the computer's top moves, and how COMECON's event compares
        await press(pilot, "a")
        await wait_for(pilot, lambda: screen.analysing is None, limit=60)
        verdict = screen.asked[2]
        lines = panel(screen, "#analysis").splitlines()
        assert lines[0] == "The computer (1 iteration) for the USSR:"
        assert [line[:3] for line in lines[1:4]] == ["1. ", "2. ", "3. "]
        assert verdict.weighed[0][0] in lines[1]
        assert lines[-1].startswith("Played: #14 COMECON")
        assert verdict.played_rank is not None
        assert f"rank {verdict.played_rank} of {len(verdict.weighed)}" in lines[-1]
        # F3: the whole log, opened at this round
        await press(pilot, "f3")
        assert isinstance(app.screen, LogScreen)
        assert "Turn 1, USSR AR1: COMECON*: Event: COMECON*" in screen_text(app)
        await press(pilot, "escape")
        assert app.screen is screen


async def test_the_computer_thinks_in_a_worker_and_escape_stops_it(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the computer thinks (here: until the test lets it answer) the screen says so
    and the keys keep working; Escape stops it, and its late answer is dropped."""
    answer = threading.Event()
    asked: list[int] = []

    def slow_judge(game: Game, played: object, *, seed: int, budget: StudyBudget) -> None:
        asked.append(seed)
        answer.wait(30)

    monkeypatch.setattr(study_module, "judge", slow_judge)
    app = ColdWarApp(data_dir=data_dir, study=open_study(LOG), study_budget=StudyBudget(2.0))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await study_screen(pilot, app)
        await press(pilot, "right", "right", "a")
        assert screen.analysing == 2 and len(asked) == 1
        assert panel(screen, "#analysis").startswith("The computer is thinking (2 s)")
        await press(pilot, "right")  # the keys keep working while it thinks
        assert screen.index == 3 and screen.analysing == 2
        await press(pilot, "left", "escape")
        assert screen.analysing is None and app.screen is screen
        assert panel(screen, "#message") == "The analysis was stopped."
        answer.set()  # the search ends (within its time); its answer is dropped
        await pilot.pause(0.2)
        assert 2 not in screen.asked and 2 not in screen.failed
        assert panel(screen, "#analysis").startswith("a: ask the computer")
        await press(pilot, "escape")  # nothing to stop: Escape leaves
        assert not isinstance(app.screen, StudyScreen)


async def test_a_finished_save_is_reviewed_and_enter_jumps_to_a_costly_move(
    data_dir: Path, tmp_path: Path
) -> None:
    study = open_study(finished_save(tmp_path))
    assert isinstance(study, SaveStudy)
    top = [s.index for s in study.steps if s.top]
    assert len(top) == 4
    app = ColdWarApp(data_dir=data_dir, study=study, study_budget=QUICK)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await study_screen(pilot, app)
        text = screen_text(app)
        assert "Turn 10, USSR AR6" in text and "Played: USSR: #11 Korean War" in text
        assert "Duck and Cover" not in text  # the US's card in hand, never played: hidden
        await press(pilot, "right")
        assert "USSR: use 2 ops" in screen_text(app)  # a save steps decision by decision
        await press(pilot, "right_square_bracket")  # ] goes to the next round's play
        assert screen.index == top[1]
        await press(pilot, "left_square_bracket")
        assert screen.index == top[0]
        await press(pilot, "r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), limit=60)
        await pilot.pause()
        bar = screen.query_one("#progress", ProgressBar)
        assert (bar.total, bar.progress) == (4, 4)
        assert sorted(screen.reviewed) == top
        text = screen_text(app)
        assert "The review of finished.json: 4 of 4 moves" in text
        assert "USSR: the most costly moves  2 moves reviewed" in text
        assert "US: the most costly moves  2 moves reviewed" in text
        menu = app.focused
        assert isinstance(menu, OptionList) and menu.highlighted is not None
        chosen = menu.get_option_at_index(menu.highlighted).id
        assert chosen is not None
        await press(pilot, "enter")
        assert app.screen is screen and screen.index == int(chosen)
        assert screen.reviewed[screen.index].cost
        assert ", costs " in panel(screen, "#analysis")
        await press(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        await press(pilot, "escape")
        assert app.screen is screen and screen.index == int(chosen)
        await press(pilot, "end")
        assert "Game over" in screen_text(app)
        await press(pilot, "escape")
        assert not isinstance(app.screen, StudyScreen)


async def test_study_a_game_from_the_title_screen(data_dir: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text("Dear diary,\nno game today.\n")
    app = ColdWarApp(data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        assert isinstance(app.screen, LoadScreen)
        assert "Study a game" in screen_text(app)
        field = app.screen.query_one("#path", Input)
        field.value = str(broken)
        await press(pilot, "enter")
        text = " ".join(screen_text(app).split())
        assert "Cannot study this file: neither a play-site log" in text
        field.value = str(LOG)
        await press(pilot, "enter")
        await study_screen(pilot, app)
        assert "Set-up" in screen_text(app)  # 80x24: the compact layout
        await press(pilot, "right", "right")
        assert "Turn 1, USSR AR1" in screen_text(app)


# -- files that cannot be studied ---------------------------------------------------------
def bad_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """name -> (file, the words its message must hold)."""
    log = LOG.read_text().replace("Target: Syria", "Target: Narnia")
    save = json.loads(finished_save(folder).read_text())
    save["choices"][1] = "coup narnia"
    duel = {"format": "cold-war-tui/defcon-duel"}
    files = {
        "missing": (folder / "nowhere.txt", None, "no such file"),
        "folder": (folder, None, "is a folder"),
        "binary": (folder / "b.txt", b"\xff\xfe\x00SETUP:", "not a text file"),
        "empty": (folder / "e.txt", b"", "neither a play-site log"),
        "prose": (folder / "p.txt", b"Dear diary", "neither a play-site log"),
        "bad log": (
            folder / "l.txt",
            log.encode(),
            "line 36: unknown country 'Narnia': 'Target: Narnia'",
        ),
        "bad json": (folder / "j.json", b"{not json", "not a saved game"),
        "bad save": (folder / "s.json", json.dumps(save).encode(), "not a save that replays"),
        "duel": (folder / "d.json", json.dumps(duel).encode(), "DEFCON duel"),
    }
    for path, content, _ in files.values():
        if content is not None:
            path.write_bytes(content)
    return {name: (path, words) for name, (path, _, words) in files.items()}


@pytest.mark.parametrize(
    "name",
    ["missing", "folder", "binary", "empty", "prose", "bad log", "bad json", "bad save", "duel"],
)
def test_a_file_that_cannot_be_studied_says_why_in_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, words = bad_files(tmp_path)[name]
    with pytest.raises(StudyError) as raised:
        open_study(path)
    assert words in str(raised.value) and "\n" not in str(raised.value)
    assert cli.main(["study", str(path)]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err == f"cold-war-tui study: {path}: {raised.value}\n"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--think", "soon", str(LOG)], "--think takes a number of seconds, not 'soon'"),
        (["--iterations", "0", str(LOG)], "--iterations must be 1 or more, not 0"),
        (["--think", "1", "--iterations", "2", str(LOG)], "give --think or --iterations, not both"),
        (["--depth", "3", str(LOG)], "unrecognized arguments: --depth"),
        ([], "the following arguments are required: FILE"),
    ],
)
def test_a_bad_study_flag_is_one_line(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = cli.main(["study", *words])
    except SystemExit as done:  # argparse's own errors leave by SystemExit
        status = done.code
    assert status == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("cold-war-tui study: ") and message in err and err.count("\n") == 1


def test_a_log_position_holds_the_known_hand_for_the_analysis() -> None:
    """The analysis of a log's action round sees the phasing side's known hand, and of the
    opponent's cards nothing: the position gives them to him, the view hides them."""
    record = read_log(LOG.read_text())
    study = LogStudy(LOG.name, LOG.read_text(), record)
    step = study.steps[2]
    game = study.position(step.index)
    view = game.view("USSR")
    assert tuple(view.hand) == record.rounds[2].known_hand
    assert view.opponent_known_cards == []
