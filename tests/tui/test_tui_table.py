"""Issue 18, the table: two players can play a whole game without a misplay the screen
caused. One Pilot test (or more) per numbered item of the issue; each failed on the app
before the issue and passes now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual import events
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static
from tui_helpers import game_of, game_screen, make_app, open_game, press, screen_text, wait_for

from cold_war_tui.engine import Game
from cold_war_tui.tui.app import ColdWarApp
from cold_war_tui.tui.demo import MIDGAME
from cold_war_tui.tui.saves import SaveMeta, SaveStore
from cold_war_tui.tui.screens.dialogs import ConfirmScreen, TurnOverScreen
from cold_war_tui.tui.screens.game import GameScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.widgets.decision import DecisionMenu
from cold_war_tui.tui.widgets.map_view import MapView

WIDE = (120, 40)
SMALL = (80, 24)


def message(app: ColdWarApp) -> str:
    """The game screen's message line (it wraps in the narrow panel)."""
    return str(game_screen(app).query_one("#message", Static).content)


def position(**changes: Any) -> Game:
    return Game.from_scenario({**MIDGAME, **changes})


def menu_of(app: ColdWarApp) -> DecisionMenu:
    return game_screen(app).query_one("#menu", DecisionMenu)


def highlight_in_view(menu: OptionList) -> bool:
    """The highlighted entry's lines are inside the menu's visible part (Textual's own
    line index, not ours)."""
    index = menu.highlighted
    assert index is not None
    first = menu._index_to_line[index]
    top = menu.scroll_offset.y
    return top <= first and first + menu._heights[index] <= top + menu.size.height


async def operation(pilot: Any, app: ColdWarApp, size: tuple[int, int] = WIDE) -> None:
    """The USSR plays #7 Socialist Governments for 3 ops at DEFCON 4 (Africa open)."""
    await open_game(pilot, app, position(defcon=4, hands={"USSR": [7, 11], "US": [4, 19]}))
    await press(pilot, "enter")
    await press(pilot, *"socialist", "down", "enter")
    assert game_of(app).pending.kind == "operation"


# -- 1. Enter never commits an entry the player cannot see ----------------------------
async def test_item1_the_menu_keeps_its_highlight_in_view(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app)
        await press(pilot, *"south af", "enter")  # on the map: influence, coup, realign
        menu = menu_of(app)
        assert menu.has_focus and menu.highlighted_option.id == "c:infl south-africa"
        assert highlight_in_view(menu)
        await press(pilot, "escape", *"coup in south")  # type-to-find in the menu
        assert menu.highlighted_option.id == "c:coup south-africa"
        assert highlight_in_view(menu)
        await pilot.resize_terminal(*SMALL)  # the menu shrinks around its highlight
        await pilot.pause()
        assert highlight_in_view(menu)
        # an entry scrolled out of view by hand is only brought back by Enter
        menu.scroll_home(animate=False, immediate=True)
        await pilot.pause()
        assert not highlight_in_view(menu)
        before = len(game_of(app).choices)
        await press(pilot, "enter")
        assert len(game_of(app).choices) == before
        assert highlight_in_view(menu)
        assert "out of view" in message(app)


# -- 2. Focus is unmistakable, and keys go where the player looks ----------------------
async def test_item2_the_focused_panel_is_named_and_marked(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app)
        screen = game_screen(app)
        map_view = screen.query_one("#map", MapView)
        assert map_view.has_focus  # an operation is made on the map
        text = screen_text(app)
        assert "▶ MAP ◀ keys go here" in text and "Menu (Tab)" in text
        await press(pilot, "tab")
        text = screen_text(app)
        assert "▶ MENU ◀ keys go here" in text and "Map (Tab)" in text
        assert "▶ MAP" not in text


async def test_item2_a_name_typed_on_the_map_that_finds_nothing_commits_nothing(
    data_dir: Path,
) -> None:
    """The reported misplay: a player meaning to realign Israel typed "israel realign" on
    the map; "israel" found Israel (a target), the rest nothing, and Enter placed
    influence there."""
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await operation(pilot, app)
        before = game_of(app).state
        await press(pilot, *"israel realign", "enter")
        game = game_of(app)
        assert len(game.choices) == 1 and game.state.influence == before.influence
        assert "No country is called 'israel realign': nothing was chosen" in message(app)
        await press(pilot, *"realign isr", "enter")  # the words of a menu entry
        assert len(game_of(app).choices) == 1
        assert "It names an entry of the menu: Tab goes there" in message(app)
        # Enter on a country that is not a target does nothing and says why
        await press(pilot, *"canada", "enter")
        assert len(game_of(app).choices) == 1
        assert "Canada is not a choice of this decision" in message(app)


async def test_item2_focus_goes_to_the_menu_when_a_decision_is_not_made_on_the_map(
    data_dir: Path,
) -> None:
    """Junta (#47): after its influence (a map decision) comes a yes/no (the menu), then
    the free coup (the map again): the same rule after every choice."""
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, position(defcon=4, hands={"USSR": [47, 7], "US": [4]}))
        await press(pilot, "enter")
        await press(pilot, *"junta", "enter")  # the first entry: the event
        assert game_of(app).pending.kind == "event_influence"
        assert isinstance(app.focused, MapView)
        await press(pilot, *"argentina", "enter")
        assert game_of(app).pending.kind == "event_optional"
        assert isinstance(app.focused, DecisionMenu)
        await press(pilot, "enter")  # yes
        assert isinstance(app.focused, MapView)


# -- 3. Type-to-find matches what a person means --------------------------------------
async def test_item3_word_starts_first_and_a_burst_lands_like_slow_typing(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, position(hands={"USSR": [4, 7], "US": [19]}))
        await press(pilot, "enter")
        await press(pilot, *"duck", "enter")  # the US's #4 for ops: the event's order
        assert game_of(app).pending.kind == "event_order"
        menu = menu_of(app)
        await press(pilot, *"oper")
        assert menu.highlighted_option.id == "c:ops-first"  # not "...then operations"
        await press(pilot, "enter")
        map_view = game_screen(app).query_one("#map", MapView)
        assert map_view.has_focus
        for name, country in (("argen", "argentina"), ("tur", "turkey")):
            for char in name:  # one burst: every key queued before any is handled
                app.post_message(events.Key(char, char))
            await pilot.pause(0.3)
            assert map_view.cursor == country
            await press(pilot, "escape")
        map_view.post_message(events.Paste("west germ"))  # pasted
        await pilot.pause(0.3)
        assert map_view.cursor == "west-germany"


# -- 4. The loss warning comes when the loss becomes certain; undo after Load -----------
async def test_item4_the_warning_comes_at_the_card_that_keeps_the_scoring_card(
    data_dir: Path,
) -> None:
    """10.1.5: the USSR's last action round, holding Middle East Scoring: choosing another
    card for ops makes the loss certain, so the warning comes at that choice."""
    app = make_app(data_dir)
    last_round = {"action_round": 6, "rounds_taken": {"USSR": 5, "US": 5}}
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, position(**last_round, hands={"USSR": [3, 7], "US": [4]}))
        await press(pilot, "enter")
        await press(pilot, *"socialist", "down", "enter")  # #7 for ops
        assert isinstance(app.screen, ConfirmScreen)
        assert "10.1.5" in screen_text(app)
        await press(pilot, "n")
        assert game_of(app).choices == []


async def test_item4_undo_after_load_and_why_not(data_dir: Path) -> None:
    store = SaveStore(data_dir)
    game = position()
    game.choose("play 7 ops")
    game.choose("infl greece")
    store.autosave(game, SaveMeta(names={"US": "Ann", "USSR": "Boris"}))
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "c")  # Continue
        await press(pilot, "enter")
        await press(pilot, "ctrl+z")
        assert game_of(app).choices == ["play 7 ops"]
        await press(pilot, "ctrl+z", "ctrl+z")  # the second one: nothing left of his own
        assert game_of(app).choices == []
        assert "Cannot undo: there is nothing to undo" in message(app)


# -- 5. History is never silently cut -------------------------------------------------
async def test_item5_the_hand_over_shows_everything_since_the_player_last_played(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    last_round = {"action_round": 6, "rounds_taken": {"USSR": 5, "US": 5}}
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, position(**last_round, hands={"USSR": [7], "US": [4]}))
        await press(pilot, "enter")
        mark = len(game_of(app).log)
        await press(pilot, *"socialist", "down", "enter", "enter", "enter", "enter")
        await press(pilot, "enter")  # the US takes the terminal
        mine = len(game_of(app).log)
        await press(pilot, *"duck", "enter")  # the US's last card, for its event
        assert isinstance(app.screen, TurnOverScreen)  # the end of turn 3, summed up
        await press(pilot, "enter")
        assert isinstance(app.screen, HandOverScreen)  # the USSR's headline, turn 4
        game = game_of(app)
        missed = [str(e.text) for e in game.log[mine:]]
        assert len(missed) > 10  # more than the old summary showed
        shown = str(app.screen.query_one("#since Static", Static).content)
        assert all(line in shown for line in missed)
        assert all(str(e.text) not in shown for e in game.log[mark : mark + 2])  # his own
        since = app.screen.query_one("#since", VerticalScroll)
        if since.max_scroll_y:  # it scrolls when it is long
            await press(pilot, "pagedown")
            assert since.scroll_y > 0


async def test_item5_the_log_panel_holds_an_action_round_and_f3_the_whole_game(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        game = position(turn_effects={"ops-bonus:USSR": 1}, hands={"USSR": [7], "US": [4]})
        await open_game(pilot, app, game)
        await press(pilot, "enter")
        start = len(game_of(app).log)
        await press(pilot, *"socialist", "down", "enter", *["enter"] * 4)  # 4 ops
        await press(pilot, "enter")  # the US's hand-over
        assert isinstance(app.screen, GameScreen)
        lines = [str(e) for e in game_of(app).log[start:]]
        assert len(lines) >= 5
        text = screen_text(app)
        assert all(line[:25] in text for line in lines)  # the USSR's whole round is shown
        await press(pilot, "f3")
        from cold_war_tui.tui.screens.log_view import LogScreen

        assert isinstance(app.screen, LogScreen)
        assert len(app.screen.entries) == len(game_of(app).log)
        assert "The whole game:" in screen_text(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


# -- 6. Piles and effects ----------------------------------------------------------------
async def test_item6_piles_effects_space_vp_and_regions(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        game = position(effects={"nato": 1, "no-coup:USSR:japan": 1, "norad": 1})
        await open_game(pilot, app, game)
        await press(pilot, "enter")
        text = screen_text(app)
        assert "#21 NATO: no USSR coups" in text  # not "nato"
        assert "norad" not in text and "no coup USSR japan" not in text
        assert "Earth Satellite" in text and "Animal in Space" in text and "2/0 VP" in text
        assert "VP USSR +2 20▕·········█│··········▏20" in text
        rows = text.splitlines()  # the regions table: the map's corner under the Americas
        assert any(row[20:].startswith("REGIONS IF SCORED") for row in rows)
        for region in ("Europe", "Asia", "Mid East", "Africa", "C. America", "S. America"):
            assert any(row.startswith(region) for row in rows), region
        assert "USSR +4" in text and "US +6" in text
        await press(pilot, "f4")
        from cold_war_tui.tui.screens.table import TableScreen

        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "Discard pile: 6 cards" in text and "Removed from the game: 3 cards" in text
        assert "#10 Blockade" in text and "#16 Warsaw Pact Formed" in text
        card = str(app.screen.query_one("#card", Static).content)
        assert card.startswith("#10 Blockade") and "West Germany" in card
        await press(pilot, "down")
        assert str(app.screen.query_one("#card", Static).content).startswith("#13")
        assert "#27 US/Japan Mutual Defense Pact: no USSR coups in Japan" in screen_text(app)
        assert "Eagle/Bear Has Landed" in screen_text(app)


async def test_item6_game_over_draws_the_game_turn_by_turn(data_dir: Path) -> None:
    from cold_war_tui.tui.demo import played_game

    game = played_game()
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, game)
        await wait_for(pilot, lambda: "The game turn by turn" in screen_text(app))
        text = screen_text(app)
        assert "The game turn by turn" in text
        turns = game.state.turn
        axis = next(line for line in text.splitlines() if "┼" in line)
        assert all(f"T{t}" in axis for t in range(1, turns + 1))
        assert "DEFCON at the check" in text and "USSR mil ops" in text
        assert any(mark in text for mark in "▁▂▃▄▅▆▇█")


# -- 7. 80x24 shows every track; below it, a clear screen -------------------------------
async def test_item7_every_track_at_80x24_and_too_small_below(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SMALL) as pilot:
        await open_game(pilot, app, position())
        await press(pilot, "enter")
        text = screen_text(app)
        for track in (
            "Turn 3/10",
            "AR 2/6",
            "DEFCON 3",
            "VP USSR +2",
            "MilOps US 1/3 USSR 2/3",
            "Space US 1",
            "Space USSR 2",
            "China US face up",
            "Hands US 6 USSR 6",
        ):
            assert track in text, track
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        from cold_war_tui.tui.screens.too_small import TooSmallScreen

        assert isinstance(app.screen, TooSmallScreen)
        assert "terminal too small: 80x24 needed" in screen_text(app)
        await press(pilot, "enter", "down")  # keys do nothing meanwhile
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert game_of(app).choices == []


# -- 8. Title and saves ---------------------------------------------------------------
async def test_item8_continue_names_the_game_and_saves_carry_the_last_choice_time(
    data_dir: Path,
) -> None:
    store = SaveStore(data_dir)
    store.autosave(
        position(), SaveMeta(names={"US": "Ann", "USSR": "Boris"}, saved_at="2001-01-01T00:00:00")
    )
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        text = screen_text(app)
        assert "Continue: turn 3, VP USSR +2, Ann (US) against Boris (USSR)" in text
        await press(pilot, "c", "enter")
        await press(pilot, *"socialist", "down", "enter")  # one choice after Continue
        saved = json.loads(store.autosave_path.read_text())["meta"]["saved_at"]
        assert saved > "2001-01-01T00:00:00"


async def test_item8_new_game_says_on_off_and_names_fields_as_shown(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "n")
        text = screen_text(app)
        assert "off  Chinese Civil War" in text and "on   The optional cards" in text
        assert "US bid (0-20)" in text
        # names, seed and who plays each side, then the first switch
        await press(pilot, "tab", "tab", "tab", "tab", "tab", "space")
        assert "on   Chinese Civil War" in screen_text(app)
        bid = app.screen.query_one("#opt-us_bid")
        bid.value = "99"  # type: ignore[attr-defined]
        await press(pilot, "f5")
        message = str(app.screen.query_one("#message", Static).content)
        assert message.startswith("US bid: ") and "us_bid" not in message


# -- 10. Wording --------------------------------------------------------------------
async def test_item10_plurals_nato_no_event_and_junta_prompt(data_dir: Path) -> None:
    app = make_app(data_dir)
    headline = {"phase": "headline", "events_played": [8], "removed": [8]}
    async with app.run_test(size=WIDE) as pilot:
        await open_game(pilot, app, position(**headline, hands={"USSR": [7], "US": [21]}))
        await press(pilot, "enter", "enter", "enter")  # the USSR's pick, the US's turn
        assert "USSR hand: 0 cards" in screen_text(app)
        hand = str(game_screen(app).query_one("#hand", Static).content)
        nato = next(line for line in hand.splitlines() if "#21 NATO" in line)
        assert "no ev" in nato and "headln" not in nato
    game = position(defcon=4, hands={"USSR": [47, 7], "US": [4]})
    for choice in ("play 47 event", "infl argentina", "yes"):
        game.choose(choice)
    assert game.pending.prompt == "USSR: use 2 ops (coup or realignment)"


def test_item10_both_sides_short_of_military_operations_is_logged_at_net_zero() -> None:
    """8.2.1: both short by the same amount: no VP, but the log says why."""
    game = position(
        action_round=6,
        rounds_taken={"USSR": 5, "US": 5},
        milops={"US": 1, "USSR": 1},
        hands={"USSR": [7], "US": [4]},
    )
    game.choose("play 7 space")
    game.choose("play 4 space")
    lines = [e.text for e in game.log if e.rule == "8.2.1"]
    assert any("both sides short" in line and "no VP change" in line for line in lines)


# -- 11. Docs -------------------------------------------------------------------------
def test_item11_the_readme_is_current_and_shows_the_piles_and_effects_view() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    status = readme[readme.index("> Status:") : readme.index("## Two commands")]
    assert "being built" not in status
    shot = Path(__file__).resolve().parents[2] / "screenshots" / "piles.png"
    assert "(screenshots/piles.png)" in readme and shot.is_file()
