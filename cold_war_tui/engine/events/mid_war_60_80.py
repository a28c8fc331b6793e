"""Mid War events #60-#80 and optional #107-#108."""

from __future__ import annotations
