"""A dict that keeps at most ``limit`` entries, dropping the least recently written.

For the server's per-table memos (a table's game and settings, its dice
setting, its seats): each is a fact that never changes once the table exists,
so a dropped entry is only read again from the database; the bound keeps a
long-running process from growing with every table it ever served.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import TypeVar

#: How many tables' memos each process keeps (a few hundred bytes each;
#: ``$ORDNANCE_TABLES_REMEMBERED``, 5,000 by default).
TABLES_REMEMBERED = int(os.environ.get("ORDNANCE_TABLES_REMEMBERED", "5000"))

K = TypeVar("K")
V = TypeVar("V")


class BoundedDict(OrderedDict[K, V]):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)
