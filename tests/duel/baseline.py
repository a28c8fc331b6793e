"""The simple baseline the hunter is measured against (docs/duel.md, "Strength").

It places at random (cities, a random mix of ABM sites and silos, groups: every cell
alike) and fires as many missiles as the DEFCON limit allows, each at a random cell of
the enemy board it has not aimed at before. It never sends a group, and when it is the
last player with missiles it launches the rest.
"""

from __future__ import annotations

from cold_war_tui.duel import DuelGame, Finish, Kind, Launch, Move, Player, notation
from cold_war_tui.duel.board import ALL_CELLS
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.bots.uniform import random_placement


class BaselineBot:
    def __init__(self, seed: int) -> None:
        self.draw = Draw(seed)

    def choose(self, game: DuelGame, player: Player) -> str:
        view = game.view(player)
        pending = view.pending
        assert pending is not None
        if pending.kind is Kind.PLACE:
            choice = random_placement(self.draw, view.settings)
        elif pending.kind is Kind.FINISH:
            choice = Finish(end=False)
        else:
            aimed = {shot.target for shot in view.outgoing}
            fresh = [cell for cell in ALL_CELLS if cell not in aimed] or list(ALL_CELLS)
            silos = list(view.usable_silos)
            if pending.salvo:
                left = {s.cell: s.missiles for s in view.silos}
                silos = [cell for cell in silos for _ in range(left[cell])]
            elif pending.limit is not None:
                silos = self.draw.sample(silos, min(pending.limit, len(silos)))
            targets = self.draw.sample(fresh, min(len(fresh), len(silos)))
            choice = Move(tuple(Launch(s, t) for s, t in zip(silos, targets, strict=False)))
        return notation.format_choice(choice, private=True, latin=view.settings.latin)
