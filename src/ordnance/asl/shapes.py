"""What the ASL game hands the faces: its view, odds and LOS answers as TypedDicts.

Each extends the conventional shape of :mod:`ordnance.core.shapes` (so mypy
checks the conventional keys) and names every key of the game's own;
``tests/core/test_shapes.py`` checks the values against them, closed. The
side record's Guns keep :meth:`ordnance.asl.record.Gun.to_dict`'s shape and
the whole-shot and Canister reports keep the shapes of their own modules
(:mod:`ordnance.asl.shot.odds`, :mod:`ordnance.asl.canister.odds`): JSON
objects under a name here.
"""

# No ``from __future__ import annotations``: on Python 3.11 a TypedDict reads
# ``NotRequired`` only from evaluated annotations (``__required_keys__``).
from typing import Annotated, Any, NotRequired, TypedDict

from ordnance.core.shapes import (
    BoardView,
    Figure,
    JsonObject,
    LosAnswer,
    MapLayers,
    OddsAnswer,
    TurnView,
)

__all__ = [
    "EVENT_DATA",
    "PUBLIC_EVENT_DATA",
    "AslLosAnswer",
    "AslMapView",
    "AslShotOdds",
    "AslView",
    "AslViewHead",
    "CanisterPart",
    "Hindrance",
    "PlacementPart",
    "WholeShotPart",
]


class MapPiece(TypedDict):
    """A Gun placed on the map."""

    id: str
    side: str
    hex: str
    label: str
    #: What it is as a target ("vehicle", "gun"), when the counter database says
    #: (:mod:`ordnance.asl.rules.target_type`); the Fire form's Target type takes it.
    target_type: NotRequired[str]
    #: The Armour Factors printed on the counter, when the Gun was added with them
    #: (from the scenario's counter library or typed): hull front and side, turret
    #: front and side. The Fire form's Armour Factor fields take the front ones.
    af: NotRequired[int]
    af_side: NotRequired[int]
    af_turret: NotRequired[int]
    af_turret_side: NotRequired[int]


class AslMapView(MapLayers):
    """``view["map"]``: the Guns, the markers and the Locations a Canister shot
    attacked (clusters, ASL-8.4-f)."""

    #: Always empty: the game records no terrain.
    hexes: list[JsonObject]
    units: list[MapPiece]
    arrows: list[JsonObject]


class AslViewHead(TypedDict):
    """The view's own keys, from which its panels are built."""

    game: str
    date: str
    date_label: str
    theatre: str
    game_turn: int
    turn: TurnView
    phase: str
    phase_name: str
    attacker: str
    defender: str
    #: The sides that may fire in this phase.
    firing: list[str]
    #: The settings' sides and options (:mod:`ordnance.asl.settings`).
    sides: list[JsonObject]
    options: JsonObject
    #: The side record: one :meth:`ordnance.asl.record.Gun.to_dict` per Gun (ASL-8.0-a).
    record: list[JsonObject]
    recent: list[str]


class AslMapPart(TypedDict):
    """``map`` when a Gun is placed or a marker lies on the map (else no ``map`` key)."""

    map: NotRequired[AslMapView]


class AslView(AslViewHead, AslMapPart, BoardView):
    """``AslGame.view``: the turn, phase and the public side record (ASL-8.0-a)."""


class WholeShotPart(TypedDict):
    """The whole shot when a range is given (notes B5, B6), or its refusal."""

    #: :func:`ordnance.asl.shot.odds.gun_odds`, or ``{"refused", "clause", "hint"}``.
    whole_shot: JsonObject
    p_hit: NotRequired[str]
    p_kill: NotRequired[str]
    #: :func:`ordnance.asl.shot.odds.compare_ammo`.
    compare: NotRequired[JsonObject]


class CanisterPart(TypedDict):
    """A Canister shot per Location (ASL-8.4-d/f/g), or its refusal."""

    title: NotRequired[str]
    canister: JsonObject


class PlacementPart(TypedDict):
    """A SMOKE/WP placement: placed only by a hit (C8.9)."""

    placed: str | None
    th: NotRequired[int]
    drm: NotRequired[int]
    placement_refused: NotRequired[str]
    clause: NotRequired[str | None]


class AslShotOdds(OddsAnswer):
    """``AslGame.odds``: the depletion and malfunction joint (ASL-8.9-c/d/e) and the parts.

    An ordinary shot has only its malfunction chance (B#) and, with a range,
    the whole shot; a refusal names its ``clause``.
    """

    title: str
    #: A SMOKE/WP placement's chance comes first: it is what the shot is for (C8.9).
    placed: NotRequired[Annotated[str | None, Figure("Chance to place it", headline=True)]]
    p_hit: NotRequired[Annotated[str, Figure("Chance to hit", headline=True)]]
    p_kill: NotRequired[Annotated[str, Figure("Chance to kill", headline=True)]]
    clause: NotRequired[Annotated[str | None, Figure("Rule")]]
    malfunction: NotRequired[Annotated[str, Figure("Chance the Gun malfunctions")]]
    available_after: NotRequired[Annotated[str, Figure("still available after the shot")]]
    joint: NotRequired[
        Annotated[dict[str, str], Figure("Ammunition check and malfunction together")]
    ]
    whole_shot: NotRequired[JsonObject]
    compare: NotRequired[JsonObject]
    canister: NotRequired[Annotated[JsonObject, Figure("Canister")]]
    th: NotRequired[Annotated[int, Figure("To Hit number (TH#)")]]
    drm: NotRequired[Annotated[int, Figure("To Hit DRM")]]
    placement_refused: NotRequired[Annotated[str, Figure("Placement refused")]]


class Hindrance(TypedDict):
    """A SMOKE/WP counter on the line and its Hindrance DRM (ASL-8.5-c)."""

    hex: str
    counter: str
    kind: str
    drm: int
    #: ``"the firer's hex"``, ``"the target hex"`` or ``"between"``.
    where: str
    along_hexside: str | None
    base_level: int
    height_levels: int
    clauses: list[str]


class AslLosAnswer(LosAnswer):
    """The line and the SMOKE/WP Hindrance on it: never blocked (ASL-8.5-d)."""

    blocked: bool
    hindrance_drm: int
    hindrances: list[Hindrance]
    assumed_los_level: int
    clauses: list[str]


# -- event payloads ----------------------------------------------------------------------
# What each event kind merges into its ``Event.for_seat`` view beside ``kind`` and
# ``text`` (:class:`ordnance.core.shapes.EventView`); the side record is public
# (ASL-8.0-a), so no event has a secret.


class GunAddedEvent(TypedDict):
    #: The new Gun as :meth:`ordnance.asl.record.Gun.to_dict` reports it.
    gun: JsonObject


class DeclaredEvent(TypedDict):
    """Special ammunition declared before the To Hit DR (ASL-8.1-a)."""

    gun: str
    ammo: str
    shot: int


class CaEvent(TypedDict):
    gun: str
    ca: int
    ca_before: int | None


class DoneEvent(TypedDict):
    side: str
    phase: str


class PhaseEvent(TypedDict):
    turn: int
    phase: str
    attacker: str


class ScwHeatEvent(TypedDict):
    """An SCW HEAT attack: no depletion check (ASL-8.3-b), its HE Equivalency (ASL-8.31-a)."""

    side: str
    weapon: str
    target: str
    tem: str | None
    depletion: None
    depletion_clause: str
    why: str
    effects_clause: str
    target_clause: str
    he_equivalency: JsonObject


class OrdinaryShotEvent(TypedDict):
    """A shot of ordinary ammunition: the malfunction check only (B#, ASL-B5.8)."""

    gun: str
    ammo: str
    special: bool
    intensive: bool
    dr: list[int]
    original_dr: int
    malfunctioned: bool
    breakdown: int
    rof_retained: bool
    shot: int
    captured: bool
    #: The whole shot when a range is given (notes B5, B6): :mod:`ordnance.asl.shot.resolve`.
    whole_shot: NotRequired[JsonObject]


class ShotResultView(TypedDict):
    """A depletion check (:meth:`ordnance.asl.rules.depletion.ShotResult.to_dict`, ASL-8.9-c/d/e)."""

    ammo: str
    depletion: int | None
    dr: list[int]
    original_dr: int
    outcome: str
    fired_special: bool
    counts_as_fired: bool
    gone: bool
    may_fire_again_other_ammo: bool
    malfunctioned: bool
    breakdown: int
    intensive: bool
    rof_retained: bool
    clause: str
    explanation: str


class Voided(TypedDict):
    """A voided shot: no Acquisition, no fire marker, the CA as the option says (ASL-AMB-15)."""

    fire_marker: str | None  # the marker the Gun already had this phase (a voided shot adds none)
    acquisition: bool
    ca: int | None
    ca_changed_for_shot: bool
    ca_restored: bool
    clause: str


class _SpecialShot(ShotResultView):
    gun: str
    shot: int
    special: bool
    voided: NotRequired[Voided]
    #: What the Gun may fire after a voided shot (ASL-8.9-e, ASL-B5.8).
    may_fire_next: NotRequired[str]


class FireExtra(TypedDict):
    """What a special-ammunition ``fire`` adds to its depletion check."""

    limited_stowage: NotRequired[str]
    captured: bool
    whole_shot: NotRequired[JsonObject]


class SpecialShotEvent(_SpecialShot, FireExtra):
    """``shot`` of special ammunition: the depletion check (ASL-8.9-c/d/e)."""


class SmokeExtra(TypedDict):
    """A SMOKE/WP placement: placed only by a hit (C8.9)."""

    placement: JsonObject | None
    placement_clauses: list[str]
    target: str
    to_hit: JsonObject | None
    placed: bool


class SmokeShotEvent(_SpecialShot, SmokeExtra):
    """``smoke``: a SMOKE/WP round's depletion check and placement."""


class CanisterExtra(TypedDict):
    """A Canister shot's aim, CA change and attacks per Location (ASL-8.4-c/d/f/g)."""

    aim: JsonObject
    ca: int | None
    ca_before: int | None
    ca_change: JsonObject
    attacks: list[JsonObject]
    canister: JsonObject
    canister_rof: str
    manned_in_mph: NotRequired[JsonObject]


class CanisterShotEvent(_SpecialShot, CanisterExtra):
    """``canister``: the depletion check and the attacks."""


#: Event kind -> its payload (a ``shot`` is ordinary or special).
EVENT_DATA: dict[str, Any] = {
    "gun_added": GunAddedEvent,
    "declared": DeclaredEvent,
    "ca": CaEvent,
    "done": DoneEvent,
    "phase": PhaseEvent,
    "scw_heat": ScwHeatEvent,
    "shot": OrdinaryShotEvent | SpecialShotEvent,
    "smoke": SmokeShotEvent,
    "canister": CanisterShotEvent,
}
#: No ASL event has a secret (the side record is public, ASL-8.0-a).
PUBLIC_EVENT_DATA: dict[str, Any] = {}
