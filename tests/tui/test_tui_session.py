"""The session (the TUI's seam to the engine): autosave, undo limits, losing warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from cold_war_tui.engine import Game, GameOptions, IllegalChoice
from cold_war_tui.tui.demo import MIDGAME
from cold_war_tui.tui.saves import SaveMeta, SaveStore
from cold_war_tui.tui.session import Session


def session(game: Game, data_dir: Path) -> Session:
    return Session(game, SaveStore(data_dir), SaveMeta(names={"US": "Ann", "USSR": ""}))


def test_every_choice_is_autosaved(data_dir: Path) -> None:
    s = session(Game.new(GameOptions(seed=1)), data_dir)
    assert s.game.pending is not None
    s.choose(s.game.pending.choices[0].id)
    saved = Game.from_json((data_dir / "autosave.json").read_text())
    assert saved.choices == s.game.choices
    with pytest.raises(IllegalChoice):
        s.choose("infl narnia")
    assert len(s.game.choices) == 1


def test_side_labels_use_the_names() -> None:
    s = Session(Game.new(GameOptions(seed=1)), SaveStore(Path("/nonexistent")), autosave=False)
    assert s.side_label("US") == "the US player"
    s.meta = SaveMeta(names={"US": "Ann", "USSR": ""})
    assert s.side_label("US") == "the US player (Ann)"


def test_undo_goes_back_within_own_choices_but_not_past_a_hand_over(data_dir: Path) -> None:
    s = session(Game.new(GameOptions(seed=1)), data_dir)
    assert s.undo_block() == "there is nothing to undo"
    for _ in range(3):
        s.choose(s.game.pending.choices[0].id)  # USSR set-up points
    assert s.undo_block() is None
    s.undo()
    s.undo()
    assert len(s.game.choices) == 1
    while s.game.pending.player == "USSR":
        s.choose(s.game.pending.choices[0].id)
    assert "not yours" in (s.undo_block() or "")
    with pytest.raises(IllegalChoice):
        s.undo()


def test_undo_stops_at_a_die_roll(data_dir: Path) -> None:
    s = session(Game.from_scenario(MIDGAME), data_dir)
    s.choose("play 7 ops")
    assert s.undo_block() is None
    s.choose("coup iran")  # a die is rolled
    assert s.history[-1].barrier
    s.history[-1] = type(s.history[-1])("US", True)  # as if the US had chosen it
    assert s.game.pending is not None and s.game.pending.player == "US"
    assert "die roll" in (s.undo_block() or "")


def test_a_loaded_game_rebuilds_its_undo_history_from_the_saved_choices(data_dir: Path) -> None:
    """Issue 18, item 4: a save holds every choice, so undo works after Continue or Load,
    with the same limits as in the session that made them (hand-over, die roll)."""
    game = Game.new(GameOptions(seed=1))
    for _ in range(8):  # the USSR's 6 set-up points, then 2 of the US's
        game.choose(game.pending.choices[0].id)
    s = session(Game.from_json(game.to_json()), data_dir)
    assert [step.player for step in s.history] == ["USSR"] * 6 + ["US"] * 2
    s.undo()
    s.undo()
    assert s.game.choices == game.choices[:6]
    assert "not yours" in (s.undo_block() or "")
    played = Game.from_scenario(MIDGAME)
    played.choose("play 7 ops")
    played.choose("coup iran")  # a die roll: a barrier for undo
    s = session(Game.from_json(played.to_json()), data_dir)
    assert s.history[-1].barrier
    assert s.undo_block() is not None


def test_nuclear_war_is_announced_before_the_choice(data_dir: Path) -> None:
    s = session(Game.from_scenario({**MIDGAME, "defcon": 2}), data_dir)
    assert s.losing_warning("play 7 ops") is None
    s.choose("play 7 ops")
    warning = s.losing_warning("coup panama")  # a battleground: DEFCON 1
    assert warning is not None and "8.1.3" in warning
    assert s.losing_warning("coup zaire") is not None
    assert s.game.outcome is None  # only a copy was tried
    assert len(s.game.choices) == 1


def test_holding_a_scoring_card_past_the_last_round_is_announced(data_dir: Path) -> None:
    # the USSR's last action round of turn 3, holding Middle East Scoring and one other card
    doc = {
        **MIDGAME,
        "action_round": 6,
        "rounds_taken": {"USSR": 5, "US": 5},
        "hands": {"USSR": [3, 7], "US": [4, 19]},
    }
    s = session(Game.from_scenario(doc), data_dir)
    warning = s.losing_warning("play 7 space")
    assert warning is not None and "10.1.5" in warning
    assert s.losing_warning("play 3 event") is None  # playing the scoring card is safe


def test_the_exported_log_has_a_header_and_every_entry(data_dir: Path) -> None:
    s = session(Game.new(GameOptions(seed=3)), data_dir)
    for _ in range(4):
        s.choose(s.game.pending.choices[0].id)
    text = s.log_text()
    assert text.startswith("Cold War TUI: game log\nseed 3")
    assert "US: Ann" in text
    assert all(str(entry) in text for entry in s.game.log)


def test_an_engine_bug_rolls_the_choice_back(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cold_war_tui.engine import operations
    from cold_war_tui.tui.session import EngineFailure

    s = session(Game.from_scenario(MIDGAME), data_dir)
    s.choose("play 7 ops")

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("half-written rule")

    monkeypatch.setattr(operations, "coup", broken)
    with pytest.raises(EngineFailure, match="half-written rule"):
        s.choose("coup iran")
    monkeypatch.undo()
    assert s.game.choices == ["play 7 ops"]
    assert s.game.pending is not None and s.game.pending.kind == "operation"
    s.choose("coup iran")  # the game goes on
    assert s.game.state.dice_rolled == 1
