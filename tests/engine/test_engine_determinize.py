"""`Game.determinize(player, seed)` (issue 20): a fork consistent with what `player` knows.

Properties over seeded random games (hypothesis picks the game, the point and the
seed; `derandomize` keeps every run the same), a statistical check that each hidden
card is dealt uniformly over the places it may take, and the positions where an event
shows a player cards that the state does not record as seen.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from engine_scenarios import SIDES, action_game, play, scenario
from hypothesis import given, settings
from hypothesis import strategies as st

from cold_war_tui.bots.random import bot_for_game
from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.engine.state import StateSnapshot

PROPERTY_RUNS = settings(max_examples=80, derandomize=True, deadline=None)
UNIFORM_SEEDS = 3000
# Chi-square critical values at p = 0.001, by degrees of freedom (a fixed-seed run either
# passes or fails for good; a fair deal fails it one time in a thousand).
CHI2_999 = {5: 20.52, 10: 29.59, 20: 45.31, 30: 59.70, 40: 73.40, 60: 99.61, 80: 124.84}


def other(side: str) -> str:
    return "USSR" if side == "US" else "US"


@cache
def whole_game(seed: int) -> tuple[str, ...]:
    """The choices of one self-play game (half of them by scoring-first bots)."""
    game = Game.new(GameOptions(seed=seed))
    bot = bot_for_game(seed)
    while (pending := game.pending) is not None:
        game.choose(bot.choose(pending))
    return tuple(game.choices)


def position(seed: int, fraction: float) -> Game:
    """Self-play game `seed` after `fraction` of its choices (a decision is pending)."""
    choices = whole_game(seed)
    game = Game.new(GameOptions(seed=seed))
    for choice in choices[: int(fraction * len(choices))]:
        game.choose(choice)
    assert game.pending is not None
    return game


def hidden_from(state: StateSnapshot, player: str, secret_headline: bool) -> list[int]:
    """The opponent's hand, his headline while secret, and the pile (unsorted)."""
    opponent = other(player)
    headline = state.headline[opponent]
    secret = [headline] if secret_headline and headline is not None else []
    return [*state.hands[opponent], *secret, *state.draw]


def public_part(state: StateSnapshot, player: str) -> dict[str, object]:
    """Everything of the state but the opponent's hand and headline, the pile, the
    generator, the scenario dice, and the order of the player's own hand."""
    doc = state.model_dump()
    for name in ("draw", "rng", "forced_dice"):
        doc.pop(name)
    doc["hands"] = sorted(doc["hands"][player])
    doc["headline"] = doc["headline"][player]
    return doc


def determinized(game: Game, player: str, seed: int) -> Game | None:
    """`game.determinize`, or None where it may refuse: while the opponent decides."""
    pending = game.pending
    try:
        return game.determinize(player, seed)
    except ValueError:
        assert pending is not None and pending.player != player, "refused at its own decision"
        return None


@PROPERTY_RUNS
@given(
    seed=st.integers(0, 10_000),
    fraction=st.floats(0, 0.999),
    deal=st.integers(0, 2**32),
)
def test_a_determinization_keeps_the_view_and_the_public_state_and_deals_the_same_cards(
    seed: int, fraction: float, deal: int
) -> None:
    game = position(seed, fraction)
    saved = game.to_json()
    for player in SIDES:
        redealt = determinized(game, player, deal)
        if redealt is None:
            continue
        assert redealt.view(player) == game.view(player)
        before, after = game.state, redealt.state
        assert public_part(after, player) == public_part(before, player)
        secret = game.view(player).opponent_headline is None
        assert sorted(hidden_from(after, player, secret)) == sorted(
            hidden_from(before, player, secret)
        )
        assert len(after.draw) == len(before.draw)
        assert redealt.pending is not None and game.pending is not None
        assert (redealt.pending.player, redealt.pending.kind) == (
            game.pending.player,
            game.pending.kind,
        )
        assert redealt.choices == []
        assert [str(e) for e in redealt.log] == [str(e) for e in game.log]
    assert game.to_json() == saved  # the original is untouched


@PROPERTY_RUNS
@given(seed=st.integers(0, 10_000), fraction=st.floats(0, 0.999), deal=st.integers(0, 2**32))
def test_a_determinization_depends_on_the_players_knowledge_and_the_seed_only(
    seed: int, fraction: float, deal: int
) -> None:
    """Two games with the same view and history but other hidden cards (the second is a
    determinization of the first) give the same determinization for the same seed."""
    game = position(seed, fraction)
    assert game.pending is not None
    player = game.pending.player  # a bot determinizes at its own decisions
    other_truth = game.determinize(player, deal + 1)
    assert other_truth.view(player) == game.view(player)
    one, two = game.determinize(player, deal), other_truth.determinize(player, deal)
    assert one.state == two.state
    assert one.pending == two.pending
    assert one.view(other(player)) == two.view(other(player))
    bot = bot_for_game(seed + 1)
    while (pending := one.pending) is not None and len(one.choices) < 40:
        choice = bot.choose(pending)
        one.choose(choice)
        two.choose(choice)
    assert one.state == two.state  # the same future dice and draws too


def test_games_that_differ_only_in_the_opponents_cards_give_the_same_determinization() -> None:
    """Scenario games: the USSR holds other cards (so the pile holds others too)."""
    games = [
        action_game("US", {"US": [21, 22, 23, 25], "USSR": hand}, seed=7)
        for hand in ([7, 8, 9, 10], [11, 12, 13, 14], [7, 12, 30, 31])
    ]
    views = {g.view("US").model_dump_json() for g in games}
    assert len(views) == 1
    for deal in range(5):
        states = {g.determinize("US", deal).state.model_dump_json() for g in games}
        assert len(states) == 1


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_different_seeds_deal_different_hidden_cards_and_future_dice(seed: int) -> None:
    game = position(seed, 0.3)
    player = "US"
    deals = [game.determinize(player, deal).state for deal in range(6)]
    secret = game.view(player).opponent_headline is None
    arrangements = {tuple(hidden_from(s, player, secret)) for s in deals}
    assert len(arrangements) == len(deals)
    assert len({s.rng for s in deals}) == len(deals)
    assert game.state.rng not in {s.rng for s in deals}


def test_scenario_dice_are_dropped_they_are_no_knowledge_of_the_player() -> None:
    game = action_game("US", {"US": [21, 22], "USSR": [7, 8]}, forced_dice=[6, 6, 1])
    redealt = game.determinize("US", 1)
    assert game.state.forced_dice == [6, 6, 1]
    assert redealt.state.forced_dice == []


def chi_square(counts: Counter[int], cards: list[int], expected: float) -> float:
    return sum((counts[c] - expected) ** 2 / expected for c in cards)


def critical(freedom: int) -> float:
    return CHI2_999[min(CHI2_999, key=lambda k: abs(k - freedom))] * max(1.0, freedom / 80)


def test_each_hidden_card_lands_in_each_place_uniformly() -> None:
    """Over 3000 seeds: the opponent's hand and the pile's top get each hidden card at
    the rate their share of the hidden places gives (chi-square, p = 0.001)."""
    game = position(5, 0.2)
    player = "US"
    before = game.state
    hidden = sorted(hidden_from(before, player, secret_headline=False))
    hand_size = len(before.hands["USSR"])
    in_hand: Counter[int] = Counter()
    on_top: Counter[int] = Counter()
    for deal in range(UNIFORM_SEEDS):
        state = game.determinize(player, deal).state
        in_hand.update(state.hands["USSR"])
        on_top[state.draw[-1]] += 1
    freedom = len(hidden) - 1
    assert chi_square(in_hand, hidden, UNIFORM_SEEDS * hand_size / len(hidden)) < critical(freedom)
    assert chi_square(on_top, hidden, UNIFORM_SEEDS / len(hidden)) < critical(freedom)
    assert set(in_hand) == set(hidden)


def test_known_only_ever_names_cards_still_in_that_hand_or_headline() -> None:
    """A card leaving a hand leaves `known` (Core.move_card): what one side has seen of
    the other's hand is never a card that lies elsewhere, so `determinize` never has to
    keep a remembered card out of that hand. Self-play over every choice of 60 games."""
    checked = 0
    for seed in range(60):
        game = Game.new(GameOptions(seed=seed))
        for choice in whole_game(seed):
            game.choose(choice)
            state = game.state
            for holder, known in state.known.items():
                held = {*state.hands[holder], state.headline[holder]}
                assert set(known) <= held, (seed, holder, known)
                checked += len(known)
    assert checked > 0  # some cards were seen


def test_a_secret_headline_is_dealt_again_and_a_revealed_one_stays() -> None:
    """The US picks second (no space bonus): the USSR's pick is secret until both picked."""
    game = Game.from_scenario(
        scenario("headline", hands={"US": [21, 22, 23], "USSR": [7, 8, 9]}, seed=4)
    )
    play(game, "headline 8")
    assert game.pending is not None and game.pending.player == "US"
    assert game.view("US").opponent_headline is None
    picks = {game.determinize("US", deal).state.headline["USSR"] for deal in range(40)}
    assert 8 in picks and len(picks) > 3
    assert all(p is not None for p in picks)
    play(game, "headline 23")  # both revealed; #23 Marshall Plan (4 ops) goes first
    assert game.pending is not None and game.pending.player == "US"
    assert game.state.headline["USSR"] == 8
    assert game.view("US").opponent_headline == 8
    assert all(game.determinize("US", deal).state.headline["USSR"] == 8 for deal in range(9))


def test_cards_an_event_shows_the_deciding_player_stay_where_they_are() -> None:
    """#108 Our Man in Tehran: the US sees the pile's top 5 (they lie in the pile);
    #67 Grain Sales: the US holds a card taken from the USSR hand (it lies there)."""
    tehran = action_game(
        "US",
        {"US": [108, 21], "USSR": [7, 8, 9]},
        influence={"iran": (2, 0)},
        draw=[11, 12, 13, 14, 15, 16, 17],
    )
    play(tehran, "play 108 event")
    assert tehran.pending is not None and tehran.pending.kind == "event_discard"
    top = tehran.state.draw[-5:]
    for deal in range(20):
        redealt = tehran.determinize("US", deal)
        assert redealt.state.draw[-5:] == top
        play(redealt, "discard 11", "done")  # and the event goes on with them
    grain = action_game("US", {"US": [67], "USSR": [4, 5, 7]}, seed=2)
    play(grain, "play 67 event")
    assert grain.pending is not None
    taken = grain.pending.context["card"]
    for deal in range(20):
        redealt = grain.determinize("US", deal)
        assert taken in redealt.state.hands["USSR"]
        play(redealt, f"return {taken}")


@PROPERTY_RUNS
@given(seed=st.integers(0, 10_000), fraction=st.floats(0, 0.999), deal=st.integers(0, 2**32))
def test_while_the_opponent_decides_his_pending_decision_is_dealt_anew(
    seed: int, fraction: float, deal: int
) -> None:
    """The opponent's action menu lists his hand: in the determinized game, his new hand."""
    game = position(seed, fraction)
    assert game.pending is not None
    deciding = game.pending.player
    redealt = determinized(game, other(deciding), deal)
    if redealt is None:
        return
    assert redealt.pending is not None
    hand = set(redealt.state.hands[deciding]) | {6}  # the China Card may be his
    if redealt.pending.kind in ("action", "headline"):
        for choice in redealt.pending.choices:
            verb, *rest = choice.id.split()
            if verb in ("play", "headline"):
                assert int(rest[0]) in hand
    bot = bot_for_game(seed + 2)
    while (pending := redealt.pending) is not None and len(redealt.choices) < 30:
        redealt.choose(bot.choose(pending))


def test_a_determinized_game_is_a_hypothesis_with_a_future_of_its_own() -> None:
    """Its choices start at the determinization; it is not saved and not rewound past it;
    its forks share its future."""
    game = position(11, 0.5)
    assert game.pending is not None
    redealt = game.determinize(game.pending.player, 9)
    assert redealt.choices == []
    with pytest.raises(ValueError, match="hypothesis"):
        redealt.to_json()
    with pytest.raises(ValueError, match="rewound"):
        redealt.rewind(1)
    assert redealt.rewind(0).state == redealt.state
    bot = bot_for_game(12)
    made = []
    while (pending := redealt.pending) is not None and len(made) < 25:
        made.append(bot.choose(pending))
        redealt.choose(made[-1])
    assert redealt.choices == made
    assert redealt.rewind(len(made)).state == game.determinize(game.pending.player, 9).state
    copy = redealt.rewind(10)
    for choice in made[-10:]:
        copy.choose(choice)
    assert copy.state == redealt.state
    with pytest.raises(ValueError):
        game.determinize("NATO", 1)


@PROPERTY_RUNS
@given(
    seed=st.integers(0, 10_000),
    fraction=st.floats(0, 0.95),
    deal=st.integers(0, 2**32),
    moves=st.integers(0, 12),
)
def test_a_determinized_game_can_be_determinized_again(
    seed: int, fraction: float, deal: int, moves: int
) -> None:
    """A search may determinize inside a determinized world: the same guarantees hold,
    and forks of the result replay its redeals where they were made."""
    game = position(seed, fraction)
    assert game.pending is not None
    first = game.determinize(game.pending.player, deal)
    bot = bot_for_game(seed + 3)
    for _ in range(moves):
        if first.pending is None:
            return
        first.choose(bot.choose(first.pending))
    for player in SIDES:
        second = determinized(first, player, deal + 1)
        if second is None:
            continue
        assert second.view(player) == first.view(player)
        assert second.choices == []
        copy = second.fork()
        for _ in range(8):
            if second.pending is None:
                break
            choice = bot.choose(second.pending)
            second.choose(choice)
            copy.choose(choice)
        assert copy.state == second.state
