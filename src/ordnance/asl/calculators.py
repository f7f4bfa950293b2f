"""The stand-alone questions of ASL C8, declared once for every face.

Each is an input model, a pure function over the C8 rules and a rendering hint
(:mod:`ordnance.core.calculators`); the HTTP API (``/api/calculators/asl/...``)
and the page (``/calc/asl``) are derived from them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ordnance.asl.dates import ScenarioDate
from ordnance.asl.depletion import check_shot
from ordnance.asl.depletion_odds import depletion_report
from ordnance.asl.heat import check_nationality, heat_gate
from ordnance.asl.notation import Ammo, check_depletion_number
from ordnance.asl.supply import chart_lookup
from ordnance.core.calculators import Calculator, jsonable
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.messages import msg

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.shot import GunShot

# The whole-shot rules (and the Pydantic models of the shot and the ASL options)
# are imported by the two Gun calculators when they run: ``asl supply``, ``asl
# heat`` and ``asl odds depletion`` start without them.

AmmoName = Literal["AP", "APCR", "APDS", "HEAT", "HE", "SMOKE", "WP"]
_DATE = Field(
    "1944-06",
    title="Scenario date",
    description="YYYY-MM",
    pattern=r"^\d{4}-\d{2}$",
    json_schema_extra={"x-clause": "ASL-8.2"},
)


def _pct(p: str | None) -> str:
    if p is None:
        return "-"
    num, _sep, den = p.partition("/")
    return f"{p} ({int(num) / int(den or 1) * 100:.2f}%)"


class WholeShot(BaseModel):
    """One Gun shot: To Hit, depletion, breakdown, To Kill or IFT."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"x-clause": "ASL-8.1-a"})

    gun: str = Field(
        title="Gun", description="gun size, e.g. 75L, 76LL, 57, 37*", min_length=1, max_length=8
    )
    range: int = Field(title="Range", description="in hexes", ge=0, le=200)
    nationality: str = Field(
        "german", title="Nationality", description="the Gun's army", max_length=32
    )
    ammo: AmmoName = Field("AP", title="Ammunition", json_schema_extra={"x-clause": "ASL-8.1-a"})
    depletion: int | None = Field(
        None,
        title="Depletion Number",
        description="N (omit: read from the notation or the chart)",
        ge=2,
        le=12,
        json_schema_extra={"x-clause": "ASL-8.9-a"},
    )
    notation: str | None = Field(None, title="Counter notation", max_length=64)
    date: str | None = Field(
        None, title="Scenario date", description="YYYY-MM", pattern=r"^\d{4}-\d{2}$"
    )
    theatre: Literal["ETO", "PTO", "Burma"] = Field("ETO", title="Theatre")
    elite: bool = Field(
        False, title="Elite", description="+1 N", json_schema_extra={"x-clause": "ASL-8.2-f"}
    )
    target: Literal["vehicle", "unarmored", "infantry", "area"] = Field("vehicle", title="Target")
    af: int | None = Field(
        None, title="Armor Factor", description="at the facing fired on", ge=0, le=40
    )
    af_turret: int | None = Field(None, title="Turret AF", description="if different", ge=0, le=40)
    turreted: bool = Field(True, title="Turreted target")
    tk: int | None = Field(
        None, title="Basic TK#", description="for a Gun the tables lack", ge=0, le=40
    )
    tem: str | None = Field(
        None, title="TEM", description="the target's TEM word (HEAT at Infantry)", max_length=32
    )
    ift_drm: int = Field(
        0, title="IFT DRM", description="TEM and Hindrance on the IFT", ge=-10, le=10
    )
    breakdown: int | None = Field(None, title="B#", description="none: 12", ge=2, le=12)
    rof: int = Field(0, title="Multiple ROF", ge=0, le=4)
    shots: int = Field(1, title="Shots", description="most shots fired", ge=1, le=20)
    turns: bool = Field(
        False, title="One shot per Player Turn", description="instead of Multiple ROF"
    )
    intensive: bool = Field(False, title="Intensive Fire", description="Case F")
    captured: bool = Field(False, title="Captured use", description="Case H")
    acquisition: int = Field(0, title="Acquisition DRM", description="Case N", ge=-2, le=0)
    drm: int = Field(
        0, title="Target-based DRM", description="cases J to R, entered", ge=-10, le=10
    )
    compare: list[str] = Field(
        default_factory=list,
        title="Compare",
        description="also AMMO[=N] at the same target, e.g. AP, APCR=5, HEAT",
        max_length=8,
    )


def _n_for(q: WholeShot, which: str, entered: int | None) -> int | None:
    from ordnance.asl.shot_setup import declared_depletion

    return declared_depletion(
        which,
        depletion=entered,
        notation=q.notation,
        date=q.date,
        theatre=q.theatre,
        nationality=q.nationality,
        gun=q.gun,
        elite=q.elite,
    ).depletion


def _spec(q: WholeShot) -> GunShot:
    from ordnance.asl.shot import GunShot, parse_shot_ammo
    from ordnance.asl.to_hit import FirerCases

    kind = parse_shot_ammo(q.ammo)
    return GunShot(
        gun=q.gun,
        nationality=q.nationality,
        ammo=kind,
        depletion=_n_for(q, kind, q.depletion),
        breakdown=q.breakdown,
        rof=q.rof,
        range=q.range,
        target=q.target,
        af=q.af,
        af_turret=q.af_turret,
        turreted=q.turreted,
        tk=q.tk,
        tem=q.tem,
        ift_drm=q.ift_drm,
        captured=q.captured,
        intensive=q.intensive,
        cases=FirerCases(acquisition=q.acquisition, target_drm=q.drm),
    )


def _comparison(q: WholeShot, spec: GunShot, items: list[str]) -> dict[str, Any]:
    from ordnance.asl.shot import parse_shot_ammo
    from ordnance.asl.shot_odds import compare_ammo
    from ordnance.asl.shot_sequence import Mode

    depletions: dict[str, int | None] = {}
    refused: dict[str, dict[str, str | None]] = {}
    for item in items:
        name, _sep, n = item.partition("=")
        if n and not n.strip().isdigit():
            raise OrdnanceError(
                msg("cannot read {item!r}", item=item),
                clause="ASL-8.9-a",
                hint=msg("AMMO or AMMO=N, e.g. APCR=5"),
            )
        which = parse_shot_ammo(name)
        entered = int(n) if n else None
        try:
            depletions[which] = (
                spec.depletion
                if which == spec.ammo and entered is None
                else _n_for(q, which, entered)
            )
        except OrdnanceError as exc:
            refused[which] = {"message": exc.message, "clause": exc.clause}
    mode: Mode = "turns" if q.turns else "rof"
    return compare_ammo(spec, depletions, q.shots, mode=mode, refused=refused)


def whole_shot(q: WholeShot) -> dict[str, Any]:
    """The exact odds of the whole shot (notes B5, B6; ASL-8.9)."""
    from ordnance.asl.shot_odds import gun_odds

    spec = _spec(q)
    data = gun_odds(spec, q.shots, mode="turns" if q.turns else "rof")
    data["title"] = (
        f"{data['ammo']} from a {data['gun']} at {data['range']} hexes, {data['target']}"
    )
    data["table"] = {
        "columns": ["what", "exact (%)"],
        "rows": [
            ["TH#, DRM", f"{data['th']}, {data['drm']:+d}" if data["th"] is not None else "-"],
            ["hit", _pct(data["p_hit"])],
            ["kill", _pct(data["p_kill"])],
            ["malfunction", _pct(data["p_malfunction"])],
            *(
                [["still available after", _pct(data["p_special_left"])]]
                if data["p_special_left"] is not None
                else []
            ),
        ],
    }
    data["distribution"] = data["outcomes"]
    data["xlabel"] = "worst effect on the target"
    if q.compare:
        data["compare"] = _comparison(q, spec, q.compare)
    return data


def ammo_comparison(q: WholeShot) -> dict[str, Any]:
    """AP against APCR, APDS and HEAT (or the ammunition listed) at the same target."""
    spec = _spec(q)
    compare = _comparison(q, spec, q.compare or ["AP", "APCR", "APDS", "HEAT"])
    chart = compare["chart"]
    rows = [
        [
            r["ammo"],
            "-" if r["depletion"] is None else str(r["depletion"]),
            _pct(r["p_hit"]),
            _pct(r["p_kill"]),
        ]
        for r in compare["rows"]
    ] + [[a, "", f"[{w['clause']}] {w['message']}", ""] for a, w in compare["refused"].items()]
    return {
        "title": f"{q.nationality} {q.gun} at {q.range} hexes, {q.target}"
        + (f" AF {q.af}" if q.af is not None else "")
        + ": by ammunition",
        **compare,
        "comparison": {
            "x": list(chart["x"]),
            "xlabel": "ammunition",
            "series": [
                {"name": "hit", "values": list(chart["series"]["p_hit"])},
                {"name": "kill", "values": list(chart["series"]["p_kill"])},
            ],
        },
        "table": {"columns": ["ammo", "N", "hit", "kill"], "rows": rows},
    }


class SupplyQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"x-clause": "ASL-8.2"})
    nationality: str = Field(
        title="Nationality", description="german, american, russian or british", max_length=32
    )
    gun: str = Field(
        title="Gun", description="gun size, e.g. 85L, 76LL, 50", min_length=1, max_length=8
    )
    date: str = _DATE
    elite: bool = Field(
        False, title="Elite", description="+1", json_schema_extra={"x-clause": "ASL-8.2-f"}
    )


def supply(q: SupplyQuestion) -> dict[str, Any]:
    """The Ammunition Supply Chart: APCR/APDS Depletion Number of a Gun."""
    answer = chart_lookup(q.nationality, q.gun, ScenarioDate.parse(q.date), elite=q.elite).to_dict()
    rows = [[str(k), str(v)] for k, v in answer.items() if not isinstance(v, dict | list)]
    return {
        "title": f"Ammunition Supply Chart: {q.nationality} {q.gun}, {q.date}",
        **answer,
        "table": {"columns": ["what", "value"], "rows": rows},
    }


class HeatQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"x-clause": "ASL-8.3-a"})
    nationality: str = Field(
        title="Nationality", description="the nation that made the Gun", max_length=32
    )
    date: str = _DATE


def heat(q: HeatQuestion) -> dict[str, Any]:
    """The HEAT availability date of a nation's ordnance."""
    when = ScenarioDate.parse(q.date)
    nation = check_nationality(q.nationality)
    gate = heat_gate(nation)
    reason = (
        f"{nation} ordnance fires HEAT from {gate.label}"
        if gate
        else f"ASL-8.3-a names no HEAT date for {nation}: its counters decide"
    )
    return {
        "title": f"HEAT of {nation} ordnance in {when}",
        "nationality": q.nationality,
        "ordnance_of": nation,
        "date": str(when),
        "from": str(gate) if gate else None,
        "available": None if gate is None else when >= gate,
        "clause": "ASL-8.3-a" if gate else "ASL-AMB-6",
        "reason": reason,
        "table": {
            "columns": ["what", "value"],
            "rows": [
                ["ordnance of", nation],
                ["HEAT from", str(gate) if gate else "-"],
                ["available", "-" if gate is None else ("yes" if when >= gate else "no")],
            ],
        },
        "lines": [reason],
    }


class DepletionQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"x-clause": "ASL-8.9"})
    depletion: int = Field(
        title="Depletion Number",
        description="N",
        ge=2,
        le=12,
        json_schema_extra={"x-clause": "ASL-8.9-a"},
    )
    shots: int = Field(4, title="Shots", description="declared shots", ge=1, le=50)
    breakdown: int | None = Field(
        None, title="B#", description="a malfunction also ends the fire", ge=2, le=12
    )
    intensive: bool = Field(False, title="Intensive Fire", description="B# -2")


def depletion_odds(q: DepletionQuestion) -> dict[str, Any]:
    """Per-shot outcome, k-th shot availability, rounds fired and expected rounds."""
    check_depletion_number(q.depletion)
    report = depletion_report(
        q.depletion,
        q.shots,
        q.breakdown,
        intensive=q.intensive,
        with_breakdown=q.breakdown is not None or q.intensive,
    )
    exp = report["expected_rounds"]
    data = jsonable(report)
    rows = [
        [str(r["shot"]), _pct(r["available"]), _pct(r["fires_special"]), _pct(r["gone_after"])]
        for r in data["shots"]
    ]
    return {
        "title": f"Special rounds fired in {q.shots} shots, N={q.depletion}",
        "xlabel": "rounds fired",
        **data,
        "distribution": data["rounds"],
        "table": {
            "title": f"Shot by shot (declared every shot), N={q.depletion}",
            "columns": ["shot", "still available", "fires the round", "gone after"],
            "rows": rows,
        },
        "lines": [
            "expected rounds before it runs out: "
            + ("never runs out" if exp is None else f"{jsonable(exp)} ({float(exp):.3f})")
        ],
    }


class ShotQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"x-clause": "ASL-8.9-a"})
    ammo: AmmoName = Field("APCR", title="Ammunition", description="declared special ammunition")
    depletion: int | None = Field(None, title="Depletion Number", description="N", ge=2, le=12)
    white: int = Field(title="White die", description="of the To Hit DR", ge=1, le=6)
    coloured: int = Field(title="Coloured die", description="of the To Hit DR", ge=1, le=6)
    breakdown: int | None = Field(None, title="B#", ge=2, le=12)
    intensive: bool = Field(False, title="Intensive Fire")


def depletion_check(q: ShotQuestion) -> dict[str, Any]:
    """One declared shot: the depletion check on the DR rolled."""
    from ordnance.core.dice import DR

    kind = Ammo.parse(q.ammo)
    if q.depletion is None and kind.has_depletion:
        raise RuleViolation(
            "ASL-8.9-a",
            msg("{value} needs its Depletion Number", value=kind.value),
            hint=msg("give N"),
        )
    roll = DR(q.coloured, q.white)
    result = check_shot(
        kind.value,
        q.depletion if kind.has_depletion else None,
        roll,
        breakdown=q.breakdown,
        intensive=q.intensive,
    )
    data = result.to_dict()
    rows = [[str(k), str(v)] for k, v in data.items() if not isinstance(v, dict | list)]
    return {
        "title": f"{kind.value} shot, DR {roll.total}",
        **data,
        "table": {"columns": ["what", "value"], "rows": rows},
    }


def _ammo_list(text: str) -> list[str]:
    """``"AP, APCR=5; HEAT"`` -> ``["AP", "APCR=5", "HEAT"]`` (commas, semicolons or spaces)."""
    return text.replace(",", " ").replace(";", " ").split()


class NotationQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"x-clause": "ASL-8.9-a"})
    text: str = Field(
        title="Counter notation", description="e.g. A5^4^/6^5", min_length=1, max_length=80
    )
    date: str | None = Field(
        None, title="Scenario date", description="YYYY-MM", pattern=r"^\d{4}-\d{2}$"
    )
    theatre: Literal["ETO", "PTO", "Burma"] = Field("ETO", title="Theatre")
    nationality: str | None = Field(
        None,
        title="Nationality",
        description="the side's army: applies the HEAT date gate",
        max_length=32,
        json_schema_extra={"x-clause": "ASL-8.3-a"},
    )
    elite: bool = Field(
        False, title="Elite", description="+1", json_schema_extra={"x-clause": "ASL-8.2-f"}
    )


def notation(q: NotationQuestion) -> dict[str, Any]:
    """Each entry of a counter's special-ammunition notation, as the side reads it."""
    from ordnance.asl.cli_reading import entries_json, reading  # the side's reading

    side = reading(q.date, q.theatre, None, q.nationality, None, q.elite, False, None)
    data = entries_json(q.text, side)
    rows = [
        [
            str(e.get("ammo")),
            str(e.get("token")),
            ", ".join(f"{p['number']} from {p['from']}" for p in e.get("periods") or []) or "-",
            "-" if e.get("available") is None else ("yes" if e["available"] else "no"),
        ]
        for e in data["entries"]
    ]
    return {
        "title": f"Counter notation {q.text}",
        **data,
        "table": {"columns": ["ammo", "token", "Depletion Numbers", "available"], "rows": rows},
    }


_GUN_EXAMPLE = {"gun": "75L", "range": 3, "ammo": "APCR", "depletion": 5, "af": 11}

CALCULATORS: tuple[Calculator, ...] = (
    Calculator(
        name="notation",
        title="Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4).",
        clauses=("ASL-8.9-a", "ASL-8.91"),
        input_model=NotationQuestion,
        run=notation,
        example={"text": "A5^4^/6^5", "date": "1944-06", "nationality": "german"},
    ),
    Calculator(
        name="gun",
        title="Exact odds of the whole shot: To Hit, depletion, B#, To Kill or IFT (notes B5, B6).",
        clauses=("ASL-8.1-a", "ASL-8.9-a"),
        input_model=WholeShot,
        run=whole_shot,
        hint="distribution",
        command=("odds", "gun"),
        parsers={"compare": _ammo_list},
        flags={"depletion": ("-n",), "breakdown": ("-b",), "shots": ("-k",)},
        example=_GUN_EXAMPLE,
    ),
    Calculator(
        name="gun-compare",
        title="AP against APCR, APDS and HEAT at the same target: hit and kill.",
        help="The whole shot with each ammunition at the same target (a chart of hit and kill).",
        clauses=("ASL-8.1-a", "ASL-8.9-a"),
        input_model=WholeShot,
        run=ammo_comparison,
        hint="comparison",
        command=("odds", "gun-compare"),
        parsers={"compare": _ammo_list},
        flags={"depletion": ("-n",), "breakdown": ("-b",), "shots": ("-k",)},
        example={**_GUN_EXAMPLE, "compare": ["AP", "APCR=5", "HEAT"]},
    ),
    Calculator(
        name="supply",
        title="Ammunition Supply Chart (ASL-8.2): APCR/APDS Depletion Number for a Gun.",
        clauses=("ASL-8.2",),
        input_model=SupplyQuestion,
        run=supply,
        arguments=("nationality", "gun"),
        example={"nationality": "german", "gun": "75L", "date": "1944-06"},
    ),
    Calculator(
        name="heat",
        title="HEAT availability date of a nation's ordnance (ASL-8.3-a).",
        clauses=("ASL-8.3-a",),
        input_model=HeatQuestion,
        run=heat,
        arguments=("nationality",),
        example={"nationality": "american", "date": "1943-06"},
    ),
    Calculator(
        name="depletion",
        title="Per-shot outcome, k-th shot availability, rounds fired and expected rounds (ASL-8.9).",
        clauses=("ASL-8.9",),
        input_model=DepletionQuestion,
        run=depletion_odds,
        hint="distribution",
        command=("odds", "depletion"),
        flags={"depletion": ("-n",), "shots": ("-k",), "breakdown": ("-b",)},
        example={"depletion": 5, "shots": 4},
    ),
    Calculator(
        name="shot",
        title="One declared special-ammunition shot: the C8.9 depletion check on its DR.",
        clauses=("ASL-8.9-a",),
        input_model=ShotQuestion,
        run=depletion_check,
        flags={"depletion": ("-n",), "breakdown": ("-b",)},
        example={"ammo": "APCR", "depletion": 5, "white": 2, "coloured": 3},
    ),
)

__all__ = ["CALCULATORS"]
