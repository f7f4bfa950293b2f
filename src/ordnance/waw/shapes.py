"""What World at War hands the faces: its view, odds and LOS answers as TypedDicts.

Each extends the conventional shape of :mod:`ordnance.core.shapes` (so mypy
checks the conventional keys) and names every key of the game's own;
``tests/core/test_shapes.py`` checks the values against them, closed.
"""

# No ``from __future__ import annotations``: on Python 3.11 a TypedDict reads
# ``NotRequired`` only from evaluated annotations (``__required_keys__``).
from typing import NotRequired, TypedDict

from ordnance.core.shapes import Board, GameView, LosAnswer, OddsAnswer, Panel, TurnView

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


class MapMarker(TypedDict):
    hex: str
    kind: str
    label: str


class Cluster(TypedDict):
    """A Smoke marker's smoke area or a minefield (WAW-8.2-b, WAW-8.3-c)."""

    hexes: list[str]
    kind: str


class WawMapView(TypedDict):
    hexes: list[MapHex]
    units: list[MapUnit]
    markers: list[MapMarker]
    #: Always empty: nothing in these rules drifts.
    arrows: list[MapMarker]
    clusters: list[Cluster]


class PendingHq(TypedDict):
    """An HQ check rolled under ``hq_check.mode = "ask"`` (WAW-HE-k)."""

    hq: str
    dice: list[int]


class WawView(GameView):
    """``WorldAtWar.view``: the same for every seat (these rules hide nothing)."""

    game: str
    seat: str | None
    #: Side -> nationality.
    sides: dict[str, str]
    map: WawMapView
    eliminated: list[str]
    pending_hq_checks: list[PendingHq]
    marker_removal_phases: int
    turn: TurnView
    board: Board
    panels: list[Panel]


class WawMinesOdds(OddsAnswer):
    """A move through mined hexes (WAW-8.3-d): the title names them."""


class WawFireOdds(OddsAnswer):
    """A unit's AP or HE shot at its Hit Number after smoke (WAW-8.2-e)."""

    hit_number: int


class WawHeFireOdds(OddsAnswer):
    """An HE Fire mission against the units now in the target hex (WAW-HE-a..l)."""

    #: What ``distribution`` counts (net Hits, or Hits on each unit).
    counts: str
    defence_dice: int
    #: Unit id -> the exact distribution of its condition after the mission.
    units: dict[str, dict[str, str]]
    #: Every joint outcome (all units' conditions) -> its probability.
    outcomes: dict[str, str]
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
    """A smoke area the line crosses (:meth:`ordnance.waw.los.Crossing.to_dict`)."""

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
