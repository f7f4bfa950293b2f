"""The shot as a player asks it: this counter fires at that counter (notes B5, B6; ASL-8.9).

:class:`GunShotQuery` is the whole question, one declared Pydantic model
(each field with its title, description and the clause it rests on, so a
command line, an API form or a page can be derived from it):
``firer`` and ``target`` are counters (names as players say them, or piece
ids, :func:`ordnance.asl.rules.counters.lookup`), with the range, the date, the
target's aspect (front or side), the ammunition and the named modifiers.
:func:`answer_shot_query` builds the :class:`~ordnance.asl.shot.spec.GunShot`
from the counter database with the player's library laid over it
(:mod:`ordnance.asl.rules.counter_library`), says where every value came from, and
returns the exact odds (:func:`~ordnance.asl.shot.odds.gun_odds`) with, on
request, "APCR then AP once it runs out" against "AP only" over the
Player Turn. A value neither the database nor the library holds is refused
naming the value and the command that adds it.

>>> from ordnance.asl.rules.counter_library import sample_library
>>> q = GunShotQuery(firer="2498", target="2592", range=3, date="1944-06", ammo="APCR")
>>> ans = answer_shot_query(q, sample_library())
>>> ans.spec.gun, ans.spec.af, ans.spec.af_turret, ans.odds["p_hit"]
('75L', 18, 14, '1/12')
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ordnance.asl.rules.counter_library import CounterLibrary, MergedCounter
from ordnance.asl.rules.counters import lookup
from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.to_hit import FirerCases
from ordnance.asl.shot.odds import gun_odds
from ordnance.asl.shot.setup import declared_depletion
from ordnance.asl.shot.spec import GunShot, parse_shot_ammo
from ordnance.core.errors import RuleViolation
from ordnance.core.fields import option
from ordnance.core.messages import msg

TargetType = Literal["vehicle", "unarmored", "infantry", "area"]


class GunShotQuery(BaseModel):
    """One Gun's fire at one target, named by their counters."""

    model_config = ConfigDict(frozen=True, extra="forbid", title="Gun shot odds")

    firer: str = option(
        title="Firing counter",
        description="The firing vehicle or Gun: a counter name, alias or piece id.",
        clauses=("ASL-8.2-e",),
    )
    target: str | None = option(
        None,
        "Target counter",
        "The target vehicle: a counter name, alias or piece id (its AF from your "
        "counter library). None: a Target Type with no counter.",
        clauses=("ASL-B6",),
    )
    target_type: TargetType = option(
        "vehicle",
        "Target Type",
        "vehicle, unarmored, infantry or area (ASL-B5.1).",
        clauses=("ASL-B5.1",),
    )
    range: int = option(title="Range", description="In hexes.", clauses=("ASL-B5.1",), ge=0, le=200)
    date: str = option(
        title="Scenario date",
        description="YYYY-MM: reads the counter's notation and To Hit marking.",
        clauses=("ASL-8.91-a",),
    )
    theatre: str = option("ETO", "Theatre", "ETO, PTO or Burma.")
    firer_nationality: str | None = option(
        None, "Firer's palette", "Preferred palette for the firer's name (german, waffen-ss...)."
    )
    target_nationality: str | None = option(
        None, "Target's palette", "Preferred palette for the target's name."
    )
    ammo: str = option(
        "AP",
        "Ammunition",
        "AP, APCR, APDS, HEAT, HE, SMOKE, WP (declared before the DR).",
        clauses=("ASL-8.1-a",),
    )
    depletion: int | None = option(
        None,
        "Depletion Number",
        "N entered (else read from the counter at the date; Elite adds 1).",
        clauses=("ASL-8.9-a", "ASL-8.2-f"),
        ge=2,
        le=12,
    )
    elite: bool = option(False, "Elite", "+1 to N.", clauses=("ASL-8.2-f",))
    aspect: Literal["front", "side"] = option(
        "front",
        "Target aspect",
        "The target's facing fired on: its hull and turret AF at that aspect.",
        clauses=("ASL-B6", "ASL-B5.5"),
    )
    rof: int | None = option(
        None,
        "ROF",
        "Multiple ROF (else from your counter library).",
        clauses=("ASL-B5.6",),
        ge=0,
        le=4,
    )
    shots: int = option(
        1,
        "Shots",
        "At most this many shots (further ones only while ROF is kept).",
        clauses=("ASL-B5.6",),
        ge=1,
        le=12,
    )
    turns: bool = option(False, "One shot per Player Turn", "Instead of Multiple ROF.")
    fallback: str | None = option(
        None,
        "Fallback ammunition",
        "Fired once the declared ammunition is gone (AP, HE).",
        clauses=("ASL-8.9-e",),
    )
    acquisition: bool = option(
        True,
        "Acquisition",
        "Later shots at the same target gain Acquisition (-1, then -2; unverified).",
        clauses=("ASL-B5.3-N", "ASL-AMB-15"),
    )
    deliberate_immobilization: bool = option(
        False,
        "Deliberate Immobilization",
        "+5 To Hit; a hit can only immobilize.",
        clauses=("ASL-B5.3-G",),
    )
    target_moving: bool = option(False, "Moving target", "+2 To Hit.", clauses=("ASL-B5.3-J",))
    point_blank: bool = option(
        False, "Point Blank", "-2 at 0-1 hexes, -1 at 2.", clauses=("ASL-B5.3-L",)
    )
    captured: bool = option(False, "Captured use", clauses=("ASL-B5.3-H",))
    intensive: bool = option(False, "Intensive Fire", clauses=("ASL-B5.3-F",))
    cases: FirerCases = option(
        title="Other To Hit cases",
        description="The other firer-based cases and entered DRM.",
        clauses=("ASL-B5.3",),
        default_factory=FirerCases,
    )
    compare_apcr_then_ap: bool = option(
        False,
        "APCR then AP, against AP only",
        "Also compare 'APCR (or APDS) until it runs out, then AP' with 'AP only' "
        "over the same shots.",
        clauses=("ASL-8.9-e", "ASL-8.1-c"),
    )


class ValueUsed(BaseModel):
    """One value the shot uses and where it came from."""

    model_config = ConfigDict(frozen=True)

    value: str
    used: Any
    source: str


class ShotQueryAnswer(BaseModel):
    """The answer: the counters, the declared shot, every value's source, the odds."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    firer: dict[str, Any]
    target: dict[str, Any] | None
    spec: GunShot
    values: list[ValueUsed]
    depletion: dict[str, Any]
    odds: dict[str, Any]
    comparison: dict[str, Any] | None = None
    samples_used: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "firer": self.firer,
            "target": self.target,
            "shot": self.spec.model_dump(mode="json", exclude_defaults=True),
            "values": [v.model_dump(mode="json") for v in self.values],
            "depletion_reading": self.depletion,
            "samples_used": self.samples_used,
            **self.odds,
            **({"comparison": self.comparison} if self.comparison is not None else {}),
        }


def _army(merged: MergedCounter, given: str | None) -> str:
    army = merged.counter.army
    if army is None:
        if given:
            return given.strip().lower()
        raise RuleViolation(
            "ASL-8.2-g",
            msg(
                "{label}: its palette is not a nationality the rules know",
                label=merged.counter.label,
            ),
            hint=msg("give the firer's nationality (--nationality)"),
        )
    return army


def _target_armor(
    merged: MergedCounter, aspect: Literal["front", "side"], values: list[ValueUsed]
) -> tuple[int, int | None, bool]:
    hull = merged.armor("hull", aspect)
    values.append(
        ValueUsed(value=f"target hull {aspect} AF", used=hull, source=merged.source_of("hull"))
    )
    turreted = merged.values.turreted
    if turreted is False:
        values.append(
            ValueUsed(value="target turret", used=False, source=merged.source_of("turreted"))
        )
        return hull, None, False
    turret = merged.armor("turret", aspect)
    values.append(
        ValueUsed(
            value=f"target turret {aspect} AF", used=turret, source=merged.source_of("turret")
        )
    )
    return hull, turret, True


def answer_shot_query(query: GunShotQuery, library: CounterLibrary) -> ShotQueryAnswer:
    """The exact odds of ``query``, its values from the database with ``library`` laid over."""
    date = ScenarioDate.parse(query.date)
    firer = library.merged(lookup(query.firer, nationality=query.firer_nationality))
    values: list[ValueUsed] = []
    gun = firer.require("gun_size", "gun size", "--gun-size SIZE", "ASL-B5.2")
    values.append(ValueUsed(value="gun size", used=gun, source=firer.source_of("gun_size")))
    nationality = _army(firer, query.firer_nationality)
    ammo = parse_shot_ammo(query.ammo)
    shots = query.shots
    rof = query.rof
    if rof is None:
        rof = firer.values.rof
        if rof is None and shots > 1 and not query.turns:
            firer.require("rof", "ROF", "--rof N", "ASL-B5.6")
        rof = rof or 0
        values.append(ValueUsed(value="ROF", used=rof, source=firer.source_of("rof")))
    else:
        values.append(ValueUsed(value="ROF", used=rof, source="entered"))
    breakdown = firer.values.ammo_breakdown.get(ammo, firer.values.breakdown)
    values.append(
        ValueUsed(
            value="B#",
            used=breakdown if breakdown is not None else "none printed (12)",
            source=firer.source_of(
                "ammo_breakdown" if ammo in firer.values.ammo_breakdown else "breakdown"
            ),
        )
    )
    marking: str | None = None
    marking_from = "notes B5.1 (nationality)"
    if firer.sources.get("to_hit", "database") != "database":
        marking, marking_from = firer.values.to_hit, firer.source_of("to_hit")
    elif firer.counter.to_hit_at(date) is not None:
        marking, marking_from = firer.counter.to_hit_at(date), "database (counter information)"
    red = None if marking is None else marking == "red"
    values.append(
        ValueUsed(value="To Hit colour", used=marking or "nationality default", source=marking_from)
    )
    declared = declared_depletion(
        ammo,
        depletion=query.depletion,
        notation=None if query.depletion is not None else firer.counter.notation,
        date=None if query.depletion is not None else query.date,
        theatre=query.theatre,
        nationality=nationality,
        gun=gun,
        elite=query.elite,
        pre_adjusted=firer.counter.pre_adjusted,
    )
    target_merged: MergedCounter | None = None
    af: int | None = None
    af_turret: int | None = None
    turreted = True
    target_type = query.target_type
    if query.target is not None:
        target_merged = library.merged(lookup(query.target, nationality=query.target_nationality))
        if target_type == "vehicle":
            af, af_turret, turreted = _target_armor(target_merged, query.aspect, values)
    cases = query.cases.model_copy(
        update={
            "deliberate_immobilization": query.deliberate_immobilization
            or query.cases.deliberate_immobilization,
            "target_moving": query.target_moving or query.cases.target_moving,
            "point_blank": query.point_blank or query.cases.point_blank,
        }
    )
    spec = GunShot(
        gun=gun,
        nationality=nationality,
        ammo=ammo,
        depletion=declared.depletion,
        breakdown=breakdown,
        rof=rof,
        range=query.range,
        target=target_type,
        af=af,
        af_turret=af_turret,
        turreted=turreted,
        red=red,
        captured=query.captured,
        intensive=query.intensive,
        cases=cases,
    )
    mode: Literal["rof", "turns"] = "turns" if query.turns else "rof"
    fallback = parse_shot_ammo(query.fallback) if query.fallback else None
    odds = gun_odds(spec, shots, mode=mode, fallback=fallback, acquisition=query.acquisition)
    comparison = None
    if query.compare_apcr_then_ap:
        comparison = compare_special_then_ap(spec, shots, mode=mode, acquisition=query.acquisition)
    samples = any(
        m is not None and "library (sample)" in m.sources.values() for m in (firer, target_merged)
    )
    return ShotQueryAnswer(
        firer=firer.to_dict(),
        target=None if target_merged is None else target_merged.to_dict(),
        spec=spec,
        values=values,
        depletion=declared.to_dict(),
        odds=odds,
        comparison=comparison,
        samples_used=samples,
    )


def compare_special_then_ap(
    spec: GunShot, shots: int, *, mode: Literal["rof", "turns"] = "rof", acquisition: bool = True
) -> dict[str, Any]:
    """ "APCR/APDS, then AP once it runs out" against "AP only", over the same shots.

    ``spec`` declares the special ammunition; the first plan fires it while
    it lasts and AP after (ASL-8.9-e: a voided attempt is no shot, the Gun
    fires AP at once); the second fires AP every time.
    """
    if spec.ammo not in ("APCR", "APDS") or spec.depletion is None:
        raise RuleViolation(
            "ASL-8.9-e",
            msg(
                "the comparison needs APCR or APDS with its Depletion Number, not {ammo}",
                ammo=spec.ammo,
            ),
            hint=msg("--ammo APCR (N from the counter at the date, or -n N)"),
        )
    special = gun_odds(spec, shots, mode=mode, fallback="AP", acquisition=acquisition)
    ap_only = gun_odds(spec.with_ammo("AP", None), shots, mode=mode, acquisition=acquisition)
    label = f"{spec.ammo} then AP"
    keys = ("p_hit", "p_kill", "p_malfunction", "outcomes")
    return {
        "shots": shots,
        "mode": mode,
        "plans": {
            label: {k: special[k] for k in keys} | {"p_special_left": special["p_special_left"]},
            "AP only": {k: ap_only[k] for k in keys},
        },
        "chart": {
            "kind": "bar",
            "x": [label, "AP only"],
            "series": {
                "p_hit": [special["p_hit"], ap_only["p_hit"]],
                "p_kill": [special["p_kill"], ap_only["p_kill"]],
            },
        },
        "clauses": ["ASL-8.9-e", "ASL-8.1-c", "ASL-B5.6"],
    }
