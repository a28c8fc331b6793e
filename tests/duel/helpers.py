"""Shared builders for the duel tests: small set-ups and random legal games."""

from __future__ import annotations

import random

from cold_war_tui.duel import DuelGame, DuelSettings, Finish, Kind, Move, Placement
from cold_war_tui.duel.board import ALL_CELLS
from cold_war_tui.duel.moves import Choice, Launch


def game_with(
    a: str,
    b: str,
    **settings: object,
) -> DuelGame:
    """A game past both placements, given in notation ('Города ... ПРО ... МБР ... ДРГ ...')."""
    game = DuelGame(DuelSettings.model_validate(settings))
    first = game.settings.first_player
    texts = {"A": a, "B": b}
    game.choose(texts[first])
    game.choose(texts["B" if first == "A" else "A"])
    return game


def short_game() -> DuelGame:
    """Both placed, A has launched: B is to move."""
    game = game_with(
        "Города А1 МБР А2 ДРГ А3", "Города А1 МБР З3 ДРГ А3",
        cities=1, objects=1, groups=1, missiles_per_silo=2,
    )  # fmt: skip
    game.choose("МБР А2 Цели Г4")
    return game


def small(**extra: object) -> dict[str, object]:
    """Settings for a small board set-up: 2 cities, 3 objects, 1 group each."""
    base: dict[str, object] = {"cities": 2, "objects": 3, "groups": 1}
    base.update(extra)
    return base


def random_placement(rng: random.Random, settings: DuelSettings) -> Placement:
    """A legal random set-up."""
    cells = rng.sample(ALL_CELLS, settings.cities + settings.objects)
    cities, objects = cells[: settings.cities], cells[settings.cities :]
    n_abm = rng.randint(0, settings.objects)
    groups: tuple = ()
    if settings.sabotage_groups:
        pool = (
            ALL_CELLS if settings.groups_share_cells else [c for c in ALL_CELLS if c not in cells]
        )
        groups = tuple(rng.sample(list(pool), settings.groups))
    return Placement(tuple(cities), tuple(objects[:n_abm]), tuple(objects[n_abm:]), groups)


def random_choice(game: DuelGame, rng: random.Random) -> Choice:
    """A legal random decision, built only from the deciding player's view."""
    pending = game.pending
    assert pending is not None
    if pending.kind is Kind.PLACE:
        return random_placement(rng, game.settings)
    if pending.kind is Kind.FINISH:
        return Finish(rng.random() < 0.25)
    view = game.view(pending.player)
    usable = list(view.usable_silos)
    launches: list[Launch] = []
    if pending.salvo:
        left = {s.cell: s.missiles for s in view.silos}
        for cell in usable:
            launches += [Launch(cell, rng.choice(ALL_CELLS)) for _ in range(left[cell])]
    elif usable and rng.random() < 0.85:  # launching is optional: sometimes none
        cap = len(usable) if pending.limit is None else min(pending.limit, len(usable))
        chosen = rng.sample(usable, rng.randint(1, cap))
        launches = [Launch(cell, rng.choice(ALL_CELLS)) for cell in chosen]
    groups = list(view.active_groups)
    sabotage: tuple = ()
    if groups and rng.random() < 0.4:
        sabotage = tuple(rng.choice(ALL_CELLS) for _ in range(rng.randint(1, len(groups))))
    return Move(tuple(launches), sabotage)


def play_random(settings: DuelSettings, seed: int, max_steps: int = 400) -> DuelGame:
    """Play a random legal game to its end."""
    rng = random.Random(seed)
    game = DuelGame(settings)
    for _ in range(max_steps):
        if game.pending is None:
            return game
        game.apply(random_choice(game, rng))
    raise AssertionError("a random game did not end")
