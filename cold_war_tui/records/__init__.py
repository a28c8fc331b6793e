"""Real games in: play-site logs read as records of rounds, each able to set up the
position before it as a new `Game` (docs/records.md).

Pure: no files, no terminal. `read_log(text)` gives a `GameRecord` or raises `LogError`.
"""

from cold_war_tui.records.errors import LogError
from cold_war_tui.records.record import GameRecord, Round, play_of, read_log

__all__ = ["GameRecord", "LogError", "Round", "play_of", "read_log"]
