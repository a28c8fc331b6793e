"""Pure drawing of the duel: boards, glyphs, the answer in words, the public record.

Everything is drawn from a `PlayerView` (what one player may know), never from the full
state, so no screen can show a secret of the other player.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from cold_war_tui.duel import notation
from cold_war_tui.duel.board import ROWS_CYRILLIC, ROWS_LATIN, SIZE, Cell
from cold_war_tui.duel.moves import Answer, Finish, Move
from cold_war_tui.duel.view import PlayerView

Glyph = tuple[str, str]  # two characters and a Rich style

EMPTY: Glyph = ("· ", "grey42")


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


def with_group(glyph: Glyph | None) -> Glyph:
    """A cell holding a group: the ★ stands in the cell's own column (under its number)
    on an empty cell, and right after the object's letter on an occupied one."""
    if glyph is None or glyph == EMPTY:
        return ("★ ", "bold magenta")
    chars, style = glyph
    return (chars[0] + "★", style)


LEGEND = (
    "Legend (F1 hides it)\n"
    "■ city  П ABM site  Ш3 silo with 3 missiles  ★ sabotage group  × destroyed\n"
    "п ш lower case: switched off by sabotage   · empty, or not known\n"
    "Enemy map: ✕ your missile  ○ shot down  ◇ your sabotage  ? x ! your marks\n"
    "While you build: 1 2 3 its targets, Д its sabotage squares, yellow your picks\n"
    "Your board: red behind a cell, an enemy missile landed; grey, shot down there\n"
    "A missile destroys all in the 3×3 square round its target; hits are secret.\n"
    "An ABM site shoots down a missile aimed at it or at a cell around (radius 1),\n"
    "one per site per move. A group switches off and reveals a 3×3 square."
)
"""What the board screens' symbols mean, and the three rules a player meets on them."""


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
            glyphs[group.cell] = with_group(glyphs.get(group.cell))
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
