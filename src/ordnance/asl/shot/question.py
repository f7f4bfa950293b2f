"""The whole Gun shot as a question: To Hit, depletion, B#, To Kill or IFT (notes B5, B6).

Declared as the ``gun`` and ``gun-compare`` calculators
(:mod:`ordnance.asl.calculators`). The Gun is given by its size with the
target's AF entered, or by its counter (``firer``): then the values come from
the counter database and the player's library
(:func:`ordnance.asl.shot.query.answer_shot_query`). The counter database
(``query``, ``counter_library``) is imported only by a question that names a
counter or compares special ammunition with AP.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from ordnance.asl.rules.depletion import AmmoName
from ordnance.asl.rules.to_hit import FirerCases
from ordnance.asl.shot.odds import compare_ammo, gun_odds
from ordnance.asl.shot.sequence import Mode
from ordnance.asl.shot.setup import declared_depletion
from ordnance.asl.shot.spec import GunShot, parse_shot_ammo
from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import option
from ordnance.core.messages import Said, msg, said, term
from ordnance.core.odds.distribution import fraction_percent
from ordnance.core.questions import question_config

TargetWord = Literal["vehicle", "unarmored", "infantry", "area"]
TARGET_TYPES = ("vehicle", "unarmored", "infantry", "area")
MountWord = Literal["turret", "slow-turret", "non-turreted", "stabilized", "ma-aamg", "prc"]


class WholeShot(BaseModel):
    """One Gun shot: To Hit, depletion, breakdown, To Kill or IFT.

    The Gun is given by its size (``gun``) with the target's AF entered, or
    by its counter (``firer``, with ``target`` a counter too): then the values
    come from the counter database and the player's counter library.
    """

    model_config = question_config("ASL-8.1-a")

    gun: str | None = option(
        None,
        "Gun",
        "gun size, e.g. 75L, 76LL, 57, 37* (or the firing counter)",
        clause="ASL-B5.2",
        min_length=1,
        max_length=8,
    )
    firer: str | None = option(
        None,
        "Firing counter",
        "name, alias or piece id: the values from the counters",
        clause="ASL-8.2-e",
        max_length=64,
    )
    range: int = option(title="Range", description="in hexes", ge=0, le=200)
    nationality: str = option("german", "Nationality", "the Gun's army", max_length=32)
    ammo: AmmoName = option("AP", "Ammunition", clause="ASL-8.1-a")
    depletion: int | None = option(
        None,
        "Depletion Number",
        "N (omit: read from the notation or the chart)",
        clause="ASL-8.9-a",
        ge=2,
        le=12,
    )
    notation: str | None = option(None, "Counter notation", max_length=64)
    date: str | None = option(None, "Scenario date", "YYYY-MM", pattern=r"^\d{4}-\d{2}$")
    theatre: Literal["ETO", "PTO", "Burma"] = option("ETO", "Theatre")
    elite: bool = option(False, "Elite", "+1 N", clause="ASL-8.2-f")
    target: str = option(
        "vehicle",
        "Target",
        "Target Type (vehicle, unarmored, infantry, area) or a target counter",
        clause="ASL-B6",
        max_length=64,
    )
    target_nationality: str | None = option(
        None, "Target's palette", "of the target counter", max_length=32
    )
    aspect: Literal["front", "side"] = option("front", "Target aspect", "fired on", clause="ASL-B6")
    af: int | None = option(None, "Armor Factor", "at the facing fired on", ge=0, le=40)
    af_turret: int | None = option(None, "Turret AF", "if different", ge=0, le=40)
    turreted: bool = option(True, "Turreted target")
    tk: int | None = option(None, "Basic TK#", "for a Gun the tables lack", ge=0, le=40)
    tem: str | None = option(None, "TEM", "the target's TEM word (HEAT at Infantry)", max_length=32)
    ift_drm: int = option(0, "IFT DRM", "TEM and Hindrance on the IFT", ge=-10, le=10)
    breakdown: int | None = option(None, "B#", "none: 12", ge=2, le=12)
    rof: int = option(0, "Multiple ROF", ge=0, le=4)
    shots: int = option(1, "Shots", "most shots fired", ge=1, le=20)
    turns: bool = option(False, "One shot per Player Turn", "instead of Multiple ROF")
    fallback: AmmoName | None = option(
        None,
        "Fallback ammunition",
        "fired once the declared one is gone (AP, HE)",
        clause="ASL-8.9-e",
    )
    no_acquisition: bool = option(False, "No Acquisition", "later shots gain none (Case N)")
    intensive: bool = option(False, "Intensive Fire", "Case F")
    captured: bool = option(False, "Captured use", "Case H")
    red: bool | None = option(None, "Red TH#", "force red (or black) TH#")
    immobilize: bool = option(False, "Deliberate Immobilization", "Case G", clause="ASL-B5.3-G")
    moving: bool = option(False, "Moving target", "Case J")
    point_blank: bool = option(False, "Point Blank", "Case L")
    ca_change: int = option(0, "CA change", "Case A: hexsides", ge=0, le=3)
    mount: MountWord = option("turret", "Mount", "Case A")
    rough: bool = option(False, "Firer in woods/building/rubble", "Case A")
    afph: bool = option(False, "AFPh fire", "Case B")
    bounding: bool = option(False, "Bounding Fire", "Case C")
    pinned: bool = option(False, "Pinned firer", "Case D")
    own_hex: bool = option(False, "Target in own hex", "Case E")
    buttoned: bool = option(False, "Buttoned up", "Case I")
    acquisition: int = option(0, "Acquisition DRM", "Case N", ge=-2, le=0)
    drm: int = option(0, "Target-based DRM", "cases J to R, entered", ge=-10, le=10)
    compare_apcr: bool = option(
        False, "APCR then AP, against AP only", "over the same shots", clause="ASL-8.9-e"
    )
    compare: list[str] = option(
        title="Compare",
        description="also AMMO[=N] at the same target, e.g. AP, APCR=5, HEAT",
        default_factory=list,
        max_length=8,
    )
    library: str | None = option(
        None,
        "Counter library",
        "file (see asl counters); this machine's command line only",
        max_length=512,
    )


def _n_for(q: WholeShot, which: str, entered: int | None) -> int | None:

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


def _cases(q: WholeShot, *, with_target: bool) -> Any:

    values: dict[str, Any] = {
        "ca_hexsides": q.ca_change,
        "mount": q.mount,
        "firer_in_woods_building_rubble": q.rough,
        "afph_no_move": q.afph,
        "bounding_fire": q.bounding,
        "pinned": q.pinned,
        "own_hex": q.own_hex,
        "buttoned_up": q.buttoned,
        "acquisition": q.acquisition,
        "target_drm": q.drm,
    }
    if with_target:
        values.update(
            deliberate_immobilization=q.immobilize,
            target_moving=q.moving,
            point_blank=q.point_blank,
        )
    return FirerCases(**values)


def _spec(q: WholeShot) -> GunShot:

    if q.firer is not None:
        raise OrdnanceError(
            msg("this question takes the Gun by its size"),
            clause="ASL-B5.2",
            hint=msg("give gun, not firer"),
        )
    if q.gun is None:
        raise OrdnanceError(
            msg("give the Gun"), clause="ASL-B5.2", hint=msg("--gun 75L, or --firer COUNTER")
        )
    if q.target not in TARGET_TYPES:
        raise OrdnanceError(
            msg(
                "--target {target!r} names a counter: give the firer as a counter too",
                target=q.target,
            ),
            clause="ASL-B6",
            hint=msg("--firer COUNTER, or --target vehicle --af N"),
        )
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
        red=q.red,
        captured=q.captured,
        intensive=q.intensive,
        cases=_cases(q, with_target=True),
    )


def _comparison(q: WholeShot, spec: GunShot, items: list[str]) -> dict[str, Any]:

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
            # the refusal's text keeps its message, so a face shows it in its language
            shown = Said(exc.said) if exc.said is not None else exc.message
            refused[which] = {"message": shown, "clause": exc.clause}
    mode: Mode = "turns" if q.turns else "rof"
    return compare_ammo(
        spec, depletions, q.shots, mode=mode, refused=refused, acquisition=not q.no_acquisition
    )


def _shot_table(data: dict[str, Any]) -> list[list[str]]:
    return [
        ["TH#, DRM", f"{data['th']}, {data['drm']:+d}" if data["th"] is not None else "-"],
        ["hit", fraction_percent(data["p_hit"])],
        ["kill", fraction_percent(data["p_kill"])],
        ["malfunction", fraction_percent(data["p_malfunction"])],
        *(
            [["still available after", fraction_percent(data["p_special_left"])]]
            if data["p_special_left"] is not None
            else []
        ),
    ]


def _plans_lines(data: dict[str, Any]) -> list[str]:
    if "comparison" not in data:
        return []
    return [
        f"over {data['comparison']['shots']} shot(s), {plan}: hit {fraction_percent(row['p_hit'])}, "
        f"kill {fraction_percent(row['p_kill'])}"
        for plan, row in data["comparison"]["plans"].items()
    ]


def _chart(compare: dict[str, Any]) -> dict[str, Any]:
    """The comparison of hit and kill by ammunition (``N`` in each label)."""
    return {
        "title": "The same target, by ammunition",
        "xlabel": "ammo (N)",
        "x": [
            f"{r['ammo']} ({'-' if r['depletion'] is None else r['depletion']})"
            for r in compare["rows"]
        ],
        "series": [
            {"name": "hit", "values": [r["p_hit"] for r in compare["rows"]]},
            {"name": "kill", "values": [r["p_kill"] for r in compare["rows"]]},
        ],
    }


def _compare_lines(data: dict[str, Any]) -> list[str]:
    """The ammunition the Gun cannot fire at this target, with the clause."""
    if "compare" not in data:
        return []
    return [
        said("{ammo}: [{clause}] {message}", ammo=a, clause=w["clause"], message=w["message"])
        for a, w in data["compare"]["refused"].items()
    ]


def _from_counters(q: WholeShot) -> dict[str, Any]:
    """``--firer COUNTER``: the question as a :class:`GunShotQuery`, the values from the
    counter database and the player's library (:func:`answer_shot_query`)."""
    from ordnance.asl.rules.counter_library import library_path, load_library
    from ordnance.asl.shot.query import GunShotQuery, answer_shot_query

    for entered in ("gun", "notation", "af", "af_turret", "tk"):
        if getattr(q, entered) is not None:
            flag = "--" + entered.replace("_", "-")
            raise OrdnanceError(
                msg(
                    "--firer reads the Gun from its counter: {flag} is not taken with it", flag=flag
                ),
                clause="ASL-8.2-e",
                hint=msg("set the value in your counter library (ordnance asl counters set ...)"),
            )
    if q.date is None:
        raise OrdnanceError(
            msg("--firer reads the counter at a scenario date"),
            clause="ASL-8.91-a",
            hint=msg("--date 1944-06"),
        )
    is_type = q.target in TARGET_TYPES
    query = GunShotQuery(
        firer=q.firer or "",
        target=None if is_type else q.target,
        target_type=q.target if is_type else "vehicle",
        range=q.range,
        date=q.date,
        theatre=q.theatre,
        firer_nationality=q.nationality,
        target_nationality=q.target_nationality,
        ammo=q.ammo,
        depletion=q.depletion,
        elite=q.elite,
        aspect=q.aspect,
        rof=q.rof or None,
        shots=q.shots,
        turns=q.turns,
        fallback=q.fallback,
        acquisition=not q.no_acquisition,
        deliberate_immobilization=q.immobilize,
        target_moving=q.moving,
        point_blank=q.point_blank,
        captured=q.captured,
        intensive=q.intensive,
        cases=_cases(q, with_target=False),
        compare_apcr_then_ap=q.compare_apcr,
    )
    data = answer_shot_query(query, load_library(library_path(q.library))).to_dict()
    reading = data["depletion_reading"]
    rows = [[v["value"], str(v["used"]), v["source"]] for v in data["values"]]
    rows.append(
        ["N", "-" if reading["depletion"] is None else str(reading["depletion"]), reading["reason"]]
    )
    lines = [f"{what}: {value}" for what, value in _shot_table(data)] + _plans_lines(data)
    if data["samples_used"]:
        lines.append("Some values are SAMPLES, not read from your counters (counter library).")
    return {
        **data,
        "title": _shot_title(data),
        "table": {"title": "Values used", "columns": ["value", "applied", "from"], "rows": rows},
        "distribution": data["outcomes"],
        "xlabel": "worst effect on the target",
        "lines": lines,
    }


def _shot_title(data: dict[str, Any]) -> Said:
    """The title of a whole shot's answer, as a message (its target a word)."""
    return said(
        "{ammo} from a {gun} at {range} hexes, {target}",
        ammo=data["ammo"],
        gun=data["gun"],
        range=data["range"],
        target=term(data["target"]),
    )


def whole_shot(q: WholeShot) -> dict[str, Any]:
    """The exact odds of the whole shot (notes B5, B6; ASL-8.9)."""
    if q.firer is not None:
        return _from_counters(q)
    spec = _spec(q)
    mode: Mode = "turns" if q.turns else "rof"
    fallback = parse_shot_ammo(q.fallback) if q.fallback else None
    data = gun_odds(spec, q.shots, mode=mode, fallback=fallback, acquisition=not q.no_acquisition)
    if q.compare_apcr:
        from ordnance.asl.shot.query import compare_special_then_ap

        data["comparison"] = compare_special_then_ap(
            spec, q.shots, mode=mode, acquisition=not q.no_acquisition
        )
    data["title"] = _shot_title(data)
    data["table"] = {"columns": ["what", "exact (%)"], "rows": _shot_table(data)}
    data["distribution"] = data["outcomes"]
    data["xlabel"] = "worst effect on the target"
    if q.compare:
        data["compare"] = _comparison(q, spec, q.compare)
        data["chart"] = _chart(data["compare"])
    lines = _plans_lines(data) + _compare_lines(data)
    if lines:
        data["lines"] = lines
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
            fraction_percent(r["p_hit"]),
            fraction_percent(r["p_kill"]),
        ]
        for r in compare["rows"]
    ] + [
        [a, "", said("[{clause}] {message}", clause=w["clause"], message=w["message"]), ""]
        for a, w in compare["refused"].items()
    ]
    return {
        "title": said(
            "{nationality} {gun} at {range} hexes, {target}{af}: by ammunition",
            nationality=term(q.nationality),
            gun=q.gun,
            range=q.range,
            target=term(q.target),
            af="" if q.af is None else f" AF {q.af}",
        ),
        # the chart as the comparison below (its series by name), not as the rules keep it
        **{k: v for k, v in compare.items() if k != "chart"},
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


__all__ = ["TARGET_TYPES", "WholeShot", "ammo_comparison", "whole_shot"]
