"""Early War events (#5-#35, optional #103-#106)."""

from __future__ import annotations
