"""Issue 19 in the TUI: playing against the computer, watching it play itself.

The computer's levels come from `bots.BOTS`; its moves run in a worker, show one by one
with a highlight, and the saves remember who plays each side.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from computer_helpers import (
    QUICK,
    SlowBot,
    add_bot,
    choose_by_keys,
    quick_app,
    settle,
    start,
    wait_for_human,
)
from test_tui_play import hand_names, leaked
from textual.widgets import Input, Select, Static
from tui_helpers import game_of, game_screen, press, screen_text

from cold_war_tui import bots, cli
from cold_war_tui.bots import make_bot
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.map_render import ACTED_MARK
from cold_war_tui.tui.players import (
    ComputerSettings,
    Players,
    PlayerSpecError,
    bot_seed,
    levels,
    parse_player,
)
from cold_war_tui.tui.render import card_name
from cold_war_tui.tui.saves import SaveMeta, SaveStore
from cold_war_tui.tui.screens.dialogs import ConfirmScreen, PromptScreen
from cold_war_tui.tui.screens.game import GameScreen
from cold_war_tui.tui.screens.game_over import GameOverScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.log_view import LogScreen
from cold_war_tui.tui.screens.new_game import NewGameScreen
from cold_war_tui.tui.widgets.map_view import MapView

# A game of three turns (139 choices, 61 of them the scripted human's) when this was
# written: long enough to cross turn ends and headlines, about 30 s on a busy 2-core machine.
FULL_GAME_SEED = 11


async def test_a_whole_game_human_by_keys_against_random(data_dir: Path) -> None:
    """Issue 19: a scripted human (the random bot picks his choice id, the keys send it)
    plays a whole game against the `random` computer, to the game-over screen."""
    app = quick_app(data_dir)
    human = make_bot("random", 11)
    decisions = 0
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, FULL_GAME_SEED, {"US": "human", "USSR": "random"})
        while True:
            await wait_for_human(pilot, app)
            screen = app.screen
            assert not isinstance(screen, HandOverScreen)
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, ConfirmScreen):
                await press(pilot, "y")  # the script's choice stands, even a losing one
                continue
            game = game_of(app)
            made = len(game.choices)
            choice = human.choose(game, "US")
            await choose_by_keys(pilot, app, choice)
            if not isinstance(app.screen, ConfirmScreen):
                assert game_of(app).choices[made] == choice
            decisions += 1
        game = game_of(app)
        assert game.outcome is not None
        assert f"{game.outcome.reason} (rule {game.outcome.rule})" in screen_text(app)
        # every choice was the script's or the computer's answer, applied once, in order
        choices, human_decisions = replayed_without_the_tui(FULL_GAME_SEED, 11)
        assert game.choices == choices
        assert decisions == human_decisions


def replayed_without_the_tui(seed: int, human_seed: int) -> tuple[list[str], int]:
    """The same game played headless: the scripted human, and the computer as the app asks
    it (one bot per decision, seeded from the game's seed, the side and the choices made).
    Its choices, and how many were the human's."""
    game = Game.new(GameOptions(seed=seed))
    human = make_bot("random", human_seed)
    decisions = 0
    while (pending := game.pending) is not None:
        if pending.player == "US":
            game.choose(human.choose(game, "US"))
            decisions += 1
        else:
            bot = QUICK.bot("random", seed, "USSR", len(game.choices))
            game.choose(bot.choose(game.fork(), "USSR"))
    return game.choices, decisions


async def test_new_game_offers_human_or_each_level_of_bots_in_order(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: New game asks Human or Computer for each side; the levels are BOTS' names
    in its order, so a bot added to BOTS is offered too (here "slow", after the others)."""
    add_bot(monkeypatch, "slow", SlowBot())
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        for side in ("US", "USSR"):
            select = screen.query_one(f"#player-{side}", Select)
            assert select.value == "human"
            assert [value for _, value in select._options] == ["human", *bots.BOTS]
            assert next(iter(bots.BOTS)) == "random" and list(bots.BOTS)[-1] == "slow"
        text = screen_text(app)
        assert "USSR played by" in text and "Human" in text
        # by keys: Tab to the USSR's list, open it, one down: the computer's first level
        await press(pilot, "tab", "tab", "tab", "tab")
        assert app.focused is screen.query_one("#player-USSR", Select)
        await press(pilot, "enter", "down", "enter")
        assert screen.query_one("#player-USSR", Select).value == "random"
        await press(pilot, "f5")
        # one human: no hand-over; the US (human) sees his hand while the computer sets up
        assert not isinstance(app.screen, HandOverScreen)
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        assert game_screen.session.players.computer == {"USSR": "random"}
        assert game_screen.viewer == "US"
        await wait_for_human(pilot, app)
        assert "Your hand (US)" in screen_text(app)


async def test_the_computer_s_hand_is_never_on_screen(data_dir: Path) -> None:
    """Issue 19: with one human there is no hand-over; his hand stays, the computer's never
    shows, move after move (its headline too, until the engine reveals it)."""
    app = quick_app(data_dir)
    human = make_bot("random", 4)
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, 12, {"US": "random", "USSR": "human"})
        for _ in range(15):
            await wait_for_human(pilot, app)
            if isinstance(app.screen, ConfirmScreen):
                await press(pilot, "n")  # not this losing choice: another one
                continue
            assert isinstance(app.screen, GameScreen)
            game = game_of(app)
            text = screen_text(app)
            assert "Your hand (USSR)" in text
            assert leaked(text, hand_names(game, "US")) == []
            headline = game.state.headline["US"]
            if headline is not None and game.view("USSR").opponent_headline is None:
                assert leaked(text, [card_name(game.data, headline)]) == []
            await choose_by_keys(pilot, app, human.choose(game, "USSR"))


async def test_keys_work_while_the_computer_thinks_and_quit_does_not_wait(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: the bot runs in a worker: while it thinks, the screen says so, F3 and
    Escape, Tab, Ctrl+Z (refused, with why) work, and Ctrl+Q quits at once: the app does
    not wait for the bot's answer."""
    bot = SlowBot()
    add_bot(monkeypatch, "slow", bot)
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, 3, {"US": "human", "USSR": "slow"})
        await settle(pilot, bot.asked.is_set)
        assert bot.asked.is_set()
        assert "Computer (USSR) is thinking..." in screen_text(app)
        await press(pilot, "f3")
        assert isinstance(app.screen, LogScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "tab", "ctrl+z")
        message = app.screen.query_one("#message", Static).content
        assert str(message) == "Cannot undo: the computer is to move."
        assert game_of(app).choices == []  # nothing moved meanwhile
        await press(pilot, "ctrl+q")
    assert not bot.answered.is_set()  # the app closed while the bot was still thinking
    bot.released.set()


async def test_a_computer_move_is_highlighted_on_the_map_one_by_one(data_dir: Path) -> None:
    """Issue 19: each computer move is shown alone, with its country highlighted on the map
    and named in the map's title; with a pause, the next one waits for it."""
    app = ColdWarApp(
        data_dir=data_dir, computer=ComputerSettings(think=0, pause=30), new_seed=lambda: 7
    )
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, 3, {"US": "human", "USSR": "random"})
        # the first move waits for nobody; the second waits out the 30 s pause
        await settle(pilot, lambda: len(game_of(app).choices) == 1)
        for _ in range(5):
            await pilot.pause(0.02)
        game = game_of(app)
        assert len(game.choices) == 1
        country = game.choices[0].split()[1]
        map_view = app.screen.query_one("#map", MapView)
        assert map_view.acted == country
        name = map_view.map_layout.countries[country].name
        assert f"{ACTED_MARK} the computer's last move: {name}" in screen_text(app)
        line = next(s for s in map_view._strips if name[:8] in s.text)
        assert ACTED_MARK in line.text


async def test_watch_pause_and_save_a_computer_game_then_resume_it_as_it_was(
    data_dir: Path,
) -> None:
    """Issue 19: computer against computer: nobody's hand is shown, `p` pauses it, Ctrl+S
    saves it with its players, and loading it resumes with the same players; the game
    then goes on exactly as the one that was never stopped (the seeds come from the game)."""
    app = quick_app(data_dir)
    players = {"US": "random", "USSR": "random"}
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, 12, players)
        await settle(pilot, lambda: len(game_of(app).choices) >= 20)
        await press(pilot, "p")
        made = len(game_of(app).choices)
        for _ in range(5):
            await pilot.pause(0.02)
        assert len(game_of(app).choices) == made  # paused
        prompt = app.screen.query_one("#prompt", Static).content
        pending = game_of(app).pending
        assert pending is not None
        assert str(prompt) == f"Computer ({pending.player}) is paused: p resumes."
        text = screen_text(app)
        assert "Your hand" not in text and "see what a spectator sees" in text
        assert not any(isinstance(s, HandOverScreen) for s in app.screen_stack)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, PromptScreen)
        app.screen.query_one("#value", Input).value = "watched"
        await press(pilot, "enter")
        saved = data_dir / "saves" / "watched.json"
        assert json.loads(saved.read_text())["meta"]["players"] == players
        await press(pilot, "p")  # resumes: the game plays on to its end
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert isinstance(app.screen, GameOverScreen)
        whole = game_of(app).choices
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.load_file(saved) is None
        await pilot.pause()
        assert game_screen(app).session.players.computer == players
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert game_of(app).choices == whole


async def test_continue_resumes_against_the_computer_and_old_saves_are_two_humans(
    data_dir: Path,
) -> None:
    """Issue 19: the autosave keeps who plays; Continue resumes against the computer. A save
    without `players` (older versions) is two humans: the hand-over comes back."""
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, 3, {"US": "human", "USSR": "random"})
        await wait_for_human(pilot, app)
    autosave = data_dir / "autosave.json"
    doc = json.loads(autosave.read_text())
    assert doc["meta"]["players"] == {"US": "human", "USSR": "random"}
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "the computer (USSR, random)" in screen_text(app)  # the Continue entry
        await press(pilot, "c")
        await wait_for_human(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.viewer == "US"
    del doc["meta"]["players"]
    autosave.write_text(json.dumps(doc))
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "c")
        assert isinstance(app.screen, HandOverScreen)
        assert game_screen(app).session.players.computer == {}


def test_a_level_this_version_lacks_makes_that_side_human_and_says_so() -> None:
    players, problems = Players.from_dict({"US": "random", "USSR": "deep-thought"})
    assert players.computer == {"US": "random"}
    assert problems == ["the USSR computer's level 'deep-thought' is unknown: a human plays it"]
    assert Players.from_dict(None) == (Players(), [])
    assert Players.from_dict({"US": 7}) == (
        Players(),
        ["the US computer's level 7 is unknown: a human plays it"],
    )


def test_the_players_sides_are_the_engine_s_in_its_order() -> None:
    """players.py keeps its own copy so that the title screen shows before the engine loads."""
    from cold_war_tui.engine import SIDES as ENGINE_SIDES
    from cold_war_tui.tui import players

    assert players.SIDES == ENGINE_SIDES


def test_the_bot_seed_comes_from_the_game_seed_side_and_position() -> None:
    """Issue 19: a resumed game asks each question with the seed it had the first time."""
    assert bot_seed(7, "US", 10) == bot_seed(7, "US", 10)
    seeds = {bot_seed(g, s, n) for g in (7, 8) for s in ("US", "USSR") for n in (0, 1, 2)}
    assert len(seeds) == 12
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_player_words_of_the_command_line() -> None:
    assert parse_player("human") is None
    assert parse_player("computer:random") == "random"
    assert parse_player("computer") == levels()[-1]  # the strongest
    for bad in ("robot", "computer:godlike", "human:random", "", "computer:"):
        with pytest.raises(PlayerSpecError):
            parse_player(bad)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--us", "robot"], "--us: 'robot' is not a player; say one of: human, computer"),
        (["--ussr", "computer:godlike"], "--ussr: unknown computer level 'godlike'"),
        (["--us", "human", "--load", "x.json"], "--load cannot be given with --us or --ussr"),
        (["--think", "-1"], "--think: give seconds from 0 to 600.0, not -1.0"),
        (["--pause", "nan"], "--pause: give seconds from 0 to 600.0, not nan"),
    ],
)
def test_bad_player_flags_are_one_line_and_status_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_player_flags_open_new_game_with_the_players_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--us human --ussr computer:random --pause 0.2` (make play ARGS=...) reach the app."""
    started: list[tuple[Players, ComputerSettings]] = []
    monkeypatch.setattr(cli, "drawing_problem", lambda: None)

    def run_app(load: object, players: Players, computer: ComputerSettings) -> int:
        started.append((players, computer))
        return 0

    monkeypatch.setattr(cli, "run_app", run_app)
    assert cli.main(["--us", "human", "--ussr", "computer:random", "--pause", "0.2"]) == 0
    assert started == [(Players({"USSR": "random"}), ComputerSettings(pause=0.2))]


async def test_p_types_in_the_map_when_the_human_has_a_decision(data_dir: Path) -> None:
    """`p` pauses only while no human decision is shown; else it is a letter of a name."""
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, 3, {"US": "random", "USSR": "human"})
        await wait_for_human(pilot, app)
        assert isinstance(app.focused, MapView)
        await press(pilot, "p", "o")
        assert "find: po" in screen_text(app)
        assert not game_screen(app).paused


async def test_loading_while_the_computer_thinks_drops_its_answer(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: Load (or New game, or the title) while the computer thinks leaves that game
    screen: its worker is cancelled, and the bot's late answer touches no game."""
    bot = SlowBot()
    add_bot(monkeypatch, "slow", bot)
    app = quick_app(data_dir)
    other = Game.new(GameOptions(seed=9))
    path = SaveStore(data_dir).save(other, SaveMeta(), "two-humans")
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, 3, {"US": "human", "USSR": "slow"})
        await settle(pilot, bot.asked.is_set)
        thinking = game_screen(app)
        job = thinking.thinking
        assert job is not None
        assert app.load_file(path) is None
        await pilot.pause()
        assert job.worker.is_cancelled
        bot.released.set()
        await settle(pilot, bot.answered.is_set)
        for _ in range(3):
            await pilot.pause(0.02)
        assert game_screen(app) is not thinking
        assert game_of(app).choices == [] and job.game.choices == []
        assert isinstance(app.screen, HandOverScreen)  # the loaded game: two humans


async def test_a_save_naming_an_unknown_level_opens_with_a_human_and_a_warning(
    data_dir: Path,
) -> None:
    store = SaveStore(data_dir)
    meta = SaveMeta(players={"US": "human", "USSR": "deep-thought"})
    path = store.save(Game.new(GameOptions(seed=3)), meta, "future")
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.load_file(path) is None
        await pilot.pause()
        session = game_screen(app).session
        assert session.players.computer == {}
        assert session.meta.players == {"US": "human", "USSR": "human"}  # as it plays now
        notes = [str(n.message) for n in app._notifications]
        assert notes == [
            "This save's players: the USSR computer's level 'deep-thought' is unknown: "
            "a human plays it."
        ]


class BrokenBot:
    """A bot with a bug: it fails, or answers an id the engine does not offer."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer

    def choose(self, game: Game, player: str) -> str:
        if self.answer is None:
            raise RuntimeError("out of ideas")
        return self.answer


@pytest.mark.parametrize(
    ("answer", "why"),
    [(None, "RuntimeError: out of ideas"), ("infl narnia", "infl narnia")],
)
async def test_a_failing_bot_pauses_the_computer_and_says_why(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, answer: str | None, why: str
) -> None:
    add_bot(monkeypatch, "broken", BrokenBot(answer))
    app = quick_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        start(app, 3, {"US": "human", "USSR": "broken"})
        screen = game_screen(app)
        await settle(pilot, lambda: screen.paused)
        assert screen.paused and game_of(app).choices == []
        message = str(screen.query_one("#message", Static).content)
        assert message.startswith("The computer could not move (") and why in message
        assert message.endswith("; p tries again.")


async def test_the_command_line_s_players_open_new_game_with_them_chosen(data_dir: Path) -> None:
    """`cold-war-tui --us computer:random` opens New game with the US list on that level."""
    app = quick_app(data_dir, players=Players({"US": "random"}))
    async with app.run_test(size=(120, 40)) as pilot:

        def chosen() -> bool:  # a Select takes its value when it is mounted
            screen = app.screen
            lists = screen.query("#player-US") if isinstance(screen, NewGameScreen) else []
            return bool(lists) and lists.first(Select).value != Select.NULL

        await settle(pilot, chosen)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        # a Select takes its value once mounted: under load that can be a few frames later
        await settle(pilot, lambda: screen.query_one("#player-US", Select).value != Select.NULL)
        assert screen.query_one("#player-US", Select).value == "random"
        assert screen.query_one("#player-USSR", Select).value == "human"
        await press(pilot, "f5")
        await wait_for_human(pilot, app)
        assert game_screen(app).session.players == Players({"US": "random"})
        assert game_screen(app).viewer == "USSR"
