"""A term of a number a rule computes, with the clause that gives it.

A To Hit number, a Hit Number or a DRM is a base plus modifiers, each from a
rule. The games keep each modifier as a :class:`Term`, so that an answer can
show where its number came from (``+1 WAW-8.2-g``, ``-2 ASL-C5``).

>>> Term("adjacent unit firing into a smoke hex", 1, "WAW-8.2-g").to_dict()
{'what': 'adjacent unit firing into a smoke hex', 'value': 1, 'clause': 'WAW-8.2-g'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Term"]


@dataclass(frozen=True, slots=True)
class Term:
    """One addend of a number (a TH#, a Hit Number, a DRM), with the clause that gives it."""

    what: str
    value: int
    clause: str

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "value": self.value, "clause": self.clause}
