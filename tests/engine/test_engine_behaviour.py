"""Behaviour unchanged by issue 20's rework of the engine's inside: random self-play at fixed
seeds makes the same choices and writes the same log and final state as the engine at the
rework's start (tools/behaviour_digests.txt, from commit 17d9f99). One intended change: a
card that leaves a hand leaves `known` (Core.move_card), so the state is compared byte for
byte without `known` (`to_json` differed in 218 of the 300 games, all by stale `known`
entries of the old engine). Rules fixes since then re-record the games they change: the
audit of #36-#59 (#45 Summit, #50 We Will Bury You) changed 65 of them, each a game with
one of those events (one a game that ended inside a UN Intervention play, whose cards lay
in limbo in the new announcing order); the rest of that day's audit (rules version 3) 44
more: 41 by their log alone (#103 Defectors headlined by the USSR no longer logs a
cancellation), 3 by their choices (two by the China Card's space race entry under #31
Red Scare/Purge, ruling 10; one recorded on the #36-#59 branch, which met the other
fixes on merging). The realignment log line then gained the modifiers behind each
side's total ("US 5 vs USSR 4 (USSR +1 superpower +1 more influence)"): the log of the
games whose realignment rolls had modifiers was re-recorded, their choices and state
unchanged; and so was the log of the 244 games that reached a turn's end, once the turn's
end said how many cards each side keeps into the next turn (5.1)."""

from __future__ import annotations

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "tools"
sys.path.insert(0, str(TOOLS))
from behaviour_digest import digest  # noqa: E402

RECORDED = {
    int(line.split()[0]): line.split()
    for line in (TOOLS / "behaviour_digests.txt").read_text(encoding="utf-8").splitlines()
}


def test_self_play_makes_the_same_games_as_at_the_start_of_the_rework() -> None:
    changed = []
    for seed, (_, switches, choices, _, log, _, rest) in RECORDED.items():
        now = digest(seed).split()
        if (now[1], now[2], now[4], now[6]) != (switches, choices, log, rest):
            changed.append(seed)
    assert changed == []


def test_the_record_covers_300_games_of_every_rule_switch() -> None:
    assert sorted(RECORDED) == list(range(300))
    assert len({fields[1] for fields in RECORDED.values()}) == 5
