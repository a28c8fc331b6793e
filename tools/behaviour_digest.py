"""Fingerprints of random self-play games, to show a refactor changed no behaviour.

Plays GAMES games (300 by default) at fixed seeds with the self-play bots, cycling
through the rule switches, and prints one line per game: the seed, the switches, the
number of choices, and the SHA-256 of `to_json()`, of the log, of the final state with
`known` limited to the cards still in their hand (what a player may see of it), and of
the final state without `known`.
Run it at the start of a refactor into a file and again at its end, then compare:

    .venv/bin/python tools/behaviour_digest.py > /tmp/before.txt
    ... refactor ...
    .venv/bin/python tools/behaviour_digest.py | diff /tmp/before.txt -

`tools/behaviour_digests.txt` holds the lines of the engine at the start of issue 20's
internal rework (commit 17d9f99); `tests/engine/test_engine_behaviour.py` checks that
the games still make the same choices, log and state. Since then `known` drops a card
that leaves its hand (Core.move_card), so `to_json()` differs where a card seen in a hand
had left it; the log and the state without `known` are unchanged for every game.
"""

from __future__ import annotations

import hashlib
import json
import sys

from cold_war_tui.bots.random import bot_for_game
from cold_war_tui.engine import Game, GameOptions

SWITCHES: tuple[dict[str, object], ...] = (
    {},
    {"chinese_civil_war": True},
    {"realignment_variant": True, "space_race_no_roll": True},
    {"first_us_edition": True},
    {"optional_cards": False, "us_bid": 2},
)


def options_for(seed: int) -> GameOptions:
    """The options of the game played at `seed`: the switches cycle with the seed."""
    return GameOptions(seed=seed, **SWITCHES[seed % len(SWITCHES)])  # type: ignore[arg-type]


def digest(seed: int) -> str:
    """One line: the seed, the switches, the choice count and the two hashes."""
    options = options_for(seed)
    game = Game.new(options)
    bots = {"US": bot_for_game(seed), "USSR": bot_for_game(seed + 1_000_003)}
    while (pending := game.pending) is not None:
        game.choose(bots[pending.player].choose(pending))
    save = hashlib.sha256(game.to_json().encode()).hexdigest()[:16]
    log = hashlib.sha256("\n".join(map(str, game.log)).encode()).hexdigest()[:16]
    state = game.state.model_dump()
    hands = state["hands"]
    state["known"] = {
        side: [c for c in cards if c in hands[side]] for side, cards in state["known"].items()
    }
    seen = _hash(state)
    del state["known"]
    rest = _hash(state)
    switches = options.summary().replace(" ", "")
    return f"{seed} {switches} {len(game.choices)} {save} {log} {seen} {rest}"


def _hash(state: dict[str, object]) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 300
    for seed in range(games):
        print(digest(seed), flush=True)


if __name__ == "__main__":
    main(sys.argv)
