"""Mid War events #36-#59."""

from __future__ import annotations
