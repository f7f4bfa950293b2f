"""What the ASL game shows a seat: action forms, the page's panels and SMOKE/WP LOS.

Everything here reads the public side record only (every seat sees it, ASL-8.0-a).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.asl.actions import ACTION_MODELS
from ordnance.asl.rules.heat import SCW_WEAPONS
from ordnance.asl.rules.nationalities import KNOWN_NATIONALITIES, nationality_key
from ordnance.asl.rules.phases import Phase
from ordnance.asl.rules.smoke import HINDRANCE_DRM, SMOKE_HEIGHT_LEVELS, SmokeAmmo, smoke_hinders
from ordnance.asl.rules.target_type import target_type
from ordnance.asl.shapes import AslLosAnswer, AslViewHead, Hindrance, MapPiece
from ordnance.asl.shot.checks import firing_sides
from ordnance.asl.state import AslState, Gun, Marker
from ordnance.core.forms import board, choices, hex_field, panel, piece_field, rolls
from ordnance.core.forms import marker as map_marker_view
from ordnance.core.game import hex_line_answer
from ordnance.core.hexes import Direction, Hex, line
from ordnance.core.messages import said
from ordnance.core.shapes import Board, BoardHex, JsonSchema, MapMarker, Panel

#: The board drawn, its size and printed ids: the ``board`` setting
#: (:class:`ordnance.asl.rules.board.BoardGeometry`; default A1..GG10, one geomorphic board).

#: The actions that roll dice (the page shows its dice selector only for them).
ROLLING = frozenset({"fire", "place_smoke", "place_wp", "fire_canister"})


def _gun_label(state: AslState, g: Gun) -> str:
    name = g.name or g.id
    if g.hex:
        hex_ = state.settings.board.printed(g.hex)
        return said("{gun}: {name} ({side} at {hex})", gun=g.id, name=name, side=g.side, hex=hex_)
    return said("{gun}: {name} ({side})", gun=g.id, name=name, side=g.side)


def form_schema(state: AslState, seat: str | None, kind: str, shooters: list[Gun]) -> JsonSchema:
    """One legal action's JSON schema with its choices, its acting piece and its dice."""
    schema = rolls(_form_schema(state, seat, kind, shooters), kind in ROLLING)
    return piece_field(schema, "gun") if kind != "add_gun" else schema


def board_view(state: AslState) -> Board:
    """The board of the game's settings (:class:`ordnance.asl.rules.board.BoardGeometry`), ``C5`` ids.

    The game records no terrain (the side record is about ammunition), so every
    hex is drawn as open ground; Guns placed off this grid still show on the map.
    """
    geometry = state.settings.board
    hexes: list[BoardHex] = [
        {"hex": str(h), "label": label, "terrain": "open"} for h, label in geometry.cells()
    ]
    return board(
        said("ASL board {board} (grid only)", board=geometry.number)
        if geometry.number
        else "ASL geomorphic board (grid only)",
        hexes,
        [("open", "Open Ground (this game records no terrain)")],
        geometry.numbering(),
    )


def _board_hexes(state: AslState, schema: JsonSchema, *fields: str) -> JsonSchema:
    """``hex_field`` with the board's own printed id as the example (not the core's ``q,r``)."""
    out = hex_field(schema, *fields)
    for name in fields:
        if name in out.get("properties", {}):
            out["properties"][name]["examples"] = [state.settings.board.example()]
    return out


def _form_schema(state: AslState, seat: str | None, kind: str, shooters: list[Gun]) -> JsonSchema:
    schema = ACTION_MODELS[kind].model_json_schema()
    sides = [s for s in state.side_names if seat is None or s == seat]
    if kind == "add_gun":
        schema = choices(schema, "side", [(s, s) for s in sides])
        schema = choices(schema, "made_by", [(n, n) for n in KNOWN_NATIONALITIES])
        return _board_hexes(state, schema, "hex")
    if kind == "turn_ca":
        own = [g for g in state.guns if seat is None or g.side == seat]
        schema = choices(schema, "gun", [(g.id, _gun_label(state, g)) for g in own])
        return choices(schema, "ca", [(d.value, f"{d.value}: {d.name}") for d in Direction])
    if kind == "fire_scw":
        firing = [s for s in firing_sides(state) if seat is None or s == seat]
        schema = choices(schema, "side", [(s, s) for s in firing])
        return choices(schema, "weapon", [(w, w) for w in SCW_WEAPONS])
    if kind == "set_phase":
        schema = choices(schema, "phase", [(p.value, f"{p.value}: {p.full_name}") for p in Phase])
        return choices(schema, "attacker", [(s, s) for s in state.side_names])
    wanted = {"place_smoke": "SMOKE", "place_wp": "WP", "fire_canister": "Canister"}.get(kind)
    guns = [
        g
        for g in shooters
        if wanted is None
        or any(c.ammo == wanted and c.status == "available" for c in g.capabilities)
    ]
    schema = choices(schema, "gun", [(g.id, _gun_label(state, g)) for g in guns])
    special = sorted(
        {c.ammo for g in guns for c in g.capabilities if c.status == "available"}
        - {"SMOKE", "WP", "Canister"}
    )
    if kind == "declare_ammo":
        declarable = sorted(
            {c.ammo for g in guns for c in g.capabilities if c.status == "available"}
        )
        return choices(schema, "ammo", [(a, a) for a in declarable])
    if kind == "fire":
        ordinary = [("ordinary", "ordinary (no special ammunition)")]
        extra = [(a, a) for a in ("AP", "HE") if a not in special]
        return choices(schema, "ammo", ordinary + [(a, a) for a in special] + extra)
    if kind in ("place_smoke", "place_wp"):
        return _board_hexes(state, schema, "target")
    if kind == "fire_canister":
        schema = choices(schema, "aim", [(v, f"V{v}") for v in range(1, 6)])
        schema = choices(schema, "ca", [(d.value, f"{d.value}: {d.name}") for d in Direction])
        return _board_hexes(state, schema, "building_hex")
    return schema


def panels(v: AslViewHead) -> list[Panel]:
    """The page's tables (the side record, the turn), built from the view ``v`` alone."""
    turn = panel(
        "Turn",
        ["date", "turn", "phase", "ATTACKER", "DEFENDER", "may fire now"],
        [
            [
                _date_cell(v["date_label"], v["theatre"]),
                v["game_turn"],
                f"{v['phase']}: {v['phase_name']}",
                v["attacker"],
                v["defender"],
                ", ".join(v["firing"]) or "nobody",
            ]
        ],
    )
    rows: list[list[Any]] = []
    for gun in v["record"]:
        label = gun_label(gun)
        caps = gun["capabilities"] or [None]
        for i, cap in enumerate(caps):
            first = i == 0
            if cap is None:
                rows.append([gun["side"], label, "-", "-", "no special ammunition", "", ""])
                continue
            status = _STATUS_WORDS.get(cap["status"], cap["status"])
            gone = cap["exhausted"]
            if cap["status"] == "gone" and gone:
                status = gone_status(gone)
            ammo = cap["ammo"] + (f" ({cap['token']})" if cap["token"] else "")
            rows.append(
                [
                    gun["side"] if first else "",
                    label if first else "",
                    ammo,
                    cap["depletion"],
                    status,
                    cap["uses"],
                    cap["attempts"],
                ]
            )
    record = panel(
        "Side record",
        ["side", "gun", "ammo", "N", "status", "used", "tries"],
        rows,
        note=None if rows else "no Gun yet: add one with the Add a Gun form",
    )
    return [turn, record]


def _date_cell(label: str, theatre: str) -> str:
    """The turn panel's date cell, ``Jul 1944 (ETO)``, as a shown text (a month's own template)."""
    month, _, year = label.partition(" ")
    return said(month + " {year} ({theatre})", year=year, theatre=theatre) if year else label


#: The record's status cell in players' words (the catalogue has the Russian).
_STATUS_WORDS = {"not-available": "not available at this date"}


#: How the page draws each ASL marker kind: glyph shape, its text, the legend's name.
_MARKER_LOOK: dict[str, tuple[Any, str, str]] = {
    "smoke": ("circle", "S", "Smoke"),
    "dispersed-smoke": ("circle", "DS", "Dispersed smoke"),
    "wp": ("circle", "WP", "WP"),
}


def map_piece(state: AslState, g: Gun) -> MapPiece:
    """A Gun on the map: its id, side, hex, name, and what it is as a target when known."""
    piece: MapPiece = {"id": g.id, "side": g.side, "hex": g.hex or "", "label": g.name or g.id}
    nationality = next(
        (nationality_key(s.nationality) for s in state.settings.sides if s.name == g.side), None
    )
    kind = target_type(g.name, nationality) if g.name else None
    if kind is not None:
        piece["target_type"] = kind
    # the AF printed on the counter (public): the Fire form's Armour Factor fields take the front
    # ones, the side ones are shown beside them (ASL-B6)
    hull_front, hull_side, turret_front, turret_side = g.armour
    for key, value in (
        ("af", hull_front),
        ("af_side", hull_side),
        ("af_turret", turret_front),
        ("af_turret_side", turret_side),
    ):
        if value is not None:
            piece[key] = value  # type: ignore[literal-required]
    return piece


def map_marker(m: Marker) -> MapMarker:
    """A marker of the view's ``map`` with its look (a kind from a scenario file that
    is none of the above is a plain square named by its kind)."""
    shape, short, name = _MARKER_LOOK.get(m.kind, ("square", "\u2022", m.kind))
    return map_marker_view(m.hex, m.kind, m.label, shape=shape, short=short, kind_name=name)


def _smoke_counter(marker: Marker) -> tuple[SmokeAmmo, bool] | None:
    """(ammo, dispersed) of a SMOKE/WP map marker, or None for any other marker."""
    if marker.kind == "smoke":
        return "SMOKE", False
    if marker.kind == "dispersed-smoke":
        return "SMOKE", True
    if marker.kind == "wp":
        return "WP", marker.label.startswith("Dispersed")
    return None


def smoke_los(state: AslState, origin: Hex, target: Hex) -> AslLosAnswer:
    """The exact line and the Hindrance DRM of every SMOKE/WP counter on it.

    * A counter hinders, it never blocks (ASL-8.5-d): ``blocked`` is always False.
    * Its DRM is its side's value (notes B8: SMOKE +3, Dispersed +2; WP +2,
      Dispersed +1); the DRMs along the line add up.
    * Where the line runs along a hexside, both hexes are on it, so a counter
      in either one counts.
    * A counter in the firer's or the target's hex counts too (fire out of or
      into SMOKE is hindered: A24, ASL-8.5-e). A hex the line touches only at
      a vertex is not on the line (an engine reading, reported when it matters).
    * Height (ASL-8.5-c): counters lie at ground level (ASL-8.52-a) and the game
      records no levels, so the LOS is taken at ground level, below the
      counters' two-level height, and each one hinders (:func:`smoke_hinders`).
    """
    ln = line(origin, target)
    board = state.settings.board
    answer = hex_line_answer(origin, target, board.printed)
    why: list[str] = answer["explanation"]
    on_line = {str(h) for h in ln.hexes}
    run_of = {str(h): r for r in ln.runs for h in (r.left, r.right)}
    touched = {str(h) for h in ln.touched_hexes}
    los_level = 0
    hindrances: list[Hindrance] = []
    for marker in state.markers:
        counter = _smoke_counter(marker)
        if counter is None:
            continue
        ammo, dispersed = counter
        if marker.hex in touched:
            why.append(
                f"{marker.label} in {board.printed(marker.hex)}: the line touches that hex only at a vertex, "
                "so it is not counted."
            )
            continue
        if marker.hex not in on_line:
            continue
        where = (
            "the firer's hex"
            if marker.hex == str(origin)
            else "the target hex"
            if marker.hex == str(target)
            else "between"
        )
        run = run_of.get(marker.hex)
        hinders = smoke_hinders(los_level, 0)
        drm = HINDRANCE_DRM[(ammo, dispersed)] if hinders else 0
        hindrances.append(
            {
                "hex": marker.hex,
                "counter": marker.label,
                "kind": marker.kind,
                "drm": drm,
                "where": where,
                "along_hexside": None if run is None else str(run.hexside),
                "base_level": 0,
                "height_levels": SMOKE_HEIGHT_LEVELS,
                "clauses": ["ASL-8.5-c", "ASL-8.5-d"],
            }
        )
        side = (
            f"; the line runs along the hexside {board.hexside(str(run.hexside))}, so both its hexes count"
            if run
            else ""
        )
        why.append(
            f"{marker.label} in {board.printed(marker.hex)} ({where}{side}): "
            f"Hindrance +{drm} (ASL-8.5-c)."
        )
    total = sum(h["drm"] for h in hindrances)
    why.append(
        "SMOKE and WP hinder LOS and never block it (ASL-8.5-d; the B.10 exception is not "
        "modelled), so the line is not blocked by them."
    )
    why.append(
        f"Assumption: counters lie at ground level (ASL-8.52-a) and are a Hindrance "
        f"{SMOKE_HEIGHT_LEVELS} levels tall (ASL-8.5-c); this game records no levels, so the "
        "LOS is taken at ground level and every counter on it hinders (a counter placed at an "
        "upper level under the ASL-AMB-12 option is read as ground level too). A LOS traced two "
        "or more levels above a counter's base passes over it unhindered."
    )
    return {
        **answer,
        "blocked": False,
        "text": f"not blocked (SMOKE only hinders, ASL-8.5-d); Hindrance DRM +{total}",
        "hindrance_drm": total,
        "hindrances": hindrances,
        "assumed_los_level": los_level,
        "clauses": ["ASL-8.5-c", "ASL-8.5-d"],
    }


def gun_label(gun: Mapping[str, Any]) -> str:
    """A Gun's cell in the side record: its id and name, with its marks as shown texts."""
    label: str = gun["id"] + (f" ({gun['name']})" if gun.get("name") else "")
    if gun.get("malfunctioned"):
        label = said("{label} [malfunctioned]", label=label)
    if gun.get("declared"):
        label = said("{label} [declared {ammo}]", label=label, ammo=gun["declared"])
    return label


def gone_status(gone: Mapping[str, Any]) -> str:
    """A special ammunition gone for the scenario: the DR that used it up, and when (ASL-8.9-d/e)."""
    return said(
        "gone (DR {coloured}+{white}, turn {turn} {phase})",
        coloured=gone["dr"][0],
        white=gone["dr"][1],
        turn=gone["turn"],
        phase=gone["phase"],
    )
