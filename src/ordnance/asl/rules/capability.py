"""The Depletion Number of one ammunition of one Gun at the scenario date.

Order of sources (ASL-8.2-e, ASL-AMB-5): the counter's own value first; a
counter listing values for that ammunition but none for the date means none
(option: fall back to the chart). Only a Gun whose counter lists nothing for
APCR/APDS uses the Ammunition Supply Chart (ASL-8.2-a). HEAT must also pass
the nation's date gate (ASL-8.3-a, ASL-AMB-6). Elite adds 1 where ASL-AMB-4
says so (ASL-8.2-f).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.heat import gate_nationality, heat_gate
from ordnance.asl.rules.notation import Ammo, Entry, find_entry
from ordnance.asl.rules.option_defaults import DEFAULT_OPTIONS, DefaultOptions
from ordnance.asl.rules.supply import chart_lookup, chart_row, elite_bonus
from ordnance.core.errors import UnknownName
from ordnance.core.messages import said
from ordnance.core.plain import attributes

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.settings import AslOptions

#: ASL-8.0-b: C8 only supplements these; the engine records the capability and
#: points to the rule that governs its use instead of redefining it.
GOVERNED_ELSEWHERE: dict[str, str] = {
    "SMOKE": "A24",
    "WP": "A24",
    "IR": "Chapter E",
    "sD": "D13",
    "sM": "D13",
    "sN": "D13",
    "sP": "D13",
}


@dataclass(frozen=True, slots=True)
class Resolved:
    """An ammunition as the scenario sees it: there or not, with its number."""

    ammo: Ammo
    available: bool
    depletion: int | None  # None: no Depletion Number (dispensers, IR, SCW) or not available
    number: int | None  # the printed/charted number before the Elite +1
    source: str  # "counter", "chart", "scw", "none"
    clause: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "ammo": self.ammo.value,
            **attributes(self, "available depletion number source clause reason"),
        }


def _absent(ammo: Ammo, source: str, clause: str, reason: str) -> Resolved:
    return Resolved(ammo, False, None, None, source, clause, reason)


def resolve_capability(
    ammo: Ammo,
    entries: Sequence[Entry],
    date: ScenarioDate,
    theatre: Theatre = Theatre.ETO,
    *,
    made_by: str | None = None,
    used_by: str | None = None,
    gun_size: str | None = None,
    elite: bool = False,
    pre_adjusted: bool = False,
    options: AslOptions | DefaultOptions | None = None,
) -> Resolved:
    """The Depletion Number of ``ammo`` for this Gun at ``date`` in ``theatre``."""
    opts: AslOptions | DefaultOptions = options or DEFAULT_OPTIONS
    entry = find_entry(list(entries), ammo)
    resolved: Resolved
    if entry is not None:
        period = entry.period_at(date, theatre, used_by, p_in_burma=opts.burma_p == "pacific-rules")
        if period is not None:
            resolved = Resolved(
                ammo,
                True,
                period.number if ammo.has_depletion else None,
                period.number,
                "counter",
                "ASL-8.2-e",
                said(
                    "counter {token}: {value} applies",
                    token=entry.token,
                    value=period.text or period.number,
                ),
            )
        elif opts.counter_missing_year == "chart" and ammo in (Ammo.APCR, Ammo.APDS):
            resolved = _from_chart(ammo, date, made_by, gun_size, "ASL-AMB-5")
        else:
            resolved = _absent(
                ammo,
                "counter",
                "ASL-AMB-5",
                said(
                    "counter {token} lists no value for {date} in the {theatre}",
                    token=entry.token,
                    date=str(date),
                    theatre=theatre.value,
                ),
            )
    elif ammo in (Ammo.APCR, Ammo.APDS):
        resolved = _from_chart(ammo, date, made_by, gun_size, "ASL-8.2-a")
    else:
        resolved = _absent(
            ammo, "none", "ASL-8.9-a", said("the counter lists no {ammo}", ammo=ammo.value)
        )

    if resolved.available and ammo is Ammo.HEAT:
        nation = gate_nationality(made_by, used_by, gate_by=opts.heat_gate_by)
        gate = heat_gate(nation) if nation else None
        if gate is not None and date < gate:
            return _absent(
                ammo,
                resolved.source,
                "ASL-8.3-a",
                said(
                    "{nationality} HEAT is available from {date} only",
                    nationality=nation,
                    date=gate.label,
                ),
            )
    if resolved.available and resolved.depletion is not None:
        bonus = elite_bonus(ammo, elite=elite, pre_adjusted=pre_adjusted, scope=opts.elite_scope)
        if bonus:
            return Resolved(
                ammo,
                True,
                resolved.depletion + bonus,
                resolved.number,
                resolved.source,
                "ASL-8.2-f",
                said("{reason}; +1 for Elite", reason=resolved.reason),
            )
    return resolved


def _from_chart(
    ammo: Ammo, date: ScenarioDate, made_by: str | None, gun_size: str | None, clause: str
) -> Resolved:
    if made_by is None or gun_size is None:
        return _absent(
            ammo,
            "none",
            clause,
            said("no counter value and no chart row for {ammo}", ammo=ammo.value),
        )
    try:
        row = chart_row(made_by, gun_size)
    except UnknownName:
        return _absent(
            ammo,
            "chart",
            "ASL-8.2-a",
            said("no {nationality} {gun} row on the chart", nationality=made_by, gun=gun_size),
        )
    if row.ammo is not ammo:
        return _absent(
            ammo, "chart", "ASL-8.2-a", said("the chart row gives {ammo} only", ammo=row.ammo.value)
        )
    answer = chart_lookup(made_by, gun_size, date)
    if answer.ammo is None:
        return _absent(ammo, "chart", answer.clause, answer.reason)
    return Resolved(ammo, True, answer.depletion, answer.depletion, "chart", clause, answer.reason)
