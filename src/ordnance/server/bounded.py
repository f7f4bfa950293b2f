"""A dict that keeps at most ``limit`` entries, dropping the least recently used.

For the server's per-table memos (a table's game and settings, its dice
setting, its seats): each is a fact that never changes once the table exists,
so a dropped entry is only read again from the database; the bound keeps a
long-running process from growing with every table it ever served.
"""

from __future__ import annotations

import contextlib
import os
from collections import OrderedDict
from typing import TypeVar, overload

#: How many tables' memos each process keeps (a few hundred bytes each per memo;
#: ``$ORDNANCE_TABLES_REMEMBERED``, 1,000 by default: the tables in play stay, being
#: the most recently used, and an older one costs one SELECT when it comes back).
TABLES_REMEMBERED = int(os.environ.get("ORDNANCE_TABLES_REMEMBERED", "1000"))

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class BoundedDict(OrderedDict[K, V]):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.limit:
            with contextlib.suppress(KeyError):  # another thread emptied it meanwhile
                self.popitem(last=False)

    @overload
    def get(self, key: K, default: None = None, /) -> V | None: ...
    @overload
    def get(self, key: K, default: V, /) -> V: ...
    @overload
    def get(self, key: K, default: T, /) -> V | T: ...
    def get(self, key: K, default: object = None, /) -> object:
        """The value (now the most recently used), or ``default``."""
        try:
            value = super().__getitem__(key)
        except KeyError:
            return default
        with contextlib.suppress(KeyError):  # dropped by another thread meanwhile
            self.move_to_end(key)
        return value
