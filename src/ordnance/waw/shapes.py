"""What World at War hands the faces: its view, odds and LOS answers as TypedDicts.

Each extends the conventional shape of :mod:`ordnance.core.shapes` (so mypy
checks the conventional keys) and names every key of the game's own;
``tests/core/test_shapes.py`` checks the values against them, closed.
"""

# No ``from __future__ import annotations``: on Python 3.11 a TypedDict reads
# ``NotRequired`` only from evaluated annotations (``__required_keys__``).
from typing import Annotated, NotRequired, TypedDict

from ordnance.core.shapes import (
    BoardView,
    Figure,
    JsonObject,
    LosAnswer,
    MapLayers,
    MapMarker,
    OddsAnswer,
)

__all__ = [
    "WawFireOdds",
    "WawHeFireOdds",
    "WawLosAnswer",
    "WawMapView",
    "WawMinesOdds",
    "WawOdds",
    "WawView",
]


class MapHex(TypedDict):
    hex: str
    terrain: str


class MapUnit(TypedDict):
    """A unit on the map, with its type's ratings (``ap``/``he``: ``"5/4+"``, or None)."""

    id: str
    side: str
    hex: str
    label: str
    kind: str
    terrain: str
    condition: str
    armour: str
    hq: bool
    advanced_imaging: bool
    ap: str | None
    he: str | None
    #: The type's values are the sample ones (no published card read).
    sample_values: bool


class WawMapView(MapLayers):
    """``view["map"]``: units, Smoke and minefield markers, and their areas as clusters
    (a Smoke marker's smoke area, a minefield: WAW-8.2-b, WAW-8.3-c)."""

    hexes: list[MapHex]
    units: list[MapUnit]
    #: Always empty: nothing in these rules drifts.
    arrows: list[MapMarker]


class PendingHq(TypedDict):
    """An HQ check rolled under ``hq_check.mode = "ask"`` (WAW-HE-k)."""

    hq: str
    dice: list[int]


class WawView(BoardView):
    """``WorldAtWar.view``: the same for every seat (these rules hide nothing)."""

    game: str
    seat: str | None
    #: Side -> nationality.
    sides: dict[str, str]
    map: WawMapView
    eliminated: list[str]
    pending_hq_checks: list[PendingHq]
    marker_removal_phases: int


class WawMinesOdds(OddsAnswer):
    """A move through mined hexes (WAW-8.3-d): the title names them."""


class WawFireOdds(OddsAnswer):
    """A unit's AP or HE shot at its Hit Number after smoke (WAW-8.2-e)."""

    #: P(at least one Hit): what the shot itself decides; the save that follows is not modelled.
    p_hit: Annotated[str, Figure("Chance of at least one Hit", headline=True)]
    hit_number: Annotated[int, Figure("Hit Number after smoke")]
    #: Why there is no damage chance: the defender's save belongs to the core rules.
    note: Annotated[str, Figure("Note")]


class WawHeFireOdds(OddsAnswer):
    """An HE Fire mission against the units now in the target hex (WAW-HE-a..l)."""

    #: Unit id -> P(its condition is worse after the mission) (WAW-HE-i, WAW-HE-j); HQs left out.
    harmed: Annotated[dict[str, str], Figure("Chance each unit is harmed", headline=True)]
    #: What ``distribution`` counts (net Hits, or Hits on each unit).
    counts: Annotated[str, Figure("The chances count")]
    defence_dice: Annotated[int, Figure("Defence dice")]
    #: Unit id -> the exact distribution of its condition after the mission.
    units: Annotated[dict[str, dict[str, str]], Figure("Condition after the mission")]
    #: Every joint outcome (all units' conditions) -> its probability.
    outcomes: Annotated[dict[str, str], Figure("Every unit's condition together")]
    #: Where ``ordnance waw odds he-fire --plot`` wrote its chart (the CLI adds it).
    plot: NotRequired[str | None]


WawOdds = WawHeFireOdds | WawFireOdds | WawMinesOdds


class Modifier(TypedDict):
    clause: str
    amount: int
    why: str


class Shot(TypedDict):
    """A firer's weapon: whether it may fire at the target and at which Hit Number.

    ``hit_number`` and ``modifiers`` when it may fire, ``clause`` and ``why``
    when it may not.
    """

    may_fire: bool
    base_hit_number: int
    hit_number: NotRequired[int]
    modifiers: NotRequired[list[Modifier]]
    clause: NotRequired[str | None]
    why: NotRequired[str]


class Firer(TypedDict):
    unit: str
    side: str
    kind: str
    advanced_imaging: bool
    sees: bool
    #: ``"ap"`` / ``"he"`` -> the shot.
    weapons: dict[str, Shot]


class SmokeBlock(TypedDict):
    marker: str
    level: int
    clause: str
    line_hexes_in_area: list[str]


class SmokeCrossing(TypedDict):
    """A smoke area the line crosses (:meth:`ordnance.waw.rules.los.Crossing.to_dict`)."""

    marker: str
    level: int
    line_hexes_in_area: list[str]
    blocks: bool
    reason: str


class AdvancedImaging(TypedDict):
    sees: bool
    hit_number_plus: int
    clauses: list[str]


class WawLosAnswer(LosAnswer):
    """The line, the Smoke on it (WAW-8.2-c) and each unit in the origin's shot."""

    blocked: bool
    blocked_for: str | None
    blocking: list[SmokeBlock]
    smoke: list[SmokeCrossing]
    advanced_imaging: AdvancedImaging
    firers: list[Firer]


# -- event payloads ----------------------------------------------------------------------
# What each event kind merges into its ``Event.for_seat`` view beside ``kind`` and
# ``text`` (:class:`ordnance.core.shapes.EventView`); these rules hide nothing.

#: ``moved``: a unit's path (``from`` is a Python keyword).
MovedEvent = TypedDict("MovedEvent", {"unit": str, "from": str, "path": list[str]})


class StoppedEvent(TypedDict):
    """A move that ended early: the unit was Eliminated by mines (WAW-8.3-d)."""

    unit: str
    hex: str


class MineAttackEvent(TypedDict):
    """Mines attack a unit entering their area (WAW-8.3-d, WAW-AMB-13, -16)."""

    unit: str
    hex: str
    marker: str
    die: int
    before: str
    after: str
    marker_removed: bool


class SmokeEvent(TypedDict):
    """A Smoke mission: Smoke 2 in the target hex and its area (WAW-8.2-a, -b)."""

    side: str
    target: str
    level: int
    area: list[str]


class FascamEvent(TypedDict):
    """A FASCAM mission: Mines! in the target hex and its six neighbours (WAW-8.3-c)."""

    side: str
    target: str
    area: list[str]


class FireCheckView(TypedDict):
    """A unit's shot as :meth:`ordnance.waw.rules.smoke.FireCheck.to_dict` reports it (WAW-8.2-e)."""

    unit_type: str
    weapon: str
    rating: str
    base_hit_number: int
    modifiers: list[Modifier]
    hit_number: int
    firepower: int
    advanced_imaging: bool
    #: The LOS report of :mod:`ordnance.waw.rules.los` (its own shape).
    los: JsonObject


class FireEvent(FireCheckView):
    unit: str
    target: str
    attack: list[int]
    hits: int


class Salvo(TypedDict):
    against: str | None
    attack: list[int]
    hits: int
    defence: list[int]
    cancelled: int
    net: int


class UnitHits(TypedDict):
    unit: str
    hits: int
    before: str
    after: str


class HqCheck(TypedDict):
    hq: str
    dice: list[int]
    result: str


class HeFireEvent(TypedDict):
    """An HE Fire mission's salvos, the Hits each unit took and the HQ checks (WAW-HE-a..l)."""

    side: str
    target: str
    terrain: str
    firepower: int
    hit_number: int
    defence_dice: int
    salvos: list[Salvo]
    net_hits: int
    order: list[str]
    order_die: int | None
    units: list[UnitHits]
    lost_hits: int
    hq_checks: list[HqCheck]


class HqCheckResultEvent(TypedDict):
    """The players' judgement of a pending HQ check (WAW-HE-k)."""

    hq: str
    dice: list[int]
    after: str


class TerrainEvent(TypedDict):
    hexes: list[str]
    terrain: str


class PlacedEvent(TypedDict):
    """A unit placed. Its catalogue type is ``unit_type``: a key ``kind`` would be overwritten
    by (or overwrite) the event's own kind in the view of the event."""

    unit: str
    unit_type: str
    side: str
    hex: str


class RemovedEvent(TypedDict):
    unit: str


class ConditionEvent(TypedDict):
    """A condition the players set (the rules here do not decide it)."""

    unit: str
    before: str
    after: str


class DoneEvent(TypedDict):
    side: str
    turn: int


class MarkerRemovalEvent(TypedDict):
    """The Marker Removal Phase: Smoke 2 flipped, Smoke 1 removed (WAW-8.2-h)."""

    flipped: list[str]
    removed: list[str]


#: Event kind -> its payload.
EVENT_DATA: dict[str, type] = {
    "moved": MovedEvent,
    "stopped": StoppedEvent,
    "mine_attack": MineAttackEvent,
    "smoke": SmokeEvent,
    "fascam": FascamEvent,
    "fire": FireEvent,
    "he_fire": HeFireEvent,
    "hq_check_result": HqCheckResultEvent,
    "terrain": TerrainEvent,
    "placed": PlacedEvent,
    "removed": RemovedEvent,
    "condition": ConditionEvent,
    "done": DoneEvent,
    "marker_removal": MarkerRemovalEvent,
}
#: No World at War event has a secret.
PUBLIC_EVENT_DATA: dict[str, type] = {}
