"""Rules of the DEFCON duel, one test (or a few) per rule of 03-defcon-paper-game.md.

Each docstring cites the rules text: "Rendering" for the seed's own rules, "I<n>" for the
numbered INTERPRETATION points.
"""

from __future__ import annotations

import pytest

from cold_war_tui.duel import (
    Cell,
    DuelGame,
    DuelSettings,
    Finish,
    IllegalChoice,
    Kind,
    Move,
    Player,
    notation,
)

from .helpers import game_with, small


def c(name: str) -> Cell:
    return Cell.parse(name)


def destroyed(game: DuelGame, player: Player, kind: str) -> set[str]:
    side = game.side(player)
    hit = {
        "city": {c.cell.name for c in side.cities if c.destroyed_on is not None},
        "abm": {a.cell.name for a in side.abms if a.destroyed_on is not None},
        "silo": {s.cell.name for s in side.silos if s.destroyed_on is not None},
    }
    return hit[kind]


# A defender with objects packed around Б2, and an attacker with silos far away.
ATTACKER = "Города З1 З2 МБР З8 Ж8 Е8 ДРГ З1"
PACKED = "Города А1 В3 МБР Б2 А3 Г4 ДРГ Е5"


# ---------------------------------------------------------------- the blast (Rendering, I5)


def test_blast_destroys_everything_in_the_3x3_square() -> None:
    """Rendering 'A move': a missile destroys cities, silos and ABM sites in the 3x3 square."""
    game = game_with(ATTACKER, PACKED, **small(start_defcon=5))
    game.choose("МБР З8 Цели Б2")
    assert destroyed(game, "B", "city") == {"А1", "В3"}
    assert destroyed(game, "B", "silo") == {"Б2", "А3"}
    assert game.side("B").silos[2].destroyed_on is None  # Г4 is two rows away
    assert all(s.missiles == 0 for s in game.side("B").silos[:2]), (
        "I7: destroyed silos lose missiles"
    )


def test_blast_is_clipped_at_the_board_edge() -> None:
    """I5: the 3x3 square is clipped at the edge: a corner hit covers 4 cells."""
    game = game_with(ATTACKER, "Города А1 В1 МБР Б2 А3 Г4 ДРГ Е5", **small())
    game.choose("МБР З8 Цели А1")
    assert destroyed(game, "B", "city") == {"А1"}  # В1 is outside
    assert destroyed(game, "B", "silo") == {"Б2"}  # А3 is outside the clipped square


def test_abm_sites_are_destroyed_by_a_blast_outside_their_cover() -> None:
    """Rendering 'A move': ABM sites are objects; a missile landing next to one destroys it
    unless the site can stop it (here it already stopped another missile this move)."""
    game = game_with(ATTACKER, "Города А8 Б8 ПРО Г4 МБР А1 А2 ДРГ Е5", **small(start_defcon=3))
    answer = game.choose("МБР З8 Ж8 Цели Д5 Д5")
    assert answer is not None and answer.shot_down == (c("Д5"),)
    assert destroyed(game, "B", "abm") == {"Г4"}


def test_groups_survive_missiles_unless_the_setting_says_otherwise() -> None:
    """I9: groups are not objects and survive a blast; `missiles_destroy_groups` changes that."""
    for setting, alive in ((False, True), (True, False)):
        game = game_with(
            ATTACKER, "Города А8 Б8 МБР А1 А2 А3 ДРГ Д5", **small(missiles_destroy_groups=setting)
        )
        game.choose("МБР З8 Цели Д5")
        assert game.side("B").groups[0].active is alive


# ---------------------------------------------------------------- interception (Rendering, I5, I6)


def test_abm_stops_a_missile_aimed_within_radius_1() -> None:
    """Rendering + I5: a target within Chebyshev distance 1 of an ABM site is shot down."""
    game = game_with(ATTACKER, "Города А8 Б8 ПРО Г4 МБР А1 А2 ДРГ Е5", **small())
    answer = game.choose("МБР З8 Цели Д5")  # diagonal neighbour of Г4
    assert answer is not None and answer.shot_down == (c("Д5"),)
    assert destroyed(game, "B", "abm") == set()
    game.choose("МБР А1 Цели Б1")
    answer = game.choose("МБР З8 Цели Е6")  # two rows and columns away: out of cover
    assert answer is not None and answer.shot_down == ()


def test_one_abm_stops_one_missile_per_move() -> None:
    """Rendering + I6: one ABM site stops one missile; a second one at that cell gets through."""
    game = game_with(ATTACKER, "Города Д6 Б8 ПРО Г4 МБР А1 А2 ДРГ Е5", **small(start_defcon=4))
    answer = game.choose("МБР З8 Ж8 Цели Д5 Д5")
    assert answer is not None and answer.shot_down == (c("Д5"),)
    assert destroyed(game, "B", "city") == {"Д6"}


def test_overlapping_cover_stops_as_many_missiles_as_sites() -> None:
    """Rendering: overlapping cover of several ABM sites stops that many missiles."""
    game = game_with(ATTACKER, "Города А8 Б8 ПРО Г4 Г6 МБР А1 ДРГ Е5", **small(start_defcon=3))
    answer = game.choose("МБР З8 Ж8 Е8 Цели Г5 Г5 Г5")
    assert answer is not None and answer.shot_down == (c("Г5"), c("Г5"))


def test_sites_are_assigned_by_maximum_matching() -> None:
    """I6: the app assigns sites so the most missiles are stopped, not greedily.

    В3 is covered by both В2 and В4; В1 only by В2. Greedy (В3 takes В2) would stop one.
    """
    game = game_with(ATTACKER, "Города А8 Б8 ПРО В2 В4 МБР З1 ДРГ Е5", **small(start_defcon=4))
    answer = game.choose("МБР З8 Ж8 Цели В3 В1")
    assert answer is not None and answer.shot_down == (c("В3"), c("В1"))


def test_ties_stop_the_earliest_declared_missile() -> None:
    """I6: among equally good assignments the earliest-declared missile is stopped."""
    game = game_with(ATTACKER, "Города А8 Б8 ПРО Г4 МБР З1 З3 ДРГ Е5", **small(start_defcon=4))
    answer = game.choose("МБР З8 Ж8 Цели Д5 В3")
    assert answer is not None and answer.shot_down == (c("Д5"),)


def test_abm_capacity_renews_every_move() -> None:
    """I6: the capacity is per move: the same site stops a missile in every enemy move."""
    game = game_with(ATTACKER, "Города А8 Б8 ПРО Г4 МБР З1 З3 ДРГ Е5", **small(missiles_per_silo=3))
    for _ in range(3):
        answer = game.choose("МБР З8 Цели Д5")
        assert answer is not None and answer.shot_down == (c("Д5"),)
        game.choose("МБР З1 Цели А1")


def test_abm_per_game_setting_stops_only_one_missile_ever() -> None:
    """I6 setting `abm_stops=per_game`: a site stops one missile in the whole game."""
    game = game_with(
        ATTACKER, "Города А8 Б8 ПРО Г4 МБР З1 З3 ДРГ Е5", **small(abm_stops="per_game")
    )
    first = game.choose("МБР З8 Цели Д5")
    game.choose("МБР З1 Цели А1")
    second = game.choose("МБР З8 Цели Д5")
    assert first is not None and first.shot_down == (c("Д5"),)
    assert second is not None and second.shot_down == ()


def test_cross_cover_setting_leaves_diagonals_open() -> None:
    """I5 setting `abm_cover=cross`: radius 1 as a plus sign; a diagonal target is not covered."""
    for cover, stopped in (("square", "Д5"), ("cross", "Д4")):
        game = game_with(
            ATTACKER,
            "Города А8 Б8 ПРО Г4 МБР З1 З3 ДРГ Е5",
            **small(abm_cover=cover, start_defcon=4),
        )
        answer = game.choose("МБР З8 Ж8 Цели Д5 Д4")  # diagonal first, then the side neighbour
        assert answer is not None and answer.shot_down == (c(stopped),)


# ---------------------------------------------------------------- silo reveal (Rendering)


def test_silo_is_revealed_on_its_first_launch_only() -> None:
    """Rendering 'A move': a silo's coordinates are revealed when it launches its first missile."""
    game = game_with(ATTACKER, PACKED, **small())
    assert game.view("B").enemy_silos == ()
    game.choose("МБР Ж8 Цели Е1")
    seen = dict(game.view("B").enemy_silos)
    assert seen == {c("Ж8"): 1}
    assert c("З8") not in game.view("B").enemy_known()
    game.choose("МБР Г4 Цели А1")
    game.choose("МБР Ж8 Цели Е1")
    assert dict(game.view("B").enemy_silos) == {c("Ж8"): 2}


# ---------------------------------------------------------------- DEFCON (Rendering, I2, I3)

LIMITS = {5: 1, 4: 2, 3: 3, 2: 4, 1: None}
EIGHT_SILOS_A = "Города З1 З2 МБР Г1 Г2 Г3 Г4 Г5 Г6 Г7 Г8 ДРГ З1"
EIGHT_SILOS_B = "Города А1 А2 МБР Д1 Д2 Д3 Д4 Д5 Д6 Д7 Д8 ДРГ А1"


@pytest.mark.parametrize("start", [1, 2, 3, 4, 5])
def test_defcon_limits_and_escalation_from_every_start_level(start: int) -> None:
    """I2 + I3: at DEFCON n a move may launch 6-n missiles (all silos at 1); the level drops
    by one after each player's move and never below 1, from any start level."""
    game = game_with(
        EIGHT_SILOS_A, EIGHT_SILOS_B, cities=2, objects=8, groups=1, start_defcon=start,
        missiles_per_silo=10,
    )  # fmt: skip
    silos = {"A": [f"Г{n}" for n in range(1, 9)], "B": [f"Д{n}" for n in range(1, 9)]}
    for turn in range(7):
        pending = game.pending
        assert pending is not None and pending.kind is Kind.MOVE
        level = max(1, start - turn)
        assert (pending.defcon, game.defcon, pending.limit) == (level, level, LIMITS[level])
        limit = LIMITS[level]
        count = 8 if limit is None else limit
        mine = silos[pending.player]
        far = "Ж8" if pending.player == "A" else "Б8"  # empty corner areas of the enemy board
        if count < 8:
            before = game.snapshot()
            with pytest.raises(IllegalChoice, match=f"DEFCON {level} allows at most {count}"):
                game.apply(Move.of(mine[: count + 1], [far] * (count + 1)))
            assert game.snapshot() == before
        game.apply(Move.of(mine[:count], [far] * count))


def test_seed_example_defcon_2_then_all_silos() -> None:
    """Rendering 'Launch limits': from DEFCON 2 the first player launches four missiles, then
    DEFCON 1 begins and the second player may use all his silos."""
    game = game_with(EIGHT_SILOS_A, EIGHT_SILOS_B, cities=2, objects=8, groups=1, start_defcon=2)
    game.choose("МБР Г1 Г2 Г3 Г4 Цели Б8 Б8 Б8 Б8")
    assert game.pending is not None and game.pending.limit is None and game.defcon == 1
    answer = game.choose("МБР Д1 Д2 Д3 Д4 Д5 Д6 Д7 Д8 Цели Ж8 Ж8 Ж8 Ж8 Ж8 Ж8 Ж8 Ж8")
    assert answer is not None and game.defcon == 1


def test_escalation_per_round_setting() -> None:
    """I3 setting `escalation=round`: the level drops after both players have moved."""
    game = game_with(
        EIGHT_SILOS_A, EIGHT_SILOS_B, cities=2, objects=8, groups=1, escalation="round"
    )
    levels = []
    for turn in range(4):
        levels.append(game.defcon)
        game.apply(
            Move.of(["Г1"] if turn % 2 == 0 else ["Д1"], ["Б8"] if turn % 2 == 0 else ["Ж8"])
        )
    assert levels == [5, 5, 4, 4]


def test_one_missile_per_silo_per_move() -> None:
    """Rendering 'A move': one missile from each intact silo per move."""
    game = game_with(EIGHT_SILOS_A, EIGHT_SILOS_B, cities=2, objects=8, groups=1, start_defcon=1)
    with pytest.raises(IllegalChoice, match="only one missile per move"):
        game.choose("МБР Г1 Г1 Цели Б8 Б7")


# ---------------------------------------------------------------- sabotage (Rendering add-on, I7)

SAB_B = "Города Г3 А8 ПРО Г4 МБР Д3 Б8 ДРГ Е8"


def test_sabotage_comes_after_the_launches() -> None:
    """Rendering add-on + I7: an ABM disabled by sabotage still stops this move's missile, stops
    nothing from the next move on; a disabled silo never launches again."""
    game = game_with(ATTACKER, SAB_B, **small(missiles_per_silo=3))
    answer = game.choose("МБР З8 Цели Д5 ДРГ Г4")
    assert answer is not None and answer.shot_down == (c("Д5"),)
    assert (answer.abms, answer.silos, answer.cities) == ((c("Г4"),), (c("Д3"),), (c("Г3"),))
    with pytest.raises(IllegalChoice, match="Д3 is disabled by sabotage"):
        game.choose("МБР Д3 Цели А1")
    game.choose("МБР Б8 Цели А1")
    answer = game.choose("МБР Ж8 Цели Д5")
    assert answer is not None and answer.shot_down == ()


def test_sabotage_reveals_cities_without_harming_them() -> None:
    """Rendering add-on: the answer reveals ALL objects in the square, cities included, but
    cities take no damage."""
    game = game_with(ATTACKER, SAB_B, **small())
    answer = game.choose("МБР З8 Цели А1 ДРГ Г3")
    assert answer is not None and answer.cities == (c("Г3"),)
    assert notation.format_answer(answer) == "Сбиты нет\nПРО Г4 МБР Д3 Города Г3"
    assert destroyed(game, "B", "city") == set()
    assert game.view("A").enemy_known()[c("Г3")] == "city"


def test_sabotage_foiled_by_an_enemy_group_in_the_square() -> None:
    """Rendering add-on: an enemy group in the 3x3 square foils the sabotage: nothing is
    revealed or disabled, the enemy group survives, the saboteur's group is spent. Issue 15
    item 2: the answer says so (`Сорваны Г4`), never "Объектов нет" for a square whose silo
    the attacker saw fire."""
    game = game_with(ATTACKER, "Города Г3 А8 ПРО Г4 МБР Д3 Б8 ДРГ Г5", **small())
    game.choose("МБР З8 Цели А1")
    game.choose("МБР Д3 Цели А1")  # A now knows the silo at Д3
    answer = game.choose("МБР Ж8 Цели А2 ДРГ Г4")
    assert answer is not None and answer.sabotage
    assert (answer.abms, answer.silos, answer.cities, answer.foiled) == ((), (), (), (c("Г4"),))
    assert notation.format_answer(answer) == "Сбиты нет\nСорваны Г4"
    assert notation.format_answer(answer, latin=True) == "Shot down none\nFoiled D4"
    assert game.side("B").groups[0].active
    assert not game.side("A").groups[0].active
    assert game.view("A").enemy_known() == {c("Д3"): "silo"}  # by its launch, not the raid
    assert [(r.centre, r.foiled) for r in game.view("A").raids] == [(c("Г4"), True)]
    game.choose("МБР Д3 Цели А1")  # not disabled
    again = game.choose("МБР Е8 Цели Д5")
    assert again is not None and again.shot_down == (c("Д5"),)  # the ABM still works


def test_nothing_found_is_said_only_of_a_square_that_holds_nothing() -> None:
    """Issue 15 item 2: 'Объектов нет' stays for a sabotage square with no intact object; with
    one square foiled and one empty, the answer names the foiled one and nothing more."""
    game = game_with(
        "Города З1 З2 МБР З8 Ж8 Е8 ДРГ З1 З2 З3",
        "Города Г3 А8 ПРО Г4 МБР Д3 Б8 ДРГ Г5 А1 А2",
        **small(groups=3),
    )
    answer = game.choose("МБР З8 Цели А1 ДРГ Ж7")
    assert answer is not None and notation.format_answer(answer) == "Сбиты нет\nОбъектов нет"
    game.choose("Пас")
    both = game.choose("ДРГ Ж7 Г4")
    assert both is not None and both.foiled == (c("Г4"),)
    assert notation.format_answer(both) == "Сбиты нет\nСорваны Г4"


def test_used_group_vanishes_and_no_longer_guards() -> None:
    """Rendering add-on: a group used for sabotage disappears and no longer guards its square."""
    game = game_with(ATTACKER, "Города Г3 А8 ПРО Г4 МБР Д3 Б8 ДРГ Г5", **small())
    game.choose("МБР З8 Цели А1")
    game.choose("МБР Б8 Цели А2 ДРГ Ж2")  # B's group at Г5 goes
    assert not game.side("B").groups[0].active
    answer = game.choose("МБР Ж8 Цели А1 ДРГ Г4")
    assert answer is not None and answer.abms == (c("Г4"),)
    with pytest.raises(IllegalChoice, match="1 sabotage squares but only 0 groups left"):
        game.choose("МБР Б8 Цели А1 ДРГ А1")


def test_saboteur_may_choose_which_group_goes() -> None:
    """Rendering add-on: the owner records which of his groups was used."""
    game = game_with(
        "Города З1 З2 МБР З8 Ж8 Е8 ДРГ З1 З2",
        PACKED.replace("ДРГ Е5", "ДРГ Е5 Е6"),
        **small(groups=2),
    )
    game.choose("МБР З8 Цели А8 ДРГ Ж8 Свои ДРГ З2")
    assert [g.active for g in game.side("A").groups] == [True, False]
    with pytest.raises(IllegalChoice, match="Г7 is not one of your groups still in play"):
        game.choose("МБР Б2 Цели А1 ДРГ Б2 Свои ДРГ Г7")
    game.choose("МБР Б2 Цели А1 ДРГ Б2 Свои ДРГ Е6")
    assert [g.active for g in game.side("B").groups] == [True, False]


# ---------------------------------------------------------------- timing (I8)


def test_missiles_land_at_the_end_of_the_move() -> None:
    """I8: a move's missiles land at its end: a silo destroyed in the enemy move never launches."""
    game = game_with(ATTACKER, PACKED, **small())
    game.choose("МБР З8 Цели Б2")
    with pytest.raises(IllegalChoice, match="silo Б2 was destroyed"):
        game.choose("МБР Б2 Цели З1")


def test_end_of_round_impacts_leave_a_retaliation_window() -> None:
    """I8 setting `impacts=end_of_round`: the second player's targeted silo still launches."""
    game = game_with(ATTACKER, PACKED, **small(impacts="end_of_round"))
    game.choose("МБР З8 Цели Б2")
    assert destroyed(game, "B", "silo") == set()
    game.choose("МБР Б2 Цели З1")
    assert destroyed(game, "B", "silo") == {"Б2", "А3"}
    assert destroyed(game, "A", "city") == {"З1", "З2"}


def test_one_round_sabotage_setting_wears_off() -> None:
    """I7 setting `sabotage_lasts=one_round`: the silo is off for one move, then launches again."""
    game = game_with(ATTACKER, SAB_B, **small(sabotage_lasts="one_round"))
    game.choose("МБР З8 Цели А1 ДРГ Г4")
    with pytest.raises(IllegalChoice, match="disabled"):
        game.choose("МБР Д3 Цели А1")
    game.choose("МБР Б8 Цели А1")
    game.choose("МБР Ж8 Цели Е1")
    assert game.choose("МБР Д3 Цели А1") is not None


# ---------------------------------------------------------------- the end and the score (I10)

LAST_A = "Города З1 З2 ПРО Е1 Е2 МБР З8"
LAST_B = "Города А1 А2 МБР В6 В7 В8"


def test_the_only_player_with_missiles_may_end_the_game() -> None:
    """Rendering + I10: when one player has run out, the other may end the game."""
    game = game_with(LAST_A, LAST_B, **small(missiles_per_silo=1, sabotage_groups=False))
    game.choose("МБР З8 Цели Г1")
    pending = game.pending
    assert pending is not None and (pending.player, pending.kind) == ("B", Kind.FINISH)
    game.apply(Finish(end=True))
    assert game.over and game.pending is None
    assert game.result is not None and game.result.reason == "B ended the game"
    assert game.result.cities == {"A": 2, "B": 2} and game.result.winner is None


def test_the_only_player_with_missiles_may_launch_the_rest() -> None:
    """Rendering + I10: or he launches the rest, move by move; the other player's turns are
    skipped (he can do nothing) and the game ends when no missile is left."""
    game = game_with(
        LAST_A, LAST_B, **small(missiles_per_silo=2, sabotage_groups=False, start_defcon=3)
    )
    game.choose("МБР З8 Цели Г1")
    game.choose("МБР В6 Цели Ж5")
    game.choose("МБР З8 Цели Г1")
    game.choose("Продолжить")
    pending = game.pending
    assert pending is not None and (pending.player, pending.kind) == ("B", Kind.MOVE)
    game.choose("МБР В6 В7 В8 Цели З1 З2 З2")
    assert game.log[-1].choice is None and game.log[-1].player == "A"  # A's skipped turn
    game.choose("МБР В7 В8 Цели З2 З2")
    assert game.over and game.result is not None
    assert game.result.reason == "no missiles left to launch"
    assert game.result.cities == {"A": 0, "B": 2} and game.result.winner == "B"


def test_player_without_missiles_may_still_sabotage() -> None:
    """I10 + add-on: a player with no missiles but a group left gets a move (sabotage or pass)."""
    game = game_with(
        LAST_A + " ДРГ З1", LAST_B + " ДРГ А1", **small(missiles_per_silo=1, start_defcon=1)
    )
    game.choose("МБР З8 Цели Г1")
    game.choose("Продолжить")
    game.choose("МБР В6 Цели Ж8")
    pending = game.pending
    assert pending is not None and (pending.player, pending.kind) == ("A", Kind.MOVE)
    answer = game.choose("ДРГ В7")
    assert answer is not None and answer.silos == (c("В6"), c("В7"), c("В8"))
    assert game.over  # B's remaining silos are now disabled for good


def test_final_salvo_setting() -> None:
    """I10 setting `last_player=one_salvo`: 'launch all the rest' as one salvo, then the end."""
    settings = small(missiles_per_silo=2, sabotage_groups=False, last_player="one_salvo")
    game = game_with(LAST_A, LAST_B, **settings)
    game.choose("МБР З8 Цели Г1")
    game.choose("МБР В6 Цели Е8")
    game.choose("МБР З8 Цели Г1")
    game.choose("Продолжить")
    pending = game.pending
    assert pending is not None and pending.salvo and pending.limit is None
    game.choose("МБР В6 В7 В7 В8 В8 Цели З1 З1 З1 З1 З1")
    assert game.over and game.result is not None and game.result.cities == {"A": 0, "B": 2}


def test_game_ends_when_nobody_can_launch() -> None:
    """I10: the end comes when neither player has a missile that can be launched."""
    game = game_with(
        "Города З1 З2 ПРО Е1 Е2 МБР З8 ДРГ З1", "Города А1 А2 ПРО В1 В2 МБР В8 ДРГ А1",
        **small(missiles_per_silo=1),
    )  # fmt: skip
    game.choose("МБР З8 Цели А2")
    game.choose("Продолжить")  # B alone has a missile left
    game.choose("МБР В8 Цели Г4")
    assert game.over and game.result is not None
    assert game.result.cities == {"A": 2, "B": 0}
    assert game.result.winner == "A"


def test_score_counts_surviving_cities() -> None:
    """I10: score = surviving cities; more wins."""
    game = game_with(
        "Города З1 Е5 ПРО Е1 Е2 МБР З8 ДРГ З1", "Города А1 Г4 ПРО В1 В2 МБР В8 ДРГ А1",
        **small(missiles_per_silo=1),
    )  # fmt: skip
    game.choose("МБР З8 Цели А2")
    game.choose("Продолжить")
    game.choose("МБР В8 Цели Е6")
    assert game.result is not None and game.result.cities == {"A": 1, "B": 1}
    assert game.result.winner is None


def test_a_player_who_places_no_silos_never_launches() -> None:
    """Rendering 'Objects': any mix, even 8 ABM + 0 silos; that player has no missile at all."""
    game = game_with(
        "Города З1 З2 ПРО Е1 Е2 Е3", "Города А1 А2 МБР В6 В7 В8",
        **small(sabotage_groups=False, missiles_per_silo=1),
    )  # fmt: skip
    assert game.log[-1].choice is None  # A's first turn is skipped
    assert game.pending is not None and game.pending.kind is Kind.FINISH


# ---------------------------------------------------------------- placement (Rendering 'Objects')


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Города А1 МБР Б1 Б2 Б3 ДРГ В1", "place exactly 2 cities, not 1"),
        ("Города А1 А2 МБР Б1 Б2 ДРГ В1", "place exactly 3 objects"),
        ("Города А1 А2 МБР Б1 Б2 А1 ДРГ В1", "А1 holds a city already, so a silo cannot go there"),
        ("Города А1 А2 МБР Б1 Б2 Б3", "place exactly 1 groups"),
        (
            "Города А1 А2 ПРО Б1 Б2 Б2 ДРГ В1",
            "Б2 holds an ABM site already, so an ABM site cannot go there",
        ),
    ],
)
def test_placement_is_checked(text: str, reason: str) -> None:
    """Rendering 'Objects': 10 cities + 8 objects (here 2 + 3), one object per cell, 2 groups."""
    game = DuelGame(DuelSettings(cities=2, objects=3, groups=1))
    before = game.snapshot()
    with pytest.raises(IllegalChoice, match=reason):
        game.choose(text)
    assert game.snapshot() == before


def test_groups_share_cells_setting() -> None:
    """I9: a group may stand on an object's cell by default; not with `groups_share_cells=False`."""
    ok = DuelGame(DuelSettings(cities=2, objects=3, groups=1))
    ok.choose("Города А1 А2 МБР Б1 Б2 Б3 ДРГ А1")
    strict = DuelGame(DuelSettings(cities=2, objects=3, groups=1, groups_share_cells=False))
    with pytest.raises(IllegalChoice, match="groups may not share cells"):
        strict.choose("Города А1 А2 МБР Б1 Б2 Б3 ДРГ А1")


def test_default_placement_is_ten_cities_eight_objects_two_groups() -> None:
    """Rendering 'Objects' and add-on: the default army is 10 cities, 8 objects, 2 groups."""
    game = DuelGame()
    game.choose("Города А1 А2 А3 А4 А5 А6 А7 А8 Б1 Б2 ПРО В1 В2 В3 МБР Г1 Г2 Г3 Г4 Г5 ДРГ Д1 Д2")
    assert game.pending is not None and (game.pending.player, game.pending.kind) == (
        "B",
        Kind.PLACE,
    )
    assert [s.missiles for s in game.side("A").silos] == [3] * 5


def test_add_on_off_forbids_groups_and_sabotage() -> None:
    """Rendering add-on: optional; with it off no groups are placed and no sabotage is allowed."""
    game = game_with(
        "Города З1 З2 МБР З8 Ж8 Е8", "Города А1 А2 МБР Б1 Б2 Б3", **small(sabotage_groups=False)
    )
    with pytest.raises(IllegalChoice, match="add-on"):
        game.choose("МБР З8 Цели А1 ДРГ Б2")


# ---------------------------------------------------------------- decision machine


def test_illegal_choices_name_the_reason_and_change_nothing() -> None:
    """Requirement: an illegal input raises a ValueError subclass and leaves the state unchanged."""
    game = game_with(ATTACKER, PACKED, **small())
    before = game.snapshot()
    cases = {
        "МБР А1 Цели Б1": "А1 is not one of your silos",
        "МБР З8 Ж8 Цели Б1 Б2": "DEFCON 5 allows at most 1",
        "МБР З8 Цели Б1 ДРГ А1 Б1": "2 sabotage squares but only 1 groups left",
        "МБР З8 Цели Б1 ДРГ А1 Свои ДРГ Ж8": "Ж8 is not one of your groups",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalChoice, match=reason) as info:
            game.choose(text)
        assert isinstance(info.value, ValueError)
        assert game.snapshot() == before
    with pytest.raises(IllegalChoice, match="must make a move decision"):
        game.apply(Finish(end=True))
    assert game.snapshot() == before


def test_marks_are_private_notes() -> None:
    """I11 and 'Marking the board': each player keeps private marks on the enemy map."""
    game = game_with(ATTACKER, PACKED, **small())
    game.set_mark("A", c("Б2"), "?")
    assert game.view("A").marks == ((c("Б2"), "?"),)
    assert game.view("B").marks == ()
    with pytest.raises(IllegalChoice, match="one visible character"):
        game.set_mark("A", c("Б2"), "ab")
    game.set_mark("A", c("Б2"), None)
    assert game.view("A").marks == ()


# ---------------------------------------------------------------- passing (issue 15 item 1)


def test_launching_is_optional_a_move_may_pass() -> None:
    """Rendering 'A move' ("можно": a player MAY launch one missile from each silo): at DEFCON
    5 the first player may pass, which reveals none of his silos."""
    game = game_with(ATTACKER, PACKED, **small())
    answer = game.choose("Пас")
    assert answer is not None and notation.format_answer(answer) == "Сбиты нет"
    assert game.view("B").enemy_silos == ()
    assert [s.missiles for s in game.side("A").silos] == [3, 3, 3]
    pending = game.pending
    assert pending is not None and (pending.player, pending.kind) == ("B", Kind.MOVE)
    assert game.defcon == 4  # a pass is a move: DEFCON still drops


def test_a_move_may_only_send_a_sabotage_group() -> None:
    """Rendering add-on + 'A move': a move with a sabotage square and no launch is a move."""
    game = game_with(ATTACKER, SAB_B, **small())
    answer = game.choose("ДРГ Г3")
    assert answer is not None and answer.cities == (c("Г3"),)
    assert game.view("B").enemy_silos == ()


def test_both_passing_in_a_row_ends_the_game() -> None:
    """Setting `passes_end_game` (our reading, docs/duel.md): so that two players cannot pass
    for ever, a pass answered by a pass ends the game; cities are counted as at the end."""
    game = game_with(ATTACKER, PACKED, **small())
    game.choose("МБР З8 Цели Б2")  # B loses the cities А1 and В3
    game.choose("Пас")
    game.choose("Пас")
    assert game.over and game.result is not None
    assert game.result.reason == "both players passed in a row"
    assert game.result.cities == {"A": 2, "B": 0} and game.result.winner == "A"


def test_a_launch_between_two_passes_keeps_the_game_going() -> None:
    """Setting `passes_end_game`: only passes in a row count; any launch or sabotage breaks
    the row. With the setting off, passes never end the game."""
    game = game_with(ATTACKER, PACKED, **small())
    for text in ("Пас", "МБР Б2 Цели А1", "Пас", "ДРГ А1", "Пас"):
        game.choose(text)
    assert not game.over
    endless = game_with(ATTACKER, PACKED, **small(passes_end_game=False))
    for _ in range(10):
        endless.choose("Пас")
    assert not endless.over and endless.defcon == 1


def test_a_pass_against_a_player_out_for_good_ends_the_game() -> None:
    """Setting `passes_end_game`: a player with no missile and no group can never act again,
    so his skipped turn counts as a pass; the last armed player's pass then ends the game."""
    game = game_with(LAST_A, LAST_B, **small(missiles_per_silo=1, sabotage_groups=False))
    game.choose("МБР З8 Цели Г1")  # A's only missile
    game.choose("Продолжить")  # B alone is armed, and goes on
    game.choose("Пас")
    assert game.over and game.result is not None
    assert game.result.reason == "both players passed in a row"


def test_a_turn_skipped_under_a_one_round_sabotage_is_no_pass() -> None:
    """Setting `passes_end_game` with I7 `sabotage_lasts=one_round`: a player skipped only
    while his silos are switched off for a round has not passed (they come back)."""
    game = game_with(
        "Города З1 З2 МБР З8 Ж8 Е8 ДРГ З1", "Города А7 А8 МБР Б2 Б3 В2 ДРГ Д8",
        **small(sabotage_lasts="one_round", start_defcon=1),
    )  # fmt: skip
    game.choose("Пас")  # A
    game.choose("ДРГ Е1")  # B sends his only group
    game.choose("ДРГ Б2")  # A switches all of B's silos off for a round
    assert game.log[-1].choice is None and game.log[-1].player == "B"  # B skipped
    game.choose("Пас")  # A passes: B's skip was no pass, so the game goes on
    assert not game.over
    pending = game.pending
    assert pending is not None and (pending.player, pending.kind) == ("B", Kind.MOVE)
    assert game.view("B").usable_silos == (c("Б2"), c("Б3"), c("В2"))
