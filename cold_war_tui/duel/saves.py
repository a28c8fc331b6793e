"""JSON saves: settings, the decisions in notation, private marks, and a state check.

A save is a replay, not a dump: loading re-runs every decision through the rules, so a save
can never hold a position the rules could not reach; the stored snapshot only confirms it.
"""

from __future__ import annotations

import json
from typing import Any

from cold_war_tui.duel import notation
from cold_war_tui.duel.board import Cell
from cold_war_tui.duel.engine import DuelGame
from cold_war_tui.duel.errors import SaveError
from cold_war_tui.duel.settings import PLAYERS, DuelSettings

SAVE_FORMAT = "cold-war-tui/defcon-duel"
SAVE_VERSION = 1


def to_json(game: DuelGame) -> str:
    """The save text of a game (deterministic: the same game gives the same text)."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "settings": game.settings.model_dump(mode="json"),
        "choices": [
            {"player": p, "text": notation.format_choice(c, private=True)}
            for p, c in game.choices()
        ],
        "marks": {p: {c.name: m for c, m in game.view(p).marks} for p in PLAYERS},
        "state": game.snapshot(),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def from_json(text: str) -> DuelGame:
    """Load a save; raise SaveError if it is unreadable or does not replay to its state."""
    try:
        data = json.loads(text)
        if data.get("format") != SAVE_FORMAT or data.get("version") != SAVE_VERSION:
            raise SaveError("not a DEFCON duel save of a known version")
        game = DuelGame(DuelSettings.model_validate(data["settings"]))
        for number, item in enumerate(data["choices"], 1):
            pending = game.pending
            if pending is None or item["player"] != pending.player:
                raise SaveError(f"decision {number} is by the wrong player")
            game.apply(notation.parse_choice(pending.kind, item["text"]))
        for player in PLAYERS:
            for name, mark in data.get("marks", {}).get(player, {}).items():
                game.set_mark(player, Cell.parse(name), mark)
    except SaveError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SaveError(f"unreadable duel save: {exc}") from exc
    if "state" in data and data["state"] != game.snapshot():
        raise SaveError("the decisions do not replay to the saved state")
    return game
