"""Old import path of the ASL game, kept while the faces move to the new modules.

The Game class is :class:`ordnance.asl.plugin.AslGame`; the dice clause and
hint are in :mod:`ordnance.asl.actions` (the command line no longer imports
this module).
"""

from __future__ import annotations

from ordnance.asl.actions import DICE_CLAUSE, DICE_HINT
from ordnance.asl.plugin import AslGame

__all__ = ["DICE_CLAUSE", "DICE_HINT", "AslGame"]
