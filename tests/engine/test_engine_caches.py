"""The speed caches (engine/caches.py, docs/speed.md): in debug mode every cached value is
recomputed from scratch after each choice and compared, over a few hundred random games
with every rule switch; a stale value is caught and named."""

from __future__ import annotations

import pytest

from cold_war_tui.bots.random import bot_for_game
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.engine.cache_check import CacheMismatch, check_caches

SWITCHES: tuple[dict[str, object], ...] = (
    {},
    {"chinese_civil_war": True},
    {"realignment_variant": True, "space_race_no_roll": True},
    {"first_us_edition": True},
    {"optional_cards": False, "us_bid": 3},
)
GAMES = 300


@pytest.fixture
def checking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "check_caches", True)


@pytest.mark.usefixtures("checking")
def test_every_cached_value_matches_a_recomputation_after_every_choice_of_random_games() -> None:
    """6.1.1 reach tallies, contested lists, effect closures, menu rows (5.1, 6.4.1) and the
    per-data memos stay equal to a computation from the state alone, in 300 games."""
    choices = 0
    for seed in range(GAMES):
        options = GameOptions(seed=seed, **SWITCHES[seed % len(SWITCHES)])  # type: ignore[arg-type]
        game = Game.new(options)
        bots = {"US": bot_for_game(seed), "USSR": bot_for_game(seed + 7)}
        while (pending := game.pending) is not None:
            game.choose(bots[pending.player].choose(pending))
        choices += len(game.choices)
    assert choices > GAMES * 50  # the games were played, not refused at the start


def _midgame() -> Game:
    game = Game.new(GameOptions(seed=3))
    bot = bot_for_game(3)
    while (pending := game.pending) is not None and len(game.choices) < 40:
        game.choose(bot.choose(pending))
    assert game.pending is not None
    return game


def test_a_stale_reach_tally_is_caught_and_named() -> None:
    core = _midgame()._core
    core.caches.reach_count["US"][0] += 1
    with pytest.raises(CacheMismatch, match="reach tallies"):
        check_caches(core)


def test_a_stale_contested_list_is_caught_and_named() -> None:
    core = _midgame()._core
    core.caches.contested["US", frozenset()] = (0,)
    with pytest.raises(CacheMismatch, match="contested for the US"):
        check_caches(core)


def test_a_stale_menu_row_is_caught_and_named() -> None:
    from cold_war_tui.engine.plays import menu_context

    core = _midgame()._core
    context = menu_context(core, "US")
    rows = core.tables.menu_rows.setdefault(context, {})
    saved = dict(rows)
    card = next(iter(core.state.hands["US"]))
    rows[card] = rows.get(card, next(iter(saved.values()), None))._replace(choices=())  # type: ignore[union-attr]
    try:
        with pytest.raises(CacheMismatch, match=f"menu row of #{card}"):
            check_caches(core)
    finally:
        rows.clear()
        rows.update(saved)


def test_invalidate_drops_every_cached_value_and_changes_no_answer() -> None:
    core = _midgame()._core
    before = {side: core.reach(side) for side in ("US", "USSR")}
    contested = core.contested("US", frozenset())
    core.caches.invalidate()
    assert core.caches.reach == {} and core.caches.contested == {}
    assert {side: core.reach(side) for side in ("US", "USSR")} == before
    assert core.contested("US", frozenset()) == contested
