"""Late War events (#82-#102, optional #109-#110)."""

from __future__ import annotations
