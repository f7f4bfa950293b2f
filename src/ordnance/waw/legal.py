"""The legal action forms of a seat, with their choices (everything here is public).

:func:`legal_forms` lists the set-up, mission, move and fire actions with
their JSON schemas and the choices a seat may pick: its own sides and units,
unit types of its nationalities, FASCAM only for Americans (WAW-8.3-a), the
HQ check form only while a check is pending (WAW-HE-k). The Game class cuts
the list to the step's owners (``turns.owned_legal``).
"""

from __future__ import annotations

from ordnance.core.forms import choices, hex_field, numbered_hex, piece_field, rolls
from ordnance.core.messages import said
from ordnance.core.shapes import ActionForm, JsonSchema
from ordnance.waw import actions as A
from ordnance.waw.rules.fascam import AMERICAN
from ordnance.waw.state import WawState

#: The actions that roll dice (the page shows its dice selector only for them).
ROLLING = frozenset({"he_fire", "fascam", "move", "fire"})

#: The field naming the piece that acts, per action.
ACTORS = {"remove_unit": "unit", "set_condition": "unit", "move": "unit", "fire": "unit",
          "fascam": "caller", "hq_check_result": "hq"}  # fmt: skip


def form_schema(state: WawState, seat: str | None, kind: str) -> JsonSchema:
    """One legal action's schema (:func:`_form_schema`), its acting piece and its dice."""
    schema = rolls(_form_schema(state, seat, kind), kind in ROLLING)
    return piece_field(schema, ACTORS[kind]) if kind in ACTORS else schema


def _unit_label(state: WawState, unit_id: str) -> str:
    u = state.units[unit_id]
    return said(
        "{unit}: {kind} at {hex} ({condition})",
        unit=u.id,
        kind=state.unit_type(u).name,
        hex=numbered_hex(u.hex),
        condition=u.condition.label,
    )


def _form_schema(state: WawState, seat: str | None, kind: str) -> JsonSchema:
    """One legal action's JSON schema with its choices (everything here is public)."""
    schema = A.ACTIONS[kind].model_json_schema()
    sides = [seat] if seat is not None else list(state.settings.sides)
    side_opts = [(s, f"{s} ({state.settings.sides[s]})") for s in sides]
    live = sorted(
        (u for u in state.units.values() if not u.condition.eliminated), key=lambda u: u.id
    )
    own = [(u.id, _unit_label(state, u.id)) for u in live if u.side in sides]
    every = [(u.id, _unit_label(state, u.id)) for u in live]
    if kind == "place_terrain":
        schema = choices(
            schema,
            "terrain",
            [
                (
                    t.name,
                    said(
                        "{terrain} (Defensive Bonus {bonus})", terrain=t.name, bonus=t.infantry_db
                    ),
                )
                for t in state.catalogue.terrains()
            ],
        )
        return hex_field(schema, "hexes")
    if kind == "place_unit":
        nationalities = {state.settings.sides[s] for s in sides}
        types = [t for t in state.catalogue.units() if t.nationality in nationalities]
        schema = choices(
            schema,
            "kind",
            [
                (
                    t.name,
                    said(
                        "{kind} ({nationality}, sample values)",
                        kind=t.name,
                        nationality=t.nationality,
                    )
                    if t.values == "sample"
                    else f"{t.name} ({t.nationality})",
                )
                for t in types or state.catalogue.units()
            ],
        )
        return hex_field(choices(schema, "side", side_opts), "hex")
    if kind == "remove_unit":
        return choices(schema, "unit", own)
    if kind == "set_condition":
        return choices(schema, "unit", every)
    if kind in ("he_fire", "smoke"):
        schema = choices(schema, "side", side_opts)
        if kind == "he_fire":
            schema = choices(schema, "hit_number", [(n, f"{n}+") for n in range(1, 7)])
        return hex_field(schema, "target")
    if kind == "fascam":
        american = [o for o in side_opts if state.settings.sides[o[0]] == AMERICAN]
        callers = [
            (u.id, _unit_label(state, u.id))
            for u in live
            if u.side in sides and state.unit_type(u).nationality == AMERICAN
        ]
        schema = choices(choices(schema, "side", american), "caller", callers)
        return hex_field(schema, "target")
    if kind == "move":
        return hex_field(choices(schema, "unit", own), "path")
    if kind == "fire":
        firers = [
            (u.id, _unit_label(state, u.id))
            for u in live
            if u.side in sides and (state.unit_type(u).ap or state.unit_type(u).he)
        ]
        return hex_field(choices(schema, "unit", firers), "target")
    if kind == "hq_check_result":
        pending = sorted({p.hq for p in state.pending_hq})
        return choices(schema, "hq", [(h, _unit_label(state, h)) for h in pending])
    return schema


def legal_forms(state: WawState, seat: str | None) -> list[ActionForm]:
    """Every action ``seat`` may take, as ``{"type", "title", "schema"}`` forms."""
    types = [
        "place_terrain",
        "place_unit",
        "he_fire",
        "smoke",
        "move",
        "fire",
        "marker_removal",
    ]
    sides = [seat] if seat is not None else list(state.settings.sides)
    if any(state.settings.sides.get(s) == AMERICAN for s in sides):
        types.insert(4, "fascam")
    if state.units:
        types += ["remove_unit", "set_condition"]
    if state.pending_hq:
        types.append("hq_check_result")
    return [{"type": t, "title": A.TITLES[t], "schema": form_schema(state, seat, t)} for t in types]
