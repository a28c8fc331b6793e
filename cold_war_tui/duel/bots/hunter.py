"""The `hunter` level: it places to survive, then aims where its belief expects the most.

Each move it takes the worlds of its belief (`worlds.Belief`: enemy placements that fit
every answer) and scores a request by what it would do in each of them: enemy cities
destroyed, missiles taken out with their silos (each worth the cities it could have
destroyed on the bot's own board), ABM sites destroyed. Missiles are added one target (or
two at one target, to get one past an ABM site) at a time while the next adds enough; a
silo not yet seen by the enemy needs more, as launching reveals it. At DEFCON 1 every silo
may fire, so the bar is low. Sabotage groups go where they would switch off or find the most,
unless guarding a silo of its own is worth more. The bot reads only `game.view(player)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from cold_war_tui.duel import notation, rules
from cold_war_tui.duel.board import ALL_CELLS, Cell
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.bots.geometry import CELLS, SQUARE, coverers, index
from cold_war_tui.duel.bots.layout import hunter_placement
from cold_war_tui.duel.bots.uniform import random_move
from cold_war_tui.duel.bots.worlds import Belief, Facts
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.moves import Choice, Finish, Launch, Move
from cold_war_tui.duel.records import Kind
from cold_war_tui.duel.settings import Player, opponent
from cold_war_tui.duel.view import PlayerView

FIRE_BAR = 0.2
"""The least a missile must add (in enemy cities) to be launched."""
REVEAL_BAR = 0.35
"""What a silo the enemy has not seen must add on top before DEFCON 1: launching shows it."""
RAID_BAR = 0.6
"""The least a sabotage square must be worth to send a group."""
ABM_WORTH = 0.3
"""An enemy ABM site destroyed or switched off, while the bot has missiles for later."""
INFO_WORTH = 0.3
"""An enemy city found by sabotage, while the bot has missiles for later."""
GUARDED_THROUGH = 0.35
"""The chance an enemy missile gets past one of the bot's own ABM sites (its estimate)."""
LEAST_THREAT = 0.3
"""An enemy missile is worth at least this many of the bot's own cities."""


@dataclass
class Picture:
    """The belief as one bit per world for each cell: the worlds with a living city there,
    a working ABM site, a silo with missiles, an enemy group still in play."""

    worlds: int
    city: list[int]
    abm: list[int]
    silo: list[int]
    group: list[int]
    missiles: list[int]

    @property
    def full(self) -> int:
        return (1 << self.worlds) - 1

    @classmethod
    def of(cls, worlds: list[DuelGame], enemy: Player) -> Picture:
        pic = cls(len(worlds), [0] * CELLS, [0] * CELLS, [0] * CELLS, [0] * CELLS, [0] * CELLS)
        for n, game in enumerate(worlds):
            bit = 1 << n
            side, s = game.side(enemy), game.settings
            for city in side.cities:
                if city.destroyed_on is None:
                    pic.city[index(city.cell)] |= bit
            for abm in rules.working_abms(side, game.turn, s):
                pic.abm[index(abm.cell)] |= bit
            for silo in side.silos:
                gone = s.sabotage_lasts == "rest_of_game" and silo.disabled_on is not None
                if silo.destroyed_on is None and silo.missiles > 0 and not gone:
                    i = index(silo.cell)
                    pic.silo[i] |= bit
                    pic.missiles[i] = max(pic.missiles[i], silo.missiles)
            for group in side.groups:
                if group.active:
                    pic.group[index(group.cell)] |= bit
        return pic


def threat(view: PlayerView) -> float:
    """The bot's own cities one enemy missile takes on average, aimed anywhere."""
    cities = [index(c.cell) for c in view.cities if not c.destroyed]
    abms = {index(a.cell) for a in view.abms if not (a.destroyed or a.disabled)}
    cover = coverers(view.settings.abm_cover)
    total = 0.0
    for target in range(CELLS):
        hit = sum(1 for c in cities if c in SQUARE[target])
        if hit:
            guarded = any(a in abms for a in cover[target])
            total += hit * (GUARDED_THROUGH if guarded else 1.0)
    return max(LEAST_THREAT, total / CELLS)


class Salvo:
    """A request being scored: which worlds each cell is destroyed in, which ABM sites are
    still free to stop a missile, and the value so far (in enemy cities, summed over worlds)."""

    def __init__(
        self, pic: Picture, cover: tuple[tuple[int, ...], ...], weights: tuple[float, float]
    ) -> None:
        self.pic = pic
        self.cover = cover
        self.missile_worth, self.abm_worth = weights
        self.free = list(pic.abm)
        self.hit = [0] * CELLS
        self.targets: list[int] = []
        self.value = 0.0

    def gain(self, target: int, count: int = 1) -> float:
        """What `count` more missiles at `target` add (without adding them)."""
        free = {a: self.free[a] for a in self.cover[target]}
        through = 0
        for _ in range(count):
            stopped = 0
            for a, worlds in free.items():
                take = worlds & ~stopped
                if take:
                    stopped |= take
                    free[a] = worlds & ~take
            through |= self.pic.full & ~stopped
        return self._damage(target, through)

    def _damage(self, target: int, through: int) -> float:
        pic, value = self.pic, 0
        total = 0.0
        for c in SQUARE[target]:
            new = through & ~self.hit[c]
            if not new:
                continue
            value += (pic.city[c] & new).bit_count()
            if pic.silo[c] & new:
                total += (pic.silo[c] & new).bit_count() * pic.missiles[c] * self.missile_worth
            if pic.abm[c] & new:
                total += (pic.abm[c] & new).bit_count() * self.abm_worth
        return (value + total) / pic.worlds

    def add(self, target: int) -> None:
        stopped = 0
        for a in self.cover[target]:
            take = self.free[a] & ~stopped
            if take:
                stopped |= take
                self.free[a] &= ~take
        through = self.pic.full & ~stopped
        self.value += self._damage(target, through)
        for c in SQUARE[target]:
            self.hit[c] |= through
        self.targets.append(target)


class HunterBot:
    """Plays to win with what its player may know (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.draw = Draw(seed)
        self.belief = Belief(self.draw)

    def choose(self, game: DuelGame, player: Player) -> str:
        view = game.view(player)
        return notation.format_choice(self.decide(view), private=True, latin=view.settings.latin)

    def decide(self, view: PlayerView) -> Choice:
        pending = view.pending
        assert pending is not None and pending.player == view.player
        if pending.kind is Kind.PLACE:
            return hunter_placement(self.draw, view.settings)
        worlds = self.belief.update(view)
        pic = Picture.of(worlds, opponent(view.player)) if worlds else None
        if pending.kind is Kind.FINISH:
            alive = pic is None or any(pic.city)
            return Finish(end=not alive)
        return self.move(view, pic)

    # ----------------------------------------------------------------- moves

    def move(self, view: PlayerView, pic: Picture | None) -> Move:
        pending = view.pending
        assert pending is not None
        if pic is None:
            return random_move(self.draw, view)  # no world fits: never seen in a game
        later = self.missiles_after_this_move(view)
        s = view.settings
        weights = (threat(view), ABM_WORTH if later else 0.0)
        salvo = Salvo(pic, coverers(s.abm_cover), weights)
        shooters = self.shooters(view)
        cap = len(shooters) if pending.limit is None else min(pending.limit, len(shooters))
        bars = self.bars(view)
        while len(salvo.targets) < cap:
            silo = shooters[len(salvo.targets)]
            bar = bars[0] if self.seen(view, silo) else bars[1]
            best, best_per, best_count = 0, -1.0, 1
            for target in range(CELLS):
                for count in (1, 2):
                    if len(salvo.targets) + count > cap:
                        break
                    per = salvo.gain(target, count) / count
                    if per > best_per + 1e-9:
                        best, best_per, best_count = target, per, count
            if best_per < bar or (best_per <= 0 and bar >= 0):
                break
            for _ in range(best_count):
                salvo.add(best)
        launches = tuple(Launch(shooters[n], ALL_CELLS[t]) for n, t in enumerate(salvo.targets))
        groups, squares = self.raids(view, pic, salvo, later)
        return Move(launches, tuple(squares), tuple(groups))

    def bars(self, view: PlayerView) -> tuple[float, float]:
        """The least one more missile must add, from a silo the enemy has seen and from one
        it has not. Holding pays only while the DEFCON limit binds and the game goes on: at
        DEFCON 1, after a pass of its own there, when a pass would end the game, or when
        the enemy cannot fire back, the bot launches whatever adds anything."""
        pending = view.pending
        assert pending is not None
        if pending.limit is None and self.passed_at_defcon_1(view):
            return (-1.0, -1.0)
        if self.passing_ends_game(view) or self.last_armed(view):
            return (0.0, 0.0)
        if pending.limit is None:
            return (FIRE_BAR, FIRE_BAR)
        return (FIRE_BAR, FIRE_BAR + REVEAL_BAR)

    @staticmethod
    def last_armed(view: PlayerView) -> bool:
        """Whether the bot chose to go on as the only player with missiles."""
        return any(
            line.player == view.player and isinstance(line.choice, Finish) for line in view.log
        )

    @staticmethod
    def passed_at_defcon_1(view: PlayerView) -> bool:
        """Whether the bot's own last move was a pass at DEFCON 1."""
        own = [line for line in view.log if line.player == view.player and line.turn is not None]
        if not own:
            return False
        last = own[-1]
        move = last.choice
        idle = isinstance(move, Move) and not move.launches and not move.sabotage
        return idle and last.defcon == 1

    def shooters(self, view: PlayerView) -> list[Cell]:
        """The silos in the order they fire: those the enemy has seen first (launching them
        shows nothing new), then the rest; in the final salvo, one entry per missile."""
        pending = view.pending
        assert pending is not None
        usable = list(view.usable_silos)
        seen = [c for c in usable if self.seen(view, c)]
        hidden = self.draw.shuffled([c for c in usable if not self.seen(view, c)])
        order = seen + hidden
        if not pending.salvo:
            return order
        left = {s.cell: s.missiles for s in view.silos}
        return [cell for cell in order for _ in range(left[cell])]

    @staticmethod
    def seen(view: PlayerView, silo: Cell) -> bool:
        return any(s.cell == silo and s.launched > 0 for s in view.silos)

    @staticmethod
    def missiles_after_this_move(view: PlayerView) -> bool:
        """Whether the bot will have missiles left for a later move."""
        pending = view.pending
        if pending is not None and pending.salvo:
            return False
        return any(s.missiles > 1 for s in view.silos if not s.destroyed) or (
            sum(s.missiles for s in view.silos if not s.destroyed) > len(view.usable_silos)
        )

    @staticmethod
    def passing_ends_game(view: PlayerView) -> bool:
        """Whether a pass now would end the game (the enemy passed last)."""
        if not view.settings.passes_end_game:
            return False
        moves = [line for line in view.log if line.turn is not None]
        if not moves:
            return False
        last = moves[-1]
        if last.player == view.player:
            return False
        move = last.choice
        return move is None or (isinstance(move, Move) and not move.launches and not move.sabotage)

    # ----------------------------------------------------------------- sabotage

    def raids(
        self, view: PlayerView, pic: Picture, salvo: Salvo, later: bool
    ) -> tuple[list[Cell], list[Cell]]:
        """Which own groups go, and where: the best squares while each is worth more than
        keeping that group home on guard."""
        groups = list(view.active_groups)
        if not groups or not view.settings.sabotage_groups:
            return [], []
        facts = Facts.of(view)
        known = set(facts.known) | {c for c in range(CELLS) if salvo.hit[c] == pic.full}
        guard = sorted((self.guard_value(view, g), n, g) for n, g in enumerate(groups))
        sent: list[Cell] = []
        squares: list[Cell] = []
        looked: set[int] = set()
        worth = threat(view)
        for guard_value, _, group in guard:
            best, best_value = -1, 0.0
            for centre in range(CELLS):
                value = self.raid_value(pic, salvo, centre, looked, known, worth, later)
                if value > best_value + 1e-9:
                    best, best_value = centre, value
            if best < 0 or best_value < RAID_BAR + guard_value:
                break
            sent.append(group)
            squares.append(ALL_CELLS[best])
            looked.update(SQUARE[best])
        return sent, squares

    @staticmethod
    def raid_value(
        pic: Picture,
        salvo: Salvo,
        centre: int,
        looked: set[int],
        known: set[int],
        worth: float,
        later: bool,
    ) -> float:
        area = SQUARE[centre]
        foiled = 0
        for c in area:
            foiled |= pic.group[c]
        works = pic.full & ~foiled
        total = 0.0
        for c in area:
            if c in looked:
                continue
            alive = works & ~salvo.hit[c]
            if not alive:
                continue
            total += (pic.silo[c] & alive).bit_count() * pic.missiles[c] * worth
            if later:
                total += (pic.abm[c] & alive).bit_count() * ABM_WORTH
                if c not in known:
                    total += (pic.city[c] & alive).bit_count() * INFO_WORTH
        return total / pic.worlds

    @staticmethod
    def guard_value(view: PlayerView, group: Cell) -> float:
        """What keeping a group home is worth: an enemy sabotage square that holds it is
        foiled, and the enemy aims at silos it has seen."""
        enemy_raids = sum(
            len(getattr(line.choice, "sabotage", ()))
            for line in view.log
            if line.player != view.player and line.turn is not None
        )
        if not view.settings.sabotage_groups or enemy_raids >= view.settings.groups:
            return 0.0
        area = set(SQUARE[index(group)])
        value = 0.0
        for silo in view.silos:
            if silo.destroyed or silo.disabled or index(silo.cell) not in area:
                continue
            chance = 0.5 if silo.launched else 0.15
            value += chance * silo.missiles * 0.5
        return value
