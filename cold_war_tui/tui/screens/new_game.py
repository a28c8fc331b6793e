"""New game: the players' names, the seed (random, shown), who plays each side (a human,
or the computer at a level of `bots.BOTS`: who played it last time, unless the command
line says), whether hints are offered, and the rule switches.

The switches are not written here: `option_fields()` lists every field of
`GameOptions` but the seed, so each switch the variants issue adds to the
engine's options appears on this screen with its description.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from cold_war_tui.engine import GameOptions
from cold_war_tui.tui.players import HUMAN, SIDES, Players, level_label, levels


@dataclass(frozen=True, slots=True)
class OptionField:
    """One switch or number of the New game screen, taken from GameOptions."""

    name: str
    label: str  # the option's description
    kind: str  # "bool" | "int"
    default: Any
    low: int | None = None
    high: int | None = None

    @property
    def words(self) -> str:
        """The field's name as the screen says it: "us_bid" -> "US bid"."""
        sides = {"us": "US", "ussr": "USSR"}
        words = [sides.get(w, w) for w in self.name.split("_")]
        return " ".join([words[0][:1].upper() + words[0][1:], *words[1:]])


def option_fields() -> list[OptionField]:
    """Every option of GameOptions except the seed, in declaration order."""
    fields = []
    for name, info in GameOptions.model_fields.items():
        if name == "seed":
            continue
        label = info.description or name.replace("_", " ").capitalize()
        if info.annotation is bool:
            fields.append(OptionField(name, label, "bool", info.default))
        elif info.annotation is int:
            low = high = None
            for meta in info.metadata:
                low = getattr(meta, "ge", low)
                high = getattr(meta, "le", high)
            fields.append(OptionField(name, label, "int", info.default, low, high))
    return fields


def on_off(value: bool) -> str:
    return "on" if value else "off"


def player_options() -> list[tuple[str, str]]:
    """Human, then the computer's levels from the weakest to the strongest."""
    return [("Human", HUMAN), *((f"Computer: {level_label(n)}", n) for n in levels())]


@dataclass(frozen=True, slots=True)
class NewGame:
    options: GameOptions
    names: dict[str, str]
    players: Players
    hints: bool = True


class NewGameScreen(Screen[NewGame | None]):
    """Fill in (or accept) and press Enter to start; Escape goes back."""

    DEFAULT_CSS = """
    NewGameScreen #form { padding: 1 2; }
    NewGameScreen .row { height: auto; margin-bottom: 1; }
    NewGameScreen .row Label { width: 36; }
    NewGameScreen .row Input { width: 30; height: 1; border: none; padding: 0 1; }
    NewGameScreen .row Input:focus { background: $primary 40%; }
    NewGameScreen .row Select { width: 38; }
    NewGameScreen .switch-row Switch { height: 1; border: none; padding: 0; width: 6; }
    NewGameScreen .switch-row Switch:focus { background: $primary 40%; }
    NewGameScreen .row .hint { width: 1fr; padding: 0 0 0 2; color: $text-muted; }
    NewGameScreen .switch-row .state { width: 4; padding: 0 0 0 1; text-style: bold; }
    NewGameScreen .switch-row Label { width: 1fr; padding: 0 0 0 2; }
    NewGameScreen #heading { text-style: bold; height: 2; }
    NewGameScreen #rules-heading, NewGameScreen #help-heading {
        height: 2; padding-top: 1; text-style: bold;
    }
    NewGameScreen #message { height: auto; color: $error; }
    NewGameScreen #start { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("f5", "start", "Start the game"),
    ]

    def __init__(self, seed: int | None = None, players: Players | None = None) -> None:
        super().__init__()
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.fields = option_fields()
        self.players = players or Players()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Static(
                Text("New game: Enter in a field (or F5) starts, Tab moves", "bold"),
                id="heading",
            )
            with Horizontal(classes="row"):
                yield Label("US player's name")
                yield Input(placeholder="optional", id="name-US")
            with Horizontal(classes="row"):
                yield Label("USSR player's name")
                yield Input(placeholder="optional", id="name-USSR")
            with Horizontal(classes="row"):
                yield Label("Seed (random; keep it to replay)")
                yield Input(str(self.seed), id="seed", type="integer")
            for side in SIDES:
                with Horizontal(classes="row"):
                    yield Label(f"{side} played by")
                    yield Select(
                        player_options(),
                        value=self.players.level(side) or HUMAN,
                        allow_blank=False,
                        compact=True,
                        id=f"player-{side}",
                    )
            yield Static(Text("Rule switches (space toggles)"), id="rules-heading")
            for field in self.fields:
                if field.kind == "bool":
                    with Horizontal(classes="row switch-row"):
                        yield Switch(bool(field.default), id=f"opt-{field.name}")
                        yield Label(on_off(bool(field.default)), classes="state")
                        yield Label(field.label)
                else:
                    bounds = f" ({field.low}-{field.high})" if field.low is not None else ""
                    with Horizontal(classes="row"):
                        yield Label(f"{field.words}{bounds}")
                        yield Input(str(field.default), id=f"opt-{field.name}", type="integer")
                        yield Label(field.label, classes="hint")
            yield Static(Text("Help"), id="help-heading")
            with Horizontal(classes="row switch-row"):
                yield Switch(True, id="hints")
                yield Label(on_off(True), classes="state")
                yield Label("Hints: h asks the computer what it would play in your place")
            yield Static(id="message")
            yield Button("Start the game", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name-US", Input).focus()

    def on_switch_changed(self, event: Switch.Changed) -> None:
        """The word next to a switch follows it: on/off is said, not only coloured."""
        row = event.switch.parent
        if row is not None:
            row.query_one(".state", Label).update(on_off(event.value))

    def label_of(self, name: str) -> str:
        """The words the screen shows for a field ("US bid"), never its name ("us_bid")."""
        fixed = {"seed": "Seed", "US": "US player's name", "USSR": "USSR player's name"}
        if name in fixed:
            return fixed[name]
        field = next((f for f in self.fields if f.name == name), None)
        if field is None:
            return name.replace("_", " ")
        return field.words if field.kind == "int" else field.label

    def values(self) -> dict[str, Any]:
        values: dict[str, Any] = {"seed": self.query_one("#seed", Input).value.strip()}
        for field in self.fields:
            if field.kind == "bool":
                values[field.name] = self.query_one(f"#opt-{field.name}", Switch).value
            else:
                values[field.name] = self.query_one(f"#opt-{field.name}", Input).value.strip()
        return values

    def action_start(self) -> None:
        try:
            options = GameOptions.model_validate(self.values())
        except ValidationError as err:
            first = err.errors()[0]
            where = " ".join(self.label_of(str(p)) for p in first["loc"]) or "The options"
            self.query_one("#message", Static).update(Text(f"{where}: {first['msg']}"))
            return
        names = {side: self.query_one(f"#name-{side}", Input).value.strip() for side in SIDES}
        hints = self.query_one("#hints", Switch).value
        self.dismiss(NewGame(options, names, self.chosen_players(), hints))

    def chosen_players(self) -> Players:
        chosen = {side: self.query_one(f"#player-{side}", Select).value for side in SIDES}
        return Players({side: str(v) for side, v in chosen.items() if v != HUMAN})

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    def action_back(self) -> None:
        self.dismiss(None)
