"""The stand-alone questions of World at War, declared once for every face.

HE Fire odds, the FASCAM mine attack, line of sight with smoke, and the
reference tables (:mod:`ordnance.core.calculators`); the HTTP API
(``/api/calculators/waw/...``) and the page (``/calc/waw``) are derived.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from ordnance.core.calculators import Calculator, NoQuestion, calculator
from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import option
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import parse_hex
from ordnance.core.messages import msg, nested, said, term
from ordnance.core.questions import question_config
from ordnance.waw.odds.he_fire import (
    HeMission,
    defends_per_unit,
    fascam_attack,
    he_fire_outcomes,
    he_hits_headline,
    marginals_json,
    outcome_json,
)
from ordnance.waw.rules.catalogue import catalogue
from ordnance.waw.rules.he_fire import Target, check_firepower, check_hit_number
from ordnance.waw.rules.los import judge_los
from ordnance.waw.rules.smoke import fire_check
from ordnance.waw.rules.units import Condition
from ordnance.waw.settings import WawSettings, parse_settings


class HeFireQuestion(BaseModel):
    """One HE Fire mission against a hex (default settings)."""

    model_config = question_config("WAW-HE-a")
    fp: int = option(title="Firepower", description="d6 rolled in the salvo", ge=1, le=40)
    hit_number: int = option(
        title="Hit Number", description="a die hits on this or more", ge=1, le=12
    )
    defence: int | None = option(None, "Defence dice", "the infantry Defensive Bonus", ge=0, le=20)
    terrain: str | None = option(None, "Terrain", "take the defence dice from it", max_length=40)
    unit: list[str] = option(
        title="Units in the hex",
        description='by type ("T-72", "Motor Rifle Infantry=disrupted")',
        default_factory=list,
        max_length=12,
    )
    settings: dict[str, Any] = option(
        title="Settings",
        description="game settings as a JSON object (options named WAW-AMB-n)",
        default_factory=dict,
    )


def _settings_text(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError:
        raise OrdnanceError(
            msg("cannot read settings {text!r}", text=text),
            hint=msg('a JSON object, e.g. {{"city_defence": "per_unit"}}'),
        ) from None
    if not isinstance(value, dict):
        raise OrdnanceError(
            msg("the settings are a JSON object"), hint=msg('e.g. {{"city_defence": "per_unit"}}')
        )
    return value


def _stack(specs: list[str], settings: WawSettings) -> list[Target]:
    cat = catalogue().extended(settings.unit_types, settings.terrain_types)
    out: list[Target] = []
    for i, spec in enumerate(specs):
        kind_name, _sep, cond = spec.partition("=")
        kind = cat.unit(kind_name.strip())
        try:
            condition = Condition.from_label(cond.strip() or "good order")
        except ValueError as exc:
            raise OrdnanceError(
                str(exc),
                clause="WAW-HE-a",
                hint=msg("good order, disrupted, reduced, disrupted+reduced"),
            ) from None
        out.append(Target(f"{i + 1}:{kind.name}", kind.armour, condition, kind.hq))
    return out


def he_fire(q: HeFireQuestion) -> dict[str, Any]:
    """Net Hits of an HE Fire mission and, with units, each unit's resulting state."""
    opts = parse_settings(q.settings)
    check_hit_number(q.hit_number)
    check_firepower(q.fp)
    defence, city = q.defence, False
    if defence is None:
        if q.terrain is None:
            raise OrdnanceError(
                msg("give the defence dice or a terrain"),
                clause="WAW-HE-a",
                hint=msg("e.g. --defence 2"),
            )
        ttype = catalogue().extended((), opts.terrain_types).terrain(q.terrain)
        defence = 2 if ttype.city else ttype.infantry_db
        city = ttype.city
    stack = _stack(q.unit, opts)
    mission = HeMission(stack, q.fp, q.hit_number, defence, opts, city)
    dist, counts = he_hits_headline(mission)
    each = " each" if defends_per_unit(opts, city) else ""
    data: dict[str, Any] = {
        "title": said(
            "HE Fire: {fp} dice at {hit_number}+, {defence} defence dice" + each + " (5+ cancels)",
            fp=q.fp,
            hit_number=q.hit_number,
            defence=defence,
        ),
        "xlabel": counts,
        "firepower": q.fp,
        "hit_number": q.hit_number,
        "defence_dice": defence,
        "counts": counts,
        "distribution": dist.to_json(),
        "mean": dist.mean(),
    }
    if q.unit:
        outcomes = he_fire_outcomes(mission)
        data["units"] = marginals_json(outcomes)
        data["outcomes"] = outcome_json(outcomes)
        data["lines"] = [
            f"{uid}: " + ", ".join(f"{label} {p}" for label, p in rows.items())
            for uid, rows in data["units"].items()
        ]
    return data


def fascam(_q: NoQuestion) -> dict[str, Any]:
    """One mine attack on a unit entering a mined hex."""
    return {
        "title": "FASCAM mine attack (1d6)",
        "xlabel": "result",
        "distribution": fascam_attack().to_json(),
    }


class LosQuestion(BaseModel):
    """Line of sight between two hexes across Smoke markers."""

    model_config = question_config("WAW-8.2-c")
    origin: str = option(
        title="From", description='printed hex number ("0305")', pattern=r"^(-?\d+,-?\d+|\d{4})$"
    )
    target: str = option(
        title="To", description='printed hex number ("0305")', pattern=r"^(-?\d+,-?\d+|\d{4})$"
    )
    smoke: list[str] = option(
        title="Smoke markers",
        description='printed hex numbers ("0305")',
        default_factory=list,
        max_length=20,
    )
    unit: str | None = option(None, "Firing unit type", "adds its Hit Numbers", max_length=40)
    settings: dict[str, Any] = option(
        title="Settings",
        description="game settings as a JSON object (options named WAW-AMB-n)",
        default_factory=dict,
    )


def los(q: LosQuestion) -> dict[str, Any]:
    """The hexes crossed, which smoke blocks the line, and for whom."""
    opts = parse_settings(q.settings)
    cat = catalogue().extended(opts.unit_types, opts.terrain_types)
    markers = {parse_hex(t): 2 for t in q.smoke}
    a, b = parse_hex(q.origin), parse_hex(q.target)
    data: dict[str, Any] = judge_los(a, b, markers, opts).to_dict()
    data["advanced_imaging_families"] = sorted(cat.imaging_families)

    # the ids above stay axial (what a face sends back); every text names the printed numbers
    def label(hexes: str) -> str:
        return "|".join(numbered_hex(parse_hex(h)) for h in hexes.split("|"))

    # the same sentences as the game texts' catalogue, so every face can translate them
    lines = [said("hexes crossed: {hexes}", hexes=" ".join(label(h) for h in data["hexes"]))]
    if data["along_hexsides"]:
        sides = ", ".join(label(h) for h in data["along_hexsides"])
        lines.append(said("runs along hexsides: {sides}", sides=sides))
    for s in data["smoke"]:
        verdict = term("BLOCKS" if s["blocks"] else "does not block")
        lines.append(
            said(
                "Smoke {level} at {hex} {verdict}: {reason}",
                level=s["level"],
                hex=label(s["marker"]),
                verdict=verdict,
                reason=s["reason"],
            )
        )
    if data["blocked"]:
        families = ", ".join(data["advanced_imaging_families"])
        lines.append(
            said(
                "blocked for ordinary units; Advanced Imaging units ({families}) "
                "see through at Hit Number +1",
                families=families,
            )
        )
    else:
        lines.append(said("clear of smoke"))
    if q.unit is not None:
        kind = cat.unit(q.unit)
        shots: dict[str, Any] = {}
        for weapon in ("ap", "he"):
            shooter = {"unit": kind.name, "weapon": weapon.upper()}
            try:
                check = fire_check(kind, weapon, a, b, markers, opts)
                shots[weapon] = {
                    "hit_number": check.hit_number,
                    "modifiers": [f"+{m.value} {m.clause}" for m in check.modifiers],
                }
                mods = " ".join(shots[weapon]["modifiers"])
                lines.append(
                    said(
                        "{unit} {weapon}: Hit Number {hn} {mods}",
                        **shooter,
                        hn=check.hit_number,
                        mods=mods,
                    )
                )
            except OrdnanceError as exc:
                shots[weapon] = {"refused": exc.to_dict()}
                lines.append(
                    said(
                        "{unit} {weapon}: refused [{clause}] {message}",
                        **shooter,
                        clause=exc.clause,
                        message=nested(exc.said) if exc.said is not None else exc.message,
                    )
                )
        data["unit"] = {"type": kind.name, "advanced_imaging": kind.advanced_imaging, **shots}
    data["title"] = said(
        "LOS {a} -> {b} (distance {n})",
        a=label(data["from"]),
        b=label(data["to"]),
        n=data["distance"],
    )
    data["table"] = {
        "columns": ["Smoke marker", "level", "blocks", "why"],
        "rows": [
            [label(s["marker"]), str(s["level"]), "yes" if s["blocks"] else "no", s["reason"]]
            for s in data["smoke"]
        ],
    }
    data["lines"] = lines
    return data


def units(_q: NoQuestion) -> dict[str, Any]:
    """The unit types (sample values are marked)."""
    rows = [
        {
            "name": u.name,
            "nationality": u.nationality,
            "armour": u.armour.value,
            "ap": str(u.ap) if u.ap else None,
            "he": str(u.he) if u.he else None,
            "hq": u.hq,
            "advanced_imaging": u.advanced_imaging,
            "values": u.values,
        }
        for u in catalogue().units()
    ]
    columns = ["name", "nationality", "armour", "ap", "he", "hq", "advanced_imaging", "values"]
    return {
        "title": "World at War unit types (values: sample = placeholder, not from the game)",
        "unit_types": rows,
        "table": {"columns": columns, "rows": [[str(r[c]) for c in columns] for r in rows]},
    }


def terrain_types(_q: NoQuestion) -> dict[str, Any]:
    """Terrain types and their infantry Defensive Bonus in dice."""
    rows = [t.model_dump(mode="json") for t in catalogue().terrains()]
    columns = list(rows[0]) if rows else []
    return {
        "title": "World at War terrain types",
        "terrain_types": rows,
        "table": {"columns": columns, "rows": [[str(r[c]) for c in columns] for r in rows]},
    }


# One line a calculator: its function, name, title, clauses and how the faces offer it.
# The formatter is off here so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(he_fire, "he-fire", "Net Hits of an HE Fire mission and, with units, each unit's resulting state.", ("WAW-HE-a",), help="Net Hits of an HE Fire mission and, with --unit, each unit's resulting state.", hint="distribution", command=("odds", "he-fire"), flags={"defence": ("--defense",)}, parsers={"settings": _settings_text}, example={"fp": 4, "hit_number": 4, "defence": 1}),
    calculator(fascam, "fascam", "One mine attack on a unit entering a mined hex (WAW-8.3-d, -e).", ("WAW-8.3-d", "WAW-8.3-e"), hint="distribution", command=("odds", "fascam")),
    calculator(los, "los", "Line of sight between two hexes: the hexes crossed, which smoke blocks it, for whom.", ("WAW-8.2-c",), arguments=("origin", "target"), parsers={"settings": _settings_text}, example={"origin": "0,0", "target": "4,0", "smoke": ["2,0"]}),
    calculator(units, "units", "The unit types (sample values are marked)."),
    calculator(terrain_types, "terrain-types", "Terrain types and their infantry Defensive Bonus in dice."),
)
# fmt: on

__all__ = ["CALCULATORS"]
