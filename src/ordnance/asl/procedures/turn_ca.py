"""The ``turn_ca`` action: a Gun's Covered Arc recorded (ASL-8.4-h, ASL-AMB-15).

The CA is one of the six hexspine directions (0 = N ... 5 = NW); Canister aims
(:mod:`ordnance.asl.canister.aim`) and the CA change DRM of a shot
(:mod:`ordnance.asl.canister.ca`, ASL-8.4-d) are measured from it.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.asl.actions import TurnCa
from ordnance.asl.seats import own_gun
from ordnance.asl.shapes import CaEvent
from ordnance.asl.state import AslState
from ordnance.core.events import Event
from ordnance.core.game import Outcome
from ordnance.core.hexes import Direction
from ordnance.core.messages import msg

__all__ = ["turn_ca"]


def turn_ca(state: AslState, act: TurnCa, seat: str | None) -> Outcome[AslState]:
    gun = own_gun(state, act.gun, seat)
    before = gun.ca
    message = (
        msg("{gun} turns its CA to {ca}", gun=gun.id, ca=Direction(act.ca).name)
        if before is None
        else msg(
            "{gun} turns its CA to {ca} (was {before})",
            gun=gun.id,
            ca=Direction(act.ca).name,
            before=Direction(before).name,
        )
    )
    event = Event.of("ca", CaEvent(gun=gun.id, ca=act.ca, ca_before=before), message)
    new = state.with_gun(replace(gun, ca=act.ca))
    return Outcome(new.remember(event.text), (event,))
