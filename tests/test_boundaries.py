"""The engines stay pure: no Textual, Rich or YAML, no file I/O (ARCHITECTURE: boundaries)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "cold_war_tui"
FORBIDDEN_MODULES = ("textual", "rich", "yaml")
PURE_PACKAGES = ("cold_war_tui.engine", "cold_war_tui.duel", "cold_war_tui.records")
# The engine's and the log reader's single seam to the data layer: the shipped data by
# default.
ALLOWED_IMPORTS = {
    ("engine/game.py", "cold_war_tui.gamedata"),
    ("records/record.py", "cold_war_tui.gamedata"),
}
# Pure modules outside the two packages that both may import (and that are scanned too).
SHARED_PURE_MODULES = {"cold_war_tui.datamodel", "cold_war_tui.untrusted", "cold_war_tui.wording"}
# File I/O, and Python's `random` (not stable across versions: the engines seed their own).
FORBIDDEN_IN_SOURCE = {"pathlib", "io", "os", "shutil", "tempfile", "random"}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval"}
# The checkpoints' freeze and thaw, written out from GameState's own fields (no input).
ALLOWED_CALLS = {("engine/state.py", "exec")}


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_importing_a_pure_package_loads_no_ui_yaml_or_io_side_module(package: str) -> None:
    """Every module of the package imported in a fresh interpreter: no Textual, Rich or
    YAML comes in with it, and of this project only the pure packages and the pure shared
    modules (no UI, no save store, no user data folder)."""
    folder = PACKAGE / package.removeprefix("cold_war_tui.")
    modules = [
        ".".join((package, *path.relative_to(folder).with_suffix("").parts))
        for path in sorted(folder.rglob("*.py"))
    ]
    code = (
        "import importlib, sys; "
        f"[importlib.import_module(m.removesuffix('.__init__')) for m in {modules!r}]; "
        "print(','.join(sorted(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded = set(result.stdout.strip().split(","))
    ui_or_yaml = {m for m in loaded if m.split(".")[0] in FORBIDDEN_MODULES}
    assert not ui_or_yaml, f"{package} imports {sorted(ui_or_yaml)}"
    ours = {m for m in loaded if m.startswith("cold_war_tui.")}
    outside = {m for m in ours if not m.startswith(PURE_PACKAGES)} - SHARED_PURE_MODULES
    assert not outside, f"{package} loads {sorted(outside)}"


def test_the_pure_packages_are_all_scanned() -> None:
    assert len(_pure_files()) >= 25


def _pure_files() -> list[Path]:
    files = sorted((PACKAGE / "engine").rglob("*.py"))
    files += sorted((PACKAGE / "duel").rglob("*.py"))
    files += sorted((PACKAGE / "records").rglob("*.py"))
    return [*files, PACKAGE / "untrusted.py", PACKAGE / "wording.py"]


@pytest.mark.parametrize("path", _pure_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_pure_module_source_has_no_forbidden_import_or_file_io(path: Path) -> None:
    relative = str(path.relative_to(PACKAGE))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            assert top not in FORBIDDEN_MODULES, f"{relative} imports {name}"
            assert top not in FORBIDDEN_IN_SOURCE, f"{relative} imports {name}"
            if name.startswith("cold_war_tui.") and not name.startswith(PURE_PACKAGES):
                assert name in SHARED_PURE_MODULES or (relative, name) in ALLOWED_IMPORTS, (
                    f"{relative} imports {name} from outside the pure packages"
                )
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            call = node.func.id
            allowed = (relative, call) in ALLOWED_CALLS
            assert allowed or call not in FORBIDDEN_CALLS, f"{relative} calls {call}()"


# -- the TUI reads the engine through its public names only (issue 20) --------------------
def _tui_files() -> list[Path]:
    return sorted((PACKAGE / "tui").rglob("*.py"))


def test_the_tui_files_are_all_scanned() -> None:
    assert len(_tui_files()) >= 20


@pytest.mark.parametrize("path", _tui_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_tui_imports_only_what_the_engine_package_exports(path: Path) -> None:
    """No engine submodule, no name the engine's `__init__` leaves out, no `_core`."""
    import cold_war_tui.engine as engine

    exported = set(engine.__all__)
    relative = str(path.relative_to(PACKAGE))
    source = path.read_text(encoding="utf-8")
    assert "_core" not in source, f"{relative} mentions the engine's private core"
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "cold_war_tui.engine"
        ):
            assert node.module == "cold_war_tui.engine", f"{relative} imports {node.module}"
            names = {alias.name for alias in node.names}
            assert names <= exported, f"{relative} imports {sorted(names - exported)}"
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert not alias.name.startswith("cold_war_tui.engine."), (
                    f"{relative} imports {alias.name}"
                )


def test_every_name_the_engine_exports_exists() -> None:
    import cold_war_tui.engine as engine

    assert all(hasattr(engine, name) for name in engine.__all__)
