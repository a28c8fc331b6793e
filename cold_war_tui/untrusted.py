"""Helpers for input from outside the program: saves, data files, command-line values.

Pure (no files, no UI), so both engines may use them. A message about bad input
quotes at most `EXCERPT_CHARS` of it: a 10 MB string in a save must give a
short line, not a screen of text (docs/engine.md, "Errors").
"""

from __future__ import annotations

import json

from pydantic import ValidationError

EXCERPT_CHARS = 40
MAX_SAVE_CHARS = 1_000_000
"""The size limit of a save, card game or duel: a long game saves in about 30,000
characters; more than this is not a save (and replaying it could take long)."""


class BadJson(ValueError):
    """Text that is not JSON, in one line: what is wrong and where."""


def load_json(text: str) -> object:
    """Decode JSON text; any way it can fail is a BadJson, including the ways Python's
    reader fails with other errors (deep nesting, integers of over 4,300 digits) or
    succeeds where JSON does not (NaN, Infinity)."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise BadJson(f"invalid JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    except BadJson:
        raise
    except RecursionError:
        raise BadJson("invalid JSON: nested too deeply") from None
    except ValueError:
        raise BadJson("invalid JSON: a number in it is too long") from None


def _no_constant(name: str) -> object:
    raise BadJson(f"invalid JSON: {name} is not a JSON value")


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """`value` as a quoted repr of at most about `limit` characters, marked when cut."""
    if isinstance(value, str | bytes) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    text = _safe_repr(value)
    if len(text) > limit:
        return f"{text[:limit]}... ({len(text):,} characters)"
    return text


def _safe_repr(value: object) -> str:
    # repr of an int of more than 4,300 digits raises ValueError (Python's own limit).
    try:
        return repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too long to show"


def field_problem(err: ValidationError, prefix: str = "") -> str:
    """The first problem of a pydantic error as one line: `field 'a.b': what is wrong`."""
    where, problem = first_problem(err, prefix)
    return f"field '{where}': {problem}"


def first_problem(err: ValidationError, prefix: str = "") -> tuple[str, str]:
    """Where the first problem of a pydantic error is (`a.b`) and what it is, both short;
    the count of the others is added to what."""
    errors = err.errors(include_url=False, include_input=False)
    first = errors[0]
    # A location may hold a key of the input (a 10 MB dictionary key): each step is cut.
    steps = [clip(str(step)) for step in (prefix, *first["loc"]) if step != ""]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return ".".join(steps) or "value", f"{clip(first['msg'], 200)}{more}"


def clip(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` on one line, cut to `limit` characters (a message may quote the input)."""
    line = " ".join(text.split()) if "\n" in text or "\r" in text else text
    return line if len(line) <= limit else f"{line[:limit]}..."
