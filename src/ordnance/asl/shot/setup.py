"""The Depletion Number of a declared shot: entered, or from the counter and the date.

``ordnance asl odds gun`` takes N either as ``--depletion N`` or from
``--notation ... --date ...`` (and the Ammunition Supply Chart for APCR/APDS
when the counter lists none), through the same
:func:`ordnance.asl.rules.capability.resolve_capability` the scenario game uses for
its side record: the reading of the counter, the HEAT date gate and the Elite
+1 are decided there, never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ordnance.asl.rules.capability import resolve_capability
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.notation import Ammo, parse_notation
from ordnance.asl.rules.supply import normalise_gun_size
from ordnance.asl.settings import AslOptions
from ordnance.core.errors import RuleViolation
from ordnance.core.messages import msg
from ordnance.core.plain import attributes

#: Ammunition fired without a depletion check unless the counter limits it (ASL-8.8).
ORDINARY = ("AP", "HE")


@dataclass(frozen=True, slots=True)
class Declared:
    """The N a shot's depletion check uses, and where it came from."""

    ammo: str
    depletion: int | None
    source: str
    clause: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return attributes(self, "ammo depletion source clause reason")


def declared_depletion(
    ammo: str,
    *,
    depletion: int | None = None,
    notation: str | None = None,
    date: str | None = None,
    theatre: str = "ETO",
    nationality: str = "german",
    gun: str | None = None,
    elite: bool = False,
    pre_adjusted: bool = False,
    options: AslOptions | None = None,
) -> Declared:
    """N for ``ammo``: ``depletion`` if given, else the counter/chart at ``date``.

    AP and HE are ordinary (no check) unless the counter lists them as
    limited stowage (ASL-8.8-b). Special ammunition with neither an N nor a
    date is refused (ASL-8.9-a), as is one the counter or chart makes
    unavailable at the date (with the clause that decided it).
    """
    if depletion is not None:
        if notation is not None:
            raise RuleViolation(
                "ASL-8.9-a",
                msg("give the Depletion Number or the counter notation, not both"),
                hint=msg("--depletion N, or --notation ... --date YYYY-MM"),
            )
        if not 2 <= depletion <= 12:
            raise RuleViolation(
                "ASL-8.9-a",
                msg("a Depletion Number is 2 to 12, not {depletion}", depletion=depletion),
                hint=msg("e.g. 5"),
            )
        if elite and not pre_adjusted:
            return Declared(
                ammo,
                depletion + 1,
                "entered",
                "ASL-8.2-f",
                f"N={depletion} entered, +1 for Elite = {depletion + 1}",
            )
        return Declared(ammo, depletion, "entered", "ASL-8.9-a", f"N={depletion} entered")
    if notation is None and date is None:
        if ammo in ORDINARY:
            return Declared(ammo, None, "ordinary", "ASL-8.8-b", f"ordinary {ammo}: no check")
        raise RuleViolation(
            "ASL-8.9-a",
            msg("{ammo} needs its Depletion Number", ammo=ammo),
            hint=msg(
                "--depletion N, or --notation ... --date YYYY-MM (or --date alone for the Ammunition Supply Chart)"
            ),
        )
    if date is None:
        raise RuleViolation(
            "ASL-8.91-a",
            msg("a counter notation is read at a scenario date"),
            hint=msg("--date 1944-06"),
        )
    kind = Ammo.parse(ammo)
    entries = parse_notation(notation) if notation else []
    if kind.value in ORDINARY and not any(e.ammo is kind for e in entries):
        return Declared(ammo, None, "ordinary", "ASL-8.8-b", f"ordinary {ammo}: no check")
    res = resolve_capability(
        kind,
        entries,
        ScenarioDate.parse(date),
        Theatre.parse(theatre),
        made_by=nationality.strip().lower(),
        used_by=nationality.strip().lower(),
        gun_size=normalise_gun_size(gun) if gun else None,
        elite=elite or pre_adjusted,
        pre_adjusted=pre_adjusted,
        options=options,
    )
    if not res.available:
        raise RuleViolation(
            res.clause,
            msg(
                "no {ammo} for this Gun at {date}: {reason}",
                ammo=ammo,
                date=date,
                reason=res.reason,
            ),
            hint=msg("fire other ammunition, or check the notation and date"),
        )
    return Declared(ammo, res.depletion, res.source, res.clause, res.reason)
