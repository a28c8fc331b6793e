"""Engine discipline (requirement 1): no UI, YAML or file I/O in the duel package but tui.py."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import cold_war_tui.duel

PACKAGE = Path(cold_war_tui.duel.__file__).parent
FORBIDDEN_MODULES = {
    "textual",
    "rich",
    "yaml",
    "os",
    "pathlib",
    "io",
    "shutil",
    "tempfile",
    "random",
}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval"}


def engine_files() -> list[Path]:
    return sorted(p for p in PACKAGE.glob("*.py") if p.name != "tui.py")


def test_engine_modules_import_no_ui_yaml_or_io() -> None:
    """Requirement 1: imports and calls in every engine module are checked statically."""
    assert len(engine_files()) >= 8
    for path in engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


def test_importing_the_engine_loads_no_ui_library() -> None:
    """Requirement 1: importing the engine and the notation pulls in no textual, rich or yaml."""
    code = (
        "import sys, cold_war_tui.duel, cold_war_tui.duel.notation;"
        "bad = sorted(m for m in ('textual', 'rich', 'yaml') if m in sys.modules);"
        "print(','.join(bad))"
    )
    root = PACKAGE.parent.parent
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == ""
