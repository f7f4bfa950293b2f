"""Counter notation for special ammunition (ASL-8.9-a, ASL-8.91, notes B4).

A counter's back lists its special ammunition as tokens such as ``A5``,
``s8``, ``H6[9]``, ``WP7^J4+^`` or ``A4^2^/5^3^/6^4^/7^5``. This module reads
such a string into :class:`Entry` values; an entry answers, for a scenario
date and theatre, the number that applies then, or "not available".

Forms read (the VASL counter-data form with ``^`` superscripts, closed or not,
and the printed form with parentheses, ``A5(4)/6(5)``):

* symbols ``A`` APCR, ``D`` APDS, ``H`` HEAT, ``s`` SMOKE, ``WP``, ``C`` Canister,
  ``HE``/``AP`` limited stowage (ASL-8.8), ``IR`` (no number), and the vehicular
  dispensers ``sD``, ``sM``, ``sN``, ``sP`` (their numbers are not Depletion
  Numbers, ASL-8.9-f);
* a superscript is a year digit (``4`` = 1944, ``9`` = 1939), optionally
  preceded by a month letter (ASL-AMB-16: F, M, J, A, S, N) and followed by
  ``+`` (that year and later), a theatre letter (E, P, B) and a nationality
  suffix (R, S, CS); a year range ``1-3``; a two-digit Korean War year from the
  ``50`` s; a theatre alone (``^P^``); or a gun calibre (``^75^``: the entry
  belongs to that gun of a two-gun vehicle);
* ``/`` separates the numbers of successive years (ASL-8.91-a); a later part
  may repeat the symbol (``A4^3^/A3^4``) and overrides an earlier open range;
* marks ``*`` and ``†`` (see the piece's Chapter H note), the bracket ``[9]``
  after ``H#`` (the German 37mm stick round, ASL-8.31-f) and other brackets
  such as ``[3-10]``, and ``ROF:1``.

The corpus also carries a few remarks between tokens; each is read as what it
visibly is and never as ammunition: ``+2 for HH`` (a counter remark),
``(one time)`` (qualifies the previous entry), ``OBA`` (qualifies the previous
entry), a date qualifier printed detached from its entry (``H6 J4``: the ``J4``
qualifies ``H6``), and a capital ``S`` written for SMOKE ``s``. Each is noted
on the entry it touches. Anything else raises
:class:`~ordnance.core.errors.NotationError` naming the token.

>>> [e.ammo.value for e in parse_notation("A5^4^/6^5 s8 IR")]
['APCR', 'SMOKE', 'IR']
>>> parse_notation("A5(4)/6(5)")[0].number_at(ScenarioDate(1945, 3))
6
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.core.errors import NotationError, RuleViolation, UnknownName
from ordnance.core.messages import msg, said
from ordnance.core.plain import attributes


class AmmoNotationError(NotationError):
    """A counter-notation token this parser does not read (never guessed at)."""

    clause = "ASL-8.9-a"
    hint = "write the entries as on the counter, e.g. A5^4^/6^5, s8, H6[9], WP7^J4+^ (notes B4)"


class Ammo(StrEnum):
    """Special ammunition types and the capabilities recorded beside them."""

    APCR = "APCR"
    APDS = "APDS"
    HEAT = "HEAT"
    SMOKE = "SMOKE"
    WP = "WP"
    CANISTER = "Canister"
    HE = "HE"  # limited stowage (ASL-8.8)
    AP = "AP"  # limited stowage (ASL-8.8)
    IR = "IR"
    SD = "sD"
    SM = "sM"
    SN = "sN"
    SP = "sP"

    @classmethod
    def parse(cls, text: str) -> Ammo:

        key = text.strip()
        for ammo in cls:
            if key == ammo.value or key.lower() == ammo.value.lower():
                return ammo
        if key in SYMBOLS:
            return SYMBOLS[key]
        aliases = {"c": cls.CANISTER, "can": cls.CANISTER, "smk": cls.SMOKE, "s": cls.SMOKE}
        if key.lower() in aliases:
            return aliases[key.lower()]
        known = ", ".join(a.value for a in cls)
        said = msg("unknown ammunition {text!r} (known: {known})", text=text, known=known)
        raise UnknownName(said, clause="ASL-8.9-a")

    @property
    def is_dispenser(self) -> bool:
        """Vehicular smoke/close-defence dispensers: no Depletion Number (ASL-8.9-f)."""
        return self in (Ammo.SD, Ammo.SM, Ammo.SN, Ammo.SP)

    @property
    def has_depletion(self) -> bool:
        return not self.is_dispenser and self is not Ammo.IR


#: Counter symbol -> ammunition. Longest symbols are tried first.
SYMBOLS: dict[str, Ammo] = {
    "AP": Ammo.AP,
    "HE": Ammo.HE,
    "WP": Ammo.WP,
    "IR": Ammo.IR,
    "sD": Ammo.SD,
    "sM": Ammo.SM,
    "sN": Ammo.SN,
    "sP": Ammo.SP,
    "A": Ammo.APCR,
    "D": Ammo.APDS,
    "H": Ammo.HEAT,
    "s": Ammo.SMOKE,
    "C": Ammo.CANISTER,
}
_SYMBOL_ORDER = sorted(SYMBOLS, key=len, reverse=True)

#: ASL-AMB-16 default month letters.
DEFAULT_MONTH_LETTERS: Mapping[str, int] = {"F": 2, "M": 3, "J": 6, "A": 8, "S": 9, "N": 11}
NATIONALITY_SUFFIXES = {"R": "romanian", "S": "slovakian", "CS": "croatian-slovakian"}
#: The using armies each nationality suffix names (notes B4): ``CS`` is both
#: the Croatian and the Slovakian army.
SUFFIX_USERS: Mapping[str, tuple[str, ...]] = {
    "romanian": ("romanian",),
    "slovakian": ("slovakian",),
    "croatian-slovakian": ("croatian", "slovakian"),
}
#: Two-digit Korean War years (notes B4: ``WP6^M51+``).
KOREAN_YEARS = range(50, 54)
LAST_WAR_YEAR = 1945
#: Year digits a superscript may carry: 9 = 1939 and 0-5 = 1940-1945 (the
#: Second World War; 6, 7 and 8 would be post-war years, refused).
WAR_DIGITS = (9, 0, 1, 2, 3, 4, 5)


def year_from_digit(digit: int) -> int:
    """A superscript year digit: ``9`` is 1939, ``0``-``5`` are 1940-1945.

    Any other digit is no war year: :class:`ValueError` (the parser turns it
    into a :class:`NotationError` naming the token).

    >>> year_from_digit(9), year_from_digit(4)
    (1939, 1944)
    """
    if digit not in WAR_DIGITS:
        raise ValueError(f"the year digit {digit} is not a year of 1939-1945")
    return 1939 if digit == 9 else 1940 + digit


@dataclass(frozen=True, slots=True)
class Period:
    """One ``/``-separated part: a number and when, where and for whom it applies."""

    number: int | None
    start: ScenarioDate | None = None  # inclusive; None = from the start of time
    last_year: int | None = None  # inclusive; None = open ended
    theatre: str | None = None  # "E", "P", "B"
    nationality: str | None = None  # "romanian", ...
    armament: int | None = None  # calibre of the gun the entry belongs to
    text: str = ""

    def applies(
        self, date: ScenarioDate, theatre: Theatre, user: str | None, *, p_in_burma: bool = True
    ) -> bool:
        if self.start is not None and date < self.start:
            return False
        if self.last_year is not None and date.year > self.last_year:
            return False
        if not theatre.matches(self.theatre, p_in_burma=p_in_burma):
            return False
        return self.nationality is None or user in SUFFIX_USERS.get(self.nationality, ())

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "number": self.number,
            "from": str(self.start) if self.start else None,
            **attributes(self, "last_year theatre nationality armament"),
        }


@dataclass(frozen=True, slots=True)
class Entry:
    """One special-ammunition entry of a counter (one token, all its years)."""

    ammo: Ammo
    symbol: str
    token: str
    periods: tuple[Period, ...]
    h9: bool = False  # the ``[9]`` stick round of German 37mm Guns
    bracket: str | None = None  # any other bracket, e.g. "3-10"
    rof: int | None = None
    marks: tuple[str, ...] = ()  # "*", "†"
    notes: tuple[str, ...] = field(default=())

    def period_at(
        self,
        date: ScenarioDate,
        theatre: Theatre = Theatre.ETO,
        user: str | None = None,
        *,
        p_in_burma: bool = True,
    ) -> Period | None:
        """The part in force at ``date``; a later part overrides an earlier open range.

        ``p_in_burma``: whether a ``P`` (PTO) entry also applies in Burma
        (option ``burma_p``, see :mod:`ordnance.asl.settings`).
        """
        for period in reversed(self.periods):
            if period.applies(date, theatre, user, p_in_burma=p_in_burma):
                return period
        return None

    def available_at(
        self, date: ScenarioDate, theatre: Theatre = Theatre.ETO, user: str | None = None
    ) -> bool:
        """Whether the counter lists this ammunition then (a missing year: no; notes B4)."""
        return self.period_at(date, theatre, user) is not None

    def number_at(
        self, date: ScenarioDate, theatre: Theatre = Theatre.ETO, user: str | None = None
    ) -> int | None:
        """The printed number in force (ASL-8.91-a), or None when not available."""
        period = self.period_at(date, theatre, user)
        return None if period is None else period.number

    def depletion_at(
        self, date: ScenarioDate, theatre: Theatre = Theatre.ETO, user: str | None = None
    ) -> int | None:
        """The Depletion Number in force; None for dispensers and IR (ASL-8.9-f)."""
        return self.number_at(date, theatre, user) if self.ammo.has_depletion else None

    def to_dict(
        self,
        date: ScenarioDate | None = None,
        theatre: Theatre = Theatre.ETO,
        user: str | None = None,
        *,
        p_in_burma: bool = True,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ammo": self.ammo.value,
            "symbol": self.symbol,
            "token": self.token,
        }
        if date is not None:
            period = self.period_at(date, theatre, user, p_in_burma=p_in_burma)
            data["available"] = period is not None
            data["number"] = None if period is None else period.number
            data["depletion"] = (
                None if period is None or not self.ammo.has_depletion else period.number
            )
        data.update(
            depletion_applies=self.ammo.has_depletion,
            periods=[p.to_dict() for p in self.periods],
            h9=self.h9,
            bracket=self.bracket,
            rof=self.rof,
            marks=list(self.marks),
            notes=list(self.notes),
        )
        return data


# --------------------------------------------------------------------------- parsing

_PHRASES = [
    (re.compile(r"\+\d+ for HH"), "remark"),
    (re.compile(r"\(one time\)"), "one time"),
]
#: Lowest and highest Depletion Number a counter prints: 2 (``A2``) to 13
#: (``s13`` on British close-support tanks: no DR exceeds it).
MIN_NUMBER, MAX_NUMBER = 2, 13


def check_depletion_number(number: int) -> int:
    """ASL-8.9-a: a Depletion Number entered by hand is 2..13 as printed, 14 with the Elite +1.

    ``s13`` is printed on British close-support tanks (no DR exceeds it), so
    13 is a real value; 0, 1 and anything above 14 are no Depletion Number.

    >>> check_depletion_number(13)
    13
    """
    if not MIN_NUMBER <= number <= MAX_NUMBER + 1:
        raise RuleViolation(
            "ASL-8.9-a",
            msg("{number} is not a Depletion Number", number=number),
            hint=msg(
                "a printed Depletion Number is {min_number} to {max_number} ({value} with the Elite +1, ASL-8.2-f)",
                min_number=MIN_NUMBER,
                max_number=MAX_NUMBER,
                value=MAX_NUMBER + 1,
            ),
        )
    return number


def _detached_pattern(month_letters: Mapping[str, int]) -> re.Pattern[str]:
    """A date qualifier printed apart from its entry (``H6 J4``), or a detached superscript.

    ASL-8.9-a: the number after an ammunition symbol is a Depletion Number, so
    a token that reads as an ammunition entry is one: the month letters that
    are also symbols (``A`` = APCR, ``S`` = SMOKE as printed, ``D``, ``H``,
    ``C``) never start a detached date. ``A3`` after ``H4`` is APCR 3, not
    "August 1943".
    """
    letters = "".join(sorted(k for k in month_letters if k not in "ADHSC"))
    month = f"[{letters}]" if letters else "(?!)"
    return re.compile(rf"(?:{month}\d\+?[EPB]?|\^[^\s^]+\^?)")


def parse_notation(
    text: str, *, month_letters: Mapping[str, int] = DEFAULT_MONTH_LETTERS
) -> list[Entry]:
    """Read a counter's special-ammunition string into entries.

    Raises :class:`NotationError` (with the token and its position) for any
    token it does not understand.

    >>> parse_notation("H6[9]^3+^")[0].h9
    True
    >>> parse_notation("A5 Q7")
    Traceback (most recent call last):
    ...
    ordnance.asl.rules.notation.AmmoNotationError: [ASL-8.9-a] cannot read 'Q7' at position 3: no special-ammunition symbol (A, D, H, s, WP, C, HE, AP, IR, sD, sM, sN, sP) (instead: write the entries as on the counter, e.g. A5^4^/6^5, s8, H6[9], WP7^J4+^ (notes B4))
    """
    pieces: list[tuple[int, str, str]] = []  # (position, kind, text)
    masked = text
    for pattern, kind in _PHRASES:
        for m in pattern.finditer(text):
            pieces.append((m.start(), kind, m.group(0)))
            masked = masked[: m.start()] + " " * len(m.group(0)) + masked[m.end() :]
    for m in re.finditer(r"\S+", masked):
        pieces.append((m.start(), "token", m.group(0)))
    pieces.sort()
    detached = _detached_pattern(month_letters)

    entries: list[Entry] = []
    for pos, kind, piece in pieces:
        if kind == "remark":
            continue
        if kind == "one time":
            _qualify_last(entries, piece, pos, "one time use")
            continue
        if piece == "OBA":
            _qualify_last(entries, piece, pos, "OBA")
            continue
        if detached.fullmatch(piece) and entries and not _has_dates(entries[-1]):
            last = entries[-1]
            sup = piece if piece.startswith("^") else f"^{piece}^"
            joined = _parse_token(f"{last.token}{sup}", pos, month_letters)
            entries[-1] = replace(
                joined,
                token=f"{last.token} {piece}",
                notes=(*last.notes, *joined.notes, "date qualifier printed detached"),
            )
            continue
        stray = piece.rstrip("\\")
        if stray != piece and stray:
            # a VASSAL escape left at the end of the data (``H8\\``): read the entry, say so
            entry = _parse_token(stray, pos, month_letters)
            typo = "stray {escape} after {token} dropped (a typo in the counter data)"
            note = said(typo, escape=piece[len(stray) :], token=stray)
            entries.append(replace(entry, token=piece, notes=(*entry.notes, note)))
            continue
        entries.append(_parse_token(piece, pos, month_letters))
    return entries


def read_notation(
    text: str, *, month_letters: Mapping[str, int] = DEFAULT_MONTH_LETTERS
) -> tuple[list[Entry], list[str]]:
    """:func:`parse_notation` that keeps the entries it can read and warns of the rest.

    For data read from elsewhere (a VASL save, an imported counter): each
    token that does not read is left out with a warning naming it and why,
    and every valid entry is kept.

    >>> entries, warnings = read_notation("sD7 s9 Q7")
    >>> [e.token for e in entries], warnings
    (['sD7', 's9'], ["left out 'Q7': no special-ammunition symbol (A, D, H, s, WP, C, HE, AP, IR, sD, sM, sN, sP)"])
    """
    try:
        return parse_notation(text, month_letters=month_letters), []
    except NotationError:
        pass
    entries: list[Entry] = []
    warnings: list[str] = []
    for m in re.finditer(r"\S+", text):
        try:
            entries.extend(parse_notation(m.group(0), month_letters=month_letters))
        except NotationError as exc:
            reason = exc.message.partition(": ")[2] or exc.message
            warnings.append(f"left out {m.group(0)!r}: {reason}")
    return entries, warnings


def _has_dates(entry: Entry) -> bool:
    return any(p.start is not None or p.last_year is not None for p in entry.periods)


def _qualify_last(entries: list[Entry], piece: str, pos: int, note: str) -> None:
    if not entries:
        raise AmmoNotationError(piece, pos, "a qualifier with no entry before it")
    entries[-1] = replace(entries[-1], notes=(*entries[-1].notes, note))


class _Scanner:
    def __init__(self, token: str, base: int):
        self.s = token
        self.i = 0
        self.base = base

    def peek(self, n: int = 1) -> str:
        return self.s[self.i : self.i + n]

    def done(self) -> bool:
        return self.i >= len(self.s)

    def take(self, pattern: str) -> str | None:
        m = re.compile(pattern).match(self.s, self.i)
        if m is None or m.end() == self.i:
            return None
        self.i = m.end()
        return m.group(0)

    def fail(self, reason: str, token: str | None = None) -> NotationError:
        return AmmoNotationError(token if token is not None else self.s, self.base, reason)


def _parse_token(token: str, pos: int, month_letters: Mapping[str, int]) -> Entry:
    sc = _Scanner(token, pos)
    notes: list[str] = []
    prefix = sc.take(r"\d{2,3}:")
    armament = int(prefix[:-1]) if prefix else None
    if armament is not None:
        notes.append(said("belongs to the {armament}mm gun", armament=armament))
    symbol = _take_symbol(sc)
    if symbol is None:
        if sc.peek() == "S" and re.match(r"S\d", token):
            sc.i += 1
            symbol = "s"
            notes.append("written 'S' on the counter; read as SMOKE s#")
        else:
            raise sc.fail(
                "no special-ammunition symbol (A, D, H, s, WP, C, HE, AP, IR, sD, sM, sN, sP)"
            )
    ammo = SYMBOLS[symbol]
    h9 = False
    bracket: str | None = None
    rof: int | None = None
    marks: list[str] = []
    periods: list[Period] = []
    first = True
    while True:
        if not first:
            again = _take_symbol(sc)
            if again is not None and again != symbol:
                raise sc.fail(f"a later year repeats symbol {again!r}, not {symbol!r}")
        number_text = sc.take(r"\d+")
        if number_text is None and not (ammo is Ammo.IR and first):
            raise sc.fail(f"{symbol} must be followed by a number")
        number = int(number_text) if number_text is not None else None
        if number is not None and not MIN_NUMBER <= number <= MAX_NUMBER:
            raise sc.fail(
                f"{symbol}{number}: a Depletion Number is {MIN_NUMBER} to {MAX_NUMBER} "
                "(ASL-8.9-a; a DR is 2 to 12)"
            )
        while True:
            if sc.peek() in ("*", "†"):
                marks.append(sc.peek())
                sc.i += 1
                continue
            br = sc.take(r"\[[^\]]*\]")
            if br is not None:
                inner = br[1:-1]
                if ammo is Ammo.HEAT and inner == "9":
                    h9 = True
                elif re.fullmatch(r"\d+(-\d+)?", inner):
                    bracket = inner
                else:
                    raise sc.fail(f"cannot read the bracket {br!r}")
                continue
            rof_text = sc.take(r"ROF:\d+")
            if rof_text is not None:
                rof = int(rof_text[4:])
                continue
            break
        period = _take_superscript(sc, number, month_letters)
        if armament is not None and period.armament is None:
            period = replace(period, armament=armament)
        while sc.peek() in ("*", "†"):
            marks.append(sc.peek())
            sc.i += 1
        periods.append(period)
        first = False
        if sc.peek() == "/":
            sc.i += 1
            continue
        break
    if not sc.done():
        raise sc.fail(f"unexpected {sc.s[sc.i :]!r} after the entry")
    return Entry(
        ammo=ammo,
        symbol=symbol,
        token=token,
        periods=_chain_years(periods, sc),
        h9=h9,
        bracket=bracket,
        rof=rof,
        marks=tuple(marks),
        notes=tuple(notes),
    )


def _take_symbol(sc: _Scanner) -> str | None:
    for symbol in _SYMBOL_ORDER:
        if sc.s.startswith(symbol, sc.i):
            after = sc.s[sc.i + len(symbol) : sc.i + len(symbol) + 1]
            # "AP9" is limited AP, "A5" is APCR: a symbol must be followed by a
            # digit, a superscript, a mark or nothing at all.
            if after == "" or after.isdigit() or after in "^(/[*†":
                sc.i += len(symbol)
                return symbol
    return None


_SUP_BODY = re.compile(
    r"""
    (?:(?P<theatre_only>[EPB])(?=\^|/|$)
     | (?P<nat_only>CS|R|S)(?=\^|/|$)
     | \((?P<theatre_word>ETO|PTO)\)
     | (?P<range_from>\d)-(?P<range_to>\d)(?P<range_nat>CS|R|S)?
     | (?P<month>[A-Z])?(?P<year>\d{1,3})(?P<plus>\+)?(?P<theatre>[EPB])?(?P<nat>CS|R|S)?
         (?:\((?P<theatre_word2>ETO|PTO)\))?
    )
    """,
    re.VERBOSE,
)


def _take_superscript(sc: _Scanner, number: int | None, month_letters: Mapping[str, int]) -> Period:
    opener = sc.peek()
    if opener not in ("^", "("):
        return Period(number, text=str(number) if number is not None else "")
    start_i = sc.i
    sc.i += 1
    m = _SUP_BODY.match(sc.s, sc.i)
    if m is None or m.end() == sc.i:
        raise sc.fail(f"cannot read the superscript starting {sc.s[start_i:]!r}")
    sc.i = m.end()
    closer = "^" if opener == "^" else ")"
    if sc.peek() == closer:
        sc.i += 1
    elif opener == "(":
        raise sc.fail("a parenthesised superscript is not closed")
    text = sc.s[start_i : sc.i]
    g = m.groupdict()
    if g["theatre_only"] or g["theatre_word"]:
        theatre = g["theatre_only"] or (g["theatre_word"] or "E")[0]
        return Period(number, theatre=theatre, text=text)
    if g["nat_only"]:
        return Period(number, nationality=NATIONALITY_SUFFIXES[g["nat_only"]], text=text)
    if g["range_from"] is not None:
        first, last = _war_year(sc, g["range_from"], text), _war_year(sc, g["range_to"], text)
        if last < first:
            raise sc.fail(f"the year range {text!r} runs backwards")
        return Period(
            number,
            start=ScenarioDate(first, 1),
            last_year=last,
            nationality=NATIONALITY_SUFFIXES.get(g["range_nat"] or ""),
            text=text,
        )
    year_text = g["year"]
    month = 1
    if g["month"] is not None:
        if g["month"] not in month_letters:
            raise sc.fail(f"unknown month letter {g['month']!r} (ASL-AMB-16)")
        month = month_letters[g["month"]]
    theatre = g["theatre"] or ((g["theatre_word2"] or "")[:1] or None)
    nationality = NATIONALITY_SUFFIXES.get(g["nat"] or "")
    if len(year_text) == 1:
        year = _war_year(sc, year_text, text)
    elif len(year_text) == 2 and int(year_text) in KOREAN_YEARS:
        year = 1900 + int(year_text)
    elif g["month"] is None and g["plus"] is None and g["theatre"] is None and not g["nat"]:
        # Two or three digits that are not a year: the calibre of the gun the
        # entry belongs to on a vehicle with two guns (``G^37&75^``).
        return Period(number, armament=int(year_text), text=text)
    else:
        raise sc.fail(f"cannot read the year {year_text!r} in {text!r}")
    return Period(
        number,
        start=ScenarioDate(year, month),
        last_year=None if g["plus"] else year,
        theatre=theatre,
        nationality=nationality,
        text=text,
    )


def _war_year(sc: _Scanner, digit: str, text: str) -> int:
    """ASL-8.91-a: a superscript's year digit, refused unless a year of 1939-1945."""
    try:
        return year_from_digit(int(digit))
    except ValueError:
        raise sc.fail(
            f"the year digit {digit!r} in {text!r} is not a year of the war (9 = 1939, "
            "0-5 = 1940-1945; Korean War years are written 50-53)"
        ) from None


def _chain_years(periods: list[Period], sc: _Scanner) -> tuple[Period, ...]:
    """ASL-8.91-a: a later part with no year of its own is the next year."""
    if len(periods) == 1:
        return (periods[0],)
    out: list[Period] = []
    for i, period in enumerate(periods):
        if period.start is None and period.last_year is None:
            if i == 0:
                raise sc.fail("the first of several numbers needs its year (ASL-8.91-a)")
            prev = out[-1]
            prev_year = prev.last_year if prev.last_year is not None else None
            if prev_year is None:
                raise sc.fail("a number follows an open-ended year range (ASL-8.91-a)")
            year = prev_year + 1
            if year == LAST_WAR_YEAR + 1:
                raise sc.fail(
                    f"a number after {prev_year} would be for {year}, after the war (ASL-8.91-a)"
                )
            period = replace(period, start=ScenarioDate(year, 1), last_year=year)
        out.append(period)
    return tuple(out)


def find_entry(entries: list[Entry] | tuple[Entry, ...], ammo: Ammo) -> Entry | None:
    """The first entry of a counter for ``ammo`` (None when the counter lists none)."""
    for entry in entries:
        if entry.ammo is ammo:
            return entry
    return None
