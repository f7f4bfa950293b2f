"""SCW HEAT in the scenario game (ASL-8.3-b, -c; 8.31-a, -b).

A shaped-charge weapon (BAZ, PIAT, PSK, PF, PFk) is no Gun of the side
record: its HEAT has no Depletion Number, so firing it changes no record.
The game still checks who may fire now (notes B3), that the target is one
HEAT may be fired at (ASL-8.31-b), and writes the shot's facts into the
journal: no depletion check (ASL-8.3-b), the HE Equivalency it carries
against Personnel, for Collateral Attacks and rubble/fire (ASL-8.31-a), and
whether it may leave Residual FP (ASL-8.31-f). Its To Hit and effects are
those of ordnance HEAT (ASL-8.3-c).
"""

from __future__ import annotations

from ordnance.asl.actions import FireScw
from ordnance.asl.rules.heat import scw_heat_attack
from ordnance.asl.shot.checks import firing_sides
from ordnance.asl.state import AslState
from ordnance.core.errors import NotYourSeat, RuleViolation, UnknownName
from ordnance.core.events import Event
from ordnance.core.game import Outcome
from ordnance.core.messages import msg


def fire_scw(state: AslState, act: FireScw, seat: str | None) -> Outcome[AslState]:
    if act.side not in state.side_names:
        raise UnknownName(
            msg("no side called {side!r}", side=act.side),
            clause="ASL-8.0-a",
            hint="one of " + ", ".join(state.side_names),
        )
    if seat is not None and seat != act.side:
        raise NotYourSeat(
            msg("{seat} cannot fire {weapon} ({side})", seat=seat, side=act.side, weapon=act.weapon)
        )
    if act.side not in firing_sides(state):
        raise RuleViolation(
            "ASL-B3",
            msg(
                "{side} cannot fire in the {value} of the Player Turn ({attacker})",
                side=act.side,
                value=state.phase.value,
                attacker=state.attacker,
            ),
            hint=msg("fire in the PFPh/AFPh as ATTACKER or the MPh/DFPh as DEFENDER"),
        )
    attack = scw_heat_attack(act.weapon, act.target, act.tem, options=state.settings.options)
    equiv = attack.he_equivalency
    event = Event.of(
        "scw_heat",
        {"side": act.side, **attack.to_dict()},
        msg(
            "{side} fired {weapon} HEAT at {target}: no depletion check (ASL-8.3-b); "
            "HE Equivalency {fp} FP (ASL-8.31-a)",
            side=act.side,
            weapon=attack.weapon,
            target=attack.target,
            fp=str(equiv.fp),
        ),
    )
    return Outcome(state.remember(event.text), (event,))
