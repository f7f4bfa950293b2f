"""ASL's counter notation read and judged (ASL-8.9-a, 8.91; notes B4)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from ordnance.asl.rules.notation_reading import entries_json, reading
from ordnance.core.calculators import Calculator, calculator
from ordnance.core.fields import option
from ordnance.core.messages import Said, joined, said, term
from ordnance.core.questions import question_config


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


def _period(p: dict[str, Any]) -> dict[str, Any]:
    """One period of an entry ("5 from 1944-01 to 1944"), its words as messages."""
    parts: list[Any] = [str(p["number"]) if p["number"] is not None else "-"]
    if p["from"] and p["last_year"]:
        parts.append(term("from {date} to {year}", date=p["from"], year=p["last_year"]))
    elif p["from"]:
        parts.append(term("from {date} on", date=p["from"]))
    elif p["last_year"]:
        parts.append(term("to {year}", year=p["last_year"]))
    if p["theatre"]:
        parts.append(term("{theatre} only", theatre=p["theatre"]))
    if p["nationality"]:
        parts.append(term("({nationality})", nationality=term(p["nationality"])))
    if p["armament"]:
        parts.append(term("[{armament}mm gun]", armament=p["armament"]))
    return joined(" ", parts)


def _periods(e: dict[str, Any]) -> Said:
    return said("{periods}", periods=joined("; ", [_period(p) for p in e["periods"]]))


def _notes(e: dict[str, Any]) -> Said:
    """The marks and notes of an entry, each a word or a message (a mark as it is printed)."""
    notes = [*e["marks"], *e["notes"], *([f"[{e['bracket']}]"] if e["bracket"] else [])]
    if e["h9"]:
        notes.insert(0, "[9] stick round")
    return said(
        "{notes}", notes=joined(", ", [n if isinstance(n, Said) else term(n) for n in notes])
    )


def notation(q: NotationQuestion) -> dict[str, Any]:
    """Each entry of a counter's special-ammunition notation, as the side reads it."""
    side = reading(
        q.date, q.theatre, q.user, q.nationality, q.made_by, q.elite, q.ss, q.option or None
    )
    data = entries_json(q.text, side)
    judged = any("reason" in e for e in data["entries"])
    rows = []
    for e in data["entries"]:
        avail = e.get("available")
        row = [
            e["token"],
            e["ammo"],
            "-" if e.get("depletion") is None else str(e["depletion"]),
            "" if avail is None else ("yes" if avail else "no"),
            _periods(e),
            _notes(e),
        ]
        if judged:
            row.append(
                said("{reason} ({clause})", reason=e.get("reason", ""), clause=e.get("clause", ""))
            )
        rows.append(row)
    columns = ["token", "ammo", "depletion", "available", "periods", "notes"]
    return {
        **data,
        "title": said("Counter notation {notation}", notation=repr(q.text)),
        "table": {"columns": columns + (["why"] if judged else []), "rows": rows},
    }


#: The longer help: the title and what it does not say.
_HELP = (
    "Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4).\n\n"
    "With a nationality (or the maker) and a date each entry is judged as the side sees it: "
    "the HEAT date gate (ASL-8.3-a) and, when Elite, the +1 (ASL-8.2-f). With '-' every "
    "line of standard input is read; the exit status is 2 when any line fails."
)

# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(notation, "notation", "Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4).", ("ASL-8.9-a", "ASL-8.91"), help=_HELP, arguments=("text",), each_line="text", example={"text": "A5^4^/6^5", "date": "1944-06", "nationality": "german"}),
)
# fmt: on

__all__ = ["CALCULATORS"]
