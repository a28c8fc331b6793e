"""The hunter's belief: guesses of the enemy's secret placement that fit every answer.

A world is one guess of the enemy's placement. It is kept only if the public record,
replayed through the rules with the bot's own placement and that guess, gives exactly the
answers the bot was given, the same skipped turns and the same decision now. So the rules
themselves judge consistency: the shot-down answers (an ABM site within cover, or none free),
the sabotage reports (exact contents, foiled squares), the silos seen launching, and every
setting. The guesses are built from the facts of the view, so most pass the check; the
replayed games are kept and carried forward to the next decision.

Nothing here reads the enemy's board: a world is made from `game.view(player)` alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import comb

from cold_war_tui.duel import rules
from cold_war_tui.duel.board import ALL_CELLS, Cell
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.bots.geometry import CELLS, SQUARE, coverers, index
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.errors import DuelError
from cold_war_tui.duel.moves import Placement
from cold_war_tui.duel.settings import DuelSettings
from cold_war_tui.duel.state import ObjectKind
from cold_war_tui.duel.view import LogLine, PlayerView

WORLDS = 96
"""How many worlds the hunter keeps: enough for its estimates, few enough to stay quick."""
TRIES = 4
"""Guesses made per missing world at most, before the belief makes do with fewer."""
NEVER = 1 << 30
"""A turn after every turn of a game."""


@dataclass
class Facts:
    """What the view says about the enemy's placement, as cell indices."""

    settings: DuelSettings
    known: dict[int, ObjectKind] = field(default_factory=dict)
    empty: set[int] = field(default_factory=set)  # held no object when a sabotage looked
    first_blast: dict[int, int] = field(default_factory=dict)  # turn of the first hit there
    moves: list[tuple[int, list[int], list[bool]]] = field(default_factory=list)
    raids: list[tuple[int, int, bool]] = field(default_factory=list)  # turn, centre, foiled
    enemy_raid_turns: list[int] = field(default_factory=list)
    disabled: dict[int, int] = field(default_factory=dict)  # by own sabotage: cell -> turn

    @classmethod
    def of(cls, view: PlayerView) -> Facts:
        facts = cls(view.settings)
        for shot in view.outgoing:
            if not shot.shot_down:
                for cell in SQUARE[index(shot.target)]:
                    facts.first_blast.setdefault(cell, shot.turn)
        by_turn: dict[int, tuple[list[int], list[bool]]] = {}
        for shot in view.outgoing:
            targets, stopped = by_turn.setdefault(shot.turn, ([], []))
            targets.append(index(shot.target))
            stopped.append(shot.shot_down)
        facts.moves = [(turn, *by_turn[turn]) for turn in sorted(by_turn)]
        for raid in view.raids:
            centre = index(raid.centre)
            facts.raids.append((raid.turn, centre, raid.foiled))
            if raid.foiled:
                continue
            found = {index(cell): kind for kind, cell in raid.revealed}
            facts.known.update(found)
            for cell, kind in found.items():
                if kind != "city":
                    facts.disabled.setdefault(cell, raid.turn)
            facts.empty.update(
                c for c in SQUARE[centre] if c not in found and not facts.dead_by(c, raid.turn)
            )
        for silo, _ in view.enemy_silos:
            facts.known[index(silo)] = "silo"
        facts.empty -= facts.known.keys()
        for line in view.log:
            if line.player != view.player and line.turn is not None and line.choice is not None:
                sabotage = getattr(line.choice, "sabotage", ())
                facts.enemy_raid_turns += [line.turn] * len(sabotage)
        return facts

    def dead_by(self, cell: int, turn: int) -> bool:
        """Whether one of the bot's own missiles had hit the cell before `turn`."""
        return self.first_blast.get(cell, NEVER) < turn

    def working_at(self, cell: int, turn: int) -> bool:
        """Whether an ABM site at the cell (if there is one) could stop a missile at `turn`."""
        if self.dead_by(cell, turn):
            return False
        return not rules.is_disabled(self.disabled.get(cell), turn, self.settings)

    @cached_property
    def abm_room(self) -> frozenset[int]:
        """The cells where an ABM site fits every shot-down answer.

        A working site covering a missile that got through must have stopped another
        missile of that move (the engine stops the most it can), so a cell is ruled out
        when a site there would have covered a missile that got through and none that was
        stopped. With one stop per game (`per_game`) a site may be spent, so only the
        moves before the first stop count.
        """
        cover = coverers(self.settings.abm_cover)
        ruled_out: set[int] = set()
        for turn, targets, stopped in self.moves:
            through = {a for t, s in zip(targets, stopped, strict=True) if not s for a in cover[t]}
            held = {a for t, s in zip(targets, stopped, strict=True) if s for a in cover[t]}
            ruled_out |= {c for c in through - held if self.working_at(c, turn)}
            if self.settings.abm_stops == "per_game" and any(stopped):
                break
        return frozenset(range(CELLS)) - ruled_out

    def abm_could_be(self, cell: int, strict: bool) -> bool:
        """Whether an ABM site at the cell fits the shot-down answers (`strict=False`:
        anywhere; the replay still judges)."""
        return not strict or cell in self.abm_room


def guess(facts: Facts, draw: Draw, strict: bool = True) -> Placement | None:
    """One enemy placement built to fit the facts (None when this attempt found no room)."""
    s = facts.settings
    occupied = dict(facts.known)
    blocked = set(occupied) | facts.empty
    cover = coverers(s.abm_cover)
    abms = [c for c, k in occupied.items() if k == "abm"]
    spent: set[int] = set()  # sites that stopped a missile (with one stop per game)
    # Every stopped missile needs its own working ABM site within cover.
    for turn, targets, stopped in facts.moves:
        used: set[int] = set(spent)
        for target, was_stopped in zip(targets, stopped, strict=True):
            if not was_stopped:
                continue
            ready = [
                a
                for a in abms
                if a in cover[target] and a not in used and facts.working_at(a, turn)
            ]
            if ready:
                used.add(ready[0])
                continue
            room = [
                c
                for c in cover[target]
                if c not in blocked and facts.working_at(c, turn) and facts.abm_could_be(c, strict)
            ]
            if not room:
                return None
            cell = draw.choice(room)
            occupied[cell] = "abm"
            blocked.add(cell)
            abms.append(cell)
            used.add(cell)
        if s.abm_stops == "per_game":
            spent = used
    silos_known = sum(1 for k in occupied.values() if k == "silo")
    cities_known = sum(1 for k in occupied.values() if k == "city")
    spare = s.objects - len(abms) - silos_known
    cities_left = s.cities - cities_known
    free = [c for c in range(CELLS) if c not in blocked]
    if spare < 0 or cities_left < 0 or spare + cities_left > len(free):
        return None
    abm_room = [c for c in free if facts.abm_could_be(c, strict)]
    extra = _how_many_abms(draw, spare, len(abm_room), len(free))
    if extra is None:
        return None
    for cell in draw.sample(abm_room, extra):
        occupied[cell] = "abm"
    rest = [c for c in free if c not in occupied]
    picks = draw.sample(rest, spare - extra + cities_left)
    for n, cell in enumerate(picks):
        occupied[cell] = "silo" if n < spare - extra else "city"
    groups = _groups(facts, draw, occupied) if s.sabotage_groups else []
    if groups is None:
        return None

    def cells(kind: ObjectKind) -> tuple[Cell, ...]:
        return tuple(ALL_CELLS[c] for c, k in sorted(occupied.items()) if k == kind)

    return Placement(
        cells("city"), cells("abm"), cells("silo"), tuple(ALL_CELLS[g] for g in groups)
    )


def _how_many_abms(draw: Draw, spare: int, room: int, free: int) -> int | None:
    """How many more ABM sites: every mix equally likely beforehand, weighed by the chance
    that that many sites, put at random, all avoid the cells the answers rule out."""
    weights = [comb(room, j) / comb(free, j) if j <= room else 0.0 for j in range(spare + 1)]
    total = sum(weights)
    if total <= 0:
        return None
    x = draw.random() * total
    for j, w in enumerate(weights):
        x -= w
        if x < 0:
            return j
    return spare


def _groups(facts: Facts, draw: Draw, occupied: dict[int, ObjectKind]) -> list[int] | None:
    """Enemy group cells in placement order (the rules send unnamed groups in that order):
    a group still in play stands in every foiled square and in no square that was not."""
    s = facts.settings
    n = s.groups
    gone = [
        facts.enemy_raid_turns[i] if i < len(facts.enemy_raid_turns) else NEVER for i in range(n)
    ]
    room: list[list[int]] = []
    for i in range(n):
        banned: set[int] = set()
        for turn, centre, foiled in facts.raids:
            if not foiled and gone[i] > turn:
                banned.update(SQUARE[centre])
        if not s.groups_share_cells:
            banned.update(occupied)
        room.append([c for c in range(CELLS) if c not in banned])
    placed: dict[int, int] = {}
    for turn, centre, foiled in facts.raids:
        if not foiled:
            continue
        area = SQUARE[centre]
        if any(gone[i] > turn and cell in area for i, cell in placed.items()):
            continue
        pairs = [
            (i, c)
            for i in range(n)
            if i not in placed and gone[i] > turn
            for c in room[i]
            if c in area and c not in placed.values()
        ]
        if not pairs:
            return None
        i, c = draw.choice(pairs)
        placed[i] = c
    for i in range(n):
        if i not in placed:
            options = [c for c in room[i] if c not in placed.values()]
            if not options:
                return None
            placed[i] = draw.choice(options)
    return [placed[i] for i in range(n)]


def advance(game: DuelGame, view: PlayerView, start: int, enemy: Placement | None) -> bool:
    """Replay the view's record from line `start` into `game`; whether every answer, skip
    and the pending decision come out as the bot saw them."""
    lines: Sequence[LogLine] = view.log
    for i in range(start, len(lines)):
        line = lines[i]
        if line.choice is None and line.turn is not None:  # a skipped turn
            if len(game.log) <= i or game.log[i].choice is not None:
                return False
            continue
        choice = enemy if line.choice is None else line.choice
        pending = game.pending
        if choice is None or len(game.log) != i or pending is None:
            return False
        if pending.player != line.player:
            return False
        try:
            answer = game.apply(choice)
        except DuelError:
            return False
        if answer != line.answer:
            return False
    return len(game.log) == len(lines) and game.pending == view.pending


class Belief:
    """The worlds that fit what one player has seen, kept from one decision to the next."""

    def __init__(self, draw: Draw, size: int = WORLDS) -> None:
        self.draw = draw
        self.size = size
        self.worlds: list[DuelGame] = []
        self.seen: tuple[LogLine, ...] = ()
        self.player: str | None = None
        self.checked = True  # False: no world fitted, the worlds ignore the answers

    def update(self, view: PlayerView) -> list[DuelGame]:
        """The worlds for this view: the kept ones that still fit, then new guesses."""
        log = view.log
        if self.player != view.player or log[: len(self.seen)] != self.seen or not self.checked:
            self.worlds, self.seen, self.player = [], (), view.player
        start = len(self.seen)
        worlds = [g for g in self.worlds if advance(g, view, start, None)]
        facts = Facts.of(view)
        tries = TRIES * self.size
        strict = True
        while len(worlds) < self.size and tries > 0:
            tries -= 1
            if strict and tries < TRIES * self.size // 2 and len(worlds) < self.size // 4:
                strict = False  # the quick test rules out too much: let the replay judge
            enemy = guess(facts, self.draw, strict)
            if enemy is None:
                continue
            game = DuelGame(view.settings)
            if advance(game, view, 0, enemy):
                worlds.append(game)
        self.checked = bool(worlds)
        if not worlds:
            worlds = self._unchecked(view, facts)
        self.worlds, self.seen = worlds, tuple(log)
        return worlds

    def _unchecked(self, view: PlayerView, facts: Facts) -> list[DuelGame]:
        """Worlds that only have to take every move (the answers may differ): the fallback
        when no guess fits, so the bot still plays."""
        worlds: list[DuelGame] = []
        for _ in range(TRIES * self.size):
            if len(worlds) >= self.size // 4:
                break
            enemy = guess(facts, self.draw, strict=False)
            if enemy is None:
                continue
            game = DuelGame(view.settings)
            if _takes_every_move(game, view, enemy):
                worlds.append(game)
        return worlds


def _takes_every_move(game: DuelGame, view: PlayerView, enemy: Placement) -> bool:
    for line in view.log:
        if line.choice is None and line.turn is not None:
            continue
        pending = game.pending
        if pending is None or pending.player != line.player:
            return False
        try:
            game.apply(enemy if line.choice is None else line.choice)
        except DuelError:
            return False
    return game.pending == view.pending
