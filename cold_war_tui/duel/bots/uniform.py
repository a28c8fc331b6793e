"""The `random` level: any legal placement and any legal move, from its own seed.

It reads only the deciding player's view; its moves are legal by construction (usable
silos, the DEFCON limit, groups still in play), so the engine never refuses one.
"""

from __future__ import annotations

from cold_war_tui.duel import notation
from cold_war_tui.duel.board import ALL_CELLS, Cell
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.moves import Choice, Finish, Launch, Move, Placement
from cold_war_tui.duel.records import Kind
from cold_war_tui.duel.settings import DuelSettings, Player
from cold_war_tui.duel.view import PlayerView

PASS_CHANCE = 0.1
"""How often it launches nothing (launching is optional, so a pass is a legal move)."""
SABOTAGE_CHANCE = 0.3


def random_placement(draw: Draw, settings: DuelSettings) -> Placement:
    """Cities and objects on distinct random cells, a random mix of ABM sites and silos,
    and the groups on random cells (on free cells when groups may not share one)."""
    cells = draw.sample(ALL_CELLS, settings.cities + settings.objects)
    cities, objects = cells[: settings.cities], cells[settings.cities :]
    abms = draw.below(settings.objects + 1)
    groups: list[Cell] = []
    if settings.sabotage_groups:
        free = [c for c in ALL_CELLS if c not in cells]
        groups = draw.sample(ALL_CELLS if settings.groups_share_cells else free, settings.groups)
    return Placement(tuple(cities), tuple(objects[:abms]), tuple(objects[abms:]), tuple(groups))


def random_move(draw: Draw, view: PlayerView) -> Move:
    """Some usable silos (within the limit) at random cells, sometimes a sabotage."""
    pending = view.pending
    assert pending is not None
    usable = list(view.usable_silos)
    launches: list[Launch] = []
    if pending.salvo:
        left = {s.cell: s.missiles for s in view.silos}
        for cell in usable:
            launches += [Launch(cell, draw.choice(ALL_CELLS)) for _ in range(left[cell])]
    elif usable and draw.random() >= PASS_CHANCE:
        cap = len(usable) if pending.limit is None else min(pending.limit, len(usable))
        chosen = draw.sample(usable, 1 + draw.below(cap))
        launches = [Launch(cell, draw.choice(ALL_CELLS)) for cell in chosen]
    groups = list(view.active_groups)
    if not groups or draw.random() >= SABOTAGE_CHANCE:
        return Move(tuple(launches))
    sent = draw.sample(groups, 1 + draw.below(len(groups)))
    squares = tuple(draw.choice(ALL_CELLS) for _ in sent)
    return Move(tuple(launches), squares, tuple(sent))


class RandomDuelBot:
    """Uniformly random legal decisions: the weakest level."""

    def __init__(self, seed: int) -> None:
        self.draw = Draw(seed)

    def decide(self, view: PlayerView) -> Choice:
        pending = view.pending
        assert pending is not None and pending.player == view.player
        if pending.kind is Kind.PLACE:
            return random_placement(self.draw, view.settings)
        if pending.kind is Kind.FINISH:
            return Finish(self.draw.random() < 0.5)
        return random_move(self.draw, view)

    def choose(self, game: DuelGame, player: Player) -> str:
        view = game.view(player)
        return notation.format_choice(self.decide(view), private=True, latin=view.settings.latin)
