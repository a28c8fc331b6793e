"""Cold War TUI: Twilight Struggle and the DEFCON duel, hot-seat in the terminal."""

__version__ = "0.1.0"
