"""Rule settings: one field for every INTERPRETATION point of the rules text, frozen."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cold_war_tui.duel.board import SIZE

Player = Literal["A", "B"]
PLAYERS: tuple[Player, Player] = ("A", "B")


def opponent(player: Player) -> Player:
    """The other player."""
    return "B" if player == "A" else "A"


RETIRED = frozenset({"announce_foiled"})


class DuelSettings(BaseModel):
    """Everything the seed leaves open, each with the documented default (docs/duel.md)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # 1. Missiles per silo: the seed's picture with the number is missing.
    missiles_per_silo: int = Field(default=3, ge=1, le=10)
    # 2. Start level and the launch limit at DEFCON 2, 3, 4, 5 (DEFCON 1: every usable silo).
    start_defcon: int = Field(default=5, ge=1, le=5)
    defcon_limits: tuple[int, int, int, int] = (4, 3, 2, 1)
    # 3. DEFCON drops after each player's move ("move") or after each pair of moves ("round").
    escalation: Literal["move", "round"] = "move"
    # 4. Who places and moves first.
    first_player: Player = "A"
    # 5. ABM radius 1: the 3x3 square (Chebyshev) or the plus-shaped cross (Manhattan).
    abm_cover: Literal["square", "cross"] = "square"
    # 6. Each ABM stops one missile in every enemy move, or one missile in the whole game.
    abm_stops: Literal["per_move", "per_game"] = "per_move"
    # 7. Sabotaged silos and ABM sites stay off for the rest of the game, or for one round.
    sabotage_lasts: Literal["rest_of_game", "one_round"] = "rest_of_game"
    # 8. Missiles land at the end of their move, or at the end of the round (a retaliation window).
    impacts: Literal["end_of_move", "end_of_round"] = "end_of_move"
    # 9. Groups may stand on a cell with a city or object; missiles do not kill groups.
    groups_share_cells: bool = True
    missiles_destroy_groups: bool = False
    # 10. After "continue", the last player with missiles plays on move by move, or fires
    # every remaining missile in one final salvo.
    last_player: Literal["by_moves", "one_salvo"] = "by_moves"
    # 11. The hot-seat "pass the terminal" screen before every change of player.
    hand_over_screen: bool = True
    # 12. Row letters used when printing: the seed's Cyrillic, or Latin A-H.
    row_letters: Literal["cyrillic", "latin"] = "cyrillic"
    # The add-on: sabotage-reconnaissance groups (ДРГ).
    sabotage_groups: bool = True
    # Launching is optional ("можно"): when both players pass in a row, the game ends.
    passes_end_game: bool = True
    # Army sizes from the seed: 10 cities, 8 ABM/silo objects, 2 groups (smaller for lessons).
    cities: int = Field(default=10, ge=1, le=20)
    objects: int = Field(default=8, ge=0, le=20)
    groups: int = Field(default=2, ge=1, le=4)

    @classmethod
    def from_saved(cls, data: object) -> DuelSettings:
        """Settings read from a save or a game record. A setting retired since is dropped, so
        older files still load: `announce_foiled` (off: a foiled sabotage was answered as if
        its square were empty) went when every answer began to name its foiled squares."""
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in RETIRED}
        return cls.model_validate(data)

    @model_validator(mode="after")
    def _check(self) -> DuelSettings:
        for level, limit in zip((2, 3, 4, 5), self.defcon_limits, strict=True):
            if not 1 <= limit <= 20:
                raise ValueError(f"launch limit at DEFCON {level} must be 1-20, not {limit}")
        if self.cities + self.objects > SIZE * SIZE:
            raise ValueError("cities and objects do not fit on the 64 cells of a board")
        return self

    def launch_limit(self, defcon: int) -> int | None:
        """Most missiles a move may launch at this DEFCON; None means one from every silo."""
        if defcon <= 1:
            return None
        return self.defcon_limits[defcon - 2]

    @property
    def latin(self) -> bool:
        """Whether cells are printed with Latin row letters."""
        return self.row_letters == "latin"
