"""Scenario dates and theatres, the two coordinates every Depletion Number depends on.

A scenario happens in one month of one year (``1944-06``) in one theatre.
The engine covers the Second World War: dates outside 1939-1945 are refused
(ASL-8.2-c: the chart only knows 1941-1945, and counters carry dates from
1939 on).

Theatres: ``ETO`` (every theatre that is not the Pacific), ``PTO`` and
``Burma``. Counter suffixes read ``E`` = ETO only, ``P`` = PTO only,
``B`` = Burma only (notes B4). Burma is fought under the Pacific rules, so by
default a ``P`` entry also applies there (option ``burma_p``: ``pto-only``
keeps it to the PTO); a ``B`` entry applies in Burma alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from ordnance.core.errors import RuleViolation, UnknownName
from ordnance.core.messages import msg, said

FIRST_YEAR = 1939
LAST_YEAR = 1945

MONTH_NAMES = (
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
)  # fmt: skip


@dataclass(frozen=True, order=True, slots=True)
class ScenarioDate:
    """A year and a month (1-12); ordered chronologically.

    >>> ScenarioDate.parse("1944-06")
    ScenarioDate(year=1944, month=6)
    >>> str(ScenarioDate(1945, 1))
    '1945-01'
    """

    year: int
    month: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.month <= 12:
            raise RuleViolation(
                "ASL-8.2-d",
                msg("month {month} does not exist", month=self.month),
                hint=msg("use 1 to 12"),
            )

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def label(self) -> str:
        return said(MONTH_NAMES[self.month - 1] + " {year}", year=self.year)

    @classmethod
    def parse(cls, text: str, *, check_war: bool = True) -> ScenarioDate:
        """``"1944-06"``, ``"1944/6"`` or ``"1944"`` (January); WWII only by default."""
        m = re.fullmatch(r"\s*(\d{4})(?:[-/.](\d{1,2}))?\s*", text)
        if m is None:
            raise RuleViolation(
                "ASL-8.2-d",
                msg("cannot read the date {text!r}", text=text),
                hint=msg("write the year and month as YYYY-MM, e.g. 1944-06"),
            )
        date = cls(int(m.group(1)), int(m.group(2) or 1))
        if check_war:
            date.check_war()
        return date

    def check_war(self) -> ScenarioDate:
        if not FIRST_YEAR <= self.year <= LAST_YEAR:
            raise RuleViolation(
                "ASL-8.2-c",
                msg(
                    "the date {self_} is outside 1939-1945, the years the counters and the Ammunition Supply Chart cover",
                    self_=self,
                ),
                hint=msg("give a scenario date between 1939-01 and 1945-12"),
            )
        return self


class Theatre(StrEnum):
    """Where the scenario is fought (counter suffixes E, P, B)."""

    ETO = "ETO"
    PTO = "PTO"
    BURMA = "Burma"

    @classmethod
    def parse(cls, text: str) -> Theatre:
        key = text.strip().lower()
        for theatre in cls:
            if theatre.value.lower() == key:
                return theatre
        aliases = {"e": cls.ETO, "europe": cls.ETO, "mto": cls.ETO, "p": cls.PTO,
                   "pacific": cls.PTO, "b": cls.BURMA, "cbi": cls.BURMA}  # fmt: skip
        if key in aliases:
            return aliases[key]
        raise UnknownName(
            msg("unknown theatre {text!r}", text=text),
            clause="ASL-8.91-a",
            hint=msg("use ETO, PTO or Burma"),
        )

    def matches(self, suffix: str | None, *, p_in_burma: bool = True) -> bool:
        """Whether a counter's theatre suffix (``E``/``P``/``B`` or none) applies here.

        ``p_in_burma`` is the option ``burma_p`` (:class:`ordnance.asl.settings.AslOptions`):
        by default a ``P`` entry applies in Burma too, Burma being fought under
        the Pacific rules; ``burma_p="pto-only"`` keeps ``P`` entries to the PTO.

        >>> Theatre.BURMA.matches("P"), Theatre.BURMA.matches("P", p_in_burma=False)
        (True, False)
        """
        if suffix is None:
            return True
        if suffix == "E":
            return self is Theatre.ETO
        if suffix == "P":
            return self is Theatre.PTO or (p_in_burma and self is Theatre.BURMA)
        if suffix == "B":
            return self is Theatre.BURMA
        return False
