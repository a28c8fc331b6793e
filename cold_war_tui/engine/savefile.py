"""The outer checks of a save document, before anything is replayed (docs/engine.md).

A save comes from outside: it may be any text, of any size or depth. Every way
it can be wrong ends in one `SaveError` line here, never in Python's own
RecursionError or ValueError, and never in a message that quotes more than a
short excerpt of it. `Game.from_json` calls `read_document`, then replays.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from cold_war_tui.engine.errors import SaveError
from cold_war_tui.untrusted import MAX_SAVE_CHARS, BadJson, excerpt, field_problem, load_json

FORMAT_VERSION = 1

M = TypeVar("M", bound=BaseModel)


def read_document(text: object) -> dict[str, Any]:
    """The decoded save object, once it is known to be JSON of a readable format."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveError(f"not a saved game (expected JSON text, got {type(text).__name__})")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(
            f"not a saved game: {len(text):,} characters, over the limit of "
            f"{MAX_SAVE_CHARS:,} for a save"
        )
    doc = _parse(text if isinstance(text, str) else _decode(bytes(text)))
    if not isinstance(doc, dict):
        raise SaveError("not a saved game (expected a JSON object)")
    version = doc.get("format")
    # bool is an int in Python: `true` must not pass for format 1.
    if version is None:
        raise SaveError("not a saved game (no format version)")
    if type(version) is not int or version < 1:
        raise SaveError(
            "not a saved game (the format version is a positive whole number, "
            f"not {excerpt(version)})"
        )
    if version > FORMAT_VERSION:
        raise SaveError(
            f"saved by a newer version (format {excerpt(version)}; "
            f"this program reads {FORMAT_VERSION})"
        )
    return doc


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SaveError(f"not a saved game (not UTF-8 text at byte {err.start})") from None


def _parse(text: str) -> object:
    try:
        return load_json(text)
    except BadJson as err:
        raise SaveError(f"not a saved game ({err})") from None


def validated(model: type[M], value: object, part: str) -> M:
    """`value` as `model`, or a SaveError naming the first wrong field of `part`."""
    try:
        return model.model_validate(value)
    except ValidationError as err:
        raise SaveError(f"the save is damaged: {field_problem(err, part)}") from None
