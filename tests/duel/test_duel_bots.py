"""The duel's computer players: the API, legal decisions, and the hunter's fair play.

The hunter may know only what its player knows (docs/duel.md, "The computer opponent"):
a twin test gives it two games that differ only in the enemy's hidden board and checks
that it chooses the same; another hands it an object that has nothing but `view`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cold_war_tui.duel import DuelGame, DuelSettings, Kind, Placement, notation
from cold_war_tui.duel.bots import DUEL_BOTS, make_duel_bot
from cold_war_tui.duel.bots.draw import Draw
from cold_war_tui.duel.bots.hunter import HunterBot
from cold_war_tui.duel.bots.uniform import RandomDuelBot

from .helpers import random_choice

VARIANTS: list[dict[str, Any]] = [
    {},
    {"start_defcon": 1},
    {"start_defcon": 2, "last_player": "one_salvo"},
    {"abm_cover": "cross", "abm_stops": "per_game"},
    {"sabotage_lasts": "one_round", "impacts": "end_of_round", "escalation": "round"},
    {"groups_share_cells": False, "missiles_destroy_groups": True, "groups": 4},
    {"sabotage_groups": False, "passes_end_game": False, "first_player": "B"},
    {"cities": 3, "objects": 2, "groups": 1, "missiles_per_silo": 1},
    {"objects": 0},
]


def test_the_levels_run_from_the_weakest_and_hold_random_and_hunter() -> None:
    assert next(iter(DUEL_BOTS)) == "random"
    assert {"random", "hunter"} <= set(DUEL_BOTS)
    assert isinstance(make_duel_bot("random", 1), RandomDuelBot)
    assert isinstance(make_duel_bot("hunter", 1), HunterBot)


@pytest.mark.parametrize("name", ["", "Hunter", "greedy", None])
def test_an_unknown_level_is_refused_by_name(name: Any) -> None:
    with pytest.raises(ValueError, match="random, hunter"):
        make_duel_bot(name, 1)


def test_a_seed_must_be_an_int() -> None:
    with pytest.raises(TypeError):
        make_duel_bot("hunter", "1")  # type: ignore[arg-type]


def play(names: tuple[str, str], settings: DuelSettings, seed: int) -> DuelGame:
    """A whole game between two levels; every text must be accepted by the engine."""
    game = DuelGame(settings)
    bots = {"A": make_duel_bot(names[0], seed), "B": make_duel_bot(names[1], seed + 1)}
    for _ in range(400):
        pending = game.pending
        if pending is None:
            return game
        text = bots[pending.player].choose(game, pending.player)
        assert isinstance(text, str)
        game.choose(text)  # raises if the rules refuse it
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v) or "defaults")
def test_every_level_makes_only_legal_choices_whatever_the_settings(
    variant: dict[str, Any],
) -> None:
    settings = DuelSettings(**variant)
    for names in (("hunter", "random"), ("random", "hunter")):
        game = play(names, settings, 5)
        assert game.result is not None


def test_the_same_seed_gives_the_same_game() -> None:
    settings = DuelSettings(cities=5, objects=4, groups=1)
    first = play(("hunter", "random"), settings, 9)
    again = play(("hunter", "random"), settings, 9)
    assert first.choices() == again.choices()


def test_a_bot_answers_in_latin_when_the_duel_prints_latin() -> None:
    game = DuelGame(DuelSettings(row_letters="latin"))
    text = make_duel_bot("hunter", 3).choose(game, "A")
    assert text.startswith("Cities") and "Города" not in text
    game.choose(text)


class ViewOnly:
    """A game that offers a bot nothing but its player's view."""

    def __init__(self, game: DuelGame) -> None:
        self._game = game

    def view(self, player: str) -> Any:
        return self._game.view(player)  # type: ignore[arg-type]


def test_the_hunter_reads_nothing_but_its_view() -> None:
    game = DuelGame(DuelSettings(cities=6, objects=5, groups=2, start_defcon=3))
    hunter, other = HunterBot(4), RandomDuelBot(5)
    while (pending := game.pending) is not None:
        if pending.player == "A":
            text = hunter.choose(ViewOnly(game), "A")  # type: ignore[arg-type]
        else:
            text = other.choose(game, "B")
        game.choose(text)
    assert game.result is not None


# -- the twin test: only the hidden enemy board differs -------------------------------------

CITIES_ONE = "Города А1 А4 Б7 Г2 Д5 Е8 Ж3 З6"
CITIES_TWO = "Города А2 А5 Б8 Г1 Д6 Е7 Ж2 З5"
"""The twins' enemy cities; their ABM sites and silos are the same (answers show those)."""


@pytest.mark.parametrize("sabotage", [False, True])
def test_the_hunter_chooses_the_same_in_twin_games_that_differ_only_in_the_enemy_board(
    sabotage: bool,
) -> None:
    """Without sabotage the answers name only shot-down missiles, so the twins hear the
    same to the end; with it they hear the same until a sabotage report differs."""
    settings = DuelSettings(cities=8, objects=4, groups=2, sabotage_groups=sabotage)
    groups = (" ДРГ А1 З6", " ДРГ А2 З5") if sabotage else ("", "")
    enemy = [
        f"{cities} ПРО Б2 Е6 МБР Г7 Ж7{extra}"
        for cities, extra in zip((CITIES_ONE, CITIES_TWO), groups, strict=True)
    ]
    games = [DuelGame(settings), DuelGame(settings)]
    hunters = [HunterBot(11), HunterBot(11)]
    others = [RandomDuelBot(12), RandomDuelBot(12)]
    moves, parted = 0, False
    while games[0].pending is not None:
        pending = games[0].pending
        assert games[1].pending == pending
        if pending.player == "A":
            texts = [h.choose(g, "A") for h, g in zip(hunters, games, strict=True)]
            assert texts[0] == texts[1], f"the twins' hunters differ at move {moves + 1}"
            moves += pending.kind is Kind.MOVE
        elif pending.kind is Kind.PLACE:
            texts = enemy
        else:
            texts = [o.choose(g, "B") for o, g in zip(others, games, strict=True)]
        answers = [g.choose(t) for g, t in zip(games, texts, strict=True)]
        if answers[0] != answers[1]:
            parted = True  # from here the hunter has been told different things
            break
    assert moves >= 1
    if not sabotage:
        assert not parted and games[0].result is not None and moves >= 3


# -- the belief: consistent with every answer, and the truth is never ruled out --------------


@pytest.mark.parametrize("seed", range(12))
def test_the_belief_keeps_only_worlds_that_give_every_answer_and_never_rules_out_the_truth(
    seed: int,
) -> None:
    from cold_war_tui.duel.bots.geometry import index
    from cold_war_tui.duel.bots.worlds import Belief, Facts, advance

    settings = DuelSettings(**VARIANTS[seed % 4])
    rng = random.Random(seed)
    game = DuelGame(settings)
    while (pending := game.pending) is not None:
        if pending.kind is not Kind.PLACE:
            player = pending.player
            enemy = "B" if player == "A" else "A"
            view = game.view(player)
            truth = next(e.choice for e in game.log if e.player == enemy and e.turn is None)
            assert isinstance(truth, Placement)
            assert advance(DuelGame(settings), view, 0, truth)
            facts = Facts.of(view)
            side = game.side(enemy)
            cells = {index(o.cell) for o in [*side.cities, *side.abms, *side.silos]}
            assert not cells & facts.empty
            assert {index(a.cell) for a in side.abms} <= facts.abm_room
            belief = Belief(Draw(seed), size=8)
            worlds = belief.update(view)
            assert worlds and belief.checked
            for world in worlds:
                assert world.view(player).log == view.log
        game.apply(random_choice(game, rng))


# -- the hunter's habits ------------------------------------------------------------------------


def test_the_hunter_spreads_its_cities_covers_them_and_keeps_silos_apart() -> None:
    from cold_war_tui.duel.board import ALL_CELLS, covers, square

    settings = DuelSettings()
    for seed in range(5):
        game = DuelGame(settings)
        placement = notation.parse_placement(HunterBot(seed).choose(game, "A"))
        cities = placement.cities
        # one missile never takes three cities, and rarely two
        most = max(sum(1 for c in cities if c in square(t)) for t in ALL_CELLS)
        assert most <= 2
        near = sum(1 for i, a in enumerate(cities) for b in cities[i + 1 :] if b in _within(a, 2))
        assert near <= 7
        # most cities stand next to an ABM site
        guarded = sum(1 for c in cities if any(covers(a, c) for a in placement.abms))
        assert guarded >= len(cities) // 3
        # a missile at a silo takes at most one city or silo more, and silos stand apart
        for silo in placement.silos:
            others = [*cities, *(s for s in placement.silos if s != silo)]
            assert sum(1 for o in others if o in square(silo)) <= 1
        silos = placement.silos
        pairs = sum(1 for i, a in enumerate(silos) for b in silos[i + 1 :] if b in square(a))
        assert pairs <= 1
        assert set(placement.groups) <= set(placement.silos)


def _within(cell: Any, reach: int) -> set[Any]:
    from cold_war_tui.duel.board import ALL_CELLS

    return {
        c
        for c in ALL_CELLS
        if c != cell and max(abs(c.row - cell.row), abs(c.col - cell.col)) <= reach
    }
