"""Effects in play (docs/effects.md) act at once and end on time; the right player decides.

These rules live in caches and in who-asks-whom, where a bug leaves every single-card
test green: each test here plays several rounds of one game.
"""

from __future__ import annotations

from engine_scenarios import action_game, play, targets

from cold_war_tui.engine import Game

USSR_1_OP, USSR_3_OPS = 10, 7  # Blockade, Socialist Governments
US_1_OP, US_3_OPS = 19, 4  # Truman Doctrine, Duck and Cover


def _player_and_kind(game: Game) -> tuple[str, str]:
    assert game.pending is not None, "the game is over"
    return game.pending.player, game.pending.kind


def test_27_us_japan_pact_closes_japan_to_ussr_coups_and_realignment_in_the_same_game() -> None:
    """#27 played between two USSR rounds: the second round's targets no longer hold Japan."""
    game = action_game(
        "USSR",
        {"USSR": [USSR_3_OPS, 8], "US": [27, US_1_OP]},
        influence={"japan": (1, 0), "poland": (0, 1)},
    )
    game.choose("play 7 ops")
    assert "japan" in targets(game, "coup") & targets(game, "realign")
    play(game, "infl poland", "infl poland", "infl poland", "play 27 event", "play 8 ops")
    assert "japan" not in targets(game, "coup") | targets(game, "realign")


def test_87_the_reformer_closes_europe_to_ussr_coups_from_the_next_round() -> None:
    """#87: once played, no USSR coup in Europe (realignment stays open)."""
    game = action_game(
        "USSR",
        {"USSR": [USSR_3_OPS, 87, 8], "US": [US_1_OP, US_3_OPS]},
        influence={"italy": (1, 0), "poland": (0, 1), "japan": (1, 0)},
        turn=8,
    )
    game.choose("play 7 ops")
    assert "italy" in targets(game, "coup")
    play(game, "infl poland", "infl poland", "infl poland", "play 19 ops", "infl japan")
    game.choose("play 87 event")
    for _ in range(4):
        game.choose("infl poland" if game.state.influence["poland"].ussr < 6 else "infl hungary")
    play(game, "play 4 ops", "infl japan", "infl japan", "infl japan", "play 8 ops")
    assert "italy" not in targets(game, "coup")
    assert "japan" in targets(game, "coup")
    assert "italy" in targets(game, "realign")


def test_94_chernobyl_closes_a_region_for_the_turn_and_it_opens_again_next_turn() -> None:
    """#94 in the US's round 5: the USSR's round 6 may not place in Europe; after the turn
    ends, its next action round may again."""
    game = action_game(
        "US",
        {"US": [94, US_3_OPS], "USSR": [USSR_3_OPS]},
        influence={"poland": (0, 1), "angola": (0, 1), "canada": (1, 0)},
        action_round=5,
        china={"holder": "US", "face_up": True},
    )
    play(game, "play 94 event", "region europe", "play 7 ops")
    assert "poland" not in targets(game, "infl")
    assert "angola" in targets(game, "infl")
    play(game, "infl angola", "infl angola", "infl angola", "play 4 ops")
    play(game, "infl canada", "infl canada", "infl canada")
    # Turn 2: both headlines (the first card each), then the USSR's first action round.
    while _player_and_kind(game) != ("USSR", "action"):
        assert game.pending is not None
        game.choose(game.pending.choices[0].id)
    assert game.state.turn == 2
    ops_play = next(c.id for c in game.pending.choices if c.id.endswith(" ops"))
    game.choose(ops_play)
    assert "poland" in targets(game, "infl")


def test_29_east_european_unrest_played_by_the_ussr_for_ops_the_us_removes() -> None:
    """5.2 note: #29 is the US's event; played by the USSR for ops, the US chooses."""
    influence = {"poland": (0, 2), "hungary": (0, 2), "romania": (0, 2), "italy": (0, 1)}
    game = action_game("USSR", {"USSR": [29], "US": [US_1_OP]}, influence=influence)
    play(game, "play 29 ops", "event-first")
    for _ in range(3):
        assert _player_and_kind(game) == ("US", "event_remove")
        game.choose(f"remove {sorted(targets(game, 'remove'))[0]}")
    assert _player_and_kind(game) == ("USSR", "operation")


def test_16_warsaw_pact_formed_played_by_the_us_for_ops_the_ussr_chooses() -> None:
    """5.2 note: #16 is the USSR's event; played by the US for ops, the USSR decides."""
    influence = {"poland": (1, 0), "hungary": (1, 0), "canada": (1, 0)}
    game = action_game("US", {"US": [16], "USSR": [USSR_1_OP]}, influence=influence)
    play(game, "play 16 ops", "event-first")
    assert _player_and_kind(game) == ("USSR", "warsaw_pact")
    game.choose("remove")
    assert _player_and_kind(game) == ("USSR", "event_remove")
    play(game, "remove poland")
    assert _player_and_kind(game) == ("USSR", "event_remove")
    play(game, "remove hungary")
    assert _player_and_kind(game) == ("US", "operation")
