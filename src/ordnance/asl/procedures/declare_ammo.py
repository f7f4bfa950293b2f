"""The ``declare_ammo`` action: special ammunition declared before its DR (ASL-8.1-a, -c).

A declaration is for the Gun's next shot only (each shot of a Multiple ROF
Gun declares afresh, ASL-8.1-c); one for a shot already rolled is refused
(:func:`ordnance.asl.rules.depletion.refuse_late_declaration`). The ammunition must
be on the record, available at the date and not gone (ASL-8.9).
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.asl.actions import DeclareAmmo
from ordnance.asl.rules.depletion import refuse_late_declaration
from ordnance.asl.rules.notation import Ammo
from ordnance.asl.seats import own_gun
from ordnance.asl.shapes import DeclaredEvent
from ordnance.asl.shot.checks import special_capability
from ordnance.asl.state import AslState
from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.game import Outcome
from ordnance.core.messages import msg

__all__ = ["declare_ammo"]


def declare_ammo(state: AslState, act: DeclareAmmo, seat: str | None) -> Outcome[AslState]:
    gun = own_gun(state, act.gun, seat)
    ammo = Ammo.parse(act.ammo)
    if act.shot is not None and act.shot <= gun.shots:
        raise refuse_late_declaration(ammo.value, act.shot)
    if act.shot is not None and act.shot > gun.shots + 1:
        raise RuleViolation(
            "ASL-8.1-c",
            msg(
                "declare for {id}'s next shot (#{value}), not #{shot}",
                id=gun.id,
                value=gun.shots + 1,
                shot=act.shot,
            ),
            hint=msg("each shot declares its ammunition afresh"),
        )
    special_capability(gun, ammo)
    event = Event.of(
        "declared",
        DeclaredEvent(gun=gun.id, ammo=ammo.value, shot=gun.shots + 1),
        msg(
            "{gun} declares {ammo} for shot #{shot}",
            gun=gun.id,
            ammo=ammo.value,
            shot=gun.shots + 1,
        ),
    )
    return Outcome(
        state.with_gun(replace(gun, pending=ammo.value)).remember(event.text),
        (event,),
    )
