"""How strong the hunter is: against `random` and against the baseline of baseline.py.

The issue's figures are 200 games each (hunter wins at least 95% against random, 75%
against the baseline). A test run plays a few games (the same ones every time: the games
depend only on their seeds); set DUEL_STRENGTH_GAMES=200 to play the full matches, which
`cold-war-tui duel-arena` reports for the levels of DUEL_BOTS (docs/duel.md, "Strength").
"""

from __future__ import annotations

import os

import pytest

from cold_war_tui.duel.bots import DuelBot, make_duel_bot
from cold_war_tui.duel_arena import play_duel, summarize

from .baseline import BaselineBot

GAMES = int(os.environ.get("DUEL_STRENGTH_GAMES", "4"))
TARGETS = {"random": 0.95, "baseline": 0.75}


def make(name: str, seed: int) -> DuelBot:
    return BaselineBot(seed) if name == "baseline" else make_duel_bot(name, seed)


@pytest.mark.parametrize("opponent", list(TARGETS))
def test_the_hunter_wins_its_share(opponent: str) -> None:
    names = ("hunter", opponent)
    records = [play_duel(names, n, 1, make) for n in range(GAMES)]
    report = summarize(names, records)
    print(
        f"hunter vs {opponent}: {report['wins']} wins of {GAMES}, draws {report['draws']}, "
        f"cities {report['cities_mean']}, think {report['think'][0]}"
    )
    assert report["wins"][0] >= TARGETS[opponent] * GAMES


def test_the_baseline_places_at_random_and_fires_at_fresh_cells_up_to_the_limit() -> None:
    from cold_war_tui.duel import DuelGame, DuelSettings, Kind, notation

    game = DuelGame(DuelSettings(start_defcon=3))
    bots = {"A": BaselineBot(1), "B": BaselineBot(2)}
    while (pending := game.pending) is not None:
        text = bots[pending.player].choose(game, pending.player)
        if pending.kind is Kind.MOVE:
            move = notation.parse_move(text)
            usable = len(game.view(pending.player).usable_silos)
            assert len(move.launches) == (
                usable if pending.limit is None else min(pending.limit, usable)
            )
            assert not move.sabotage
            earlier = {s.target for s in game.view(pending.player).outgoing}
            assert not earlier & set(move.targets)
        game.choose(text)
