"""The Ammunition Supply Chart (ASL-8.2) and the Elite +1 (ASL-8.2-f).

The chart gives APCR (A) and APDS (D) Depletion Numbers by the nationality
that made the Gun (ASL-8.2-g), its gun size (``"85L"``, ``"76LL"``) and the
year; its columns are 1941-1945 (ASL-AMB-1: the second "1941" heading is
1942). A month marks the start of availability within a year (ASL-8.2-d); a
dash, or a year outside the chart, means none (ASL-8.2-c).

Counter values come first (ASL-8.2-e, ASL-AMB-5): see
:func:`ordnance.asl.rules.capability.resolve_capability`, which uses this chart
only for a Gun whose counter lists no value for that ammunition.

The values are chart facts (ASL-8.2-a as restated in the project's notes,
cross-checked there against counter data); they are typed in below, not read
from elsewhere at run time.

>>> chart_lookup("russian", "85L", ScenarioDate(1944, 6)).depletion
5
>>> chart_lookup("russian", "85L", ScenarioDate(1944, 6), elite=True).depletion
6
>>> chart_lookup("american", "76L", ScenarioDate(1944, 7)).ammo is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.notation import Ammo
from ordnance.core.errors import UnknownName
from ordnance.core.messages import msg, said
from ordnance.core.plain import attributes

Nationality = Literal["german", "american", "russian", "british"]
NATIONALITIES: tuple[Nationality, ...] = ("german", "american", "russian", "british")

_ALIASES: dict[str, Nationality] = {
    "ge": "german",
    "germany": "german",
    "us": "american",
    "u.s.": "american",
    "usa": "american",
    "am": "american",
    "ru": "russian",
    "soviet": "russian",
    "ussr": "russian",
    "br": "british",
    "uk": "british",
}
#: Commonwealth armies: their Guns are British ordnance unless made elsewhere
#: (ASL-8.2-g: "British ordnance includes Guns in Commonwealth service").
COMMONWEALTH = ("canadian", "australian", "new-zealand", "indian", "south-african")
_ALIASES.update({nation: "british" for nation in COMMONWEALTH})


def ordnance_nationality(text: str) -> str:
    """The nation whose ordnance rows and dates a Gun of this army uses by default.

    A Commonwealth army's Guns are British ordnance (ASL-8.2-g), so a Canadian
    Gun has the British chart rows and the British HEAT date (ASL-8.3-a);
    every other name is returned as written (lower case, aliases resolved).

    >>> ordnance_nationality("Canadian"), ordnance_nationality("finnish")
    ('british', 'finnish')
    """
    key = text.strip().lower()
    return _ALIASES.get(key, key)


def parse_nationality(text: str) -> Nationality:
    """A chart nationality from its name or a common alias (``soviet``, ``us``).

    >>> parse_nationality("Soviet")
    'russian'
    """
    key = text.strip().lower()
    for nat in NATIONALITIES:
        if key == nat:
            return nat
    if key in _ALIASES:
        return _ALIASES[key]
    raise UnknownName(
        msg("unknown nationality {text!r} on the Ammunition Supply Chart", text=text),
        clause="ASL-8.2-g",
        hint=msg(
            "use german, american, russian or british (the nation that made the Gun; Commonwealth armies use the British rows)"
        ),
    )


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One row of the chart: its ammunition and, per year, (number, first month)."""

    nationality: Nationality
    guns: tuple[str, ...]
    ammo: Ammo
    years: Mapping[int, tuple[int, int]]


CHART: tuple[ChartRow, ...] = (
    ChartRow("german", ("50L",), Ammo.APCR,
             {1941: (5, 1), 1942: (6, 1), 1943: (5, 1), 1944: (4, 1)}),
    ChartRow("german", ("37L", "47L", "50", "88L"), Ammo.APCR,
             {1941: (4, 1), 1942: (5, 1), 1943: (4, 1), 1944: (3, 1)}),
    ChartRow("german", ("75L", "76L"), Ammo.APCR, {1942: (5, 1), 1943: (4, 1), 1944: (3, 1)}),
    ChartRow("american", ("76L",), Ammo.APCR, {1944: (4, 8), 1945: (5, 1)}),
    ChartRow("american", ("90L",), Ammo.APCR, {1945: (5, 1)}),
    ChartRow("russian", ("45L", "45LL", "76L", "76LL"), Ammo.APCR,
             {1942: (4, 1), 1943: (5, 1), 1944: (6, 1), 1945: (7, 1)}),
    ChartRow("russian", ("57LL", "85L"), Ammo.APCR, {1943: (4, 1), 1944: (5, 1), 1945: (6, 1)}),
    ChartRow("british", ("57L",), Ammo.APDS, {1944: (6, 6), 1945: (7, 1)}),
    ChartRow("british", ("76LL",), Ammo.APDS, {1944: (5, 9), 1945: (6, 1)}),
)  # fmt: skip

CHART_YEARS = (1941, 1942, 1943, 1944, 1945)


def normalise_gun_size(text: str) -> str:
    """``"85l"`` -> ``"85L"``, ``" 76 LL"`` -> ``"76LL"``; a size is digits then L/LL/*."""
    compact = "".join(text.split())
    digits = "".join(ch for ch in compact if ch.isdigit())
    suffix = compact[len(digits) :].upper()
    if not digits or not compact.startswith(digits) or suffix not in ("", "L", "LL", "*"):
        raise UnknownName(
            msg("cannot read the gun size {text!r}", text=text),
            clause="ASL-8.2-a",
            hint=msg("write the caliber in mm and its length mark, e.g. 85L, 76LL or 50"),
        )
    return digits + suffix


def caliber_of(gun_size: str) -> int:
    """The caliber in mm of a gun size: ``"76LL"`` -> 76."""
    return int("".join(ch for ch in gun_size if ch.isdigit()))


def chart_row(nationality: str, gun_size: str) -> ChartRow:
    """The chart row for a Gun, or :class:`UnknownName` listing the sizes known."""
    nat = parse_nationality(nationality)
    size = normalise_gun_size(gun_size)
    for row in CHART:
        if row.nationality == nat and size in row.guns:
            return row
    sizes = ", ".join(g for row in CHART if row.nationality == nat for g in row.guns)
    raise UnknownName(
        msg("the Ammunition Supply Chart has no {nat} {size} row", nat=nat, size=size),
        clause="ASL-8.2-a",
        hint=msg("{nat} gun sizes on the chart: {sizes}", nat=nat, sizes=sizes),
    )


@dataclass(frozen=True, slots=True)
class SupplyAnswer:
    """What the chart says for one Gun at one date."""

    nationality: Nationality
    gun: str
    date: ScenarioDate
    ammo: Ammo | None  # None: not available then
    depletion: int | None
    base: int | None
    elite: bool
    clause: str
    reason: str
    available_from: ScenarioDate | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "nationality": self.nationality,
            "gun": self.gun,
            "date": str(self.date),
            "ammo": self.ammo.value if self.ammo else None,
            **attributes(self, "depletion base elite clause reason"),
            "available_from": str(self.available_from) if self.available_from else None,
        }


def chart_lookup(
    nationality: str, gun_size: str, date: ScenarioDate, *, elite: bool = False
) -> SupplyAnswer:
    """ASL-8.2-a..d, f: the chart's Depletion Number for a Gun at a date.

    ``elite`` adds 1 (ASL-8.2-f); chart ammunition is APCR/APDS, which every
    reading of ASL-AMB-4 raises.
    """
    date.check_war()
    row = chart_row(nationality, gun_size)
    size = normalise_gun_size(gun_size)
    cell = row.years.get(date.year)
    first_year = min(row.years)
    first = ScenarioDate(first_year, row.years[first_year][1])
    if cell is None:
        if date.year in CHART_YEARS:
            reason = said(
                "the chart shows a dash for {year} (before this row's supply)"
                if date.year < first_year
                else "the chart shows a dash for {year} (after this row's supply)",
                year=date.year,
            )
        else:
            reason = said("{year} is outside the chart's 1941-1945 columns", year=date.year)
        return SupplyAnswer(
            row.nationality, size, date, None, None, None, elite, "ASL-8.2-c", reason, first
        )
    number, month = cell
    if date.month < month:
        return SupplyAnswer(
            row.nationality,
            size,
            date,
            None,
            None,
            None,
            elite,
            "ASL-8.2-d",
            said(
                "{ammo} starts in {date}",
                ammo=row.ammo.value,
                date=ScenarioDate(date.year, month).label,
            ),
            ScenarioDate(date.year, month),
        )
    bonus = 1 if elite else 0
    return SupplyAnswer(
        row.nationality,
        size,
        date,
        row.ammo,
        number + bonus,
        number,
        elite,
        "ASL-8.2-f" if elite else "ASL-8.2-a",
        said(
            "{code} in {year} +1 for Elite" if elite else "{code} in {year}",
            code=f"{'D' if row.ammo is Ammo.APDS else 'A'}{number}",
            year=date.year,
        ),
        first,
    )


def elite_bonus(
    ammo: Ammo,
    *,
    elite: bool,
    pre_adjusted: bool = False,
    scope: Literal["all", "chart-only"] = "all",
) -> int:
    """ASL-8.2-f and ASL-AMB-4: how much Elite adds to this Depletion Number.

    Default scope ``"all"``: every Depletion Number (A, D, H, C, s, WP, HE, AP),
    never the dispensers sD/sM/sN/sP (ASL-8.9-f: not Depletion Numbers) and
    never when the data is printed already adjusted (SS counters). The
    ``[9]`` bracket of ``H#[9]`` is a separate value and is never touched.
    Option ``"chart-only"``: APCR/APDS only.

    >>> elite_bonus(Ammo.SMOKE, elite=True), elite_bonus(Ammo.SD, elite=True)
    (1, 0)
    >>> elite_bonus(Ammo.SMOKE, elite=True, scope="chart-only")
    0
    """
    if not elite or pre_adjusted or not ammo.has_depletion:
        return 0
    if scope == "chart-only" and ammo not in (Ammo.APCR, Ammo.APDS):
        return 0
    return 1
