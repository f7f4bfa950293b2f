"""Who may act for a side: a seat acts with its own side's Guns only (ASL-8.0-a).

Seat ``None`` (hot seat) acts for any side. ASL has no hidden information in
this module's scope, so a seat sees every Gun of the side record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.asl.state import AslState, Gun
from ordnance.core.errors import NotYourSeat, UnknownName
from ordnance.core.messages import msg


def gun_owner(state: AslState, action: Mapping[str, Any]) -> str | None:
    """The side owning the Gun an action names (a shot, a declaration), else None."""
    gun = state.gun(str(action["gun"])) if isinstance(action.get("gun"), str) else None
    return None if gun is None else gun.side


def own_gun(state: AslState, gun_id: str, seat: str | None) -> Gun:
    """The Gun ``gun_id`` if it is in play and ``seat`` (None: hot seat) owns it (ASL-8.0-a)."""
    gun = state.gun(gun_id)
    if gun is None:
        known = ", ".join(g.id for g in state.guns) or "none yet"
        raise UnknownName(
            msg("no Gun called {gun_id!r}", gun_id=gun_id),
            clause="ASL-8.0-a",
            hint=msg("Guns in play: {known}", known=known),
        )
    if seat is not None and gun.side != seat:
        raise NotYourSeat(
            msg("{seat} cannot fire Gun {id} ({side})", seat=seat, side=gun.side, id=gun.id)
        )
    return gun
