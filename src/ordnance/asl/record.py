"""Old import path of the ASL side record, kept while the faces move to the new modules.

The state values are in :mod:`ordnance.asl.state`, their Rich table in
:mod:`ordnance.asl.render`; ``ordnance.asl.cli`` and ``ordnance.cli.demo``
still import them from here.
"""

from __future__ import annotations

from ordnance.asl.render import record_table
from ordnance.asl.state import AslState, Capability, Exhaustion, Gun, Marker, Status

__all__ = ["AslState", "Capability", "Exhaustion", "Gun", "Marker", "Status", "record_table"]
