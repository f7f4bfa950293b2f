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

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ordnance.asl.options import AslOptions
from ordnance.asl.record import AslState
from ordnance.core.errors import OrdnanceError
from ordnance.core.scenario import ScenarioDoc, ScenarioFieldError, ScenarioStart, Side, UnitSpec


class AslSide(Side):
    elite: bool = Field(False, description="Elite: +1 Depletion Numbers (ASL-8.2-f).")
    pre_adjusted: bool = Field(
        False, description="Counter values already include the Elite +1 (SS, ASL-AMB-4)."
    )


class AslGun(UnitSpec):
    """A Gun or vehicle: a database counter, or the values printed on your own counter."""

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


class AslRules(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    options: AslOptions = Field(default_factory=AslOptions)


class AslScenario(ScenarioDoc):
    game: Literal["asl"] = "asl"
    sides: tuple[AslSide, ...] = Field(min_length=2, max_length=2)
    units: tuple[AslGun, ...] = ()
    rules: AslRules = AslRules()


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
    if doc.date is not None:
        settings["date"] = doc.date
    if doc.theatre is not None:
        settings["theatre"] = doc.theatre
    sides = {s.id: s for s in doc.sides}
    actions: list[dict[str, Any]] = []
    for i, gun in enumerate(doc.units):
        fields = gun.model_dump(exclude={"counter", "side", "id"}, exclude_defaults=True)
        action: dict[str, Any] = {"type": "add_gun", "id": gun.id, "side": gun.side, **fields}
        if gun.counter is not None:
            if gun.notation is not None:
                raise ScenarioFieldError(
                    ("units", i, "notation"),
                    "counter fills in the notation: give one or the other",
                )
            from ordnance.asl.counters import pick_counter

            try:
                found = pick_counter(gun.counter, nationality=_palette(sides[gun.side]))
            except OrdnanceError as exc:
                raise ScenarioFieldError(("units", i, "counter"), str(exc)) from None
            action["notation"] = found.notation
            action.setdefault("name", found.name)
            if found.gun_size and "gun_size" not in action:
                action["gun_size"] = found.gun_size
        actions.append(action)
    return ScenarioStart(
        settings=settings,
        actions=tuple(actions),
        action_locs=tuple(("units", i) for i in range(len(actions))),
    )


def to_scenario(state: AslState) -> dict[str, Any]:
    """The set-up as a document: sides, date, options and every Gun's printed values.

    A Gun's record in play (shots, depleted ammunition, malfunction) is not
    written: a scenario is a set-up, the journal keeps the game.
    """
    s = state.settings
    units = []
    for g in state.guns:
        side = next(x for x in s.sides if x.name == g.side)
        unit: dict[str, Any] = {"id": g.id, "side": g.side, "name": g.name}
        for key in ("notation", "gun_size", "made_by", "breakdown", "hex", "canister_fp", "ca"):
            value = getattr(g, key)
            if value is not None:
                unit[key] = value
        if g.rof:
            unit["rof"] = g.rof
        if g.elite != side.elite:
            unit["elite"] = g.elite
        if not g.can_fire_he:
            unit["can_fire_he"] = False
        units.append(unit)
    return {
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
    }
