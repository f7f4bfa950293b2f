"""Counter notation (ASL-8.9-a, ASL-8.91-a/b, notes B4, ASL-AMB-16) and the corpus."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.notation import Ammo, AmmoNotationError, parse_notation
from ordnance.core.errors import NotationError

CORPUS = Path(__file__).parent.parent / "data" / "asl-counter-ammo.csv"


def _rows() -> list[dict[str, str]]:
    with CORPUS.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def D(year: int, month: int = 1) -> ScenarioDate:
    return ScenarioDate(year, month)


def test_every_corpus_row_parses() -> None:
    """Every row of the corpus reads (notes B4): no token left unexplained."""
    rows = _rows()
    assert len(rows) == 431
    for row in rows:
        entries = parse_notation(row["special_ammo_tokens"])
        tokens = row["special_ammo_tokens"].split()
        # each entry comes from the row's tokens; remarks are the only tokens without one
        for entry in entries:
            assert entry.token.split()[0] in tokens


def test_corpus_every_entry_answers_for_every_war_month() -> None:
    """Each entry gives a number or 'not available' for any 1939-1945 date and theatre."""
    for row in _rows():
        for entry in parse_notation(row["special_ammo_tokens"]):
            for year in range(1939, 1946):
                for theatre in Theatre:
                    number = entry.number_at(D(year, 6), theatre)
                    assert number is None or number >= 1
                    if not entry.ammo.has_depletion:
                        assert entry.depletion_at(D(year, 6), theatre) is None


def test_symbols() -> None:
    """ASL-8.9-a: the symbol before each number names the ammunition."""
    text = "A5 D6 H7 s8 WP6 C7 HE7 AP8 IR sD6 sM8 sN9 sP5"
    assert [e.ammo for e in parse_notation(text)] == [
        Ammo.APCR, Ammo.APDS, Ammo.HEAT, Ammo.SMOKE, Ammo.WP, Ammo.CANISTER, Ammo.HE,
        Ammo.AP, Ammo.IR, Ammo.SD, Ammo.SM, Ammo.SN, Ammo.SP,
    ]  # fmt: skip
    assert parse_notation("AP9")[0].number_at(D(1944)) == 9


def test_multi_year_t34_85_example() -> None:
    """ASL-8.91-a/b: the T-34/85's A5(4)/6(5): 5 in 1944, 6 in 1945, none before."""
    for text in ("A5^4^/6^5", "A5(4)/6(5)", "A5^4/6^5^"):
        (entry,) = parse_notation(text)
        assert entry.number_at(D(1944, 6)) == 5
        assert entry.number_at(D(1945, 3)) == 6
        assert entry.number_at(D(1943, 12)) is None


def test_later_part_without_year_is_next_year() -> None:
    """ASL-8.91-a: each following number is for the next year."""
    (entry,) = parse_notation("A4^2^/5/6")
    assert [entry.number_at(D(y)) for y in (1942, 1943, 1944, 1945)] == [4, 5, 6, None]


def test_first_of_several_numbers_needs_a_year() -> None:
    """ASL-8.91-a: a chain must start from a year."""
    with pytest.raises(NotationError):
        parse_notation("A4/5^3")


def test_plus_month_and_override() -> None:
    """Notes B4: '+' = that year on; a month letter = from that month; a later part overrides."""
    (entry,) = parse_notation("D6^J4+^/7^5^")
    assert entry.number_at(D(1944, 5)) is None
    assert entry.number_at(D(1944, 6)) == 6
    assert entry.number_at(D(1945, 1)) == 7
    (wp,) = parse_notation("WP7^J4+^")
    assert wp.number_at(D(1944, 6)) == 7 and wp.number_at(D(1945, 8)) == 7
    assert wp.number_at(D(1944, 5)) is None


def test_month_without_plus_is_that_year_only() -> None:
    (entry,) = parse_notation("A4^A4^/5^5")
    assert entry.number_at(D(1944, 7)) is None
    assert entry.number_at(D(1944, 8)) == 4
    assert entry.number_at(D(1945, 2)) == 5


def test_year_range_and_nationality_suffix() -> None:
    """Notes B4: '1-2' is 1941-1942; R/S/CS restrict to the using army."""
    (entry,) = parse_notation("s5^1-2R")
    assert entry.number_at(D(1941), user="romanian") == 5
    assert entry.number_at(D(1942), user="romanian") == 5
    assert entry.number_at(D(1943), user="romanian") is None
    assert entry.number_at(D(1942), user="german") is None


def test_theatre_suffixes() -> None:
    """Notes B4: E = ETO only, P = PTO only, B = Burma only."""
    (c,) = parse_notation("C7^4+P")
    assert c.number_at(D(1944), Theatre.PTO) == 7
    assert c.number_at(D(1944), Theatre.BURMA) == 7
    assert c.number_at(D(1944), Theatre.ETO) is None
    assert c.number_at(D(1943), Theatre.PTO) is None
    (wp,) = parse_notation("WP6^B^")
    assert wp.number_at(D(1944), Theatre.BURMA) == 6
    assert wp.number_at(D(1944), Theatre.PTO) is None
    (d,) = parse_notation("D4^J4+E")
    assert d.number_at(D(1944, 7), Theatre.ETO) == 4
    assert d.number_at(D(1944, 7), Theatre.PTO) is None


def test_nineteen_thirty_nine_digit() -> None:
    """A superscript 9 is 1939 (the war's first year), 0 is 1940."""
    (entry,) = parse_notation("A4^9^/5^0")
    assert entry.number_at(D(1939)) == 4
    assert entry.number_at(D(1940)) == 5


def test_korean_two_digit_years() -> None:
    """Notes B4: Korean War counters use two-digit years (M51 = March 1951)."""
    (entry,) = parse_notation("WP6^M51+")
    assert entry.periods[0].start == D(1951, 3)
    assert entry.number_at(D(1945)) is None


def test_gun_calibre_superscript() -> None:
    """On a two-gun vehicle, ^37^/^75^ names the gun the entry belongs to."""
    (entry,) = parse_notation("C4^37^")
    assert entry.periods[0].armament == 37
    assert entry.number_at(D(1942)) == 4


def test_marks_brackets_and_rof() -> None:
    """'*', '†' and H#[9] (ASL-8.31-f) are kept; other brackets and ROF:n too."""
    (h9,) = parse_notation("H6[9]^3+^")
    assert h9.h9 and h9.number_at(D(1943)) == 6 and h9.number_at(D(1942)) is None
    (sd,) = parse_notation("sD5*")
    assert sd.marks == ("*",)
    (he,) = parse_notation("HE9†")
    assert he.marks == ("†",)
    (wp,) = parse_notation("WP5[1-5]ROF:1")
    assert wp.bracket == "1-5" and wp.rof == 1


def test_repeated_symbol_in_later_part() -> None:
    (entry,) = parse_notation("A4^3^/A3^4")
    assert entry.number_at(D(1943)) == 4 and entry.number_at(D(1944)) == 3
    with pytest.raises(NotationError) as err:
        parse_notation("A4^3^/D3^4")
    assert "D" in err.value.message


def test_corpus_remarks_are_not_ammunition() -> None:
    """'+2 for HH', '(one time)', 'OBA', a detached qualifier and 'S' for s are read, noted."""
    assert [e.ammo for e in parse_notation("WP9 s7 +2 for HH")] == [Ammo.WP, Ammo.SMOKE]
    (sd,) = parse_notation("sD6 (one time)")
    assert "one time use" in sd.notes
    ir, wp = parse_notation("IR WP7 OBA")
    assert "OBA" in wp.notes and ir.ammo is Ammo.IR
    _s, h = parse_notation("s6 H6 J4")
    assert h.number_at(D(1944, 6)) == 6 and h.number_at(D(1944, 5)) is None
    assert "date qualifier printed detached" in h.notes
    (s,) = parse_notation("S5^J4+")
    assert s.ammo is Ammo.SMOKE and s.notes


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("A5 Q7", "Q7"),
        ("X", "X"),
        ("A", "A"),
        ("A5^Z4^", "A5^Z4^"),
        ("H6[x]", "H6[x]"),
        ("OBA", "OBA"),
        ("A5(4", "A5(4"),
        ("A5^4^junk", "A5^4^junk"),
    ],
)
def test_unknown_token_is_an_error_naming_it(text: str, token: str) -> None:
    """Notes B4: a token not understood is refused, naming it, never guessed."""
    with pytest.raises(NotationError) as err:
        parse_notation(text)
    assert err.value.token == token
    assert token in str(err.value)
    assert isinstance(err.value, AmmoNotationError) and err.value.clause == "ASL-8.9-a"


def test_month_letter_option() -> None:
    """ASL-AMB-16: the default letters, and a per-data-set override."""
    (entry,) = parse_notation("WP7^J4+^")
    assert entry.periods[0].start == D(1944, 6)
    (jan,) = parse_notation("WP7^J4+^", month_letters={"J": 1})
    assert jan.periods[0].start == D(1944, 1)
    with pytest.raises(NotationError):
        parse_notation("WP7^Q4+^")


def test_dispensers_and_ir_have_no_depletion_number() -> None:
    """ASL-8.9-f: sD/sM/sN/sP numbers are not Depletion Numbers; IR has none (ASL-8.7-a)."""
    for text in ("sD6", "sM8", "sN9", "sP5", "IR^2+"):
        (entry,) = parse_notation(text)
        assert entry.depletion_at(D(1944)) is None
        assert not entry.ammo.has_depletion
    (ir,) = parse_notation("IR^2+")
    assert ir.available_at(D(1942)) and not ir.available_at(D(1941))


def test_to_dict_with_date() -> None:
    (entry,) = parse_notation("A5^4^/6^5")
    data = entry.to_dict(D(1944, 6))
    assert data["ammo"] == "APCR" and data["depletion"] == 5 and data["available"] is True
    assert entry.to_dict(D(1943))["depletion"] is None
