"""The Textual front end: screens and widgets over the engine's pending decision."""
