"""The observer: what one seat may see of a state.

The type of a face-down token is known to its owner only. For every other seat
(the opponent and spectators, ``seat=None``) a face-down token is "a munitions
token" beside a unit: no type, no token id (ids are per-nation purchase
counters, shown to the owner only, so they reveal nothing to anyone who could
not already see the purchase events), and the supply is shown only as a total.
Tokens are listed in unit order, never in purchase order.
"""

from __future__ import annotations

from typing import Any

from ordnance.toi.munitions import Munition
from ordnance.toi.state import STATUS_STEPS, ToIState, Token, Unit

HIDDEN_LABEL = "a munitions token"


def token_view(t: Token, seat: str | None) -> dict[str, Any]:
    if t.face_up:
        return {"side": t.side, "unit": t.unit, "face": "up", "munition": t.munition.value}
    if seat == t.side:
        return {
            "side": t.side,
            "unit": t.unit,
            "face": "down",
            "munition": t.munition.value,
            "id": t.id,
            "bought_in_status_phase": t.bought_in_status,
        }
    return {"side": t.side, "unit": t.unit, "face": "down", "label": HIDDEN_LABEL}


def unit_view(u: Unit) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": u.id,
        "side": u.side,
        "profile": u.profile.name,
        "title": u.profile.title,
        "kind": u.profile.kind.value,
        "hex": str(u.hex),
        "alive": u.alive,
        "activation": u.activation,
        "armour": u.profile.armour,
        "vs_infantry": u.profile.vs_infantry.model_dump(),
        "vs_vehicle": u.profile.vs_vehicle.model_dump(),
    }
    if u.is_vehicle:
        data["damage"] = u.damage.value
    else:
        data["figures"] = u.figures
        data["morale"] = u.morale
    return data


def view(state: ToIState, seat: str | None) -> dict[str, Any]:
    tokens = sorted(state.tokens, key=lambda t: (t.side, t.unit, not t.face_up))
    nations: dict[str, Any] = {}
    for n in state.nations:
        total = sum(c for _m, c in n.supply)
        entry: dict[str, Any] = {
            "command": n.command,
            "tokens_on_board": len(state.tokens_of(n.name)),
            "bought_this_status_phase": n.bought_this_status,
            "supply_total": "unlimited" if state.settings.unlimited_supply else total,
        }
        if seat == n.name:
            entry["supply"] = {m.value: n.supply_count(m) for m in Munition}
        nations[n.name] = entry
    units_by_id = {u.id: u for u in state.units}
    markers: list[dict[str, Any]] = [
        {"hex": str(s.hex), "kind": "smoke", "label": f"smoke (placed round {s.placed_round})"}
        for s in sorted(state.smoke, key=lambda s: s.hex)
    ]
    for t in tokens:
        u = units_by_id.get(t.unit)
        if u is None:
            continue
        tv = token_view(t, seat)
        label = tv.get("munition", HIDDEN_LABEL)
        if t.face_up:
            label = f"{label} (revealed)"
        elif "munition" in tv:
            label = f"{label} (face down)"
        markers.append({"hex": str(u.hex), "kind": "munition-token", "label": label})
    arrows = []
    if state.last_drift is not None:
        arrows.append({"from": state.last_drift[0], "to": state.last_drift[1], "kind": "drift"})
    return {
        "game": "toi",
        "seat": seat,
        "round": state.round,
        "phase": state.phase.value,
        "step": state.step,
        "position": state.position,
        "status_steps": list(STATUS_STEPS),
        "munitions_in_force": state.settings.munitions_in_force,
        "nations": nations,
        "tokens": [token_view(t, seat) for t in tokens],
        "units": [unit_view(u) for u in state.units],
        "smoke": [
            {"hex": str(s.hex), "placed_round": s.placed_round}
            for s in sorted(state.smoke, key=lambda s: s.hex)
        ],
        "map": {
            "name": state.map.name,
            "title": state.map.title,
            "directional_marker": state.map.directional_marker.name,
            "hexes": state.map.to_json(),
            "units": [
                {"id": u.id, "side": u.side, "hex": str(u.hex), "label": u.label}
                for u in state.units
                if u.alive
            ],
            "markers": markers,
            "arrows": arrows,
            "clusters": [],
        },
        "settings": state.settings.model_dump(mode="json"),
    }
