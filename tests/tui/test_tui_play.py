"""Pilot tests: whole stretches of play by key presses only, and hot-seat secrecy."""

from __future__ import annotations

import re
from pathlib import Path

from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from tui_helpers import drive, game_of, game_screen, make_app, open_game, press, screen_text

from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.render import card_name
from cold_war_tui.tui.screens.game import GameScreen
from cold_war_tui.tui.screens.hand_over import HandOverScreen
from cold_war_tui.tui.screens.new_game import NewGameScreen
from cold_war_tui.tui.widgets.map_view import MapView


def hand_names(game: Game, side: str) -> list[str]:
    """How the cards of `side`'s hand could appear on screen: full names and "#N " numbers."""
    names = []
    for number in game.state.hands[side]:
        full = card_name(game.data, number)
        names += [full, full[:18], f"#{number} "]
    return names


def leaked(text: str, names: list[str]) -> list[str]:
    return [n for n in names if n in text]


async def test_new_game_setup_headline_and_action_rounds_by_keys(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "enter")  # title: New game
        assert isinstance(app.screen, NewGameScreen)
        assert "7" in screen_text(app)  # the proposed seed is shown
        await press(pilot, *"Ann", "tab", *"Boris", "enter")  # names, Enter starts
        assert isinstance(app.screen, HandOverScreen)
        assert not isinstance(app.screen, ModalScreen)  # opaque
        assert "Pass the terminal to the USSR player (Boris)" in screen_text(app)
        await press(pilot, "enter")
        game = game_of(app)
        assert game.pending is not None and game.pending.kind == "setup_influence"
        assert isinstance(app.focused, MapView)
        # the USSR types country names on the map: 6 points in Eastern Europe
        for name in ("poland", "poland", "east g", "hungary", "czech", "romania"):
            await press(pilot, *name, "enter")
        state = game.state
        assert state.influence["poland"].ussr == 2
        assert state.influence["czechoslovakia"].ussr == 1
        assert isinstance(app.screen, HandOverScreen)
        await press(pilot, "enter")
        # the US moves with the arrows and Enter (7 points; the cursor starts on a target)
        for _ in range(7):
            await press(pilot, "enter")
        assert sum(game.state.influence[k].us for k in game.state.influence) > 0
        assert game.pending is not None and game.pending.kind == "headline"
        # headline: USSR then US pick in the menu; then action rounds
        keys = await drive(pilot, app, lambda g: g.state.phase == "action")
        assert any("headlines revealed" in str(e) for e in game_of(app).log)
        keys += await drive(
            pilot,
            app,
            lambda g: g.state.phase == "action" and g.state.rounds_taken["US"] >= 2,
        )
        game = game_of(app)
        assert game.outcome is None, game.outcome
        assert game.state.rounds_taken["USSR"] >= 2
        assert (data_dir / "autosave.json").is_file()
        assert Game.from_json((data_dir / "autosave.json").read_text()).choices == game.choices


async def test_after_a_hand_over_nothing_of_the_previous_hand_is_on_screen(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)

    def check_hand_over(app_: object) -> None:
        game = game_of(app)
        assert game.pending is not None
        incoming = game.pending.player
        outgoing = "US" if incoming == "USSR" else "USSR"
        text = screen_text(app)
        # the hand-over shows neither hand
        assert leaked(text, hand_names(game, outgoing)) == []
        assert leaked(text, hand_names(game, incoming)) == []
        screen = game_screen(app)
        assert str(screen.query_one("#hand", Static).content) == ""
        assert screen.query_one("#menu", OptionList).option_count == 0

    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, Game.new(GameOptions(seed=11)))
        await press(pilot, "enter")
        hand_overs = 0
        while hand_overs < 4:
            game = game_of(app)
            before = game.pending.player if game.pending else None
            await drive(
                pilot,
                app,
                lambda g, p=before: g.pending is None or g.pending.player != p,
                on_hand_over=check_hand_over,
            )
            assert isinstance(app.screen, HandOverScreen)
            check_hand_over(app)
            await press(pilot, "enter")  # the next player takes the terminal
            assert isinstance(app.screen, GameScreen)
            game = game_of(app)
            assert game.pending is not None
            viewer = game.pending.player
            previous = "US" if viewer == "USSR" else "USSR"
            text = screen_text(app)
            known = {card_name(game.data, c) for c in game.view(viewer).opponent_known_cards}
            names = [n for n in hand_names(game, previous) if not any(n in k for k in known)]
            assert leaked(text, names) == [], f"{viewer} sees {previous}'s cards"
            # a secret headline pick stays off the other player's screen
            pick = game.state.headline[previous]
            if pick is not None and game.state.phase == "headline":
                assert card_name(game.data, pick) not in text
            # and the viewer's own hand is shown
            own = game.view(viewer).hand
            if own:
                assert card_name(game.data, own[0])[:12] in text
            hand_overs += 1
        assert game_of(app).state.phase in ("headline", "action")


async def test_the_map_picks_targets_by_arrows_and_typed_names(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, Game.new(GameOptions(seed=3)))
        await press(pilot, "enter")
        map_view = app.screen.query_one(MapView)
        assert map_view.has_focus
        await press(pilot, *"yugo")
        assert map_view.cursor == "yugoslavia"
        assert "find: yugo" in screen_text(app)
        await press(pilot, "up")
        assert map_view.cursor == "romania"
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.highlighted_option is not None
        assert menu.highlighted_option.id == "c:infl romania"  # the menu follows the map
        await press(pilot, "enter")
        assert game_of(app).state.influence["romania"].ussr == 1
        # a country that is not a target says so and changes nothing
        await press(pilot, *"france", "enter")
        assert "France is not a choice" in screen_text(app)
        assert game_of(app).state.influence["france"].ussr == 0
        # Tab to the menu: typing jumps to an entry, Enter chooses it
        await press(pilot, "tab")
        assert menu.has_focus
        await press(pilot, *"bulg", "enter")
        assert game_of(app).state.influence["bulgaria"].ussr == 1


def scenario_game(**changes: object) -> Game:
    from cold_war_tui.tui.demo import MIDGAME

    return Game.from_scenario({**MIDGAME, **changes})


async def test_greyed_options_show_their_reason_and_cannot_be_chosen(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, scenario_game())
        await press(pilot, "enter")
        menu = app.screen.query_one("#menu", OptionList)
        disabled = {str(o.prompt) for o in menu.options if o.disabled}
        assert "Pass  (a player holding cards may not pass (5.1))" in disabled
        assert any(p.startswith("#32 UN Intervention: event  (") for p in disabled)
        assert re.search(r"#32 UN Interventi.*no ev", screen_text(app))
        # highlighting a card's entry shows its text and why its event cannot be played
        await press(pilot, *"un interv")
        assert menu.highlighted_option is not None
        assert menu.highlighted_option.id == "c:play 32 ops"
        card = str(app.screen.query_one("#card", Static).content)
        assert "Event now: UN Intervention is played together with" in card
        assert "Event now: UN Intervention is" in screen_text(app)
        # Enter on a greyed entry is impossible: the cursor skips it
        before = len(game_of(app).choices)
        await press(pilot, "end", "enter")
        assert len(game_of(app).choices) == before + 1  # the last legal entry was chosen


async def test_undo_takes_back_own_choices_until_a_die_roll(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, scenario_game())
        await press(pilot, "enter")
        game = game_of(app)
        await press(pilot, *"socialist", "down", "enter")  # #7 for 3 ops
        game = game_of(app)
        assert game.pending is not None and game.pending.kind == "operation"
        await press(pilot, *"greece", "enter")  # influence in Greece, point by point
        assert game_of(app).state.influence["greece"].ussr == 3
        await press(pilot, "ctrl+z")
        assert game_of(app).state.influence["greece"].ussr == 2
        await press(pilot, "ctrl+z")
        assert game_of(app).pending.kind == "action"
        assert "Your last choice was taken back" in screen_text(app)
        # a coup rolls a die: after it there is no undo
        await press(pilot, *"socialist", "down", "enter")
        await press(pilot, *"iran")
        choices = [c.id for c in game_of(app).pending.choices]
        assert "coup iran" in choices
        await press(pilot, "tab")
        app.screen.query_one("#menu", OptionList).highlighted = choices.index("coup iran")
        await press(pilot, "enter")
        assert game_of(app).state.dice_rolled == 1
        count = len(game_of(app).choices)
        await press(pilot, "ctrl+z")
        assert len(game_of(app).choices) == count


async def test_a_losing_choice_asks_first(data_dir: Path) -> None:
    from cold_war_tui.tui.screens.dialogs import ConfirmScreen

    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        # DEFCON 2: a coup in a battleground would start the nuclear war (8.1.3)
        await open_game(pilot, app, scenario_game(defcon=2, hands={"USSR": [7], "US": [4]}))
        await press(pilot, "enter")
        await press(pilot, *"socialist", "down", "enter")
        choices = [c.id for c in game_of(app).pending.choices]
        menu = app.screen.query_one("#menu", OptionList)
        await press(pilot, "tab")
        menu.highlighted = choices.index("coup panama")
        await press(pilot, "enter")
        assert isinstance(app.screen, ConfirmScreen)
        assert "nuclear war" in screen_text(app)
        await press(pilot, "n")
        assert game_of(app).outcome is None
        await press(pilot, "enter")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        assert game_of(app).outcome is not None
        assert "US" in screen_text(app) and "wins" in screen_text(app)


async def test_palette_card_lookup_and_rules_search(data_dir: Path) -> None:
    from cold_war_tui.tui.screens.rules import RulesScreen

    app = make_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(pilot, app, scenario_game())
        await press(pilot, "enter")
        await press(pilot, "ctrl+p")
        await press(pilot, *"nato")
        await pilot.pause(0.3)
        await press(pilot, "enter")
        assert isinstance(app.screen, RulesScreen)
        body = str(app.screen.query_one("#body", Static).content)
        assert body.startswith("#21 NATO")
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        await press(pilot, *"realign")
        assert "Realignment [6.2]" in screen_text(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
