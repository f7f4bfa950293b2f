"""How a side reads a counter's notation: shared by ``asl notation`` and ``asl counters``.

The date gate and the Elite +1 need the side (ASL-8.3-a, 8.2-f), so a
:class:`Reading` carries the date, theatre, using and making nations and
the options. Options given on the command line are validated by
:class:`~ordnance.asl.settings.AslOptions` (Pydantic, imported only then);
without any the defaults are read from :mod:`ordnance.asl.rules.option_defaults`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ordnance.asl.rules.capability import resolve_capability
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.heat import check_nationality
from ordnance.asl.rules.notation import DEFAULT_MONTH_LETTERS, parse_notation
from ordnance.asl.rules.option_defaults import DEFAULT_OPTIONS, DefaultOptions
from ordnance.asl.rules.option_text import option_values, parse_date
from ordnance.asl.rules.supply import ordnance_nationality
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.messages import msg

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.settings import AslOptions


@dataclass(frozen=True, slots=True)
class Reading:
    """Who reads a notation: the date gate and the Elite +1 need the side (ASL-8.3-a, 8.2-f)."""

    date: ScenarioDate | None
    theatre: Theatre
    user: str | None
    made_by: str | None
    elite: bool
    pre_adjusted: bool
    options: AslOptions | DefaultOptions


def reading(
    date: str | None,
    theatre: str,
    user: str | None,
    nationality: str | None,
    made_by: str | None,
    elite: bool,
    pre_adjusted: bool,
    option: list[str] | None,
) -> Reading:
    """The :class:`Reading` of ``asl notation``'s options (refused: a side without a date)."""
    when = parse_date(date)
    if when is None and (nationality or made_by or elite or pre_adjusted):
        raise RuleViolation(
            "ASL-8.3-a" if nationality or made_by else "ASL-8.2-f",
            msg("--nationality, --made-by and --elite read a notation at a scenario date"),
            hint=msg("add --date YYYY-MM"),
        )
    army: str | None = None
    if nationality:
        check_nationality(nationality)  # refuses a name that is no nation
        army = nationality.strip().lower()
    maker = check_nationality(made_by) if made_by else None
    if maker is None and army is not None:
        maker = ordnance_nationality(army)  # ASL-8.2-g: Commonwealth Guns are British
    return Reading(
        when,
        Theatre.parse(theatre),
        user.strip().lower() if user else army,
        maker,
        elite or pre_adjusted,
        pre_adjusted,
        parse_options(option),
    )


def parse_options(option: list[str] | None) -> AslOptions | DefaultOptions:
    """``--option name=value`` validated; none given: the defaults (no Pydantic)."""
    values = option_values(option)
    if not values:
        return DEFAULT_OPTIONS
    from pydantic import ValidationError

    from ordnance.asl.settings import AslOptions

    try:
        return AslOptions.model_validate(values)
    except ValidationError as exc:
        raise OrdnanceError(
            msg("bad option: {msg}", msg=exc.errors()[0]["msg"]),
            hint="names and values: " + ", ".join(AslOptions.model_fields),
        ) from None


def entries_json(text: str, reading: Reading) -> dict[str, Any]:
    """Each entry of a notation, judged as the side sees it when it names one."""
    opts = reading.options
    entries = parse_notation(text, month_letters=opts.month_letters or DEFAULT_MONTH_LETTERS)
    p_in_burma = opts.burma_p == "pacific-rules"
    out = []
    for entry in entries:
        data = entry.to_dict(reading.date, reading.theatre, reading.user, p_in_burma=p_in_burma)
        if reading.date is not None and (reading.made_by or reading.elite):
            res = resolve_capability(
                entry.ammo,
                [entry],
                reading.date,
                reading.theatre,
                made_by=reading.made_by,
                used_by=reading.user,
                elite=reading.elite,
                pre_adjusted=reading.pre_adjusted,
                options=opts,
            )
            data.update(
                available=res.available,
                depletion=res.depletion,
                clause=res.clause,
                reason=res.reason,
            )
        out.append(data)
    head: dict[str, Any] = {"notation": text}
    if reading.made_by or reading.elite:
        head.update(made_by=reading.made_by, user=reading.user, elite=reading.elite)
    return {**head, "entries": out}


__all__ = ["Reading", "entries_json", "parse_options", "reading"]
