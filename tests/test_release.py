"""Issue 16, release-ready: the licence and metadata, honest dependency ranges with the exact
versions in constraints.txt, a self-contained sdist, and the built wheel working in a
clean venv outside the source tree (docs/packaging.md)."""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

import cold_war_tui

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
# Files of a git checkout that belong to the repository, not to the source package.
REPOSITORY_ONLY = {".ci/run"}
# What `make`, the tests and the README need besides the package and its tests.
SDIST_MUST_HAVE = [
    "LICENSE",
    "Makefile",
    "constraints.txt",
    "tools/venv.sh",
    "tools/screenshots.py",
    "tools/duel_screenshots.py",
    "tools/expert_uses.py",
    "tools/arena_variants.py",
    "benchmarks/bench_engine.py",
    "benchmarks/bench_tui.py",
    "screenshots/README.md",
    "screenshots/duel-placement.svg",
    "screenshots/duel-move.svg",
    "screenshots/duel-end.svg",
    "docs/tui.md",
    "data/cards.yaml",
]


def runtime_requirements() -> list[Requirement]:
    return [Requirement(text) for text in PROJECT["dependencies"]]


def pins() -> dict[str, Version]:
    """constraints.txt: package name -> the exact version make installs."""
    found = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            name, _, version = text.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin (name==version)"
            found[canonicalize_name(name)] = Version(version)
    return found


# --- 1. licence and metadata -------------------------------------------------------------


def test_the_licence_is_mit_in_a_file_and_in_the_metadata() -> None:
    """Issue 16 item 1: an OSI licence (MIT) as a file and as the package's licence field."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]


def test_classifiers_keywords_and_authors_describe_the_game() -> None:
    """Issue 16 item 1: classifiers name every supported Python, the console and games."""
    classifiers = PROJECT["classifiers"]
    floor = Version(PROJECT["requires-python"].removeprefix(">="))
    for minor in range(floor.minor, 14):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert "Environment :: Console" in classifiers
    assert any(c.startswith("Topic :: Games") for c in classifiers)
    assert not any(c.startswith("License ::") for c in classifiers), "the licence field says it"
    assert len(PROJECT["keywords"]) >= 3
    assert all(author["name"] for author in PROJECT["authors"])


def test_the_version_is_written_once() -> None:
    """Issue 16 item 5: the package version is cold_war_tui.__version__ (hatch reads it)."""
    assert PROJECT["dynamic"] == ["version"]
    assert importlib.metadata.version("cold-war-tui") == cold_war_tui.__version__


# --- 3. ranges in the metadata, exact versions in constraints.txt -------------------------


def test_runtime_dependencies_are_ranges_with_a_floor() -> None:
    """Issue 16 item 3: no `==` pin in the metadata; each dependency states its lowest version."""
    for requirement in runtime_requirements():
        operators = {spec.operator for spec in requirement.specifier}
        assert "==" not in operators and "===" not in operators, str(requirement)
        assert ">=" in operators, f"{requirement}: no lowest version"


def test_every_declared_floor_can_be_met() -> None:
    """Issue 16 item 3: a floor below what another dependency demands can never be installed
    (`rich>=13.9` beside a Textual that needs rich 14.2): each floor meets the requirements
    the other runtime dependencies (as installed) make of that package."""
    floors = {
        canonicalize_name(r.name): Version(s.version)
        for r in runtime_requirements()
        for s in r.specifier
        if s.operator == ">="
    }
    checked = 0
    for requirement in runtime_requirements():
        for text in importlib.metadata.requires(requirement.name) or []:
            needed = Requirement(text)
            name = canonicalize_name(needed.name)
            if name in floors and (needed.marker is None or needed.marker.evaluate()):
                assert needed.specifier.contains(floors[name], prereleases=True), (
                    f"{name}>={floors[name]} cannot be met: {requirement.name} needs {needed}"
                )
                checked += 1
    assert checked >= 2  # textual's rich and platformdirs at least


def test_every_pin_lies_inside_the_declared_ranges() -> None:
    """Issue 16 item 3: constraints.txt pins each runtime dependency within its range."""
    pinned = pins()
    for requirement in runtime_requirements():
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"constraints.txt does not pin {name}"
        assert requirement.specifier.contains(pinned[name]), f"{name}=={pinned[name]}"


@pytest.mark.pinned
def test_the_test_environment_has_the_pinned_versions() -> None:
    """Issue 16 item 3: `make test` installs with constraints.txt, so the snapshot tests run
    on the exact Textual and Rich they were made with."""
    installed = 0
    for name, version in pins().items():
        try:
            found = Version(importlib.metadata.version(name))
        except importlib.metadata.PackageNotFoundError:
            continue  # a pin for another Python (backports for 3.11, say)
        assert found == version, f"{name} {found} installed, constraints.txt pins {version}"
        installed += 1
    assert installed >= 20


# --- 2 and 9. the sdist, the wheel, twine check and a clean venv --------------------------


@dataclass(frozen=True)
class Built:
    sdist: Path
    wheel: Path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The wheel and sdist as `make dist` builds them (the wheel made from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], cwd=ROOT)
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return Built(sdist, wheel)


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command; on failure the assertion shows its output."""
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    assert result.returncode == 0, f"{command}: exit {result.returncode}\n{result.stderr}"
    return result.stdout


def source_files() -> Iterator[str]:
    """The files of the source tree: git's list in a checkout, else (an unpacked sdist)
    every file there."""
    if (ROOT / ".git").exists():
        yield from run(["git", "ls-files"], cwd=ROOT).splitlines()
        return
    for path in ROOT.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and path.name != "PKG-INFO":
            relative = path.relative_to(ROOT)
            if not relative.parts[0].startswith((".venv", ".mypy", ".pytest", ".ruff", ".hy")):
                yield str(relative)


def test_the_sdist_is_self_contained(built: Built) -> None:
    """Issue 16 item 2: unpacked, the sdist has every file of the source tree (the
    screenshots the duel tests read, benchmarks/, tools/, ...): `make test` runs there."""
    with tarfile.open(built.sdist) as archive:
        top = f"{built.sdist.name.removesuffix('.tar.gz')}/"
        names = {name.removeprefix(top) for name in archive.getnames()}
    assert set(SDIST_MUST_HAVE) <= names
    missing = sorted(set(source_files()) - REPOSITORY_ONLY - names)
    assert missing == [], f"the sdist lacks {missing}"


def test_the_wheel_carries_the_data_and_the_licence(built: Built) -> None:
    """Issue 16 items 1 and 3: the wheel holds the game data and LICENSE (and no game
    log: the test logs stay in tests/data); its metadata has the licence, the
    classifiers and no exact pin."""
    with zipfile.ZipFile(built.wheel) as archive:
        names = archive.namelist()
        (metadata_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = archive.read(metadata_name).decode("utf-8")
    assert "cold_war_tui/data/cards.yaml" in names
    package = [n for n in names if n.startswith("cold_war_tui/")]
    assert not [n for n in package if n.endswith(".txt")], "the wheel ships no game logs"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Environment :: Console" in metadata
    requires = re.findall(r"^Requires-Dist: (.*)$", metadata, re.MULTILINE)
    runtime = [r for r in requires if "extra ==" not in r]
    assert len(runtime) == len(PROJECT["dependencies"])
    assert not any("==" in r for r in runtime), runtime


def test_twine_check_passes(built: Built) -> None:
    """Issue 16 items 8 and 9: the metadata and the README render as a package index
    wants them (`make dist` runs the same check)."""
    out = run(
        [sys.executable, "-m", "twine", "check", "--strict", str(built.sdist), str(built.wheel)],
        cwd=ROOT,
    )
    assert out.count("PASSED") == 2


def test_the_wheel_works_in_a_clean_venv_outside_the_source_tree(
    built: Built, tmp_path: Path
) -> None:
    """Issue 16 item 9: pip installs the wheel into a new venv (its dependencies from pip's
    cache, at the versions of constraints.txt); there, from a folder outside the source
    tree, `cold-war-tui --version`, `validate-data` and a short `selfplay` work."""
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path)
    python = venv / "bin" / "python"
    install = ["install", "--quiet", "--constraint", str(ROOT / "constraints.txt")]
    run(
        [sys.executable, "-m", "pip", "--python", str(python), *install, str(built.wheel)], tmp_path
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["COLD_WAR_TUI_DATA_DIR"] = str(tmp_path / "user-data")
    game = str(venv / "bin" / "cold-war-tui")

    assert run([game, "--version"], tmp_path, env) == f"cold-war-tui {cold_war_tui.__version__}\n"
    valid = run([game, "validate-data"], tmp_path, env)
    assert valid.startswith(str(venv)) and "the game data is valid" in valid  # the wheel's
    summary = run([game, "selfplay", "--games", "2", "--seed", "1"], tmp_path, env)
    assert "games: 2" in summary
    code = "import cold_war_tui; print(cold_war_tui.__file__)"
    where = run([str(python), "-c", code], tmp_path, env)
    assert Path(where.strip()).is_relative_to(venv)
    assert not (tmp_path / "user-data").exists()  # nothing written by headless commands


# --- 8. the README as a package page -----------------------------------------------------

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_starts_with_the_two_make_commands_then_says_how_to_install() -> None:
    """Issue 16 item 8: the make commands are the first code on the page; an Install
    section gives pipx and pip."""
    first_code = README.split("```", 2)[1]
    assert "make play" in first_code and "make test" in first_code
    install = README.split("## Install", 1)[1].split("\n## ", 1)[0]
    assert "pipx install cold-war-tui" in install and "pip install cold-war-tui" in install
    assert README.index("make play") < README.index("## Install")


def test_readme_pictures_are_described_in_words() -> None:
    """Issue 16 item 8: on a package page a relative picture may not load, so each one's
    alternative text says what the screen shows."""
    pictures = re.findall(r"!\[([^\]]*)\]\(([^)]+)\)", README)
    assert pictures
    for alt, target in pictures:
        assert len(alt.split()) >= 4, f"{target}: the text {alt!r} does not describe it"
        assert (ROOT / target).is_file(), target


def test_readme_relative_links_name_their_file() -> None:
    """Issue 16 item 8: a relative link to a doc shows its path as its text, so a reader of
    the package page knows which file of the source package to open; each file exists."""
    links = re.findall(r"(?<!!)\[([^\]]*)\]\(([^)]+)\)", README)
    relative = [(text, target) for text, target in links if "://" not in target]
    assert relative
    for text, target in relative:
        assert (ROOT / target).is_file(), target
        assert text.strip("`") == target, f"[{text}]({target}): the text hides the path"


# --- 4. make: the Python version first, and a venv per interpreter ------------------------


def fake_python(folder: Path, version: str, log: Path) -> Path:
    """A stand-in for another Python: the real one answers `-c` as if it were `version`;
    `-m venv` makes a venv whose python is this script; `-m pip` and `-m pytest` are only
    written to the log."""
    major, minor, micro = (int(part) for part in version.split("."))
    path = folder / f"python{version}"
    real = sys.executable
    path.write_text(
        "#!/bin/sh\n"
        'case "$1" in\n'
        f'  -c) exec "{real}" -c "import sys; sys.version_info = ({major}, {minor}, {micro}); '
        f"sys.version = '{version} (fake)'; sys.executable = '$0'\n$2\" ;;\n"
        '  -m) if [ "$2" = venv ]; then mkdir -p "$3/bin" && ln -s "$0" "$3/bin/python";\n'
        f'      else echo "$(readlink -f "$0") $*" >> "{log}"; fi ;;\n'
        "esac\n",
        encoding="utf-8",
    )
    path.chmod(0o755)
    return path.resolve()


def make(project: Path, goal: str, python: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "--no-print-directory", goal, f"PYTHON={python}"],
        cwd=project,
        capture_output=True,
        text=True,
    )


def test_make_checks_the_python_version_and_rebuilds_the_venv_for_a_new_interpreter(
    tmp_path: Path,
) -> None:
    """Issue 16 item 4: `make` with a too-old Python stops with one line naming it; with
    another interpreter it makes the venv anew and reinstalls; with the same one it
    reinstalls nothing."""
    project = tmp_path / "project"
    (project / "tools").mkdir(parents=True)
    for name in ("Makefile", "pyproject.toml", "constraints.txt", "tools/venv.sh"):
        shutil.copy(ROOT / name, project / name)
    log = tmp_path / "log"
    log.touch()
    py312, py313, py310 = (fake_python(tmp_path, v, log) for v in ("3.12.1", "3.13.0", "3.10.13"))

    def new_log_lines() -> list[str]:
        lines = log.read_text(encoding="utf-8").splitlines()
        log.write_text("", encoding="utf-8")
        return lines

    assert make(project, "unit", py312).returncode == 0
    first = new_log_lines()
    assert any(line.startswith(f"{py312} -m pip install") for line in first), first
    assert first[-1] == f"{py312} -m pytest"
    (project / ".venv" / "marker").touch()

    assert make(project, "unit", py312).returncode == 0
    assert new_log_lines() == [f"{py312} -m pytest"]  # same interpreter: no reinstall

    result = make(project, "unit", py313)
    assert result.returncode == 0 and "a new .venv for Python 3.13.0" in result.stdout
    assert not (project / ".venv" / "marker").exists()
    assert (project / ".venv" / ".interpreter").read_text().split() == [str(py313), "3.13.0"]
    again = new_log_lines()
    assert any(line.startswith(f"{py313} -m pip install") for line in again), again

    result = make(project, "play", py310)
    assert result.returncode != 0
    message = result.stderr.splitlines()[0]
    assert "needs Python 3.11 or newer" in message and "3.10.13" in message
    assert "make play PYTHON=" in message
    assert new_log_lines() == []  # nothing installed or run
    assert (project / ".venv" / ".interpreter").read_text().split()[1] == "3.13.0"
