"""Old import path of the ASL side record, kept while the faces move to the new modules.

The state values are in :mod:`ordnance.asl.state`, their Rich table in
:mod:`ordnance.asl.render`; ``ordnance.cli.demo`` still imports them from
here. ``record_table`` is imported on first use, so loading the game (which
the views still do through this module) loads no Rich.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ordnance.asl.state import AslState, Capability, Exhaustion, Gun, Marker, Status

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.render import record_table

__all__ = ["AslState", "Capability", "Exhaustion", "Gun", "Marker", "Status", "record_table"]


def __getattr__(name: str) -> Any:
    if name == "record_table":
        from ordnance.asl.render import record_table

        return record_table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
