"""A player's view: his own board in full, and of the enemy only what the rules told him.

Built from the state by a function, so no screen has to remember what to hide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cold_war_tui.duel import rules
from cold_war_tui.duel.board import Cell
from cold_war_tui.duel.moves import Answer, Choice, Finish, Move
from cold_war_tui.duel.records import DuelResult, Pending
from cold_war_tui.duel.settings import DuelSettings, Player, opponent
from cold_war_tui.duel.state import ObjectKind

if TYPE_CHECKING:
    from cold_war_tui.duel.engine import DuelGame


@dataclass(frozen=True)
class OwnObject:
    """One of the player's own cities, ABM sites, silos or groups, with its full status."""

    kind: ObjectKind | None  # None for a group
    cell: Cell
    destroyed: bool = False
    disabled: bool = False
    missiles: int = 0
    launched: int = 0
    used_on: int | None = None
    target: Cell | None = None


@dataclass(frozen=True)
class ShotInfo:
    """A missile both players heard about: its silo, target and whether it was shot down."""

    turn: int
    silo: Cell
    target: Cell
    shot_down: bool


@dataclass(frozen=True)
class RaidInfo:
    """A sabotage square: foiled (by a group of the victim's) or not, and what it found."""

    turn: int
    centre: Cell
    foiled: bool
    revealed: tuple[tuple[ObjectKind, Cell], ...] = ()


@dataclass(frozen=True)
class LogLine:
    """A public record line: a request and its answer, a skip, or a finish choice.

    `choice` is None for a skipped turn (with its `turn`) and for the enemy's secret placement
    (no `turn`); the mover's private group cells are kept only in his own view.
    """

    player: Player
    choice: Choice | None
    turn: int | None
    defcon: int | None
    answer: Answer | None


@dataclass(frozen=True)
class PlayerView:
    """Everything one player may see; the enemy board appears only as revealed facts."""

    player: Player
    settings: DuelSettings
    turn: int
    defcon: int
    pending: Pending | None
    result: DuelResult | None
    # Own board, in full (including where enemy missiles and saboteurs struck).
    cities: tuple[OwnObject, ...]
    abms: tuple[OwnObject, ...]
    silos: tuple[OwnObject, ...]
    groups: tuple[OwnObject, ...]
    incoming: tuple[ShotInfo, ...]
    incoming_raids: tuple[RaidInfo, ...]
    # Own move, when it is this player's decision.
    usable_silos: tuple[Cell, ...]
    active_groups: tuple[Cell, ...]
    # The enemy board: own missiles and raids, silos seen launching, private marks.
    outgoing: tuple[ShotInfo, ...]
    raids: tuple[RaidInfo, ...]
    enemy_silos: tuple[tuple[Cell, int], ...]
    marks: tuple[tuple[Cell, str], ...]
    log: tuple[LogLine, ...]

    @property
    def my_decision(self) -> bool:
        """Whether the game waits for this player."""
        return self.pending is not None and self.pending.player == self.player

    def enemy_known(self) -> dict[Cell, ObjectKind]:
        """Enemy objects this player has seen: silos by launch, all kinds by sabotage."""
        known: dict[Cell, ObjectKind] = {}
        for raid in self.raids:
            for kind, cell in raid.revealed:
                known[cell] = kind
        for cell, _ in self.enemy_silos:
            known[cell] = "silo"
        return known


def _public(choice: Choice | None, own: bool) -> Choice | None:
    """The part of a decision the other player heard: never a placement or a group's cell."""
    if own or choice is None or isinstance(choice, Finish):
        return choice
    if isinstance(choice, Move):
        return Move(choice.launches, choice.sabotage)
    return None


def build_view(game: DuelGame, player: Player) -> PlayerView:
    """Derive `player`'s view from the full state."""
    s, turn = game.settings, game.turn
    side, enemy = game.side(player), game.side(opponent(player))
    silos_seen: dict[Cell, int] = {}
    for shot in enemy.shots:
        silos_seen[shot.silo] = silos_seen.get(shot.silo, 0) + 1
    mine = game.pending is not None and game.pending.player == player
    return PlayerView(
        player=player,
        settings=s,
        turn=turn,
        defcon=game.defcon,
        pending=game.pending,
        result=game.result,
        cities=tuple(
            OwnObject("city", c.cell, destroyed=c.destroyed_on is not None) for c in side.cities
        ),
        abms=tuple(
            OwnObject(
                "abm",
                a.cell,
                destroyed=a.destroyed_on is not None,
                disabled=rules.is_disabled(a.disabled_on, turn, s),
            )
            for a in side.abms
        ),
        silos=tuple(
            OwnObject(
                "silo",
                x.cell,
                destroyed=x.destroyed_on is not None,
                disabled=rules.is_disabled(x.disabled_on, turn, s),
                missiles=x.missiles,
                launched=x.launched,
            )
            for x in side.silos
        ),
        groups=tuple(
            OwnObject(
                None,
                g.cell,
                destroyed=g.destroyed_on is not None,
                used_on=g.used_on,
                target=g.target,
            )
            for g in side.groups
        ),
        incoming=tuple(ShotInfo(x.turn, x.silo, x.target, x.shot_down) for x in enemy.shots),
        incoming_raids=tuple(RaidInfo(r.turn, r.centre, r.foiled) for r in enemy.raids),
        usable_silos=tuple(game.usable_silos(player)) if mine else (),
        active_groups=tuple(game.active_groups(player)),
        outgoing=tuple(ShotInfo(x.turn, x.silo, x.target, x.shot_down) for x in side.shots),
        raids=tuple(RaidInfo(r.turn, r.centre, r.foiled, r.revealed) for r in side.raids),
        enemy_silos=tuple(sorted(silos_seen.items())),
        marks=tuple(sorted(side.marks.items())),
        log=tuple(
            LogLine(e.player, _public(e.choice, e.player == player), e.turn, e.defcon, e.answer)
            for e in game.log
        ),
    )
