"""What a counter on the map is, as a target: a vehicle or a Gun (notes B5, C8 To Hit cases).

The page fills the Fire form's *Target type* from the counter clicked
(``x-from-target`` in the schema); this module answers it from the counter
database (:mod:`ordnance.asl.rules.counters`) by the piece's name, only when the
name names counters of one kind: a close (fuzzy) match or names of both kinds
answer nothing, and the player chooses.

>>> target_type("PzKpfw IVH", "german")
'vehicle'
>>> target_type("75L AT PaK 40", "german")
'gun'
>>> target_type("T-34/76", "russian") is None
True
"""

from __future__ import annotations

from functools import lru_cache

from ordnance.asl.rules.counters import search

__all__ = ["target_type"]

#: The database's kinds as the Fire form's target types.
_AS_TARGET = {"vehicle": "vehicle", "ordnance": "gun"}
#: How a name may match to count (a fuzzy match is a guess, not an answer).
_SURE = frozenset({"piece id", "name", "alias", "model"})


@lru_cache(maxsize=512)
def target_type(name: str, nationality: str | None) -> str | None:
    """``"vehicle"``, ``"gun"``, or None when the counter database does not say one."""
    if not name.strip():
        return None
    for nat in (nationality, None) if nationality else (None,):
        sure = [m for m in search(name, nationality=nat, limit=20) if m.how in _SURE]
        if sure:
            kinds = {_AS_TARGET.get(m.counter.kind) for m in sure}
            return kinds.pop() if len(kinds) == 1 else None
    return None
