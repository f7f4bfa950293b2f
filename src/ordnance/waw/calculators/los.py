"""World at War's line of sight across Smoke markers (WAW-8.2-c)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ordnance.core.calculators import Calculator, calculator
from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import option
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import parse_hex
from ordnance.core.messages import nested, said, term
from ordnance.core.questions import question_config
from ordnance.waw.rules.catalogue import catalogue
from ordnance.waw.rules.los import judge_los
from ordnance.waw.rules.smoke import fire_check
from ordnance.waw.settings import parse_settings, settings_text


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


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(los, "los", "Line of sight between two hexes: the hexes crossed, which smoke blocks it, for whom.", ("WAW-8.2-c",), arguments=("origin", "target"), parsers={"settings": settings_text}, example={"origin": "0,0", "target": "4,0", "smoke": ["2,0"]}),
)
# fmt: on

__all__ = ["CALCULATORS"]
