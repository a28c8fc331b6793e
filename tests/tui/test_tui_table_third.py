"""Issue 30, the table third pass: see the whole card, know the odds, never misplay after
undo, ask for a hint. One Pilot test (or more) per numbered item of the issue; each fails
on the app before the issue and passes now."""

from __future__ import annotations

import json
import re
import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from computer_helpers import quick_app, settle, start, wait_for_human
from textual.widgets import Select, Static, Switch
from tui_helpers import game_of, game_screen, make_app, open_game, press, screen_text

from cold_war_tui import bots
from cold_war_tui.bots.random import bot_for_game
from cold_war_tui.engine import Game, GameOptions, LogEntry
from cold_war_tui.gamedata import load_default_data
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.demo import MIDGAME
from cold_war_tui.tui.log_text import dense_lines
from cold_war_tui.tui.map_render import build_layout, find_country, short_name
from cold_war_tui.tui.saves import SaveMeta, SaveStore
from cold_war_tui.tui.screens.game import GameScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.log_view import LogScreen
from cold_war_tui.tui.screens.new_game import NewGameScreen
from cold_war_tui.tui.screens.table import TableScreen
from cold_war_tui.tui.widgets.decision import DecisionMenu
from cold_war_tui.tui.widgets.map_view import MapView

WIDE = (120, 40)
SMALL = (80, 24)
DATA = load_default_data()
CARD_TEXT = {card.number: card.text for card in DATA.cards}

# Turn 4, the US's second action round with 9 cards and the China Card (10 in the hand),
# three effects in play (NATO, the US/Japan pact, Containment this turn).
BIG_HAND: dict[str, Any] = {
    **MIDGAME,
    "turn": 4,
    "phasing": "US",
    "rounds_taken": {"USSR": 2, "US": 1},
    "hands": {"US": [40, 4, 19, 25, 105, 44, 49, 42, 43], "USSR": [3, 7, 11]},
    "effects": {"nato": 1, "no-coup:USSR:japan": 1, "no-realign:USSR:japan": 1},
    "turn_effects": {"ops-bonus:US": 1},
    "events_played": [8, 16, 21, 23, 27],
    "removed": [8, 16, 21, 23, 27],
}


def words(text: str) -> str:
    return " ".join(text.split())


def panel_text(app: ColdWarApp, selector: str) -> str:
    """What the screen shows inside a widget's region, its rows joined (wrapped text reads
    as one)."""
    region = game_screen(app).query_one(selector).scrollable_content_region  # no scrollbar
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return words(" ".join(row[region.x : region.right] for row in rows))


def menu_of(app: ColdWarApp) -> DecisionMenu:
    return game_screen(app).query_one("#menu", DecisionMenu)


async def highlight(pilot: Any, app: ColdWarApp, choice: str) -> None:
    """Move the menu's highlight to `choice` with the arrows, as a player does."""
    menu = menu_of(app)
    target = menu.get_option_index("c:" + choice)
    here = menu.highlighted or 0
    await press(pilot, *(["down"] * (target - here) if target > here else ["up"] * (here - target)))
    assert menu.highlighted == target


# -- 1. Card text is cut off ------------------------------------------------------------
async def test_item1_the_highlighted_cards_whole_text_shows_at_120x40_and_80x24(
    data_dir: Path,
) -> None:
    """#40 Cuban Missile Crisis and #42 Quagmire (whose text ended at "Cancels NORAD.")
    with ten cards in hand: every word of the text is on the game screen."""
    for size in (WIDE, SMALL):
        app = make_app(data_dir)
        async with app.run_test(size=size) as pilot:
            await open_game(pilot, app, Game.from_scenario(BIG_HAND))
            await press(pilot, "enter")
            assert isinstance(app.screen, GameScreen)
            for card in (40, 42, 49):
                await highlight(pilot, app, f"play {card} ops")
                shown = panel_text(app, "#hand-box")
                assert words(CARD_TEXT[card]) in shown, (size, card, shown)


# -- 2. Side-panel lines are cut --------------------------------------------------------
async def test_item2_the_opponents_hand_and_the_piles_are_never_cut(data_dir: Path) -> None:
    """The line with the opponent's hand and the piles wraps whole, after the effects in
    play grew long (three of them)."""
    for size in (WIDE, SMALL):
        app = make_app(data_dir)
        async with app.run_test(size=size) as pilot:
            await open_game(pilot, app, Game.from_scenario(BIG_HAND))
            await press(pilot, "enter")
            await press(pilot, *"duck", "down", "enter")  # #4 for ops: a map decision
            assert game_of(app).pending.kind == "operation"
            shown = panel_text(app, "#hand-box")
            assert "USSR hand: 3 cards draw pile" in shown, shown
            assert re.search(r"discards 6, removed 5 \(F4\)", shown), shown


# -- 3. At 80x24 there is no log --------------------------------------------------------
async def test_item3_the_newest_log_lines_show_at_80x24_after_a_computer_move(
    data_dir: Path,
) -> None:
    app = quick_app(data_dir)
    async with app.run_test(size=SMALL) as pilot:
        start(app, 5, {"US": "human", "USSR": "random"})
        await wait_for_human(pilot, app)
        newest = dense_lines(game_of(app).log, 80)[-1].plain  # "[setup] USSR +1 ... Poland"
        assert "USSR" in newest
        assert newest in screen_text(app)


def long_game(choices: int = 120) -> Game:
    """A random game some way in: its log is longer than any screen."""
    game = Game.new(GameOptions(seed=4))
    bot = bot_for_game(4)
    for _ in range(choices):
        assert game.pending is not None
        game.choose(bot.choose(game.pending))
    return game


async def test_item3_f3_at_80x24_opens_on_the_newest_entry(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SMALL) as pilot:
        await open_game(pilot, app, long_game())
        await press(pilot, "enter")
        newest = game_of(app).log[-1]
        await press(pilot, "f3")
        await pilot.pause(0.1)
        assert isinstance(app.screen, LogScreen)
        rows = screen_text(app).splitlines()
        assert any(newest.text in row for row in rows[-3:]), rows[-3:]


# -- 4. Legends ---------------------------------------------------------------------------
async def test_item4_the_map_names_its_columns_and_every_marker_it_shows(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, Game.from_scenario({**MIDGAME, "defcon": 4}))
        await press(pilot, "enter", *"socialist", "down", "enter")  # influence, coup, realign
        map_view = game_screen(app).query_one("#map", MapView)
        assert "*" in map_view.targets.values()  # countries with several actions
        text = screen_text(app)
        assert "+ infl x coup r realign * several ◆ battleground" in text  # what is offered
        assert text.splitlines()[4].startswith(" name   stab US USSR name   stab US USSR")
        assert "REGIONS IF SCORED" in text and "(US, USSR, net)" in text
    app = make_app(data_dir)
    async with app.run_test(size=SMALL) as pilot:  # the map scrolls; its header stays
        await open_game(pilot, app, Game.from_scenario({**MIDGAME, "defcon": 4}))
        await press(pilot, "enter", *"socialist", "down", "enter", *"thail")
        map_view = game_screen(app).query_one("#map", MapView)
        assert map_view.scroll_offset.y > 0 and map_view.cursor == "thailand"
        assert " name   stab US USSR" in screen_text(app)


# -- 5. Names as written --------------------------------------------------------------------
def test_item5_every_name_the_map_shows_finds_its_country() -> None:
    layout = build_layout(DATA, civil_war=True)
    for key, country in layout.countries.items():
        shown = short_name(country.name).lower()
        assert find_country(layout, shown) == key, shown


async def test_item5_typing_w_germ_on_the_map_finds_west_germany(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, Game.from_scenario(MIDGAME))
        await press(pilot, "enter", *"socialist", "down", "enter")
        assert isinstance(app.focused, MapView)
        await press(pilot, *"w.germ")
        assert app.focused.cursor == "west-germany"
        assert "no such country" not in screen_text(app)


# -- 6. After Continue ----------------------------------------------------------------------
def hand_rows(app: ColdWarApp) -> list[str]:
    hand = game_screen(app).query_one("#hand", Static)
    return [row.strip() for row in str(hand.render()).splitlines() if row.strip()]


async def test_item6_continue_keeps_the_hand_names_the_last_move_and_f4_counts(
    data_dir: Path,
) -> None:
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        start(app, 5, {"US": "human", "USSR": "random"})
        await wait_for_human(pilot, app)
        screen = game_screen(app)
        acted = screen.query_one("#map", MapView).acted
        assert acted is not None
        before = panel_text(app, "#hand")
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "c")  # Continue
        await wait_for_human(pilot, app)
        await pilot.pause(0.1)
        screen = game_screen(app)
        assert screen.query_one("#map", MapView).acted == acted
        assert "the computer's last move" in screen_text(app)
        assert panel_text(app, "#hand") == before  # the names as long as before


async def test_item6_the_piles_header_counts_the_effects_it_lists(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, Game.from_scenario(BIG_HAND))
        await press(pilot, "enter", "f4")
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        heading = text.splitlines()[0]
        listed = text.count("• ")
        assert listed >= 3  # NATO, the US/Japan pact, Containment
        assert f"effects in play {listed}" in heading, heading
        assert "in play 0)" not in heading


# -- 7. Odds before committing --------------------------------------------------------------
async def operation(pilot: Any, app: ColdWarApp, **changes: Any) -> None:
    """The USSR plays #7 Socialist Governments for 3 ops at DEFCON 4 (the Middle East open)."""
    await open_game(pilot, app, Game.from_scenario({**MIDGAME, "defcon": 4, **changes}))
    await press(pilot, "enter", *"socialist", "down", "enter")
    assert game_of(app).pending.kind == "operation"


def odds_line(app: ColdWarApp) -> str:
    panel = game_screen(app).query_one("#odds", Static)
    return words(str(panel.render())) if panel.display else ""


async def test_item7_a_coup_shows_the_roll_it_needs_and_its_chance(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app)
        odds = game_of(app).coup_odds("iran")  # the engine's: 3 ops against 2 x 2
        assert (odds.needed, odds.chance) == (2, Fraction(5, 6))
        await press(pilot, "tab", *"coup in iran")
        menu = menu_of(app)
        assert menu.highlighted_option.id == "c:coup iran"
        assert "Coup in Iran · 2+ 83%" in str(menu.highlighted_option.prompt)
        line = odds_line(app)
        assert line.startswith("Coup in Iran: needs 2+ (83%): die + 3 ops > 4"), line
        assert "a 6 removes 2 US, adds 3 USSR" in line
        # the map's cursor on a country gives the odds of every roll offered there
        await press(pilot, "tab", *"zaire")
        assert odds_line(app) == "Zaire: coup 1+ 100% · realign gain 42%"  # 15 of 36: +1 each


async def test_item7_realignment_shows_both_sides_modifiers_and_the_chance(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app)
        await press(pilot, "tab", *"realign iran")
        assert menu_of(app).highlighted_option.id == "c:realign iran"
        line = odds_line(app)
        assert "Realign Iran: USSR +2 (+2 adjacent controlled) vs US +1 (+1 more influence)" in (
            line
        ), line
        odds = game_of(app).realign_odds("iran", "USSR")
        assert f"gain {round(100 * odds.gain)}%" in line


async def test_item7_the_space_race_shows_the_roll_needed(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, Game.from_scenario(MIDGAME))
        await press(pilot, "enter")
        await highlight(pilot, app, "play 11 space")
        assert "#11 Korean War: space race · 1-3 50%" in str(menu_of(app).highlighted_option.prompt)
        assert "Space race: box 3 Man in Space needs a roll of 1-3 (50%)" in odds_line(app)


async def test_item7_after_a_realignment_the_log_gives_the_modifiers(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app, forced_dice=[3, 5])
        await press(pilot, "tab", *"realign iran", "enter")
        assert "realignment in Iran: USSR 5 vs US 6" in str(game_of(app).log[-2:])
        log = panel_text(app, "#log")
        assert "→ USSR 5 vs US 6 (USSR +2 adjacent controlled; US +1 more influence)" in log


# -- 8. Undo must not set up a misplay ------------------------------------------------------
async def test_item8_after_undo_the_highlight_returns_to_the_entry_chosen(
    data_dir: Path,
) -> None:
    """The US holds #7 Socialist Governments (the USSR's: its event would fire) first in
    the menu, plays #19 Truman Doctrine for ops, and takes it back."""
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        doc = {
            **MIDGAME,
            "phasing": "US",
            "rounds_taken": {"USSR": 2, "US": 1},
            "hands": {"US": [7, 19], "USSR": [3, 11]},
        }
        await open_game(pilot, app, Game.from_scenario(doc))
        await press(pilot, "enter")
        assert menu_of(app).highlighted_option.id == "c:play 7 ops"  # the misplay in waiting
        await highlight(pilot, app, "play 19 ops")
        await press(pilot, "enter")
        assert game_of(app).pending.kind == "operation"
        await press(pilot, "ctrl+z")
        assert game_of(app).pending.kind == "action"
        menu = menu_of(app)
        assert app.focused is menu
        assert menu.highlighted_option.id == "c:play 19 ops"
        assert game_screen(app).highlight_card == 19  # its card's text, not #7's


# -- 9. Coups from the map ------------------------------------------------------------------
async def test_item9_enter_on_a_country_of_several_actions_shows_only_them(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app)
        await press(pilot, *"iran", "enter")
        menu = menu_of(app)
        assert app.focused is menu
        shown = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert shown == ["c:infl iran", "c:coup iran", "c:realign iran"]
        assert "Iran: choose what to do there" in screen_text(app)
        await press(pilot, "down", "enter")  # the coup
        assert game_of(app).choices[-1] == "coup iran"


async def test_item9_escape_or_another_country_shows_every_choice_again(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app)
        total = len(game_of(app).pending.choices)
        await press(pilot, *"iran", "enter")
        menu = menu_of(app)
        assert menu.option_count == 3
        await press(pilot, "escape")
        assert menu.option_count >= total and menu.highlighted_option.id == "c:infl iran"
        await press(pilot, "tab", *"iran", "enter", "tab", *"egypt")  # the map again
        assert menu.option_count >= total
        assert menu.highlighted_option.id == "c:infl egypt"


# -- 10. End of turn ------------------------------------------------------------------------
TURN_END = {
    **MIDGAME,
    "action_round": 6,
    "phasing": "US",
    "rounds_taken": {"USSR": 6, "US": 5},
    "milops": {"US": 1, "USSR": 3},
    "hands": {"US": [4, 19, 27], "USSR": [11, 14]},
    "forced_dice": [1],
}


async def test_item10_the_turns_end_is_summed_up_as_the_player_may_know_it(
    data_dir: Path,
) -> None:
    """The US's last round of turn 3 (a space race attempt): the summary gives the VP, the
    military operations check, the scoring, DEFCON, the US's kept cards by name and the
    USSR's by number only."""
    from cold_war_tui.tui.screens.dialogs import TurnOverScreen  # new: imported here, so
    # that the other tests of this file run (and fail) on the app before the issue

    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, Game.from_scenario(TURN_END))
        await press(pilot, "enter")
        await highlight(pilot, app, "play 4 space")
        await press(pilot, "enter")
        assert isinstance(app.screen, TurnOverScreen)
        text = words(str(app.screen.query_one("#turn-over", Static).render()))
        assert "VP: USSR +2 → USSR +4 (2 to the USSR this turn)" in text
        assert "Military operations (8.2.1): US 1 of 3, USSR 3 of 3: USSR +2 VP (US short" in text
        assert "Scoring: no region scored" in text
        assert "DEFCON: 3 all turn, no change" in text
        assert "US keeps 2 cards: #19 Truman Doctrine, #27 US/Japan Mutual Defense Pact" in text
        assert "USSR keeps 2 cards" in text
        assert "Korean War" not in text and "COMECON" not in text  # the USSR's, unseen
        await press(pilot, "enter")  # the USSR headlines first: the terminal goes to him
        assert isinstance(app.screen, HandOverScreen)
        assert game_of(app).pending.kind == "headline"
        await press(pilot, "enter")  # he gets the summary as he may know it
        assert isinstance(app.screen, TurnOverScreen)
        text = words(str(app.screen.query_one("#turn-over", Static).render()))
        assert "USSR keeps 2 cards: #11 Korean War, #14 COMECON" in text
        assert "US keeps 2 cards" in text and "Truman" not in text
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen) and game_screen(app).viewer == "USSR"


def test_item10_a_summary_reads_the_scoring_and_defcon_of_the_turn() -> None:
    from cold_war_tui.tui.history import turn_summary
    from cold_war_tui.tui.render import summary_lines

    log = [
        LogEntry("", "turn 5 begins", 5),
        LogEntry("6.3.4", "DEFCON 4 -> 3 (coup in battleground Iran)", 5),
        LogEntry("10", "Asia: US presence (2 countries, 0 battlegrounds) = 3 VP", 5),
        LogEntry("10", "USSR +2 VP (Asia scoring); VP USSR +3", 5),
        LogEntry("6.3.4", "DEFCON 3 -> 2 (coup in battleground Iraq)", 5),
        LogEntry("8.2.1", "US military operations 2 of 2 required", 5),
        LogEntry("8.2.1", "USSR military operations 2 of 2 required", 5),
        LogEntry("5.1", "cards kept into the next turn: US 1, USSR 0", 5),
        LogEntry("", "turn 5 ends", 5),
    ]
    assert turn_summary(log[:-1], 5, -3) is None  # not over yet
    summary = turn_summary(log, 5, -3)
    assert summary is not None
    assert (summary.vp_before, summary.vp_after) == (-1, -3)
    assert summary.scoring == ["USSR +2 VP (Asia scoring)"]
    assert summary.defcon == (4, 2)
    assert summary.kept == {"US": 1, "USSR": 0}
    text = "\n".join(t.plain for t in summary_lines(summary, DATA, "US", [4]))
    assert "DEFCON: 4 → 2 during the turn" in text
    assert "US keeps 1 card: #4 Duck and Cover" in text


# -- 11. A hint, when a player wants one ----------------------------------------------------
async def wait_for_hint(pilot: Any, app: ColdWarApp) -> None:
    """Until the hint `h` asked for is shown (h waits HINT_DELAY for another letter)."""
    screen = game_screen(app)
    for _ in range(400):
        await pilot.pause(0.05)
        if screen.hint_armed is None and screen.hint_job is None:
            return


def message(app: ColdWarApp) -> str:
    return words(str(game_screen(app).query_one("#message", Static).render()))


async def test_item11_h_gives_the_computers_top_three_choices_and_the_log_says_so(
    data_dir: Path,
) -> None:
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, Game.from_scenario(MIDGAME))
        await press(pilot, "enter")  # the USSR's hand-over
        assert "h Hint" in screen_text(app)  # the footer offers it
        await press(pilot, "h")
        await wait_for_hint(pilot, app)
        hint = message(app)
        assert hint.startswith("Hint: the computer (strong) would play, for the USSR:"), hint
        labels = {c.label for c in game_of(app).pending.choices}
        shown = [label for label in labels if label in hint]
        assert len(shown) == 3, shown  # its choice and the two best others, each scored
        assert len(re.findall(r"[+-]\d+\.\d|wins|loses", hint)) == 3
        assert game_of(app).choices == []  # a hint chooses nothing
        assert "USSR asked the computer (strong) for a hint" in panel_text(app, "#log")
        await pilot.pause(0.1)
        saved = json.loads((data_dir / "autosave.json").read_text())["meta"]
        assert saved["hints"] is True
        assert saved["hints_asked"] == [{"side": "USSR", "level": "strong", "turn": 3, "at": 1}]
        text = game_screen(app).session.log_text()  # the exported log
        assert "USSR asked the computer (strong) for a hint" in text


async def test_item11_escape_cancels_a_hint_and_the_keys_keep_working(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow computer: while it thinks the map's cursor moves; Escape cancels it and
    nothing is recorded; a letter typed after `h` was a name."""
    asked, released = threading.Event(), threading.Event()
    analyse = bots.analyse

    def slow(game: Game, player: str, **budget: Any) -> Any:
        asked.set()
        released.wait(30)
        return analyse(game, player, **budget)

    monkeypatch.setattr(bots, "analyse", slow)
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app)
        map_view = game_screen(app).query_one("#map", MapView)
        assert app.focused is map_view
        await press(pilot, "h")
        await settle(pilot, asked.is_set)
        assert "The computer is thinking about your move" in message(app)
        assert "esc Cancel hint" in screen_text(app)
        before = map_view.cursor
        await press(pilot, "down")
        assert map_view.cursor != before  # the keys keep working
        await press(pilot, "escape")
        assert game_screen(app).hint_job is None
        assert "The hint was cancelled" in message(app)
        await press(pilot, "h", "u")  # "hu" at once: a name was being typed
        assert map_view.cursor == "hungary" and game_screen(app).hint_job is None
        released.set()
        await pilot.pause(0.2)
        session = game_screen(app).session
        assert session.meta.hints_asked == ()
        assert "asked the computer" not in session.log_text()


async def test_item11_hints_off_on_new_game_shows_no_hint_key_and_the_save_keeps_it(
    data_dir: Path,
) -> None:
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert "Hints: h asks the computer" in screen_text(app)
        screen.query_one("#player-USSR", Select).value = "random"
        hints = screen.query_one("#hints", Switch)
        assert hints.value is True  # on by default
        hints.focus()
        await press(pilot, "space", "f5")
        await wait_for_human(pilot, app)
        assert game_screen(app).session.hints is False
        assert "Hint" not in screen_text(app)  # no hint key in the footer
        await press(pilot, "h")  # a letter again: the map finds a country
        assert game_screen(app).hint_job is None
        saved = json.loads((data_dir / "autosave.json").read_text())["meta"]
        assert saved["hints"] is False
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "c")  # Continue: still off
        await wait_for_human(pilot, app)
        assert game_screen(app).session.hints is False


async def test_item11_an_old_save_without_the_switch_loads_with_hints_on(
    data_dir: Path,
) -> None:
    store = SaveStore(data_dir)
    game = Game.from_scenario(MIDGAME)
    store.autosave(game, SaveMeta(names={"US": "Ann", "USSR": "Boris"}))
    path = data_dir / "autosave.json"
    doc = json.loads(path.read_text())
    del doc["meta"]["hints"], doc["meta"]["hints_asked"]  # as saved before hints
    path.write_text(json.dumps(doc))
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "c", "enter")
        assert game_screen(app).session.hints is True
        assert game_screen(app).session.meta.hints_asked == ()


# -- 12. Smaller ------------------------------------------------------------------------------
async def test_item12_new_game_remembers_who_played_each_side(data_dir: Path) -> None:
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#player-USSR", Select).value = "greedy"
        await press(pilot, "f5")
        await wait_for_human(pilot, app)
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#player-USSR", Select).value == "greedy"
        assert screen.query_one("#player-US", Select).value == "human"


async def test_item12_the_exported_log_names_the_computer_and_its_level(
    data_dir: Path,
) -> None:
    app = quick_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        start(app, 5, {"US": "human", "USSR": "strong"})
        await wait_for_human(pilot, app)
        await press(pilot, "ctrl+e")
        exported = next((data_dir / "exports").glob("log-*.txt")).read_text()
        assert "players: US: human, USSR: computer (strong)" in exported


def test_item11_a_hint_puts_the_computers_choice_first_then_its_best_scores() -> None:
    """`bots.analyse` ranks what it weighed; a safety filter may make its choice another
    than the best-scored one: the hint still lists its choice first."""
    from cold_war_tui.bots import Analysis
    from cold_war_tui.tui.screens.hints import suggestions

    pending = Game.from_scenario(MIDGAME).pending
    assert pending is not None
    moves = {c.id: c.move for c in pending.choices}
    ranked = tuple(
        (moves[i], s) for i, s in (("play 7 ops", 2.0), ("play 14 ops", 1.0), ("play 11 ops", 0.5))
    )
    hints = suggestions(Analysis(moves["play 14 ops"], ranked), pending)
    assert [(h.label, h.score, h.picked) for h in hints] == [
        ("#14 COMECON: 3 ops", 1.0, True),
        ("#7 Socialist Governments: 3 ops", 2.0, False),
        ("#11 Korean War: 2 ops", 0.5, False),
    ]
