"""The stand-alone questions of ASL C8, declared once for every face.

Each is an input model, a pure function over the C8 rules and a rendering hint
(:mod:`ordnance.core.calculators`); the HTTP API (``/api/calculators/asl/...``)
and the page (``/calc/asl``) are derived from them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from ordnance.asl.canister.question import canister_answer
from ordnance.asl.odds.depletion import depletion_report, shot_with_malfunction
from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.depletion import check_shot
from ordnance.asl.rules.he_equivalency import he_equivalency
from ordnance.asl.rules.heat import check_nationality, heat_gate, scw_heat_attack
from ordnance.asl.rules.notation import Ammo, check_depletion_number
from ordnance.asl.rules.supply import chart_lookup
from ordnance.asl.shot.question import AmmoName, ammo_comparison, whole_shot
from ordnance.asl.shot.question import pct as _pct
from ordnance.core.calculators import Calculator, calculator, jsonable
from ordnance.core.dice import dice_source
from ordnance.core.errors import InvalidDice, RuleViolation
from ordnance.core.fields import option
from ordnance.core.messages import msg, said
from ordnance.core.questions import question_config

_DATE = option("1944-06", "Scenario date", "YYYY-MM", clause="ASL-8.2", pattern=r"^\d{4}-\d{2}$")


class SupplyQuestion(BaseModel):
    model_config = question_config("ASL-8.2")
    nationality: str = option(
        title="Nationality", description="german, american, russian or british", max_length=32
    )
    gun: str = option(
        title="Gun", description="gun size, e.g. 85L, 76LL, 50", min_length=1, max_length=8
    )
    date: str = _DATE
    elite: bool = option(False, "Elite", "+1", clause="ASL-8.2-f")


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
    model_config = question_config("ASL-8.3-a")
    nationality: str = option(
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
    model_config = question_config("ASL-8.9")
    depletion: int = option(
        title="Depletion Number", description="N", clause="ASL-8.9-a", ge=2, le=14
    )
    shots: int = option(4, "Shots", "declared shots", ge=1, le=50)
    breakdown: int | None = option(None, "B#", "a malfunction also ends the fire", ge=2, le=12)
    intensive: bool = option(False, "Intensive Fire", "B# -2")


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
            "title": said("Shot by shot (declared every shot), N={n}", n=q.depletion),
            "columns": ["shot", "still available", "fires the round", "gone after"],
            "rows": rows,
        },
        "lines": [
            "expected rounds before it runs out: "
            + ("never runs out" if exp is None else f"{jsonable(exp)} ({float(exp):.3f})")
        ],
    }


class ShotQuestion(BaseModel):
    model_config = question_config("ASL-8.9-a")
    ammo: AmmoName = option("APCR", "Ammunition", "declared special ammunition")
    depletion: int | None = option(None, "Depletion Number", "N", clause="ASL-8.9-a", ge=2, le=14)
    dr: str | None = option(
        None,
        "Dice",
        "the To Hit DR rolled at the table, coloured die first: 3,2 (else rolled)",
        clause="ASL-B2",
        max_length=16,
    )
    seed: int | None = option(None, "Seed", "of the rolled dice")
    breakdown: int | None = option(None, "B#", ge=2, le=12)
    intensive: bool = option(False, "Intensive Fire")


def depletion_check(q: ShotQuestion) -> dict[str, Any]:
    """One declared shot: the depletion check on the DR rolled (or entered)."""

    kind = Ammo.parse(q.ammo)
    if q.depletion is None and kind.has_depletion:
        raise RuleViolation(
            "ASL-8.9-a",
            msg("{value} needs its Depletion Number", value=kind.value),
            hint=msg("-n 5"),
        )
    try:
        source = dice_source(q.dr, q.seed)
        roll = source.dr("To Hit DR")
        finish = getattr(source, "finish", None)
        if finish is not None:
            finish()
    except InvalidDice as exc:  # the game names its dice rule (ASL-B2), as in play
        from ordnance.asl.plugin import GAME  # the game's rules load only here

        raise GAME.dice_refusal(exc, {"type": "fire"}) from None
    result = check_shot(
        kind.value,
        q.depletion if kind.has_depletion else None,
        roll,
        breakdown=q.breakdown,
        intensive=q.intensive,
    )
    d = result.to_dict()
    d["dice"] = "entered" if q.dr is not None else "rolled"
    return {
        **d,
        "title": f"{d['ammo']} shot, N={d['depletion']}",
        "table": {
            "columns": ["DR", "outcome", "gone", "malfunction", "clause"],
            "rows": [
                [
                    f"{d['dr'][0]}+{d['dr'][1]}={d['original_dr']}",
                    d["outcome"],
                    "yes" if d["gone"] else "no",
                    "yes" if d["malfunctioned"] else "no",
                    d["clause"],
                ]
            ],
        },
        "lines": [d["explanation"]],
    }


class ShotOddsQuestion(BaseModel):
    model_config = question_config("ASL-8.9-a")
    depletion: int = option(
        title="Depletion Number", description="N", clause="ASL-8.9-a", ge=2, le=14
    )
    breakdown: int | None = option(None, "B#", clause="ASL-AMB-18", ge=2, le=12)
    intensive: bool = option(False, "Intensive Fire", "B# -2")


def shot_odds(q: ShotOddsQuestion) -> dict[str, Any]:
    """One shot: depletion outcome joint with malfunction."""

    joint = shot_with_malfunction(q.depletion, q.breakdown, intensive=q.intensive)
    labelled = joint.map(lambda o: o[0] + (" + malfunction" if o[1] else ""))
    return {
        "title": f"One shot, N={q.depletion}",
        "depletion": q.depletion,
        "breakdown": q.breakdown,
        "intensive": q.intensive,
        "distribution": labelled,
        "malfunction": joint.probability(lambda o: o[1]),
    }


class HeEquivalencyQuestion(BaseModel):
    model_config = question_config("ASL-8.31")
    attack: str = option(
        title="Attack", description="AP, APCR, APDS, ATR or HEAT", min_length=1, max_length=16
    )
    caliber: float | None = option(None, "Caliber", "in mm", gt=0, le=500)
    weapon: str | None = option(None, "HEAT weapon", "BAZ, PIAT, PSK, PFk, PF, H9", max_length=16)
    use: str | None = option(
        None, "Use", "personnel, collateral or rubble-fire (HEAT only; ASL-8.31-a/c)", max_length=32
    )


def _rows(data: dict[str, Any]) -> list[list[str]]:
    return [[str(k), str(v)] for k, v in data.items() if not isinstance(v, dict | list)]


def he_equivalency_answer(q: HeEquivalencyQuestion) -> dict[str, Any]:
    """HE Equivalency FP and Residual FP of an AP-type or HEAT attack."""

    answer = he_equivalency(q.attack, caliber_mm=q.caliber, weapon=q.weapon)
    data = answer.to_dict()
    if q.use is not None:
        data["use"] = answer.check_use(q.use)
    return {
        **data,
        "title": f"HE Equivalency of {q.attack}",
        "table": {"columns": ["what", "value"], "rows": _rows(data)},
    }


class ScwHeatQuestion(BaseModel):
    model_config = question_config("ASL-8.3-b")
    weapon: str = option(
        title="Weapon", description="BAZ, PIAT, PSK, PF or PFk", min_length=1, max_length=16
    )
    target: str = option(
        "vehicle", "Target", "vehicle, gun, infantry, cavalry or other", max_length=32
    )
    tem: str | None = option(None, "TEM", "wall, building, rubble, pillbox...", max_length=32)


def scw_heat_answer(q: ScwHeatQuestion) -> dict[str, Any]:
    """HEAT from a shaped-charge weapon: no Depletion Number, legal targets, HE Equivalency."""
    data = scw_heat_attack(q.weapon, q.target, q.tem).to_dict()
    return {
        **data,
        "title": f"HEAT from a {q.weapon} at {q.target}",
        "table": {"columns": ["what", "value"], "rows": _rows(data)},
    }


def _ammo_list(text: str) -> list[str]:
    """``"AP, APCR=5; HEAT"`` -> ``["AP", "APCR=5", "HEAT"]`` (commas, semicolons or spaces)."""
    return text.replace(",", " ").replace(";", " ").split()


class NotationQuestion(BaseModel):
    model_config = question_config("ASL-8.9-a")
    text: str = option(
        title="Counter notation",
        description="e.g. 'A5^4^/6^5'; '-' reads standard input, one a line",
        min_length=1,
        max_length=80,
    )
    date: str | None = option(None, "Scenario date", "YYYY-MM", pattern=r"^\d{4}-\d{2}$")
    theatre: Literal["ETO", "PTO", "Burma"] = option("ETO", "Theatre")
    user: str | None = option(
        None, "Using army", "for R/S/CS suffixes (default: the nationality)", max_length=32
    )
    nationality: str | None = option(
        None,
        "Nationality",
        "the side's army: applies the HEAT date gate",
        clause="ASL-8.3-a",
        max_length=32,
    )
    made_by: str | None = option(
        None,
        "Made by",
        "the nation that made the Gun (default from the nationality)",
        max_length=32,
    )
    elite: bool = option(False, "Elite", "+1", clause="ASL-8.2-f")
    ss: bool = option(False, "SS counter", "printed values already Elite", clause="ASL-AMB-4")
    option: list[str] = option(
        title="ASL-AMB option",
        description="name=value, e.g. burma_p=pto-only",
        default_factory=list,
        max_length=16,
    )


def _periods(e: dict[str, Any]) -> str:
    return "; ".join(
        f"{p['number'] if p['number'] is not None else '-'}"
        + (f" from {p['from']}" if p["from"] else "")
        + (f" to {p['last_year']}" if p["last_year"] else (" on" if p["from"] else ""))
        + (f" {p['theatre']} only" if p["theatre"] else "")
        + (f" ({p['nationality']})" if p["nationality"] else "")
        + (f" [{p['armament']}mm gun]" if p["armament"] else "")
        for p in e["periods"]
    )


def notation(q: NotationQuestion) -> dict[str, Any]:
    """Each entry of a counter's special-ammunition notation, as the side reads it."""
    from ordnance.asl.rules.notation_reading import entries_json, reading  # the side's reading

    side = reading(
        q.date, q.theatre, q.user, q.nationality, q.made_by, q.elite, q.ss, q.option or None
    )
    data = entries_json(q.text, side)
    judged = any("reason" in e for e in data["entries"])
    rows = []
    for e in data["entries"]:
        notes = ", ".join(e["marks"] + e["notes"] + ([f"[{e['bracket']}]"] if e["bracket"] else []))
        if e["h9"]:
            notes = ", ".join(x for x in ("[9] stick round", notes) if x)
        avail = e.get("available")
        row = [
            e["token"],
            e["ammo"],
            "-" if e.get("depletion") is None else str(e["depletion"]),
            "" if avail is None else ("yes" if avail else "no"),
            _periods(e),
            notes,
        ]
        if judged:
            row.append(f"{e.get('reason', '')} ({e.get('clause', '')})")
        rows.append(row)
    columns = ["token", "ammo", "depletion", "available", "periods", "notes"]
    return {
        **data,
        "title": said("Counter notation {notation}", notation=repr(q.text)),
        "table": {"columns": columns + (["why"] if judged else []), "rows": rows},
    }


_GUN_EXAMPLE = {"gun": "75L", "range": 3, "ammo": "APCR", "depletion": 5, "af": 11}

_GUN_FLAGS = {
    "depletion": ("-n",),
    "breakdown": ("-b",),
    "shots": ("-k",),
    "red": ("--red/--black",),
}

#: The longer help of the calculators whose help does not fit their line.
_HELP = {
    "notation": "Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4).\n\n"
    "With a nationality (or the maker) and a date each entry is judged as the side sees it: "
    "the HEAT date gate (ASL-8.3-a) and, when Elite, the +1 (ASL-8.2-f). With '-' every "
    "line of standard input is read; the exit status is 2 when any line fails.",
    "gun-compare": "AP against APCR, APDS and HEAT at the same target: hit and kill.\n\n"
    "The whole shot with each ammunition at the same target (a chart of hit and kill).",
    "canister": "One Canister shot off the map: attacked Locations, their DRM, and exact odds "
    "or a result.\n\nWithout dice the exact odds per Location (ASL-8.4-d/f/g/i); with --dr "
    "that IFT DR resolved.",
}

# One line a calculator: its function, name, title, clauses and how the faces offer it.
# The formatter is off here so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(notation, "notation", "Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4).", ("ASL-8.9-a", "ASL-8.91"), help=_HELP["notation"], arguments=("text",), each_line="text", example={"text": "A5^4^/6^5", "date": "1944-06", "nationality": "german"}),
    calculator(whole_shot, "gun", "Exact odds of the whole shot: To Hit, depletion, B#, To Kill or IFT (notes B5, B6).", ("ASL-8.1-a", "ASL-8.9-a"), hint="distribution", command=("odds", "gun"), parsers={"compare": _ammo_list}, flags=_GUN_FLAGS, local=("library",), example=_GUN_EXAMPLE),
    calculator(ammo_comparison, "gun-compare", "AP against APCR, APDS and HEAT at the same target: hit and kill.", ("ASL-8.1-a", "ASL-8.9-a"), help=_HELP["gun-compare"], hint="comparison", command=("odds", "gun-compare"), parsers={"compare": _ammo_list}, flags=_GUN_FLAGS, local=("library",), example={**_GUN_EXAMPLE, "compare": ["AP", "APCR=5", "HEAT"]}),
    calculator(supply, "supply", "Ammunition Supply Chart (ASL-8.2): APCR/APDS Depletion Number for a Gun.", ("ASL-8.2",), arguments=("nationality", "gun"), example={"nationality": "german", "gun": "75L", "date": "1944-06"}),
    calculator(heat, "heat", "HEAT availability date of a nation's ordnance (ASL-8.3-a).", ("ASL-8.3-a",), arguments=("nationality",), example={"nationality": "american", "date": "1943-06"}),
    calculator(he_equivalency_answer, "he-equivalency", "HE Equivalency FP and Residual FP of an AP-type or HEAT attack (ASL-8.31).", ("ASL-8.31",), arguments=("attack",), example={"attack": "HEAT", "caliber": 75}),
    calculator(scw_heat_answer, "scw-heat", "HEAT from a shaped-charge weapon: no Depletion Number, legal targets, HE Equivalency.", ("ASL-8.3-b", "ASL-8.3-c"), arguments=("weapon",), example={"weapon": "BAZ", "target": "vehicle"}),
    calculator(canister_answer, "canister", "One Canister shot off the map: attacked Locations, their DRM, and exact odds or a result.", ("ASL-8.4",), help=_HELP["canister"], flags={"fp": ("--canister-fp", "--fp"), "depletion": ("-n",), "breakdown": ("-b",), "dr": ("--dr", "--dice")}, example={"fp": 12, "ca": 0}),
    calculator(depletion_odds, "depletion", "Per-shot outcome, k-th shot availability, rounds fired and expected rounds (ASL-8.9).", ("ASL-8.9",), hint="distribution", command=("odds", "depletion"), flags={"depletion": ("-n",), "shots": ("-k",), "breakdown": ("-b",)}, example={"depletion": 5, "shots": 4}),
    calculator(shot_odds, "shot-odds", "One shot: depletion outcome joint with malfunction (ASL-AMB-18, ASL-8.92-a).", ("ASL-8.9-a", "ASL-AMB-18"), hint="distribution", command=("odds", "shot"), flags={"depletion": ("-n",), "breakdown": ("-b",)}, example={"depletion": 5, "breakdown": 11}),
    calculator(depletion_check, "shot", "One declared special-ammunition shot: the C8.9 depletion check on its DR.", ("ASL-8.9-a",), flags={"depletion": ("-n",), "breakdown": ("-b",), "dr": ("--dr", "--dice")}, example={"ammo": "APCR", "depletion": 5, "dr": "3,2"}),
)
# fmt: on

__all__ = ["CALCULATORS"]
