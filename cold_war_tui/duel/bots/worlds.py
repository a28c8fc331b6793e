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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from math import comb

from cold_war_tui.duel import rules
from cold_war_tui.duel.board import ALL_CELLS, Cell
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.bots.geometry import CELLS, SQUARE, coverers, index
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.errors import DuelError
from cold_war_tui.duel.moves import Finish, Placement
from cold_war_tui.duel.records import Kind
from cold_war_tui.duel.settings import DuelSettings
from cold_war_tui.duel.state import ObjectKind
from cold_war_tui.duel.view import LogLine, PlayerView

WORLDS = 64
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
    unarmed_from: int = NEVER  # the enemy had no silo that could launch at this turn

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
            if line.turn is None:
                continue
            if line.player != view.player and line.choice is not None:
                sabotage = getattr(line.choice, "sabotage", ())
                facts.enemy_raid_turns += [line.turn] * len(sabotage)
            # The rules skip a player who cannot launch, and ask the other whether to go on.
            skipped = line.player != view.player and line.choice is None
            if skipped or (line.player == view.player and isinstance(line.choice, Finish)):
                facts.unarmed_from = min(facts.unarmed_from, line.turn)
        pending = view.pending
        if pending is not None and pending.kind is Kind.FINISH:
            facts.unarmed_from = min(facts.unarmed_from, pending.turn)
        return facts

    def dead_by(self, cell: int, turn: int) -> bool:
        """Whether one of the bot's own missiles had hit the cell before `turn`."""
        return self.first_blast.get(cell, NEVER) < turn

    def working_at(self, cell: int, turn: int) -> bool:
        """Whether an ABM site at the cell (if there is one) could stop a missile at `turn`."""
        if self.dead_by(cell, turn):
            return False
        raided = self.disabled.get(cell, NEVER)  # the move's launches came before its raid
        return raided >= turn or not rules.is_disabled(raided, turn, self.settings)

    @cached_property
    def abm_room(self) -> frozenset[int]:
        """The cells where an ABM site fits every shot-down answer.

        A working site covering a missile that got through must have stopped another
        missile of that move (the engine stops the most it can), so a cell is ruled out
        when a site there would have covered a missile that got through and none that was
        stopped. With one stop per game (`per_game`) a site may be spent, so only the
        moves before the first stop count.
        """
        return frozenset(range(CELLS)) - self._covering_through(also_held=False)

    @cached_property
    def quiet(self) -> frozenset[int]:
        """The cells where an ABM site would have covered no missile that got through: an
        extra site goes there (elsewhere it would most likely have stopped one)."""
        return frozenset(range(CELLS)) - self._covering_through(also_held=True)

    def _covering_through(self, also_held: bool) -> set[int]:
        cover = coverers(self.settings.abm_cover)
        found: set[int] = set()
        for turn, targets, stopped in self.moves:
            through = {a for t, s in zip(targets, stopped, strict=True) if not s for a in cover[t]}
            if not also_held:
                through -= {a for t, s in zip(targets, stopped, strict=True) if s for a in cover[t]}
            found |= {c for c in through if self.working_at(c, turn)}
            if self.settings.abm_stops == "per_game" and any(stopped):
                break
        return found

    def stops(self, abms: set[int]) -> list[list[bool]]:
        """Which of the bot's missiles ABM sites at these cells would have stopped, move by
        move, by the rules' own interception (sites destroyed, switched off or, with one
        stop per game, spent, stop nothing)."""
        cover = self.settings.abm_cover
        spent: set[int] = set()
        flags = []
        for turn, targets, _ in self.moves:
            sites = sorted(a for a in abms if a not in spent and self.working_at(a, turn))
            stops = rules.intercept(
                [ALL_CELLS[t] for t in targets], [ALL_CELLS[a] for a in sites], cover
            )
            flags.append([stop is not None for stop in stops])
            if self.settings.abm_stops == "per_game":
                spent.update(sites[stop] for stop in stops if stop is not None)
        return flags

    def overstops(self, abms: set[int]) -> bool:
        """Whether these sites would have stopped a missile that got through (more sites
        never stop fewer, so such a guess cannot be mended by adding more)."""
        return any(
            made and not was
            for move, (_, _, stopped) in zip(self.stops(abms), self.moves, strict=True)
            for made, was in zip(move, stopped, strict=True)
        )


def guess(facts: Facts, draw: Draw, strict: bool = True) -> Placement | None:
    """One enemy placement built to fit the facts (None when this attempt found no room)."""
    s = facts.settings
    occupied = dict(facts.known)
    blocked = set(occupied) | facts.empty
    cover = coverers(s.abm_cover)
    abms = {c for c, k in occupied.items() if k == "abm"}
    if strict:
        # Every stopped missile gets a site in cover, added only where no missile that got
        # through would have been stopped (the rules' own interception decides).
        for n, (turn, targets, stopped) in enumerate(facts.moves):
            for i, target in enumerate(targets):
                if not stopped[i] or facts.stops(abms)[n][i]:
                    continue
                room = [
                    c
                    for c in cover[target]
                    if c not in blocked and facts.working_at(c, turn) and c in facts.abm_room
                ]
                quiet = [c for c in room if c in facts.quiet]
                loud = [c for c in room if c not in facts.quiet]
                cell = _first_fit(facts, abms, chain(draw.order(quiet), draw.order(loud)))
                if cell is None:
                    return None
                abms.add(cell)
                blocked.add(cell)
    else:
        for turn, targets, stopped in facts.moves:
            for target, was_stopped in zip(targets, stopped, strict=True):
                ready = [a for a in abms if a in cover[target] and facts.working_at(a, turn)]
                if was_stopped and not ready:
                    room = [c for c in cover[target] if c not in blocked]
                    if not room:
                        return None
                    cell = draw.choice(room)
                    abms.add(cell)
                    blocked.add(cell)
    for cell in abms:
        occupied[cell] = "abm"
    silos_known = sum(1 for k in occupied.values() if k == "silo")
    cities_known = sum(1 for k in occupied.values() if k == "city")
    spare = s.objects - len(abms) - silos_known
    cities_left = s.cities - cities_known
    free = [c for c in range(CELLS) if c not in blocked]
    if spare < 0 or cities_left < 0 or spare + cities_left > len(free):
        return None
    abm_room = [c for c in free if not strict or c in facts.quiet]
    extra = _how_many_abms(draw, spare, len(abm_room), len(free))
    if extra is None:
        return None
    if facts.unarmed_from < NEVER:  # few places for silos: the rest were ABM sites
        dead = sum(1 for c in free if facts.dead_by(c, facts.unarmed_from))
        extra = max(extra, spare - dead)
    added = 0
    for cell in draw.order(abm_room):
        if added == extra:
            break
        if strict and facts.overstops(abms | {cell}):
            continue
        abms.add(cell)
        occupied[cell] = "abm"
        added += 1
    if strict and facts.stops(abms) != [stopped for _, _, stopped in facts.moves]:
        return None
    extra = added
    rest = [c for c in free if c not in occupied]
    # A silo the bot never saw was destroyed by then, if the enemy had none left to launch.
    silo_room = [
        c for c in rest if facts.unarmed_from == NEVER or facts.dead_by(c, facts.unarmed_from)
    ]
    silos = draw.sample(silo_room, spare - extra)
    if len(silos) < spare - extra:
        return None
    for cell in silos:
        occupied[cell] = "silo"
    for cell in draw.sample([c for c in rest if c not in occupied], cities_left):
        occupied[cell] = "city"
    groups = _groups(facts, draw, occupied) if s.sabotage_groups else []
    if groups is None:
        return None

    def cells(kind: ObjectKind) -> tuple[Cell, ...]:
        return tuple(ALL_CELLS[c] for c, k in sorted(occupied.items()) if k == kind)

    return Placement(
        cells("city"), cells("abm"), cells("silo"), tuple(ALL_CELLS[g] for g in groups)
    )


def _first_fit(facts: Facts, abms: set[int], cells: Iterable[int]) -> int | None:
    """The first cell where one more ABM site would stop no missile that got through."""
    return next((c for c in cells if not facts.overstops(abms | {c})), None)


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
