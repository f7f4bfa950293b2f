"""The table's LOS answer for World at War: the exact line, the Smoke on it, each firer's shot.

Smoke blocks LOS for units without Advanced Imaging (WAW-8.2-c); a thermal
imager sees through at Hit Number +1 (WAW-8.2-d, -e), the ITV with its AP
Firepower only (WAW-8.2-f). Each unit in the origin hex is judged by
:func:`~ordnance.waw.rules.smoke.fire_check`, the function its ``fire`` action runs.
"""

from __future__ import annotations

from ordnance.core.errors import OrdnanceError
from ordnance.core.forms import numbered_hex
from ordnance.core.game import hex_line_answer
from ordnance.core.hexes import Hex
from ordnance.core.messages import joined, nested, said, term
from ordnance.waw.rules.los import judge_los
from ordnance.waw.rules.smoke import Weapon, fire_check
from ordnance.waw.shapes import Firer, Modifier, Shot, WawLosAnswer
from ordnance.waw.state import WawState


def los_answer(state: WawState, origin: Hex, target: Hex) -> WawLosAnswer:
    """The table's LOS answer: the exact line, the Smoke on it, and every firer's Hit Number.

    ``blocked`` is the answer for units without Advanced Imaging (WAW-8.2-c);
    ``advanced_imaging`` says what changes for a thermal imager (WAW-8.2-d..f);
    ``firers`` judges each unit now in ``origin`` with :func:`fire_check`, the
    same function that resolves its ``fire`` action.
    """
    for h in (origin, target):
        state.hex(str(h))  # refuses a hex off the board
    report = judge_los(origin, target, state.smoke, state.settings)
    answer = hex_line_answer(origin, target, numbered_hex)
    why: list[str] = answer["explanation"]
    why += report.explanation()
    blocking = [c for c in report.crossings if c.blocks]
    if blocking:
        why.append(
            said(
                "A unit with Advanced Imaging still sees the target (WAW-8.2-d) and fires at Hit "
                "Number +1 (WAW-8.2-e); the ITV fires only its AP Firepower through smoke (WAW-8.2-f)."
            )
        )
    firers: list[Firer] = []
    for unit in sorted(state.units_in(origin), key=lambda u: u.id):
        kind = state.unit_type(unit)
        shots: dict[str, Shot] = {}
        weapons: tuple[Weapon, ...] = ("ap", "he")
        for weapon in weapons:
            rating = kind.ap if weapon == "ap" else kind.he
            if rating is None:
                continue
            try:
                check = fire_check(kind, weapon, origin, target, state.smoke, state.settings)
            except OrdnanceError as exc:
                shots[weapon] = {
                    "may_fire": False,
                    "base_hit_number": rating.hit_number,
                    "clause": exc.clause,
                    "why": exc.message,
                }
                why.append(
                    said(
                        "{unit} ({kind}) {weapon}: [{clause}] {message}.",
                        unit=unit.id,
                        kind=kind.name,
                        weapon=weapon.upper(),
                        clause=exc.clause,
                        message=nested(exc.said) if exc.said is not None else exc.message,
                    )
                )
                continue
            mods: list[Modifier] = [
                {"clause": m.clause, "amount": m.value, "why": m.what} for m in check.modifiers
            ]
            shots[weapon] = {
                "may_fire": True,
                "base_hit_number": rating.hit_number,
                "hit_number": check.hit_number,
                "modifiers": mods,
            }
            seen = {"unit": unit.id, "kind": kind.name, "weapon": weapon.upper()}
            if check.modifiers:
                change = joined(
                    "",
                    [
                        said(
                            ", +{amount} {why} ({clause})",
                            amount=m.value,
                            why=term(m.what),
                            clause=m.clause,
                        )
                        for m in check.modifiers
                    ],
                )
                line = said(
                    "{unit} ({kind}) {weapon}: sees the target, Hit Number {base}{change} = "
                    "{hit_number}.",
                    **seen,
                    base=rating.hit_number,
                    change=change,
                    hit_number=check.hit_number,
                )
            else:
                line = said(
                    "{unit} ({kind}) {weapon}: sees the target, Hit Number {base} = {hit_number}.",
                    **seen,
                    base=rating.hit_number,
                    hit_number=check.hit_number,
                )
            why.append(line)
        firers.append(
            {
                "unit": unit.id,
                "side": unit.side,
                "kind": kind.name,
                "advanced_imaging": kind.advanced_imaging,
                "sees": not report.blocked or kind.advanced_imaging,
                "weapons": shots,
            }
        )
    return {
        **answer,
        "blocked": report.blocked,
        "text": (
            f"blocked by Smoke at {', '.join(numbered_hex(c.marker) for c in blocking)} "
            "(WAW-8.2-c); Advanced Imaging sees through at Hit Number +1 (WAW-8.2-e)"
            if blocking
            else "clear of Smoke"
        ),
        "blocked_for": "units without Advanced Imaging" if report.blocked else None,
        "blocking": [
            {
                "marker": str(c.marker),
                "level": c.level,
                "clause": "WAW-8.2-c",
                "line_hexes_in_area": [str(h) for h in c.hexes],
            }
            for c in blocking
        ],
        "smoke": [c.to_dict() for c in report.crossings],
        "advanced_imaging": {
            "sees": True,
            "hit_number_plus": 1 if report.blocked else 0,
            "clauses": ["WAW-8.2-d", "WAW-8.2-e", "WAW-8.2-f"] if report.blocked else [],
        },
        "firers": firers,
    }
