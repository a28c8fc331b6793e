"""`python -m cold_war_tui` runs the game."""

import sys

from cold_war_tui.cli import main

sys.exit(main())
