"""The legal action forms of a seat: which actions the phase allows and what each may pick.

A Gun fires in its side's fire phases (notes B3, ASL-B3), once per Player Turn
(B5.6) and not while malfunctioned; SMOKE needs a PFPh or DFPh, WP and Canister
an available capability; SCW HEAT needs no Gun (ASL-8.3-b).
"""

from __future__ import annotations

from ordnance.asl.actions import ACTION_TITLES
from ordnance.asl.rules.fire_limits import may_fire_in
from ordnance.asl.rules.phases import Phase
from ordnance.asl.shot.checks import firing_sides
from ordnance.asl.state import AslState
from ordnance.asl.views import form_schema
from ordnance.core.shapes import ActionForm, JsonSchema


def legal_forms(state: AslState, seat: str | None) -> list[ActionForm]:
    """The forms ``seat`` (None: hot seat) may fill now, before the owner check."""
    kinds = ["add_gun", "set_phase"]
    if any(seat is None or g.side == seat for g in state.guns):
        kinds.append("turn_ca")
    shooters = [
        g
        for g in state.guns
        if g.side in firing_sides(state)
        and (seat is None or g.side == seat)
        and not g.malfunctioned
        and may_fire_in(g, state.phase)  # B5.6: once per Player Turn
    ]
    if shooters:
        kinds += ["declare_ammo", "fire"]
        ammos = {c.ammo for g in shooters for c in g.capabilities if c.status == "available"}
        if "SMOKE" in ammos and state.phase in (Phase.PFPh, Phase.DFPh):
            kinds.append("place_smoke")
        if "WP" in ammos:
            kinds.append("place_wp")
        if "Canister" in ammos:
            kinds.append("fire_canister")
    if any(seat is None or seat == side for side in firing_sides(state)):
        kinds.append("fire_scw")  # SCW HEAT needs no Gun (ASL-8.3-b)
    return [
        {"type": k, "title": ACTION_TITLES[k], "schema": form_schema(state, seat, k, shooters)}
        for k in kinds
    ]


def any_form_schema(state: AslState, seat: str | None, kind: str) -> JsonSchema:
    """The form schema of any ASL action, offered or not (``apply`` judges it)."""
    return form_schema(state, seat, kind, [g for g in state.guns if seat is None or g.side == seat])
