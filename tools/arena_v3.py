"""`cold-war-tui arena` with earlier bots as more names: `strong-v3`, `strong-COMMIT`,
`expert-COMMIT`.

The computer opponent is measured against the bot it replaced: `strong-v3` is `strong`
as it was before it learned from people (docs/bots.md, "strong-v3"), and
`strong-COMMIT` (a commit id of 7 to 40 hex digits) is `strong` as it was at that commit,
for an A/B of a change to the bots; `expert-COMMIT` is that commit's `expert`. Those
bots are not kept in the package; this script takes their modules (`cold_war_tui/bots/`)
from git into a scratch folder, each as a package of its own, and offers them to the
arena beside the shipped bots. Needs a git checkout (not an unpacked sdist).

    .venv/bin/python tools/arena_v3.py --bots strong,strong-v3 --games 40 --seed 7000
    .venv/bin/python tools/arena_v3.py --bots strong,strong-3ce631a --games 40 --seed 7000
    .venv/bin/python tools/arena_v3.py --bots expert,expert-6809dee --games 40 --seed 7000
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from types import MappingProxyType

V3_COMMIT = "61d587f"
"""The last commit of the strong bot of flat rollouts over a one-step shortlist."""
NAME = "strong-v3"
AT_COMMIT = re.compile(r"(?:strong|expert)-([0-9a-f]{7,40})")

ROOT = Path(__file__).resolve().parents[1]


def load_bots(folder: Path, commit: str, name: str) -> None:
    """Unpack the bots of `commit` into `folder` as a package of their own, and register
    their bot of `name`'s level (`strong` or `expert`, the word before the dash) as
    `name`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "cold_war_tui/bots"],
        check=True,
        capture_output=True,
    ).stdout
    package = "bots_" + re.sub(r"\W", "_", name)
    target = folder / package
    target.mkdir()
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if not member.isfile() or "/" in member.name.removeprefix("cold_war_tui/bots/"):
                continue
            source = tar.extractfile(member)
            assert source is not None
            content = source.read()
            if member.name.endswith(".py"):  # its own imports name the package
                content = content.replace(b"cold_war_tui.bots", package.encode())
            (target / Path(member.name).name).write_bytes(content)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    earlier = importlib.import_module(package)
    import cold_war_tui.bots as bots

    level = name.split("-", 1)[0]
    bots.BOTS = MappingProxyType({**bots.BOTS, name: earlier.BOTS[level]})


def requested(argv: list[str]) -> dict[str, str]:
    """{name: commit} of the earlier bots named in `--bots`."""
    names = argv[argv.index("--bots") + 1].split(",") if "--bots" in argv[:-1] else []
    commits = {NAME: V3_COMMIT} if NAME in names else {}
    commits.update({n: m.group(1) for n in names if (m := AT_COMMIT.fullmatch(n))})
    return commits


def main(argv: list[str]) -> int:
    from cold_war_tui.cli import main as cli

    with tempfile.TemporaryDirectory(prefix="strong-earlier-") as scratch:
        for name, commit in requested(argv).items():
            load_bots(Path(scratch), commit, name)
        return cli(["arena", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
