"""Every text that enters the server, checked once at the API boundary.

SQLite and PostgreSQL disagree on what a string may hold: PostgreSQL refuses
NUL in any text and enforces ``VARCHAR(n)`` lengths, SQLite stores either;
neither can encode a lone UTF-16 surrogate (JSON allows ``"\\ud800"``), and
an answer that repeats one cannot be encoded either. So the server applies
one set of limits before anything reaches a game or a database, the same on
both, and refuses with 422 naming the field (:class:`BadText`):

* no lone surrogate, no NUL, no other control character (U+0000-U+001F,
  U+007F-U+009F); free text inside a JSON body may hold tab and line feed;
* no invisible format character either (Unicode Cf: the bidirectional
  overrides, embeddings, isolates and marks, zero-width characters), nor a
  line or paragraph separator, private-use or unassigned code point
  (:func:`ordnance.core.names.invisible_problem`): every string may end up
  in a name or a journal line that every seat reads;
* at most :data:`MAX_TEXT` characters per string in a body (keys included),
  :data:`MAX_NAME` in a seat name, the route's own limit in a parameter;
* bodies nested at most :data:`MAX_DEPTH` deep, and numbers finite (Python's
  JSON reader accepts ``NaN``, which PostgreSQL's JSON type refuses). Before
  any of that, a raw body nested deeper than :data:`MAX_RAW_DEPTH` is refused
  unparsed (:func:`raw_depth`), on every route.

Hand-written because the rule is ours: what a database column can hold,
stated once for both databases.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from itertools import accumulate
from typing import Any

from ordnance.core.errors import OrdnanceError
from ordnance.core.names import invisible_problem

#: The longest string a JSON body may hold (a setting, an action field).
MAX_TEXT = 500
#: The longest seat name (the ``seats.seat`` column is ``VARCHAR(32)``).
MAX_NAME = 32
#: How deeply a JSON body may nest.
MAX_DEPTH = 12
#: Control characters free text may keep.
FREE_TEXT_CONTROLS = frozenset("\t\n")


class BadText(OrdnanceError):
    """A text the server does not accept (it names the field)."""

    def __init__(self, field: str, message: str, *, hint: str | None = None):
        self.field = field
        super().__init__(f"{field}: {message}", hint=hint)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "field": self.field}


def problem(text: str, *, max_length: int, allow: frozenset[str] = frozenset()) -> str | None:
    """What is wrong with ``text`` (None when nothing is)."""
    if len(text) > max_length:
        return f"longer than {max_length} characters ({len(text)})"
    for ch in text:
        code = ord(ch)
        if 0xD800 <= code <= 0xDFFF:
            return f"a lone surrogate (U+{code:04X}) is not text"
        if code == 0:
            return "a NUL character (U+0000) is not allowed"
        if (code < 0x20 or 0x7F <= code <= 0x9F) and ch not in allow:
            return f"the control character U+{code:04X} is not allowed"
    return invisible_problem(text, allow)


def check_text(
    field: str, text: str, *, max_length: int = MAX_TEXT, allow: frozenset[str] = frozenset()
) -> str:
    """``text`` if it passes, else :class:`BadText` naming ``field``."""
    wrong = problem(text, max_length=max_length, allow=allow)
    if wrong is not None:
        raise BadText(field, wrong, hint="send printable text")
    return text


def check_json(field: str, value: Any, depth: int = 0) -> None:
    """Check every string (keys too) and number in a parsed JSON value."""
    if depth > MAX_DEPTH:
        raise BadText(field, f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        check_text(field, value, allow=FREE_TEXT_CONTROLS)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise BadText(field, "numbers must be finite")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            name = f"{field}.{key}" if field else str(key)
            check_text(field or "body", str(key), max_length=MAX_TEXT)
            check_json(_printable(name), item, depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_json(f"{field}.{i}" if field else str(i), item, depth + 1)


#: How deeply a raw request body may nest before it is parsed at all
#: (:func:`raw_depth`, checked for every route by ``ordnance.server.app.BodyLimit``).
#: Far above what any route accepts (an action's :data:`MAX_DEPTH`, a scenario
#: document under its envelope), far below where a JSON parser's recursion fails.
MAX_RAW_DEPTH = 100

#: A JSON string in a raw body (escapes included), skipped by :func:`raw_depth`
#: (the "unrolled loop" form: no alternation per character).
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
#: A bracket's step: +1 opens a level, -1 closes one.
_STEP = {0x5B: 1, 0x7B: 1, 0x5D: -1, 0x7D: -1}


def raw_depth(body: bytes) -> int:
    """How deeply the raw JSON ``body`` nests (the root object is level 1), before parsing.

    A parser recurses once per level, so a body of thousands of brackets must be
    refused before any parser sees it. This scan does not recurse: it drops the
    strings (brackets inside them are text), keeps the brackets and adds their
    steps up, every loop in C (a regular expression, ``bytes.translate``,
    :func:`itertools.accumulate`): linear in the body's size, which the body
    limit already bounds.

    >>> raw_depth(b'{"a": [1, "[[["]}'), raw_depth(b"[" * 30_000), raw_depth(b"7")
    (2, 30000, 0)
    """
    brackets = _JSON_STRING.sub(b"", body).translate(None, _NOT_BRACKET)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _printable(name: str) -> str:
    """A field path safe to echo (a bad key was already refused; cap the length)."""
    return name if len(name) <= 200 else name[:200] + "..."


def check_params(kind: str, params: Iterable[tuple[str, str]], max_length: int = 256) -> None:
    """Path and query parameters: no control character at all, bounded."""
    for name, value in params:
        check_text(f"{kind}.{name[:64]}", name, max_length=64)
        check_text(f"{kind}.{name}", value, max_length=max_length)


def check_seat_names(seats: Iterable[str], settings: Mapping[str, Any]) -> list[str]:
    """Seat names the game made from the settings: printable, 1-32 characters, distinct.

    The field named is the setting that holds the name when one does
    (e.g. ``settings.sides.0``), else ``settings``.
    """
    names = list(seats)
    for name in names:
        wrong = problem(name, max_length=MAX_NAME)
        if wrong is None and not name.strip():
            wrong = "a seat name must not be blank"
        if wrong is not None:
            raise BadText(
                _where(settings, name) or "settings",
                f"the seat name {name[:40]!r} is not usable: {wrong}",
                hint=f"name each side with 1 to {MAX_NAME} printable characters",
            )
    if len(set(names)) != len(names):
        raise BadText("settings", "two seats have the same name", hint="name each side once")
    return names


def _where(value: Any, wanted: str, path: str = "settings") -> str | None:
    if isinstance(value, str):
        return path if value == wanted else None
    if isinstance(value, Mapping):
        items: Iterable[tuple[Any, Any]] = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        if key == wanted:  # a name given as a key (e.g. WaW's {"sides": {name: nation}})
            return f"{path}.{key}"
        found = _where(item, wanted, f"{path}.{key}")
        if found is not None:
            return found
    return None
