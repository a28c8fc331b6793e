"""Issue 19: a bot reads only `pending`, `view(player)` and its determinizations.

Two games that differ only in the opponent's hidden cards and the draw pile's order get
the same choice from the same bot with the same seed (with `iterations` set); and the
bots' source touches no private part of a game and imports only what the engine exports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from bot_positions import ussr_to_play

import cold_war_tui.engine as engine
from cold_war_tui.bots import BOTS, make_bot
from cold_war_tui.bots.random import ScoringFirstBot
from cold_war_tui.engine import Game, GameOptions

BOTS_DIR = Path(__file__).resolve().parents[2] / "cold_war_tui" / "bots"


def scenario_twins() -> list[Game]:
    """The USSR to play; the US hands and the pile (its order too) differ between them."""
    hand = [7, 8, 14, 16, 17, 28, 33, 104]
    games = [
        ussr_to_play(hand, hands={"USSR": hand, "US": us}, draw=draw)
        for us, draw in (
            ([21, 22, 23, 25, 26, 27, 29, 35], [4, 5, 19, 103, 105, 106]),
            ([4, 5, 19, 103, 105, 106, 21, 22], [35, 29, 27, 26, 25, 23]),
        )
    ]
    return games


def real_twins(seed: int) -> list[Game]:
    """A real game at a decision of its mover, and a determinization of it for him: the
    same view, other hidden cards."""
    game = Game.new(GameOptions(seed=seed))
    driver = ScoringFirstBot(seed)
    for _ in range(40 + seed % 13):
        pending = game.pending
        assert pending is not None
        game.choose(driver.choose(pending))
    while game.pending is not None and game.pending.kind != "action":
        game.choose(driver.choose(game.pending))
    assert game.pending is not None
    return [game, game.determinize(game.pending.player, 99)]


def hidden(game: Game, player: str) -> tuple[list[int], list[int]]:
    state = game.state
    return sorted(state.hands["US" if player == "USSR" else "USSR"]), state.draw


@pytest.mark.parametrize("name", list(BOTS))
@pytest.mark.parametrize("twins", ["scenario", "real 3", "real 8"])
def test_games_differing_only_in_hidden_cards_get_the_same_choice(name: str, twins: str) -> None:
    games = scenario_twins() if twins == "scenario" else real_twins(int(twins.split()[1]))
    pending = games[0].pending
    assert pending is not None
    player = pending.player
    assert games[0].view(player) == games[1].view(player)
    assert hidden(games[0], player) != hidden(games[1], player)
    choices = {make_bot(name, 21, iterations=2).choose(g, player) for g in games}
    assert len(choices) == 1


def bot_sources() -> list[Path]:
    return sorted(BOTS_DIR.rglob("*.py"))


def test_every_bot_module_is_scanned() -> None:
    names = {p.stem for p in bot_sources()}
    assert {"__init__", "random", "greedy", "strong", "evaluate", "worlds", "safety"} <= names


@pytest.mark.parametrize("path", bot_sources(), ids=lambda p: p.name)
def test_bots_touch_no_private_attribute_of_anything_but_themselves(path: Path) -> None:
    """`_core`, `_choices`, ... of a game are out of reach: only `self._x` is allowed."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    private = [
        f"{path.name}:{node.lineno} .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
    ]
    assert not private
    calls = [
        f"{path.name}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "vars", "setattr")
    ]
    assert not calls, "reflection could reach a private attribute"


@pytest.mark.parametrize("path", bot_sources(), ids=lambda p: p.name)
def test_bots_import_only_what_the_engine_exports(path: Path) -> None:
    """From the project: `cold_war_tui.engine`'s `__all__` and the bots' own modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert not any(a.name.startswith("cold_war_tui") for a in node.names), path.name
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cold_war_tui"):
            if node.module == "cold_war_tui.engine":
                names = {a.name for a in node.names}
                assert names <= set(engine.__all__), f"{path.name}: {names - set(engine.__all__)}"
            else:
                assert (node.module or "").startswith("cold_war_tui.bots"), (
                    f"{path.name}: {node.module}"
                )
