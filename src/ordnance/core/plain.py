"""The plain part of a value's JSON: its attributes copied by name, in order.

Most ``to_dict`` methods of the games' frozen values list attributes that go
into JSON as they are, then a few that need a conversion (an enum's value, a
tuple as a list, a nested value's own ``to_dict``). :func:`attributes` is
that first part, so each name is written once and its key is its name.
Names are given as strings of space-separated names (as for
:func:`collections.namedtuple`), so a long list stays a few short lines.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Roll:
...     dr: int
...     clause: str
>>> attributes(Roll(7, "ASL-B2"), "dr clause")
{'dr': 7, 'clause': 'ASL-B2'}
"""

from __future__ import annotations

from typing import Any

__all__ = ["attributes"]


def attributes(value: object, *names: str) -> dict[str, Any]:
    """``{name: value.name}`` for each name in ``names``, in order (properties included)."""
    return {name: getattr(value, name) for group in names for name in group.split()}
