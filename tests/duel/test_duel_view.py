"""Hidden information: view(player) never leaks the opponent's unrevealed objects (I11)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cold_war_tui.duel import Cell, DuelGame, DuelSettings, Move, Placement, PlayerView, opponent
from cold_war_tui.duel.board import ALL_CELLS, square
from cold_war_tui.duel.moves import Choice

from .helpers import random_choice

RULE_VARIANTS = st.fixed_dictionaries(
    {
        "passes_end_game": st.booleans(),
        "impacts": st.sampled_from(["end_of_move", "end_of_round"]),
        "sabotage_lasts": st.sampled_from(["rest_of_game", "one_round"]),
        "abm_stops": st.sampled_from(["per_move", "per_game"]),
        "start_defcon": st.integers(1, 5),
        "missiles_per_silo": st.integers(1, 3),
        "first_player": st.sampled_from(["A", "B"]),
        "last_player": st.sampled_from(["by_moves", "one_salvo"]),
    }
)


def legitimately_known(game: DuelGame, player: str) -> set[Cell]:
    """Enemy cells the rules told `player` about, recomputed from the full record."""
    known: set[Cell] = set()
    for entry in game.log:
        if isinstance(entry.choice, Move) and entry.answer is not None:
            if entry.player == player:
                a = entry.answer
                known.update(a.abms + a.silos + a.cities)
            else:
                known.update(entry.choice.silos)
    return known


def check_view(game: DuelGame, view: PlayerView) -> None:
    """The structural promises of a view."""
    me = view.player
    side = game.side(me)
    # Own board in full, and only the own board.
    assert [o.cell for o in view.cities] == [c.cell for c in side.cities]
    assert [o.cell for o in view.silos] == [s.cell for s in side.silos]
    assert [o.cell for o in view.abms] == [a.cell for a in side.abms]
    # Of the enemy board, only revealed cells.
    assert set(view.enemy_known()) <= legitimately_known(game, me)
    # A foiled sabotage is named in the answer (issue 15 item 2): the view says which.
    assert [r.centre for r in view.raids if r.foiled] == [
        c for line in view.log if line.player == me and line.answer for c in line.answer.foiled
    ]
    # The public record never carries the enemy's placement or his groups' cells.
    for line in view.log:
        if line.player != me:
            assert not isinstance(line.choice, Placement)
            assert not (isinstance(line.choice, Move) and line.choice.groups)
    # The launch limit is public; the usable silos appear only in the mover's own view.
    if not view.my_decision:
        assert view.usable_silos == ()


@settings(max_examples=60, deadline=None)
@given(RULE_VARIANTS, st.integers(0, 10**6))
def test_views_only_show_what_the_rules_reveal(variant: dict[str, object], seed: int) -> None:
    """I11: at every step of random legal games, each view shows the own board in full and of
    the enemy board only silos seen launching and objects found by sabotage."""
    rng = random.Random(seed)
    game = DuelGame(DuelSettings.model_validate(variant))
    for _ in range(400):
        for player in ("A", "B"):
            check_view(game, game.view(player))
        if game.pending is None:
            break
        game.apply(random_choice(game, rng))
    assert game.over


def hidden_city_twin(game: DuelGame, victim: str, rng: random.Random) -> Placement | None:
    """The victim's placement with one city moved between two cells the enemy never saw."""
    spied: set[Cell] = set()
    for entry in game.log:
        if isinstance(entry.choice, Move) and entry.player != victim:
            for centre in entry.choice.sabotage:
                spied |= square(centre)
    placement = next(
        e.choice for e in game.log if e.player == victim and isinstance(e.choice, Placement)
    )
    assert isinstance(placement, Placement)
    used = set(placement.cities + placement.abms + placement.silos + placement.groups)
    movable = [c for c in placement.cities if c not in spied]
    free = [c for c in ALL_CELLS if c not in used and c not in spied]
    if not movable or not free:
        return None
    old, new = rng.choice(movable), rng.choice(free)
    cities = tuple(new if c == old else c for c in placement.cities)
    return dataclasses.replace(placement, cities=cities)


@settings(max_examples=40, deadline=None)
@given(RULE_VARIANTS, st.integers(0, 10**6), st.sampled_from(["A", "B"]))
def test_moving_an_unseen_city_changes_nothing_the_enemy_sees(
    variant: dict[str, object], seed: int, victim: str
) -> None:
    """I11, the strongest form: two games that differ only in where an unseen enemy city
    stands give the spying player identical views at every step (until the final count)."""
    rng = random.Random(seed)
    game = DuelGame(DuelSettings.model_validate(variant))
    while game.pending is not None:
        game.apply(random_choice(game, rng))
    twin_placement = hidden_city_twin(game, victim, rng)
    if twin_placement is None:
        return
    spy = opponent(victim)  # type: ignore[arg-type]
    original, twin = DuelGame(game.settings), DuelGame(game.settings)
    for player, choice in game.choices():
        swapped: Choice = (
            twin_placement if isinstance(choice, Placement) and player == victim else choice
        )
        original.apply(choice)
        twin.apply(swapped)
        a, b = original.view(spy), twin.view(spy)
        assert dataclasses.replace(a, result=None) == dataclasses.replace(b, result=None)
    assert original.side(victim).cities != twin.side(victim).cities  # type: ignore[arg-type]
