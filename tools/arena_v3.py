"""`cold-war-tui arena` with the earlier strong bot as one more name, `strong-v3`.

The computer opponent is measured against the bot it replaced: `strong` as it was
before it learned from people (docs/bots.md, "strong-v3"). That bot is not kept in the
package; this script takes its modules (`cold_war_tui/bots/`) from the git commit
`V3_COMMIT` into a scratch folder, as a package of its own, and offers it to the
arena beside the shipped bots. Needs a git checkout (not an unpacked sdist).

    .venv/bin/python tools/arena_v3.py --bots strong,strong-v3 --games 40 --seed 7000
"""

from __future__ import annotations

import importlib
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
PACKAGE = "strong_v3_bots"

ROOT = Path(__file__).resolve().parents[1]


def load_v3(folder: Path) -> None:
    """Unpack the v3 bots into `folder` as the package PACKAGE and register NAME."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", V3_COMMIT, "cold_war_tui/bots"],
        check=True,
        capture_output=True,
    ).stdout
    target = folder / PACKAGE
    target.mkdir()
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith(".py"):
                source = tar.extractfile(member)
                assert source is not None
                text = source.read().decode("utf-8").replace("cold_war_tui.bots", PACKAGE)
                (target / Path(member.name).name).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    v3 = importlib.import_module(PACKAGE)
    import cold_war_tui.bots as bots

    bots.BOTS = MappingProxyType({**bots.BOTS, NAME: v3.BOTS["strong"]})


def main(argv: list[str]) -> int:
    from cold_war_tui.cli import main as cli

    with tempfile.TemporaryDirectory(prefix="strong-v3-") as scratch:
        load_v3(Path(scratch))
        return cli(["arena", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
