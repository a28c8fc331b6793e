"""A data folder that cannot be written is reported when the game opens (the title screen,
then the game screen as it opens), not after the first choice; a "folder" that is a file
says so in those words."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static
from tui_helpers import make_app, open_game, wait_for

from cold_war_tui.engine import Game, GameOptions
from cold_war_tui.tui.saves import SaveProblem, SaveStore


def note(app: object) -> str:
    from cold_war_tui.tui.app import ColdWarApp

    assert isinstance(app, ColdWarApp)
    return str(app.screen_stack[0].query_one("#note", Static).content)


def test_what_stops_saving_is_named_in_words(tmp_path: Path) -> None:
    a_file = tmp_path / "data"
    a_file.write_text("not a folder")
    assert SaveStore(a_file).write_problem() == f"{a_file}: is a file, not a folder"
    below = a_file / "saves-here"
    assert SaveStore(below).write_problem() == (
        f"{below}: cannot be made ({a_file} is a file, not a folder)"
    )
    with pytest.raises(SaveProblem) as caught:
        SaveStore(a_file).write(a_file / "autosave.json", "{}")
    assert str(caught.value) == (
        f"{a_file / 'autosave.json'}: cannot be written ({a_file} is a file, not a folder)"
    )
    fine = tmp_path / "fine"
    assert SaveStore(fine).write_problem() is None and not fine.exists()  # nothing made
    fine.mkdir()
    assert SaveStore(fine).write_problem() is None and list(fine.iterdir()) == []


@pytest.mark.parametrize("under_a_file", [False, True], ids=["a-file", "under-a-file"])
async def test_the_title_says_at_once_when_games_cannot_be_saved(
    tmp_path: Path, under_a_file: bool
) -> None:
    in_the_way = tmp_path / "data"
    in_the_way.write_text("not a folder")
    folder = in_the_way / "cold-war" if under_a_file else in_the_way
    app = make_app(folder)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: "cannot be saved" in note(app))
        why = (
            f"cannot be made ({in_the_way} is a file, not a folder)"
            if under_a_file
            else "is a file, not a folder"
        )
        assert note(app).startswith(f"Games cannot be saved: {folder}: {why}. ")
        # the game opens anyway, and says at once that its autosave fails
        await open_game(pilot, app, Game.new(GameOptions(seed=3)))
        said = " ".join(str(n.message) for n in app._notifications)
        assert said.startswith(f"autosave failed: {folder / 'autosave.json'}: cannot be written")
        assert "is a file, not a folder" in said
