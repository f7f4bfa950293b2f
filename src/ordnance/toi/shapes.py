"""What Tide of Iron hands the faces: its view, odds and LOS answers as TypedDicts.

Each extends the conventional shape of :mod:`ordnance.core.shapes`, so mypy
checks that the conventional keys are built right, and names every key of
the game's own; ``tests/core/test_shapes.py`` checks the values against
them (closed: no key that is not named here). Values whose shape belongs to
another model stay JSON objects under a name (a unit profile's attack
values, the settings).
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
    OddsAnswer,
)

__all__ = [
    "ToIAttackOdds",
    "ToILosAnswer",
    "ToIMapView",
    "ToIOdds",
    "ToISmokeOdds",
    "ToIView",
    "TokenView",
    "UnitView",
]


class TokenView(TypedDict):
    """A munitions token as a seat sees it: its type only when face up or the seat's own."""

    side: str
    unit: str
    #: ``"up"`` or ``"down"``.
    face: str
    munition: NotRequired[str]
    #: The owner's purchase id and Status Phase of purchase (face down, own tokens only).
    id: NotRequired[str]
    bought_in_status_phase: NotRequired[int]
    #: What the others read of a face-down token.
    label: NotRequired[str]


class UnitView(TypedDict):
    """A unit with its profile's figures; a vehicle has ``damage``, a squad figures and morale."""

    id: str
    side: str
    profile: str
    title: str
    kind: str
    hex: str
    alive: bool
    activation: str
    armour: int
    #: The profile's attack values (:class:`ordnance.toi.rules.units.AttackValues`).
    vs_infantry: JsonObject
    vs_vehicle: JsonObject
    damage: NotRequired[str]
    figures: NotRequired[int]
    morale: NotRequired[str]


class NationView(TypedDict):
    """A nation's command and tokens; its supply by type only for its own seat."""

    command: int
    tokens_on_board: int
    bought_this_status_phase: int
    #: A count, or ``"unlimited"``.
    supply_total: int | str
    supply: NotRequired[dict[str, int]]


class SmokeView(TypedDict):
    hex: str
    placed_round: int


class MapHex(TypedDict):
    hex: str
    terrain: str
    elevation: NotRequired[int]


class MapUnit(TypedDict):
    id: str
    side: str
    hex: str
    label: str


#: The last smoke round's drift (``from`` is a Python keyword).
Arrow = TypedDict("Arrow", {"from": str, "to": str, "kind": str})


class ToIMapView(MapLayers):
    """``view["map"]``: the map, its live units, smoke and token markers, the last drift
    (no clusters)."""

    name: str
    title: str
    directional_marker: str
    hexes: list[MapHex]
    units: list[MapUnit]
    arrows: list[Arrow]


class ToIView(BoardView):
    """``ToIGame.view``: the round and step, nations, tokens as the seat may see them, units."""

    game: str
    seat: str | None
    round: int
    phase: str
    step: str | None
    position: str
    status_steps: list[str]
    munitions_in_force: bool
    nations: dict[str, NationView]
    tokens: list[TokenView]
    units: list[UnitView]
    smoke: list[SmokeView]
    map: ToIMapView
    #: :class:`ordnance.toi.settings.ToISettings` as JSON.
    settings: JsonObject


class ToISmokeOdds(OddsAnswer):
    """A Smoke round: where the marker lands (TOI-B10)."""

    dice: Annotated[int, Figure("Dice rolled")]
    hit_on: Annotated[int, Figure("Each die hits on")]


class ToIAttackOdds(OddsAnswer):
    """An attack: net hits, with the pools the plan uses (TOI-GEN-7), and what they do
    to the target (TOI-B4 squads, TOI-B6 vehicles), through the attack's own
    :func:`~ordnance.toi.procedures.combat.apply_hits`."""

    #: P(the target is destroyed: a vehicle by the damage table, a squad losing its last figure).
    p_kill: Annotated[str, Figure("Chance to destroy the target", headline=True)]
    #: A vehicle: P(its damage gets worse, destroyed included).
    p_damage: NotRequired[Annotated[str, Figure("Chance to damage the vehicle", headline=True)]]
    #: A squad (normal attack): P(it loses at least one figure).
    p_figure: NotRequired[
        Annotated[str, Figure("Chance to eliminate at least one figure", headline=True)]
    ]
    #: A squad (suppressive attack): P(it is pinned or disrupted).
    p_morale: NotRequired[Annotated[str, Figure("Chance to pin or disrupt", headline=True)]]
    #: The target's state after the attack -> its exact probability.
    after: Annotated[dict[str, str], Figure("The target after the attack")]
    attack_dice: Annotated[int, Figure("Attack dice (black)")]
    hit_on: Annotated[int, Figure("Each attack die hits on")]
    defence_dice: Annotated[int, Figure("Defence dice (red)")]
    band: Annotated[str, Figure("Range")]
    munitions: Annotated[list[str], Figure("Munitions revealed")]
    #: When the attacker's face-down tokens are left out for this seat.
    note: NotRequired[Annotated[str, Figure("Note")]]


ToIOdds = ToIAttackOdds | ToISmokeOdds


class LosBlockView(TypedDict):
    """One reason the line is blocked (:meth:`ordnance.toi.rules.hexmap.LosBlock.to_dict`)."""

    hexes: list[str]
    what: list[str]
    hexside: str | None
    clause: str
    reason: str


class ToILosAnswer(LosAnswer):
    """The line with smoke (TOI-B10) and blocking terrain (TOI-B2), and the units at each end."""

    blocked: bool
    blocking: list[LosBlockView]
    clauses: list[str]
    smoke_on_line: list[str]
    #: Hex -> the ids of the live units there (the origin and the target).
    units: dict[str, list[str]]


# -- event payloads ----------------------------------------------------------------------
# What each event kind merges into its ``Event.for_seat`` view beside ``kind`` and
# ``text`` (:class:`ordnance.core.shapes.EventView`). A token's type is in the payload
# only for its owner: the others see the public payload (TOI-GEN-5).


class UnitEvent(TypedDict):
    """``op-fire`` (TOI-B9) and ``attack-void`` (TOI-AMB-7 option): the unit concerned."""

    unit: str


#: ``move``: a unit's move (``from`` is a Python keyword).
MoveEvent = TypedDict("MoveEvent", {"unit": str, "from": str, "to": str})


class DiscardedToken(TypedDict):
    unit: str
    munition: str


class TokensDiscardedEvent(TypedDict):
    """Revealed tokens discarded at the start of the Status Phase (TOI-GEN-9)."""

    tokens: list[DiscardedToken]


class TokensRemovedEvent(TypedDict):
    """The remove-tokens step: the hexes whose smoke expired (TOI-AMB-17)."""

    smoke_removed: list[str]


class NoData(TypedDict):
    """``purchase-window`` and ``keep-or-discard``: the step's text says it all."""


class RoundEvent(TypedDict):
    round: int


class PhaseEvent(TypedDict):
    position: str
    round: int


class DoneEvent(TypedDict):
    side: str
    position: str


class TokenRevealedEvent(TypedDict):
    """A munitions token flipped face up when its unit attacks (TOI-GEN-7)."""

    side: str
    unit: str
    munition: str


class CommandEvent(TypedDict):
    side: str
    amount: int
    #: The nation's command after it.
    command: int


class TokenBoughtEvent(TypedDict):
    """``token-bought`` as the buyer sees it (TOI-GEN-4)."""

    side: str
    unit: str
    token: str
    munition: str
    command: int


class TokenBoughtPublic(TypedDict):
    """``token-bought`` as the others see it: no token id, no type (TOI-GEN-5)."""

    side: str
    unit: str
    command: int


class TokenDiscardedEvent(TypedDict):
    """``token-discarded`` as its owner sees it (TOI-GEN-8)."""

    side: str
    unit: str
    token: str
    munition: str


class TokenDiscardedPublic(TypedDict):
    side: str
    unit: str


class AttackEvent(TypedDict):
    """An attack's plan and dice (TOI-GEN-7, notes B6): black hit, red cancel."""

    unit: str
    target: str
    support: list[str]
    band: str
    attack_dice: int
    hit_on: int
    defence_dice: int
    cancel_on: int
    black: list[int]
    red: list[int]
    hits: int
    cancels: int
    net_hits: int
    result: str
    steps: list[str]
    clauses: list[str]


class SmokeRoundEvent(TypedDict):
    """A Smoke round: placed, drifted or misfired (TOI-SMK-3..5)."""

    unit: str
    hex: str
    band: str
    dice: int
    hit_on: int
    black: list[int]
    hits: int
    outcome: str
    landing: str | None
    reason: str
    drift_red: NotRequired[int | None]
    drift_black: NotRequired[int | None]
    direction: NotRequired[str | None]
    #: Always there, set last (after the drift keys): TOI-SMK-3, -4 or -5.
    clause: NotRequired[str]


#: Event kind -> its payload as the seats allowed to see it do.
EVENT_DATA: dict[str, type] = {
    "op-fire": UnitEvent,
    "attack-void": UnitEvent,
    "move": MoveEvent,
    "tokens-discarded": TokensDiscardedEvent,
    "tokens-removed": TokensRemovedEvent,
    "purchase-window": NoData,
    "keep-or-discard": NoData,
    "round": RoundEvent,
    "phase": PhaseEvent,
    "done": DoneEvent,
    "token-revealed": TokenRevealedEvent,
    "command": CommandEvent,
    "token-bought": TokenBoughtEvent,
    "token-discarded": TokenDiscardedEvent,
    "attack": AttackEvent,
    "smoke-round": SmokeRoundEvent,
}
#: Event kind -> its public payload, for the kinds with a secret (TOI-GEN-5).
PUBLIC_EVENT_DATA: dict[str, type] = {
    "token-bought": TokenBoughtPublic,
    "token-discarded": TokenDiscardedPublic,
}
