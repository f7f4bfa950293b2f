"""ASL scenario files: the sides, the date, and each Gun by counter name or printed values.

An ASL document adds to the common envelope (:mod:`ordnance.core.scenario`):

* ``sides``: each side may be ``elite`` (ASL-8.2-f) or ``pre_adjusted`` (SS
  counters whose values already include the +1, ASL-AMB-4);
* ``units``: one entry per Gun or vehicle: a ``counter`` name or VASL piece
  id from the counter database (``ordnance asl counters NAME``), which
  fills in the special-ammunition notation and gun size, or the printed
  ``notation`` and ``gun_size`` read from your own counter; plus B#, ROF,
  hex, Covered Arc and the Ordnance Listing's Canister FP;
* ``rules.options``: the ASL rule options (typed: the schema lists them).

The module keeps no map (a Gun's hex is enough for SMOKE and Canister), so
``map`` is refused. The settings take the date, theatre, sides and options;
each Gun becomes a hot-seat ``add_gun`` set-up action.
"""

from __future__ import annotations

import re
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from ordnance.asl.plugin import GAME
from ordnance.asl.rules.board import BoardGeometry
from ordnance.asl.rules.counter_library import (
    AF_FIELDS,
    CounterLibrary,
    counter_gun_fields,
    gun_fields,
)
from ordnance.asl.rules.counters import by_gpid
from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.phases import Phase
from ordnance.asl.settings import AslOptions
from ordnance.asl.state import AslState, Capability, Exhaustion, Gun, Marker
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import Record
from ordnance.core.messages import msg
from ordnance.core.scenario import (
    POSITION_KEY,
    Loc,
    ScenarioDoc,
    ScenarioFieldError,
    ScenarioStart,
    Side,
    UnitSpec,
    play_setup,
    read_position,
)

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.game import Game


class AslSide(Side):
    elite: bool = Field(False, description="Elite: +1 Depletion Numbers (ASL-8.2-f).")
    pre_adjusted: bool = Field(
        False, description="Counter values already include the Elite +1 (SS, ASL-AMB-4)."
    )


#: A hex in an ASL file: its printed id on the board (``C5``, ``2C5``) or axial
#: ``q,r``; a printed id is read against the table's board when the Gun is added.
_ASL_HEX = r"^(-?\d+,-?\d+|\d*[A-Za-z]{1,3}\d{1,2})$"


def _asl_hex(value: object) -> object:
    if isinstance(value, str) and not re.match(_ASL_HEX, value):
        raise ValueError(f"{value!r} is not a hex: write its printed id (e.g. C5) or axial q,r")
    return value


AslHexText = Annotated[str, Field(pattern=_ASL_HEX), BeforeValidator(_asl_hex)]


class AslGun(UnitSpec):
    """A Gun or vehicle: a database counter, or the values printed on your own counter."""

    hex: AslHexText | None = Field(
        None, description="Set-up hex: its printed id ('C5') or axial 'q,r'."
    )
    counter: str | None = Field(
        None, description="A VASL counter name or piece id (fills notation, name, gun size)."
    )
    name: str = Field("", description="What the piece is, e.g. 'T-34/85'.")
    notation: str | None = Field(None, description="Printed special-ammunition notation.")
    gun_size: str | None = Field(None, description="Gun size for the chart, e.g. 85L.")
    made_by: str | None = Field(None, description="Maker nation (ASL-8.2-g).")
    breakdown: int | None = Field(None, ge=2, le=12, description="B#; none printed = 12.")
    rof: int = Field(0, ge=0, le=4, description="Multiple ROF (0 = none).")
    elite: bool | None = Field(None, description="Override the side's Elite flag.")
    can_fire_he: bool = True
    canister_fp: int | None = Field(None, ge=1, description="Canister FP (ASL-8.4-e).")
    ca: int | None = Field(None, ge=0, le=5, description="Covered Arc, 0 = N ... 5 = NW.")
    to_hit: Literal["red", "black"] | None = Field(
        None, description="Red or black TH# as the counter marks it (ASL-B5.1)."
    )
    piece_id: str | None = Field(
        None,
        max_length=16,
        pattern=r"^[A-Za-z0-9:._-]+$",
        description="The VASL piece id its values come from (the counter library's key).",
    )
    af_hull_front: int | None = Field(None, ge=0, le=40, description="Hull AF, front.")
    af_hull_side: int | None = Field(None, ge=0, le=40, description="Hull AF, side.")
    af_turret_front: int | None = Field(None, ge=0, le=40, description="Turret AF, front.")
    af_turret_side: int | None = Field(None, ge=0, le=40, description="Turret AF, side.")


class AslRules(Record):
    options: AslOptions = Field(default_factory=AslOptions)


class AslExhaustion(Record):
    """The roll that used an ammunition up (ASL-8.9-d) or found it missing (ASL-8.9-e)."""

    dr: tuple[int, int]
    turn: int = Field(ge=1)
    phase: str
    shot: int = Field(ge=0)
    outcome: str


class AslAmmoRecord(Record):
    uses: int = Field(0, ge=0, description="Shots fired with it.")
    attempts: int = Field(0, ge=0, description="Depletion checks made for it.")
    exhausted: AslExhaustion | None = Field(None, description="Gone: the roll that did it.")


class AslGunRecord(Record):
    """A Gun's written record in play (only what differs from a fresh Gun is written)."""

    shots: int = Field(0, ge=0, description="To Hit / Placement / Canister DRs so far.")
    fired_this_phase: bool = False
    may_fire_again: bool = False
    intensive_used: bool = False
    malfunctioned: bool = False
    captured: bool = False
    pending: str | None = Field(None, description="Ammunition declared for the next shot.")
    fire_marker: str | None = None
    fired_phases: tuple[str, ...] = ()
    ammo: dict[str, AslAmmoRecord] = Field(
        default_factory=dict, description="Per special ammunition: uses and depletion."
    )


class AslMarker(Record):
    hex: AslHexText
    kind: str
    label: str


class AslPosition(Record):
    """The game in play: turn, phase, markers, and every Gun's written record."""

    turn: int = Field(1, ge=1)
    phase: Phase = Phase.RPh
    attacker: str | None = Field(None, description="The ATTACKER's side (default: the first).")
    non_smoke_fired: tuple[str, ...] = ()
    markers: tuple[AslMarker, ...] = Field((), description="SMOKE and other markers placed.")
    clusters: tuple[tuple[str, ...], ...] = ()
    recent: tuple[str, ...] = Field((), description="The recent events the view lists.")
    done: tuple[str, ...] = ()
    guns: dict[str, AslGunRecord] = Field(default_factory=dict)


class AslScenario(ScenarioDoc):
    game: Literal["asl"] = "asl"
    sides: tuple[AslSide, ...] = Field(min_length=2, max_length=2)
    units: tuple[AslGun, ...] = ()
    rules: AslRules = AslRules()
    board: BoardGeometry | None = Field(
        None,
        description="The ASL board drawn (number, size, orientation; the game's board "
        "setting): the units' hexes are on it. Absent: the default board.",
    )
    counter_library: CounterLibrary | None = Field(
        None,
        description="The printed values of your counters (the counter library's file format, "
        "docs/counter-library.schema.json), laid over the counter database for each unit "
        "given by counter or piece id; the only library a table reads.",
    )
    position: AslPosition | None = Field(
        None, description="The game in play, as exported (absent: the set-up)."
    )


def _palette(side: AslSide) -> str:
    nat = side.nationality.strip().lower()
    return "waffen-ss" if side.pre_adjusted and nat == "german" else nat


def from_scenario(doc: ScenarioDoc) -> ScenarioStart:
    """AslSettings and one ``add_gun`` per unit (counter names looked up here)."""
    assert isinstance(doc, AslScenario)
    if doc.map is not None:
        raise ScenarioFieldError(
            ("map",), "the ASL module keeps no map: give each Gun's hex instead"
        )
    settings: dict[str, Any] = {
        "sides": [
            {
                "name": s.id,
                "nationality": s.nationality,
                "elite": s.elite,
                "pre_adjusted": s.pre_adjusted,
            }
            for s in doc.sides
        ],
        "options": doc.rules.options.model_dump(mode="json", exclude_defaults=True),
    }
    if doc.board is not None:
        settings["board"] = doc.board.model_dump(mode="json", exclude_defaults=True)
    if doc.date is not None:
        settings["date"] = doc.date
    if doc.theatre is not None:
        settings["theatre"] = doc.theatre
    sides = {s.id: s for s in doc.sides}
    actions: list[dict[str, Any]] = []
    when = ScenarioDate.parse(doc.date) if doc.date is not None else None
    for i, gun in enumerate(doc.units):
        fields = gun.model_dump(exclude={"counter", "side", "id"}, exclude_defaults=True)
        action: dict[str, Any] = {"type": "add_gun", "id": gun.id, "side": gun.side, **fields}
        if gun.counter is not None:
            if gun.notation is not None:
                raise ScenarioFieldError(
                    ("units", i, "notation"),
                    "counter fills in the notation: give one or the other",
                )
            try:
                values = counter_gun_fields(
                    gun.counter,
                    nationality=_palette(sides[gun.side]),
                    library=doc.counter_library,
                    date=when,
                )
            except OrdnanceError as exc:
                raise ScenarioFieldError(("units", i, "counter"), str(exc)) from None
            # the unit's own fields win, then the library, then the database
            action = {**values, **action}
        elif gun.piece_id is not None and doc.counter_library is not None:
            action = {**_library_values(doc.counter_library, gun.piece_id, when), **action}
        actions.append(action)
    locs = tuple(("units", i) for i in range(len(actions)))
    if doc.position is not None:
        # the Guns must exist before their records: the set-up travels inside the
        # position and ``new`` plays it (the journal keeps it in the settings)
        _check_position(doc)
        _check_setup(settings, actions, locs)
        position = doc.position.model_dump(mode="json", exclude_defaults=True)
        settings[POSITION_KEY] = {"setup": actions, **position}
        return ScenarioStart(settings=settings)
    return ScenarioStart(settings=settings, actions=tuple(actions), action_locs=locs)


def _library_values(
    library: CounterLibrary, piece_id: str, when: ScenarioDate | None
) -> dict[str, Any]:
    """The library's printed values for a unit given by piece id (its notation stays its own)."""

    counter = by_gpid().get(piece_id)
    if counter is None:
        return {}
    values = gun_fields(library.merged(counter), when)
    return {
        k: v
        for k, v in values.items()
        if k in ("gun_size", "rof", "breakdown", "to_hit", *AF_FIELDS)
    }


def _check_setup(
    settings: dict[str, Any], actions: list[dict[str, Any]], locs: tuple[Loc, ...]
) -> None:
    """Play the set-up that will travel inside the position, so a refused Gun keeps its line."""

    state = GAME.new(settings)
    for loc, action in zip(locs, actions, strict=True):
        try:
            state = GAME.apply(state, action, EnteredDice(()), None).state
        except OrdnanceError as exc:
            raise ScenarioFieldError(loc, str(exc)) from None


def _check_position(doc: AslScenario) -> None:
    p = doc.position
    assert p is not None
    sides = [s.id for s in doc.sides]
    guns = {u.id for u in doc.units}
    for key in ("attacker",):
        value = getattr(p, key)
        if value is not None and value not in sides:
            raise ScenarioFieldError(("position", key), f"{value!r} is not a side")
    for gun_id in p.guns:
        if gun_id not in guns:
            raise ScenarioFieldError(("position", "guns", gun_id), f"no unit {gun_id!r}")


def _axial(state: AslState, text: str) -> str:
    """A hex of the file as its axial id (a printed ``C5`` read on the table's board)."""
    return text if "," in text else str(state.settings.board.hex_of(text))


#: The Gun fields a position writes one for one: all of :class:`AslGunRecord` but ``ammo``.
_GUN_RECORD_FIELDS = tuple(name for name in AslGunRecord.model_fields if name != "ammo")


def _restored_capability(cap: Capability, rec: AslGunRecord) -> Capability:
    ammo = rec.ammo.get(cap.ammo)
    if ammo is None:
        return cap
    ex = ammo.exhausted
    exhausted = Exhaustion(**ex.model_dump()) if ex else None
    return replace(cap, uses=ammo.uses, attempts=ammo.attempts, exhausted=exhausted)


def _restored_gun(g: Gun, rec: AslGunRecord | None) -> Gun:
    """A Gun of the set-up with its record of the position (none: as set up)."""
    if rec is None:
        return g
    unknown = set(rec.ammo) - {c.ammo for c in g.capabilities}
    if unknown:
        raise OrdnanceError(
            msg(
                "bad position: guns.{id}.ammo: {value} is not on the Gun",
                id=g.id,
                value=", ".join(sorted(unknown)),
            )
        )
    return replace(
        g,
        **{name: getattr(rec, name) for name in _GUN_RECORD_FIELDS},
        capabilities=tuple(_restored_capability(c, rec) for c in g.capabilities),
    )


def restore(game: Game[AslState], state: AslState, data: Any) -> AslState:
    """The state ``new`` built, with the Guns of the set-up and the position's records."""
    raw = dict(data) if isinstance(data, dict) else {}
    setup = raw.pop("setup", [])
    if not isinstance(setup, list) or not all(isinstance(a, dict) for a in setup):
        raise OrdnanceError(msg("bad position: setup: a list of add_gun actions"))
    state = play_setup(game, state, setup)
    p: AslPosition = read_position(AslPosition, raw)
    guns = [_restored_gun(g, p.guns.get(g.id)) for g in state.guns]
    missing = set(p.guns) - {g.id for g in state.guns}
    if missing:
        raise OrdnanceError(
            msg("bad position: guns: no Gun {value}", value=", ".join(sorted(missing)))
        )
    if p.attacker is not None and p.attacker not in state.side_names:
        raise OrdnanceError(
            msg("bad position: attacker: {attacker!r} is not a side", attacker=p.attacker)
        )
    return replace(
        state,
        guns=tuple(guns),
        turn=p.turn,
        phase=p.phase,
        attacker=p.attacker or state.attacker,
        non_smoke_fired=frozenset(p.non_smoke_fired),
        markers=tuple(Marker(_axial(state, m.hex), m.kind, m.label) for m in p.markers),
        clusters=tuple(tuple(_axial(state, h) for h in c) for c in p.clusters),
        recent=p.recent,
        done=frozenset(p.done),
    )


def _gun_record(g: Gun) -> dict[str, Any]:
    ammo = {
        c.ammo: AslAmmoRecord(
            uses=c.uses,
            attempts=c.attempts,
            exhausted=AslExhaustion(**asdict(c.exhausted)) if c.exhausted else None,
        )
        for c in g.capabilities
    }
    record = AslGunRecord(
        **{name: getattr(g, name) for name in _GUN_RECORD_FIELDS},
        ammo={k: v for k, v in ammo.items() if v != AslAmmoRecord()},
    )
    return record.model_dump(mode="json", exclude_defaults=True)


def _position(state: AslState) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "phase": state.phase.value,
        "attacker": state.attacker,
        "non_smoke_fired": sorted(state.non_smoke_fired),
        "markers": [{"hex": m.hex, "kind": m.kind, "label": m.label} for m in state.markers],
        "clusters": [list(c) for c in state.clusters],
        "recent": list(state.recent),
        "done": sorted(state.done),
        "guns": {g.id: rec for g in state.guns if (rec := _gun_record(g))},
    }


def to_scenario(state: AslState, seat: str | None = None) -> dict[str, Any]:
    """The position as a document: sides, date, options, every Gun's printed values,
    and ``position``: turn, phase, markers and each Gun's written record (shots,
    depleted or missing ammunition with the DR that did it, malfunction).

    The module keeps no secret from either side, so ``seat`` changes nothing.
    """
    s = state.settings
    units = []
    for g in state.guns:
        side = next(x for x in s.sides if x.name == g.side)
        unit: dict[str, Any] = {"id": g.id, "side": g.side, "name": g.name}
        for key in (
            "notation",
            "gun_size",
            "made_by",
            "breakdown",
            "hex",
            "canister_fp",
            "ca",
            "to_hit",
            "piece_id",
        ):
            value = getattr(g, key)
            if value is not None:
                unit[key] = value
        unit.update({f"af_{k}": v for k, v in g.armour_dict().items()})
        if g.rof:
            unit["rof"] = g.rof
        if g.elite != side.elite:
            unit["elite"] = g.elite
        if not g.can_fire_he:
            unit["can_fire_he"] = False
        units.append(unit)
    board = (
        {"board": s.board.model_dump(mode="json", exclude_defaults=True)}
        if s.board != BoardGeometry()
        else {}
    )
    return {
        **board,
        "game": "asl",
        "title": "ASL position (exported)",
        "date": s.date,
        "theatre": s.theatre,
        "sides": [
            {
                "id": x.name,
                "nationality": x.nationality,
                "elite": x.elite,
                "pre_adjusted": x.pre_adjusted,
            }
            for x in s.sides
        ],
        "units": units,
        "rules": {"options": s.options.model_dump(mode="json", exclude_defaults=True)},
        "position": _position(state),
    }
