"""The duel as a decision machine: `pending` says who decides what, `apply` carries it out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from cold_war_tui.duel import rules
from cold_war_tui.duel.board import Cell, square
from cold_war_tui.duel.errors import IllegalChoice
from cold_war_tui.duel.moves import Answer, Choice, Finish, Move, Placement
from cold_war_tui.duel.records import DuelResult, Entry, Kind, Pending
from cold_war_tui.duel.settings import PLAYERS, DuelSettings, Player, opponent
from cold_war_tui.duel.state import Abm, City, Group, ObjectKind, Raid, Shot, Side, Silo
from cold_war_tui.duel.view import PlayerView, build_view


class DuelGame:
    """A whole duel: pure, deterministic, no randomness and no I/O."""

    def __init__(self, settings: DuelSettings | None = None) -> None:
        self.settings = settings if settings is not None else DuelSettings()
        self.turn = 0
        self.defcon = self.settings.start_defcon
        self.result: DuelResult | None = None
        self.log: list[Entry] = []
        self._sides: dict[Player, Side] = {p: Side(p) for p in PLAYERS}
        self._in_flight: list[tuple[Player, Shot]] = []
        self._salvo = False
        # Players who passed (or are out for good) since the last launch or sabotage.
        self._passed: set[Player] = set()
        self._pending: Pending | None = Pending(
            self.settings.first_player, Kind.PLACE, 0, self.defcon
        )

    # ----------------------------------------------------------------- queries

    @property
    def pending(self) -> Pending | None:
        """The decision the game waits for, or None once it is over."""
        return self._pending

    @property
    def over(self) -> bool:
        """Whether the final count is in."""
        return self.result is not None

    def mover(self, turn: int | None = None) -> Player:
        """Who moves at a turn: turns alternate, starting with the first player."""
        first = self.settings.first_player
        return first if (self.turn if turn is None else turn) % 2 == 0 else opponent(first)

    def side(self, player: Player) -> Side:
        """A player's full board (secret: the TUI must show a player only his `view`)."""
        return self._sides[player]

    def usable_silos(self, player: Player) -> list[Cell]:
        """Cells of the player's silos that may launch now."""
        side = self._sides[player]
        return [s.cell for s in rules.usable_silos(side, self.turn, self.settings)]

    def active_groups(self, player: Player) -> list[Cell]:
        """Cells of the player's groups that can still be sent, in placement order."""
        return [g.cell for g in self._sides[player].groups if g.active]

    def surviving_cities(self, player: Player) -> int:
        """Intact cities on the player's board."""
        return sum(1 for c in self._sides[player].cities if c.destroyed_on is None)

    def choices(self) -> list[tuple[Player, Choice]]:
        """Every decision made so far, in order: enough to replay the game."""
        return [(e.player, e.choice) for e in self.log if e.choice is not None]

    def view(self, player: Player) -> PlayerView:
        """What `player` may know: his own board, and only what the rules told him."""
        return build_view(self, player)

    # ----------------------------------------------------------------- decisions

    def apply(self, choice: Choice) -> Answer | None:
        """Carry out the pending decision; an illegal choice raises and changes nothing.

        Returns the defender's answer for a move, None for a placement or a finish choice.
        """
        pending = self._pending
        if pending is None:
            raise IllegalChoice("the game is over: no decision is pending")
        if isinstance(choice, Placement):
            self._expect(pending, Kind.PLACE)
            self._place(pending.player, choice)
            return None
        if isinstance(choice, Move):
            self._expect(pending, Kind.MOVE)
            return self._move(pending, self._check_move(pending, choice))
        if isinstance(choice, Finish):
            self._expect(pending, Kind.FINISH)
            self._finish_choice(pending.player, choice)
            return None
        raise IllegalChoice(f"not a duel choice: {choice!r}")

    def choose(self, text: str) -> Answer | None:
        """Read the pending decision in the seed's notation and apply it."""
        from cold_war_tui.duel import notation

        pending = self._pending
        if pending is None:
            raise IllegalChoice("the game is over: no decision is pending")
        return self.apply(notation.parse_choice(pending.kind, text))

    def set_mark(self, player: Player, cell: Cell, mark: str | None) -> None:
        """Put (or with None, clear) a private one-character note on the enemy-board map."""
        marks = self._sides[player].marks
        if mark is None:
            marks.pop(cell, None)
            return
        if len(mark) != 1 or not mark.isprintable() or mark.isspace():
            raise IllegalChoice(f"a mark is one visible character, not {mark!r}")
        marks[cell] = mark

    @staticmethod
    def _expect(pending: Pending, kind: Kind) -> None:
        if pending.kind is not kind:
            raise IllegalChoice(
                f"player {pending.player} must make a {pending.kind.value} decision, "
                f"not a {kind.value} one"
            )

    # ----------------------------------------------------------------- placement

    def _place(self, player: Player, placement: Placement) -> None:
        self._check_placement(placement)
        side = self._sides[player]
        n = self.settings.missiles_per_silo
        side.cities = [City(c) for c in placement.cities]
        side.abms = [Abm(c) for c in placement.abms]
        side.silos = [Silo(c, n) for c in placement.silos]
        side.groups = [Group(c) for c in placement.groups]
        side.placed = True
        self.log.append(Entry(player, placement))
        other = opponent(player)
        if not self._sides[other].placed:
            self._pending = Pending(other, Kind.PLACE, 0, self.defcon)
        else:
            self._advance()

    def _check_placement(self, p: Placement) -> None:
        s = self.settings
        if len(p.cities) != s.cities:
            raise IllegalChoice(f"place exactly {s.cities} cities, not {len(p.cities)}")
        if len(p.abms) + len(p.silos) != s.objects:
            raise IllegalChoice(
                f"place exactly {s.objects} objects (ABM sites and silos in any mix), "
                f"not {len(p.abms) + len(p.silos)}"
            )
        wanted = s.groups if s.sabotage_groups else 0
        if len(p.groups) != wanted:
            extra = "" if s.sabotage_groups else " (the sabotage add-on is off)"
            raise IllegalChoice(f"place exactly {wanted} groups{extra}, not {len(p.groups)}")
        taken: dict[Cell, str] = {}
        kinds = (("a city", p.cities), ("an ABM site", p.abms), ("a silo", p.silos))
        for label, group in kinds:
            for cell in group:
                if cell in taken:
                    raise IllegalChoice(
                        f"{cell} holds {taken[cell]} already, so {label} cannot go there: "
                        "one object per cell"
                    )
                taken[cell] = label
        seen: set[Cell] = set()
        for cell in p.groups:
            if cell in seen:
                raise IllegalChoice(f"{cell} holds a group already: one group per cell")
            seen.add(cell)
            if not s.groups_share_cells and cell in taken:
                raise IllegalChoice(
                    f"{cell} holds {taken[cell]}: groups may not share cells (settings)"
                )

    # ----------------------------------------------------------------- moves

    def _check_move(self, pending: Pending, move: Move) -> Move:
        """Validate a move against the rules; return it with the groups filled in."""
        side = self._sides[pending.player]
        silos = {s.cell: s for s in side.silos}
        counts = Counter(move.silos)
        for cell, count in counts.items():
            silo = silos.get(cell)
            if silo is None:
                raise IllegalChoice(f"{cell} is not one of your silos")
            if silo.destroyed_on is not None:
                raise IllegalChoice(
                    f"your silo {cell} was destroyed on turn {silo.destroyed_on + 1}"
                )
            if rules.is_disabled(silo.disabled_on, self.turn, self.settings):
                raise IllegalChoice(f"your silo {cell} is disabled by sabotage")
            if silo.missiles == 0:
                raise IllegalChoice(f"your silo {cell} has no missiles left")
            if pending.salvo:
                if count > silo.missiles:
                    raise IllegalChoice(
                        f"your silo {cell} has {silo.missiles} missiles left, not {count}"
                    )
            elif count > 1:
                raise IllegalChoice(f"silo {cell} may launch only one missile per move")
        n = len(move.launches)
        if pending.limit is not None and n > pending.limit:
            raise IllegalChoice(
                f"DEFCON {pending.defcon} allows at most {pending.limit} missiles "
                f"in a move, not {n}"
            )
        return self._check_sabotage(pending.player, move)

    def _check_sabotage(self, player: Player, move: Move) -> Move:
        if not move.sabotage:
            if move.groups:
                raise IllegalChoice("groups named but no sabotage square (ДРГ) given")
            return move
        if not self.settings.sabotage_groups:
            raise IllegalChoice("the sabotage add-on (ДРГ) is off in these settings")
        active = self.active_groups(player)
        if len(move.sabotage) > len(active):
            raise IllegalChoice(
                f"{len(move.sabotage)} sabotage squares but only {len(active)} groups left"
            )
        if not move.groups:
            return Move(move.launches, move.sabotage, tuple(active[: len(move.sabotage)]))
        if len(move.groups) != len(move.sabotage):
            raise IllegalChoice(
                f"{len(move.sabotage)} sabotage squares but {len(move.groups)} groups named"
            )
        for cell, count in Counter(move.groups).items():
            if cell not in active:
                raise IllegalChoice(f"{cell} is not one of your groups still in play")
            if count > 1:
                raise IllegalChoice(f"group {cell} can be sent only once")
        return move

    def _move(self, pending: Pending, move: Move) -> Answer:
        player, enemy = pending.player, self._sides[opponent(pending.player)]
        side, turn = self._sides[player], self.turn
        # 1. Launch: the defender's working ABM sites stop the most missiles they can.
        sites = rules.working_abms(enemy, turn, self.settings)
        stops = rules.intercept(move.targets, [a.cell for a in sites], self.settings.abm_cover)
        silos = {s.cell: s for s in side.silos}
        shots: list[Shot] = []
        for launch, stop in zip(move.launches, stops, strict=True):
            silo = silos[launch.silo]
            silo.missiles -= 1
            silo.launched += 1
            if stop is not None:
                sites[stop].stopped += 1
            shots.append(Shot(turn, launch.silo, launch.target, stop is not None))
        side.shots.extend(shots)
        # 2. Sabotage, after the launches: this move's interceptions already happened.
        raids = [
            self._raid(side, enemy, g, c) for g, c in zip(move.groups, move.sabotage, strict=True)
        ]
        side.raids.extend(raids)
        # 3. The missiles land at the end of the move (or of the round).
        self._in_flight.extend((player, shot) for shot in shots)
        if self.settings.impacts == "end_of_move":
            self._land()
        answer = self._answer(move, shots, raids)
        self.log.append(Entry(player, move, turn, pending.defcon, answer))
        if move.launches or move.sabotage:
            self._passed.clear()
        else:
            self._passed.add(player)
        self._end_turn()
        if pending.salvo:
            self._game_over(f"{player} fired the final salvo")
        elif not self._end_if_both_passed():
            self._advance()
        return answer

    def _raid(self, side: Side, enemy: Side, group_cell: Cell, centre: Cell) -> Raid:
        group = next(g for g in side.groups if g.cell == group_cell and g.active)
        group.used_on, group.target = self.turn, centre
        area = square(centre)
        if any(g.active and g.cell in area for g in enemy.groups):
            return Raid(self.turn, group_cell, centre, True, ())
        cities = [c for c in enemy.cities if c.cell in area and c.destroyed_on is None]
        abms = [a for a in enemy.abms if a.cell in area and a.destroyed_on is None]
        silos = [s for s in enemy.silos if s.cell in area and s.destroyed_on is None]
        targets: list[Abm | Silo] = [*abms, *silos]
        for obj in targets:
            obj.disabled_on = self.turn
        found: list[tuple[ObjectKind, Cell]] = [("city", c.cell) for c in cities]
        found += [("abm", a.cell) for a in abms]
        found += [("silo", s.cell) for s in silos]
        return Raid(self.turn, group_cell, centre, False, tuple(sorted(found, key=lambda f: f[1])))

    def _answer(self, move: Move, shots: list[Shot], raids: list[Raid]) -> Answer:
        found = {item for r in raids for item in r.revealed}

        def of(kind: ObjectKind) -> tuple[Cell, ...]:
            return tuple(sorted(c for k, c in found if k == kind))

        return Answer(
            shot_down=tuple(s.target for s in shots if s.shot_down),
            sabotage=bool(move.sabotage),
            abms=of("abm"),
            silos=of("silo"),
            cities=of("city"),
            foiled=tuple(r.centre for r in raids if r.foiled),
        )

    def _land(self) -> None:
        """Missiles in flight hit: each destroys everything in its 3x3 square."""
        for player, shot in self._in_flight:
            if shot.shot_down:
                continue
            enemy = self._sides[opponent(player)]
            area = square(shot.target)
            objs: list[City | Abm | Silo | Group] = [*enemy.cities, *enemy.abms, *enemy.silos]
            if self.settings.missiles_destroy_groups:
                objs.extend(g for g in enemy.groups if g.used_on is None)
            for obj in objs:
                if obj.cell in area and obj.destroyed_on is None:
                    obj.destroyed_on = shot.turn
                    if isinstance(obj, Silo):
                        obj.missiles = 0
        self._in_flight.clear()

    # ----------------------------------------------------------------- turn flow

    def _end_turn(self) -> None:
        """Close a turn: round-end impacts, DEFCON escalation, next turn."""
        round_end = self.turn % 2 == 1
        if round_end and self._in_flight:
            self._land()
        if self.settings.escalation == "move" or round_end:
            self.defcon = max(1, self.defcon - 1)
        self.turn += 1

    def _advance(self) -> None:
        """Find the next decision, skipping turns of a player who can do nothing."""
        s = self.settings
        while True:
            player = self.mover()
            side, other = self._sides[player], self._sides[opponent(player)]
            mine, theirs = rules.has_missiles(side, s), rules.has_missiles(other, s)
            if not mine and not theirs:
                self._game_over("no missiles left to launch")
                return
            if mine and not theirs and not side.asked_to_finish:
                self._pending = Pending(player, Kind.FINISH, self.turn, self.defcon)
                return
            if self.usable_silos(player) or (s.sabotage_groups and self.active_groups(player)):
                salvo = self._salvo and mine
                limit = None if salvo else s.launch_limit(self.defcon)
                self._pending = Pending(player, Kind.MOVE, self.turn, self.defcon, limit, salvo)
                return
            self.log.append(Entry(player, None, self.turn, self.defcon))
            if not mine:
                # Out for good (no missile, no group): he passes every turn from now on. A
                # skip forced by a one-round sabotage is no pass: his silos come back.
                self._passed.add(player)
            self._end_turn()
            if self._end_if_both_passed():
                return

    def _end_if_both_passed(self) -> bool:
        """End the game if both players passed in a row (setting `passes_end_game`).

        Launching is optional, so without this two players could pass for ever.
        """
        if not (self.settings.passes_end_game and len(self._passed) == len(PLAYERS)):
            return False
        self._game_over("both players passed in a row")
        return True

    def _finish_choice(self, player: Player, choice: Finish) -> None:
        self._sides[player].asked_to_finish = True
        self.log.append(Entry(player, choice, self.turn, self.defcon))
        if choice.end:
            self._game_over(f"{player} ended the game")
            return
        self._salvo = self.settings.last_player == "one_salvo"
        self._advance()

    def _game_over(self, reason: str) -> None:
        self._land()
        self._pending = None
        score = {p: self.surviving_cities(p) for p in PLAYERS}
        winner: Player | None = None
        if score["A"] != score["B"]:
            winner = "A" if score["A"] > score["B"] else "B"
        self.result = DuelResult(score, winner, reason)

    # ----------------------------------------------------------------- saves

    def snapshot(self) -> dict[str, Any]:
        """A JSON-ready picture of the whole state, for comparisons and save checks."""
        pending = self._pending
        return {
            "turn": self.turn,
            "defcon": self.defcon,
            "salvo": self._salvo,
            "pending": None
            if pending is None
            else {
                "player": pending.player,
                "kind": pending.kind.value,
                "limit": pending.limit,
                "salvo": pending.salvo,
            },
            "sides": {p: self._sides[p].snapshot() for p in PLAYERS},
            "result": None
            if self.result is None
            else {"cities": self.result.cities, "winner": self.result.winner},
        }

    @classmethod
    def replay(cls, settings: DuelSettings, choices: Iterable[tuple[Player, Choice]]) -> DuelGame:
        """Rebuild a game from its decisions; each must be made by the expected player."""
        game = cls(settings)
        for number, (player, choice) in enumerate(choices, 1):
            pending = game.pending
            if pending is None or pending.player != player:
                waiting = "nobody" if pending is None else pending.player
                raise IllegalChoice(f"decision {number} is by {player}, but {waiting} is to decide")
            game.apply(choice)
        return game

    def to_json(self) -> str:
        """Save as settings + decisions in notation + private marks + a state check."""
        from cold_war_tui.duel import saves

        return saves.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> DuelGame:
        """Load a save by replaying its decisions; refuse it if the state does not match."""
        from cold_war_tui.duel import saves

        return saves.from_json(text)
