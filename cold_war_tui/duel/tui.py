"""Textual screens for the DEFCON duel, hot-seat: set-up, hand-over, placement, moves, the end.

Every board is drawn from `DuelGame.view(player)`, never from the full state, so a screen
cannot show what its player may not know. Screens get narrow callables (submit a choice, set a
mark, read the view) from the app and post nothing else: the app alone drives the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cold_war_tui.duel import notation
from cold_war_tui.duel.board import ROWS_CYRILLIC, ROWS_LATIN, SIZE, Cell
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.errors import DuelError, SaveError
from cold_war_tui.duel.moves import Answer, Choice, Finish, Launch, Move, Placement
from cold_war_tui.duel.records import DuelResult, Kind, Pending
from cold_war_tui.duel.settings import DuelSettings, Player, opponent
from cold_war_tui.duel.view import PlayerView
from cold_war_tui.userdata import DuelSaves, SaveEntry

Submit = Callable[[Choice], tuple[Answer | None, str | None]]
"""Apply a choice: (the answer, None) on success, (None, the reason) if the rules refuse it."""

Glyph = tuple[str, str]  # two characters and a Rich style

EMPTY: Glyph = ("· ", "grey42")
MARK_CYCLE = ("?", "x", "!", None)

ARROWS: list[BindingType] = [
    Binding("up", "cursor(-1, 0)", "Up", show=False),
    Binding("down", "cursor(1, 0)", "Down", show=False),
    Binding("left", "cursor(0, -1)", "Left", show=False),
    Binding("right", "cursor(0, 1)", "Right", show=False),
]


def step(cell: Cell, dr: int, dc: int) -> Cell:
    """The cell a cursor moves to; it stops at the edge of the board (it does not wrap)."""
    return Cell(min(max(cell.row + dr, 0), SIZE - 1), min(max(cell.col + dc, 0), SIZE - 1))


def plain(text: str, style: str = "") -> Static:
    """A Static that shows game text literally (markup would swallow bracketed words)."""
    return Static(Text(text, style=style))


def board_text(glyphs: dict[Cell, Glyph], cursor: Cell | None, latin: bool) -> Text:
    """An 8x8 board: a column header, then one line per row, 3 characters per cell."""
    letters = ROWS_LATIN if latin else ROWS_CYRILLIC
    text = Text("   " + "".join(f"{c + 1:<3}" for c in range(SIZE)).rstrip() + "\n", "bold")
    for r in range(SIZE):
        text.append(f"{letters[r]}  ", "bold")
        for c in range(SIZE):
            cell = Cell(r, c)
            chars, style = glyphs.get(cell, EMPTY)
            if cell == cursor:
                style = f"{style} reverse".strip()
            text.append(chars, style)
            text.append(" ")
        if r < SIZE - 1:
            text.append("\n")
    return text


def own_glyphs(view: PlayerView, chosen: list[Cell] | None = None) -> dict[Cell, Glyph]:
    """The player's own board: objects with their state, groups, and where enemy fire fell."""
    glyphs: dict[Cell, Glyph] = {}
    for city in view.cities:
        glyphs[city.cell] = ("× ", "red") if city.destroyed else ("■ ", "bold green")
    for abm in view.abms:
        glyphs[abm.cell] = (
            ("× ", "red")
            if abm.destroyed
            else ("п ", "grey50")
            if abm.disabled
            else ("П ", "bold cyan")
        )
    for silo in view.silos:
        count = str(min(silo.missiles, 9))
        glyphs[silo.cell] = (
            ("× ", "red")
            if silo.destroyed
            else ("ш" + count, "grey50")
            if silo.disabled
            else ("Ш" + count, "bold yellow")
        )
    for group in view.groups:
        if group.used_on is None and not group.destroyed:
            chars, style = glyphs.get(group.cell, (" ", "bold magenta"))
            glyphs[group.cell] = (chars[0] + "★", style)
    for shot in view.incoming:
        chars, style = glyphs.get(shot.target, EMPTY)
        glyphs[shot.target] = (
            chars,
            f"{style} on grey30" if shot.shot_down else f"{style} on red3",
        )
    for cell in chosen or []:
        chars, _ = glyphs.get(cell, EMPTY)
        glyphs[cell] = (chars, "bold black on yellow")
    return glyphs


def enemy_glyphs(view: PlayerView, targets: list[Cell], sabotage: list[Cell]) -> dict[Cell, Glyph]:
    """The enemy map: revealed objects, own shots and raids, private marks, the request."""
    glyphs: dict[Cell, Glyph] = {}
    for shot in view.outgoing:
        glyphs[shot.target] = ("○ ", "grey62") if shot.shot_down else ("✕ ", "red")
    for raid in view.raids:
        glyphs.setdefault(raid.centre, ("◇ ", "magenta"))
    names = {"city": "■ ", "abm": "П ", "silo": "Ш "}
    for cell, kind in view.enemy_known().items():
        glyphs[cell] = (names[kind], "bold bright_magenta")
    for cell, mark in view.marks:
        glyphs[cell] = (mark + " ", "bold yellow")
    for cell in sabotage:
        glyphs[cell] = ("Д ", "bold white on magenta")
    for n, cell in enumerate(targets, 1):
        glyphs[cell] = (f"{n % 100:<2}", "bold white on blue")
    return glyphs


def answer_in_words(answer: Answer, latin: bool) -> str:
    """The answer as the seed writes it, then in plain words."""
    spell = notation.spell_all
    words = [
        "Shot down (Сбиты): the missiles aimed at " + spell(answer.shot_down, latin) + "."
        if answer.shot_down
        else "No missile was shot down (Сбиты нет); hits are never announced."
    ]
    if answer.sabotage:
        found = [
            f"{label} {spell(cells, latin)}"
            for label, cells in (
                ("ABM sites (ПРО)", answer.abms),
                ("silos (МБР)", answer.silos),
                ("cities (Города)", answer.cities),
            )
            if cells
        ]
        if found:
            words.append("Sabotage found: " + "; ".join(found) + ".")
        elif not answer.foiled:
            words.append("Sabotage found nothing (Объектов нет).")
        if answer.foiled:
            words.append(
                f"Sabotage foiled (Сорваны) at {spell(answer.foiled, latin)}: an enemy group "
                "guards that square; nothing there was revealed or switched off."
            )
    return notation.format_answer(answer, latin) + "\n\n" + "\n".join(words)


def record_lines(view: PlayerView, last: int = 8) -> str:
    """The public record (requests and answers), newest last, as this player may see it."""
    latin = view.settings.latin
    lines: list[str] = []
    for line in view.log:
        if line.turn is None:
            continue  # placements: own is on the board, the enemy's is secret
        who = "You" if line.player == view.player else "Enemy"
        if line.choice is None:
            lines.append(f"{who}: turn {(line.turn or 0) + 1} skipped")
        elif isinstance(line.choice, Finish):
            lines.append(f"{who}: {notation.format_finish(line.choice, latin)}")
        elif isinstance(line.choice, Move) and line.answer is not None:
            exchange = notation.format_exchange(line.choice, line.answer, latin, one_line=True)
            lines.append(f"{who} (DEFCON {line.defcon}): {exchange}")
    return "\n".join(lines[-last:]) or "No moves yet."


# ---------------------------------------------------------------------------- saves


@dataclass(frozen=True)
class LoadedSave:
    """A duel read from a save file, and the file (later Ctrl+S saves go back to it)."""

    path: Path
    game: DuelGame


class SavesScreen(Screen[LoadedSave | None]):
    """The saved duels of the saves folder, newest first; Enter opens one, Escape goes back.

    A file that cannot be loaded is listed greyed out with the problem; a load that fails
    anyway (the file changed) shows the problem here. Loading only reads the file.
    """

    DEFAULT_CSS = """
    SavesScreen OptionList { height: 1fr; }
    SavesScreen #message { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("r", "reload", "Refresh"),
    ]

    def __init__(self, saves: DuelSaves) -> None:
        super().__init__()
        self.saves = saves
        self.entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        yield plain(f"Saved duels in {self.saves.folder}", "bold")
        yield OptionList(id="saves")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        """List the folder again."""
        self.say("")
        self.entries = self.saves.entries()
        menu = self.query_one("#saves", OptionList)
        menu.clear_options()
        for index, entry in enumerate(self.entries):
            label = Text(entry.name, "bold")
            label.append(f"  {entry.modified:%Y-%m-%d %H:%M}  ")
            if entry.problem is None:
                label.append(entry.summary)
            else:
                label.append(f"cannot be loaded: {entry.problem}", "red")
            menu.add_option(Option(label, id=str(index), disabled=entry.problem is not None))
        if not self.entries:
            self.say(f"No saved duel in {self.saves.folder}. Ctrl+S saves a duel in play.")
        loadable = [i for i, entry in enumerate(self.entries) if entry.problem is None]
        if loadable:
            menu.highlighted = loadable[0]
        menu.focus()

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        entry = self.entries[int(event.option.id or 0)]
        try:
            game = self.saves.load(entry.path)
        except SaveError as exc:
            self.action_reload()  # the file changed since it was listed: list it as it is
            self.say(f"Could not load the save: {exc}", "red")
            return
        self.dismiss(LoadedSave(entry.path, game))

    def action_back(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------------- set-up

ON_OFF: list[tuple[Any, str]] = [(True, "on"), (False, "off")]


def numbers(values: Iterable[int]) -> list[tuple[Any, str]]:
    """Number settings: each value is its own word."""
    return [(n, str(n)) for n in values]


SETUP_FIELDS: list[tuple[str, str, list[tuple[Any, str]]]] = [
    ("missiles_per_silo", "Missiles per silo", numbers(range(1, 11))),
    ("start_defcon", "Start at DEFCON", numbers([5, 4, 3, 2, 1])),
    ("escalation", "DEFCON drops after", [("move", "every move"), ("round", "every round")]),
    ("first_player", "First player", [("A", "A"), ("B", "B")]),
    ("abm_cover", "An ABM site covers", [("square", "its 3×3 square"), ("cross", "a + cross")]),
    (
        "abm_stops",
        "An ABM site stops",
        [("per_move", "a missile every move"), ("per_game", "one missile a game")],
    ),
    (
        "sabotage_lasts",
        "Sabotage switches off",
        [("rest_of_game", "for good"), ("one_round", "for one round")],
    ),
    (
        "impacts",
        "Missiles land",
        [("end_of_move", "at the end of the move"), ("end_of_round", "at the end of the round")],
    ),
    ("groups_share_cells", "Groups may share a cell", ON_OFF),
    ("missiles_destroy_groups", "Missiles destroy groups", ON_OFF[::-1]),
    (
        "last_player",
        "The last armed player fires",
        [("by_moves", "move by move"), ("one_salvo", "all in one salvo")],
    ),
    (
        "passes_end_game",
        "Both pass in a row",
        [(True, "the game ends"), (False, "play goes on")],
    ),
    ("hand_over_screen", "Hand-over screen", ON_OFF),
    ("row_letters", "Row letters", [("cyrillic", "Cyrillic А-З"), ("latin", "Latin A-H")]),
    ("sabotage_groups", "Sabotage groups (ДРГ)", ON_OFF),
    ("cities", "Cities", numbers(range(1, 21))),
    ("objects", "ABM sites + silos", numbers(range(0, 21))),
    ("groups", "Groups", numbers([1, 2, 3, 4])),
]


class DuelSetupScreen(Screen[DuelSettings | LoadedSave | None]):
    """Choose the rule settings; Enter starts the duel with them, `l` opens a saved duel,
    Escape goes back (None: the app leaves the duel)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("up", "row(-1)", "Up", show=False),
        Binding("down", "row(1)", "Down", show=False),
        Binding("left", "value(-1)", "Change"),
        Binding("right", "value(1)", "Change", show=False),
        Binding("enter", "start", "Start the duel"),
        Binding("l", "load", "Load a save"),
    ]

    def __init__(
        self,
        settings: DuelSettings,
        saves: DuelSaves | None = None,
        message: str = "",
    ) -> None:
        super().__init__()
        self.values: dict[str, Any] = settings.model_dump()
        self.row = 0
        self.saves = saves
        self.message = message

    def compose(self) -> ComposeResult:
        yield plain("DEFCON duel: set-up (see docs/duel.md for every rule setting)", "bold")
        yield Static(id="fields")
        yield Static(Text(self.message, "red"), id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_fields()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "load" and self.saves is None:
            return None  # no saves folder given: shown greyed out
        return True

    def action_load(self) -> None:
        if self.saves is not None:
            self.app.push_screen(SavesScreen(self.saves), self.loaded)

    def loaded(self, result: LoadedSave | None) -> None:
        """A save was picked and read: leave the set-up with it."""
        if result is not None:
            self.dismiss(result)

    def refresh_fields(self) -> None:
        """Redraw the list of settings with the selected row highlighted."""
        text = Text()
        for i, (name, label, options) in enumerate(SETUP_FIELDS):
            style = "reverse" if i == self.row else ""
            word = dict(options).get(self.values[name], str(self.values[name]))
            text.append(f" {label:<30} {word:<24}\n", style)
        self.query_one("#fields", Static).update(text)

    def action_row(self, step: int) -> None:
        self.row = (self.row + step) % len(SETUP_FIELDS)
        self.refresh_fields()

    def action_value(self, step: int) -> None:
        name, _, options = SETUP_FIELDS[self.row]
        current = self.values[name]
        values = [value for value, _ in options]
        index = values.index(current) if current in values else 0
        self.values[name] = values[(index + step) % len(values)]
        self.refresh_fields()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_start(self) -> None:
        try:
            settings = DuelSettings.model_validate(self.values)
        except ValueError as exc:
            self.query_one("#message", Static).update(Text(str(exc), "red"))
            return
        self.dismiss(settings)


# ---------------------------------------------------------------------------- hand-over


class HandOverScreen(Screen[None]):
    """An opaque screen between players: nothing of either board shows through."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen > Static { width: auto; padding: 1 4; border: heavy $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "go", "Continue")]

    def __init__(self, player: Player, note: str = "") -> None:
        super().__init__()
        self.player = player
        self.note = note

    def compose(self) -> ComposeResult:
        other = opponent(self.player)
        text = Text(f"Pass the terminal to player {self.player}.\n\n", "bold")
        text.append(f"Player {other}, look away.\n")
        if self.note:
            text.append(f"\n{self.note}\n")
        text.append(f"\nPlayer {self.player}: press Enter when only you can see the screen.")
        yield Static(text, id="handover")
        yield Footer()

    def action_go(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------------- placement


class PlacementScreen(Screen[None]):
    """Secretly place cities, ABM sites, silos and groups on the own board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *ARROWS,
        Binding("c", "put('city')", "City"),
        Binding("a", "put('abm')", "ABM (ПРО)"),
        Binding("s", "put('silo')", "Silo (МБР)"),
        Binding("g", "group", "Group (ДРГ)"),
        Binding("x", "clear", "Clear"),
        Binding("enter", "done", "Done"),
    ]

    def __init__(self, player: Player, settings: DuelSettings, submit: Submit) -> None:
        super().__init__()
        self.player = player
        self.settings = settings
        self.submit = submit
        self.cursor = Cell(0, 0)
        self.objects: dict[Cell, str] = {}
        self.groups: list[Cell] = []

    def compose(self) -> ComposeResult:
        yield plain(f"Player {self.player}: place your forces (secret)", "bold")
        with Horizontal():
            yield Static(id="own", classes="board")
            yield Static(id="counts")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def placement(self) -> Placement:
        """The placement as it stands, in the order the player put things down."""
        kinds = {
            k: tuple(c for c, v in self.objects.items() if v == k) for k in ("city", "abm", "silo")
        }
        return Placement(kinds["city"], kinds["abm"], kinds["silo"], tuple(self.groups))

    def redraw(self, message: str = "", style: str = "") -> None:
        glyphs: dict[Cell, Glyph] = {}
        shapes = {
            "city": ("■ ", "bold green"),
            "abm": ("П ", "bold cyan"),
            "silo": ("Ш ", "bold yellow"),
        }
        for cell, kind in self.objects.items():
            glyphs[cell] = shapes[kind]
        for cell in self.groups:
            chars, style_ = glyphs.get(cell, (" ", "magenta"))
            glyphs[cell] = (chars[0] + "★", style_)
        self.query_one("#own", Static).update(board_text(glyphs, self.cursor, self.settings.latin))
        p, s = self.placement(), self.settings
        counts = Text(
            f"Cities: {len(p.cities)}/{s.cities}\n"
            f"Objects: {len(p.abms) + len(p.silos)}/{s.objects} "
            f"(ABM {len(p.abms)}, silos {len(p.silos)}, any mix)\n"
        )
        if s.sabotage_groups:
            counts.append(f"Groups: {len(p.groups)}/{s.groups}\n")
        counts.append("\n" + notation.format_placement(p, s.latin), "bold")
        self.query_one("#counts", Static).update(counts)
        self.query_one("#message", Static).update(Text(message, style))

    def action_cursor(self, dr: int, dc: int) -> None:
        self.cursor = step(self.cursor, dr, dc)
        self.redraw()

    def action_put(self, kind: str) -> None:
        if self.objects.get(self.cursor) == kind:
            del self.objects[self.cursor]
        else:
            self.objects[self.cursor] = kind
        self.redraw()

    def action_group(self) -> None:
        if self.cursor in self.groups:
            self.groups.remove(self.cursor)
        elif not self.settings.sabotage_groups:
            self.redraw("The sabotage add-on is off in these settings.", "red")
            return
        else:
            self.groups.append(self.cursor)
        self.redraw()

    def action_clear(self) -> None:
        self.objects.pop(self.cursor, None)
        if self.cursor in self.groups:
            self.groups.remove(self.cursor)
        self.redraw()

    def action_done(self) -> None:
        _, error = self.submit(self.placement())
        if error:
            self.redraw(error, "red")
            return
        self.dismiss(None)


# ---------------------------------------------------------------------------- moves


class MoveScreen(Screen[None]):
    """A move: own board, enemy map with marks, DEFCON and limit, the request, the answer.

    The focus (the board the arrows move on) changes only by Tab; picking a silo, a target,
    a group or a square leaves it where it is. Launching is optional: `p` passes.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *ARROWS,
        Binding("tab", "switch", "Board"),
        Binding("enter", "pick", "Silo/target"),
        Binding("g", "group", "Group"),
        Binding("d", "sabotage", "Sabotage"),
        Binding("m", "mark", "Mark"),
        Binding("backspace", "undo", "Undo"),
        Binding("f", "fire", "Send"),
        Binding("p", "pass_move", "Pass"),
    ]

    def __init__(
        self,
        player: Player,
        view: Callable[[], PlayerView],
        submit: Submit,
        mark: Callable[[Cell, str | None], None],
    ) -> None:
        super().__init__()
        self.player = player
        self.get_view = view
        self.submit = submit
        self.set_mark = mark
        self.focus_enemy = False
        self.own_cursor = Cell(0, 0)
        self.enemy_cursor = Cell(0, 0)
        self.launches: list[tuple[Cell, Cell | None]] = []  # (silo, target)
        self.raids: list[tuple[Cell, Cell | None]] = []  # (own group, enemy square)
        self.answer: Answer | None = None
        self.sent: Move | None = None
        self.opened: Pending | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal():
            with Vertical(classes="column"):
                yield Static(id="own-title")
                yield Static(id="own", classes="board")
            with Vertical(classes="column"):
                yield Static(id="enemy-title")
                yield Static(id="enemy", classes="board")
            with Vertical(id="side"):
                yield Static(id="request")
                yield Static(id="answer")
        yield Static(id="record")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    # -- state helpers

    def building(self) -> bool:
        """Whether a request is being built (something picked, not yet sent)."""
        return bool(self.launches or self.raids)

    def move(self) -> Move:
        """The request as built so far (a silo without a target, or a group without a
        square, is left out); the groups sent are named, so the engine sends those."""
        launches = tuple(Launch(s, t) for s, t in self.launches if t is not None)
        raids = [(g, c) for g, c in self.raids if c is not None]
        return Move(launches, tuple(c for _, c in raids), tuple(g for g, _ in raids))

    def redraw(self, message: str = "", style: str = "") -> None:
        view = self.get_view()
        latin = view.settings.latin
        if self.opened is None:
            self.opened = view.pending  # the status keeps showing the move being made
        pending = self.opened
        assert pending is not None
        limit = "one from every usable silo" if pending.limit is None else f"up to {pending.limit}"
        if pending.salvo:
            limit = "final salvo: every missile left"
        status = Text(f"Player {self.player}  turn {pending.turn + 1}  ", "bold")
        status.append(f"DEFCON {pending.defcon}", "bold red")
        status.append(f"  launch {limit} (or pass)")
        if view.settings.sabotage_groups:
            status.append(f"  groups left: {len(view.active_groups)}")
        self.query_one("#status", Static).update(status)
        for name, title, focused in (
            ("own", "Your board", not self.focus_enemy),
            ("enemy", "Enemy board (only what you know)", self.focus_enemy),
        ):
            style_ = "bold reverse" if focused else "dim"
            self.query_one(f"#{name}-title", Static).update(Text(title, style_))
        chosen = [s for s, _ in self.launches] + [g for g, _ in self.raids]
        own_cursor = None if self.focus_enemy else self.own_cursor
        enemy_cursor = self.enemy_cursor if self.focus_enemy else None
        self.query_one("#own", Static).update(
            board_text(own_glyphs(view, chosen), own_cursor, latin)
        )
        targets = [t for _, t in self.launches if t is not None]
        squares = [c for _, c in self.raids if c is not None]
        enemy = enemy_glyphs(view, targets, squares)
        self.query_one("#enemy", Static).update(board_text(enemy, enemy_cursor, latin))
        request = Text("Request:\n", "bold")
        if self.sent is not None or self.building():
            move = self.sent if self.sent is not None else self.move()
            request.append(notation.format_move(move, private=True, latin=latin) + "\n")
        else:
            request.append("(empty: pick a silo or a group, or pass with p)\n", "dim")
        waiting = [s for s, t in self.launches if t is None]
        if waiting:
            request.append(f"silo {waiting[0].spell(latin)}: choose its target\n", "yellow")
        idle = [g for g, c in self.raids if c is None]
        if idle:
            request.append(f"group {idle[0].spell(latin)}: choose its square (d)\n", "yellow")
        self.query_one("#request", Static).update(request)
        if self.answer is not None:
            said = Text("Answer:\n", "bold")
            said.append(answer_in_words(self.answer, latin))
            said.append("\n\nPress Enter to end your move.", "bold")
            self.query_one("#answer", Static).update(said)
        self.query_one("#record", Static).update(Text(record_lines(view)))
        self.query_one("#message", Static).update(Text(message, style))

    def spell(self, cell: Cell) -> str:
        return cell.spell(self.get_view().settings.latin)

    # -- actions

    def action_cursor(self, dr: int, dc: int) -> None:
        if self.focus_enemy:
            self.enemy_cursor = step(self.enemy_cursor, dr, dc)
        else:
            self.own_cursor = step(self.own_cursor, dr, dc)
        self.redraw()

    def action_switch(self) -> None:
        self.focus_enemy = not self.focus_enemy
        self.redraw()

    def action_pick(self) -> None:
        if self.answer is not None:
            self.dismiss(None)
            return
        if not self.focus_enemy:
            cell = self.own_cursor
            if cell not in self.get_view().usable_silos:
                self.redraw(f"{self.spell(cell)} is not a silo that can launch.", "red")
                return
            if any(t is None for _, t in self.launches):
                self.redraw("First choose a target for the silo already picked.", "red")
                return
            self.launches.append((cell, None))
            self.redraw(f"Silo {self.spell(cell)}: now its target on the enemy board (Tab).")
            return
        for i, (silo, target) in enumerate(self.launches):
            if target is None:
                self.launches[i] = (silo, self.enemy_cursor)
                self.redraw()
                return
        self.redraw("Pick a silo on your board first (Tab).", "red")

    def action_group(self) -> None:
        """Choose which own group goes (it stops guarding its square); `d` then picks where."""
        if self.answer is not None:
            return
        if self.focus_enemy:
            self.redraw("Groups are chosen on your own board (Tab).", "red")
            return
        cell = self.own_cursor
        if cell not in self.get_view().active_groups:
            self.redraw(f"{self.spell(cell)} holds no group of yours in play.", "red")
            return
        for i, (group, _) in enumerate(self.raids):
            if group == cell:
                del self.raids[i]
                self.redraw(f"Group {self.spell(cell)} stays.")
                return
        if any(c is None for _, c in self.raids):
            self.redraw("First choose a square (d) for the group already picked.", "red")
            return
        self.raids.append((cell, None))
        self.redraw(f"Group {self.spell(cell)} goes: choose its square on the enemy board (d).")

    def action_sabotage(self) -> None:
        """Toggle a sabotage square; it goes to the group picked (g), else the first one left."""
        if self.answer is not None:
            return
        if not self.focus_enemy:
            self.redraw("Sabotage squares are chosen on the enemy board (Tab).", "red")
            return
        square = self.enemy_cursor
        for i, (_, centre) in enumerate(self.raids):
            if centre == square:
                del self.raids[i]  # toggled off: that group stays home
                self.redraw()
                return
        for i, (group, centre) in enumerate(self.raids):
            if centre is None:
                self.raids[i] = (group, square)
                self.redraw()
                return
        sent = {g for g, _ in self.raids}
        free = [g for g in self.get_view().active_groups if g not in sent]
        if not free:
            self.redraw("No group left to send.", "red")
            return
        self.raids.append((free[0], square))
        self.redraw()

    def action_mark(self) -> None:
        if not self.focus_enemy:
            self.redraw("Marks go on the enemy board (Tab).", "red")
            return
        current = dict(self.get_view().marks).get(self.enemy_cursor)
        index = MARK_CYCLE.index(current) if current in MARK_CYCLE else -1
        self.set_mark(self.enemy_cursor, MARK_CYCLE[(index + 1) % len(MARK_CYCLE)])
        self.redraw()

    def action_undo(self) -> None:
        if self.answer is not None:
            return
        if self.raids:
            self.raids.pop()
        elif self.launches:
            self.launches.pop()
        self.redraw()

    def action_fire(self) -> None:
        if self.answer is not None:
            return
        if any(t is None for _, t in self.launches):
            self.redraw("A picked silo still needs a target.", "red")
            return
        if any(c is None for _, c in self.raids):
            self.redraw("A picked group still needs its square (d).", "red")
            return
        if not self.building():
            self.redraw("The request is empty: pick a silo or a group, or pass (p).", "red")
            return
        self.send(self.move())

    def action_pass_move(self) -> None:
        """Pass: launch nothing and send no group (launching is optional)."""
        if self.answer is not None:
            return
        if self.building():
            self.redraw("Undo the request (Backspace) before passing.", "red")
            return
        self.send(Move())

    def send(self, move: Move) -> None:
        answer, error = self.submit(move)
        if error is not None:
            self.redraw(error, "red")
            return
        self.answer, self.sent = answer, move
        self.redraw("Request sent.", "green")


class FinishScreen(Screen[None]):
    """The only player with missiles left: launch the rest, or end the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "choose(False)", "Continue: launch the rest"),
        Binding("e", "choose(True)", "End the game"),
    ]

    def __init__(self, player: Player, view: Callable[[], PlayerView], submit: Submit) -> None:
        super().__init__()
        self.player = player
        self.get_view = view
        self.submit = submit

    def compose(self) -> ComposeResult:
        view = self.get_view()
        yield plain(f"Player {self.player}: your enemy has no missile left to launch.", "bold")
        yield plain("You may launch all your remaining missiles (c) or end the game now (e).")
        yield Static(board_text(own_glyphs(view), None, view.settings.latin), classes="board")
        yield Static(Text(record_lines(view)))
        yield Static(id="message")
        yield Footer()

    def action_choose(self, end: bool) -> None:
        _, error = self.submit(Finish(end))
        if error:
            self.query_one("#message", Static).update(Text(error, "red"))
            return
        self.dismiss(None)


class DuelEndScreen(Screen[None]):
    """The final count; with the game over, both boards and the whole record may be shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back to the title"),
        Binding("enter,q", "leave", "Back to the title", show=False),
    ]

    def __init__(self, game: DuelGame) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        result = self.game.result
        assert result is not None
        outcome = f"Player {result.winner} wins" if result.winner else "A draw"
        yield plain(
            f"The end ({result.reason}). Surviving cities: A {result.cities['A']}, "
            f"B {result.cities['B']}. {outcome}.",
            "bold",
        )
        latin = self.game.settings.latin
        with Horizontal():
            for player in ("A", "B"):
                with Vertical(classes="column"):
                    yield plain(f"Board of {player}", "bold")
                    view = self.game.view(player)
                    yield Static(board_text(own_glyphs(view), None, latin), classes="board")
        yield Static(Text(notation.export_game(self.game)), id="export")
        yield Footer()

    def action_leave(self) -> None:
        """Leave the duel: the app ends with the result and the title screen comes back."""
        app = self.app
        assert isinstance(app, DuelApp)
        app.leave(self.game.result)


# ---------------------------------------------------------------------------- the app


class DuelApp(App[DuelResult | None]):
    """A whole hot-seat duel: set-up, then hand-over and a screen for every decision.

    Ctrl+S saves the duel (to the file it was loaded from, else to a new file in the saves
    folder); `l` on the set-up screen lists the saves. `save_dir` is the saves folder (default:
    `duel/` in the user data folder, see `cold_war_tui.userdata`); `load` opens a save file at
    start, and if it cannot be loaded the set-up screen says why. Escape on the set-up screen
    and leaving the end screen end the app with `back_to_title` set (returning the result, or
    None): the command line then shows the title screen again.
    """

    CSS = """
    .board { width: 30; height: 10; text-wrap: nowrap; }
    .column { width: 33; height: auto; }
    #side { width: 1fr; height: auto; }
    #record { height: auto; max-height: 10; color: $text-muted; }
    #message { height: 1; }
    DuelSetupScreen #message, SavesScreen #message { height: auto; }
    #export { height: 1fr; overflow-y: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
    ]

    def __init__(
        self,
        settings: DuelSettings | None = None,
        game: DuelGame | None = None,
        setup: bool = True,
        save_dir: Path | None = None,
        load: Path | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings if settings is not None else DuelSettings()
        self.game = game
        self.setup = setup and game is None
        self.holder: Player | None = None
        self.saves = DuelSaves(save_dir)
        self.load_path = load if game is None else None
        self.save_path: Path | None = None
        self.resumed: Path | None = None
        self.back_to_title = False  # set when the players leave (not when they quit)

    def on_mount(self) -> None:
        self.title = "DEFCON duel"
        self.saves.remove_stale_temps()  # what killed writes left behind
        problem = ""
        if self.load_path is not None:
            try:
                self.resume(LoadedSave(self.load_path, self.saves.load(self.load_path)))
                return
            except SaveError as exc:
                problem = f"Could not load the save: {exc}"
        if self.game is not None:
            self.next_decision()
        elif self.setup:
            self.push_screen(DuelSetupScreen(self.settings, self.saves, problem), self.start)
        else:
            if problem:
                self.notify(problem, title="Not loaded", severity="error")
            self.start(self.settings)

    def start(self, chosen: DuelSettings | LoadedSave | None) -> None:
        """Begin a new duel with the chosen settings, go on with a loaded one, or (None: the
        players went back from the set-up) leave for the title."""
        if chosen is None:
            self.leave(None)
            return
        if isinstance(chosen, LoadedSave):
            self.resume(chosen)
            return
        self.settings = chosen
        self.game = DuelGame(self.settings)
        self.refresh_bindings()
        self.next_decision()

    def leave(self, result: DuelResult | None) -> None:
        """End the app for the title screen (the command line shows it again)."""
        self.back_to_title = True
        self.exit(result)

    def resume(self, loaded: LoadedSave) -> None:
        """Go on with a loaded duel: a hand-over first, whoever is to decide."""
        self.game = loaded.game
        self.settings = loaded.game.settings
        self.save_path = self.resumed = loaded.path
        self.holder = None
        self.refresh_bindings()
        self.next_decision()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save" and self.game is None:
            return None  # nothing to save yet: shown greyed out
        return True

    def action_save(self) -> None:
        """Save the duel: its decisions and private marks (see `cold_war_tui.duel.saves`)."""
        if self.game is None:
            return
        try:
            path = self.saves.save(self.game, self.save_path)
        except OSError as exc:
            self.notify(f"Could not save: {exc}", title="Not saved", severity="error")
            return
        self.save_path = path
        note = ""
        screen = self.screen
        if isinstance(screen, MoveScreen) and screen.answer is None and screen.building():
            note = " (the request being built is not saved until it is sent)"
        self.notify(f"Saved to {path}{note}", title="Saved")

    def submit(self, choice: Choice) -> tuple[Answer | None, str | None]:
        """The one seam into the engine: apply a choice, or report why the rules refuse it."""
        assert self.game is not None
        try:
            return self.game.apply(choice), None
        except DuelError as exc:
            return None, str(exc)

    def next_decision(self, _: object = None) -> None:
        """Open the screen for the pending decision, behind a hand-over if the player changes."""
        game = self.game
        assert game is not None
        pending = game.pending
        if pending is None:
            self.holder = None
            self.push_screen(DuelEndScreen(game))
            return
        player = pending.player
        if player != self.holder and game.settings.hand_over_screen:
            self.holder = player
            note = f"DEFCON {game.defcon}." if pending.kind is not Kind.PLACE else "Set-up."
            if self.resumed is not None:
                note = f"Loaded {self.resumed.name}. {note}"
                self.resumed = None
            self.push_screen(HandOverScreen(player, note), lambda _: self.open_decision())
            return
        self.holder = player
        self.resumed = None
        self.open_decision()

    def open_decision(self) -> None:
        """Push the screen for the pending decision's kind."""
        game = self.game
        assert game is not None and game.pending is not None
        player, kind = game.pending.player, game.pending.kind

        def view() -> PlayerView:
            assert self.game is not None
            return self.game.view(player)

        screen: Screen[None]
        if kind is Kind.PLACE:
            screen = PlacementScreen(player, game.settings, self.submit)
        elif kind is Kind.FINISH:
            screen = FinishScreen(player, view, self.submit)
        else:
            screen = MoveScreen(player, view, self.submit, lambda c, m: game.set_mark(player, c, m))
        self.push_screen(screen, self.next_decision)


def main() -> None:
    """Run a duel in the terminal."""
    DuelApp().run()
