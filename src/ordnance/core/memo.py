"""Values derived from immutable objects, remembered by the objects' identity, bounded.

A game's states are frozen values that share their unchanged parts: an action
replaces one unit and keeps the others, so the next state holds the very same
unit objects. What a view derives from such a part alone (a unit's row, its
label) is then built once per part, not once per request. An
:class:`IdentityMemo` keys each value by the ``id`` of the objects it was
derived from and keeps those objects alive in the entry, so an id is never
reused while its entry is held: two objects alive at once never share an id,
so a key found is the very objects asked about (an equal but distinct object,
a state read back from a snapshot, is simply a miss).

Only for pure functions of immutable objects, whose answers the callers never
change in place (they are shared by every answer that holds them). Bounded:
at most ``limit`` entries, the least recently used dropped first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

__all__ = ["SHARED_PARTS", "IdentityMemo", "shared_part"]


class IdentityMemo(Generic[V]):
    """``make()`` remembered by the identity of ``objects`` (see the module's docstring)."""

    def __init__(self, name: str, limit: int) -> None:
        self.name = name
        self.limit = limit
        self._entries: OrderedDict[object, tuple[object, V]] = OrderedDict()

    def get(self, objects: tuple[object, ...], make: Callable[[], V]) -> V:
        """The value derived from ``objects``, made by ``make()`` the first time."""
        return self._get(tuple(map(id, objects)), objects, make)

    def one(self, obj: object, make: Callable[[], V]) -> V:
        """:meth:`get` of one object (the common case, without a key tuple to build)."""
        return self._get(id(obj), obj, make)

    def with_values(self, obj: object, values: Hashable, make: Callable[[], V]) -> V:
        """The value derived from ``obj`` (by identity) and plain ``values`` (compared by
        value: strings, numbers, tuples of them), made by ``make()`` the first time."""
        return self._get((id(obj), values), obj, make)

    def _get(self, key: object, held: object, make: Callable[[], V]) -> V:
        entries = self._entries
        hit = entries.get(key)
        if hit is not None:  # the entry holds its objects: these ids are those objects
            try:  # not contextlib.suppress: this is the hot path
                entries.move_to_end(key)
            except KeyError:  # dropped by another thread meanwhile
                return hit[1]
            return hit[1]
        value = make()
        entries[key] = (held, value)
        while len(entries) > self.limit:
            try:
                entries.popitem(last=False)
            except KeyError:  # another thread emptied it first
                break
        return value

    def peek(self, obj: object) -> V | None:
        """The value held for ``obj`` (by :meth:`one`), or None; nothing is made."""
        hit = self._entries.get(id(obj))
        return None if hit is None else hit[1]

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()


#: Large parts of answers that many answers hold as they are (a ToI map's ``hexes``
#: list and board, built once per map): an encoder may write each one once and copy
#: its text into every answer that holds it (``ordnance.server.routes.json_bytes``).
#: By identity, each held alive; at most 256 (two per map).
SHARED_PARTS: IdentityMemo[bool] = IdentityMemo("core.memo.SHARED_PARTS", 256)

T = TypeVar("T")


def shared_part(obj: T) -> T:
    """Register ``obj`` as an immutable part shared by many answers (:data:`SHARED_PARTS`);
    nobody may change it in place afterwards. Returns ``obj``."""
    SHARED_PARTS.one(obj, lambda: True)
    return obj
