"""The VASL counter database: provenance, parsing, golden readings, search.

Clauses: ASL-8.9-a (every notation entry is read, none guessed), ASL-8.91-a
(the reading by year), ASL-8.2-e (counter values are the Gun's own).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from ordnance.asl.rules.counters import all_counters, find_counters, pick_counter, source
from ordnance.asl.rules.notation import AmmoNotationError, parse_notation
from ordnance.core.errors import OrdnanceError, UnknownName
from tests.asl.test_cli import run, run_json

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden" / "counters_by_year.json"

#: Counters whose notation does not parse, with the reason. Empty: every one
#: of the 899 reads. A counter that stops parsing must be added here with its
#: reason (and one listed here that parses again must be removed).
UNPARSED: dict[str, str] = {}


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_provenance_is_recorded() -> None:
    """The database names its source revision, path and licence (facts only)."""
    src = source()
    assert src["repo"] == "michalxo/vasl" and src["upstream"] == "vasl-developers/vasl"
    assert len(src["commit"]) == 40 and src["path"] == "dist/buildFile"
    assert src["licence"] == "LGPL-2.1"
    assert src["extracted"] == [
        "name", "gpid", "nationality", "kind", "notation", "gun_size", "to_hit", "to_hit_before",
    ]  # fmt: skip
    notes = (ROOT / "src/ordnance/asl/data/COUNTERS-PROVENANCE.md").read_text("utf-8")
    assert src["commit"] in notes


def test_database_size_and_ids() -> None:
    """Every vehicle and ordnance counter, with or without special ammunition, each id once."""
    counters = all_counters()
    assert len(counters) == 1648
    assert len({c.gpid for c in counters}) == len(counters)
    kinds = {k: sum(1 for c in counters if c.kind == k) for k in ("vehicle", "ordnance", "other")}
    assert kinds == {"vehicle": 1158, "ordnance": 450, "other": 40}
    assert all(c.nationality for c in counters)
    assert sum(1 for c in counters if c.notation) == 899
    # a counter of another folder is here only for its special ammunition
    assert all(c.notation for c in counters if c.kind == "other")
    # vehicles without special ammunition can be named as targets (the IS-2 has none)
    is2 = [c for c in counters if c.name == "IS-2"]
    assert is2 and is2[0].kind == "vehicle" and is2[0].notation == ""


def test_to_hit_marking_from_the_information_string() -> None:
    """ASL-B5.1: the red/black TH# marking is read where the counter's data gives it."""
    ids = {c.gpid: c for c in all_counters()}
    sherman = ids["1290"]  # Sherman III(a): "Red TH#s^<44^"
    assert (sherman.to_hit, sherman.to_hit_before) == ("red", 1944)
    from ordnance.asl.rules.dates import ScenarioDate

    assert sherman.to_hit_at(ScenarioDate(1943, 6)) == "red"
    assert sherman.to_hit_at(ScenarioDate(1944, 6)) is None
    pak = ids["3718"]  # axis-minor PaK 40(g): "Blk TH#"
    assert pak.to_hit == "black" and pak.to_hit_at(None) == "black"
    marked = [c for c in all_counters() if c.to_hit]
    assert len(marked) == 114
    assert {c.to_hit for c in marked} == {"red", "black"}


def test_asl_8_9_a_every_counter_notation_parses() -> None:
    """ASL-8.9-a: every counter's notation reads, except the allow-list (with reasons)."""
    failures: dict[str, str] = {}
    for c in all_counters():
        try:
            parse_notation(c.notation)
        except AmmoNotationError as exc:
            failures[f"{c.gpid} {c.name}: {c.notation}"] = exc.message
    assert set(failures) == set(UNPARSED), failures


def test_asl_8_91_a_golden_reading_at_every_year() -> None:
    """ASL-8.91-a, 8.3-a: each counter's reading at 1939-1945 equals the golden file.

    Regenerate with ``python scripts/regen_asl_counter_golden.py`` after a
    deliberate change, and review the diff.
    """
    regen = _script("regen_asl_counter_golden")
    expected = json.loads(GOLDEN.read_text("utf-8"))
    actual = regen.golden()
    assert actual.keys() == expected.keys()
    diffs = {k: (expected[k], actual[k]) for k in expected if expected[k] != actual[k]}
    assert not diffs, list(diffs.items())[:5]


def test_asl_8_91_b_t34_85_reading() -> None:
    """ASL-8.91-b: the Russian T-34/85 reads APCR 5 in 1944 and 6 in 1945 (golden spot check)."""
    golden = json.loads(GOLDEN.read_text("utf-8"))
    t34 = golden["601 T-34/85 (russian)"]
    assert t34["1943 ETO"] == "sD A-"
    assert t34["1944 ETO"] == "sD A5" and t34["1945 PTO"] == "sD A6"


def test_find_counters_forgiving_spelling() -> None:
    """Names match with punctuation, case and small slips forgiven."""
    for query in ("T-34/85", "t34 85", "T 34-85", "T-34/58"):
        names = {(c.name, c.nationality) for c in find_counters(query, limit=3)}
        assert ("T-34/85", "russian") in names, query
    (russian,) = find_counters("T-34/85", nationality="russian", limit=1)
    assert russian.notation == "sD6* A5^4^/6^5" and russian.gpid == "601"
    assert find_counters("zzzz qqqq") == []
    assert find_counters("Panter")[0].name == "PzKw VG"  # a slip in an alias


def test_pick_counter_prefers_the_side_and_refuses_ambiguity() -> None:
    """ASL-8.2-e: one counter, or a refusal listing the piece ids to choose from."""
    assert pick_counter("T-34/85", nationality="russian").notation == "sD6* A5^4^/6^5"
    with pytest.raises(OrdnanceError) as err:
        pick_counter("T-34/85")
    assert "601" in (err.value.hint or "")
    assert pick_counter("601").name == "T-34/85"
    with pytest.raises(UnknownName):
        pick_counter("zzzz qqqq")


def test_gun_size_from_the_name() -> None:
    """The gun size is taken only where the name starts with it (45L AT ...)."""
    sizes = {c.name: c.gun_size for c in all_counters()}
    assert sizes["45L AT PTP obr. 32"] == "45L"
    assert sizes["T-34 M41"] is None


def test_extract_rules_on_a_small_module() -> None:
    """The build script keeps facts only: ammunition fields, escapes removed, gun prefixes kept."""
    build = _script("build_asl_counters")
    xml = (
        '<m><VASSAL.build.widget.PieceWindow name="VASL Counters">'
        '<VASSAL.build.widget.ListWidget entryName="Russian">'
        '<VASSAL.build.widget.PieceSlot entryName="45L AT Test" gpid="9">'
        "+/null/prototype;X\tinfo;QSU,CS 5,A4^2^\\/5^3,No IF,37:C5^4^,IR\\\t"
        "piece;K;D;ru\\/gun\\/x;45L AT Test/</VASSAL.build.widget.PieceSlot>"
        '<VASSAL.build.widget.PieceSlot entryName="Truck" gpid="10">'
        "+/null/prototype;X\tinfo;CS 2,No IF\\\tpiece;K;D;ru\\/veh\\/t;Truck/"
        "</VASSAL.build.widget.PieceSlot>"
        "</VASSAL.build.widget.ListWidget></VASSAL.build.widget.PieceWindow></m>"
    )
    assert build.extract(xml.encode()) == [
        {
            "name": "45L AT Test",
            "gpid": "9",
            "nationality": "russian",
            "kind": "other",
            "notation": "A4^2^/5^3 37:C5^4^ IR",
            "gun_size": "45L",
            "to_hit": None,
            "to_hit_before": None,
        }
    ]
    vehicles = (
        '<m><VASSAL.build.widget.PieceWindow entryName="VASL Counters">'
        '<VASSAL.build.widget.ListWidget entryName="">'
        '<VASSAL.build.widget.ListWidget entryName="Allied O/B">'
        '<VASSAL.build.widget.ListWidget entryName="British">'
        '<VASSAL.build.widget.ListWidget entryName="Veh">'
        '<VASSAL.build.widget.PieceSlot entryName="Tank" gpid="11">'
        "+/null/prototype;X\tinfo;CS 2,Red TH#s^&lt;44^,No IF\\\tpiece;K;D;br\\/veh\\/t;Tank/"
        "</VASSAL.build.widget.PieceSlot>"
        '<VASSAL.build.widget.PieceSlot entryName="BR MT" gpid="12">'
        "+/null/prototype;X\tpiece;K;D;br\\/veh\\/b;BR MT/</VASSAL.build.widget.PieceSlot>"
        "</VASSAL.build.widget.ListWidget></VASSAL.build.widget.ListWidget>"
        "</VASSAL.build.widget.ListWidget></VASSAL.build.widget.ListWidget>"
        "</VASSAL.build.widget.PieceWindow></m>"
    )
    # a vehicle without special ammunition is kept with its To Hit marking; a blank is not
    assert build.extract(vehicles.encode()) == [
        {
            "name": "Tank",
            "gpid": "11",
            "nationality": "british",
            "kind": "vehicle",
            "notation": "",
            "gun_size": None,
            "to_hit": "red",
            "to_hit_before": 1944,
        }
    ]


def test_cli_counters(capsys: pytest.CaptureFixture[str]) -> None:
    """``ordnance asl counters "T-34/85"`` lists the counters with their source revision."""
    code, data = run_json(capsys, "asl", "counters", "T-34/85", "--nationality", "russian")
    assert code == 0
    first = data["counters"][0]
    assert first["name"] == "T-34/85" and first["notation"] == "sD6* A5^4^/6^5"
    assert data["source"]["licence"] == "LGPL-2.1"
    _, dated = run_json(
        capsys, "asl", "counters", "T-34/85", "--nationality", "russian", "--date", "1945-03"
    )
    apcr = [e for e in dated["counters"][0]["entries"] if e["ammo"] == "APCR"]
    assert apcr[0]["depletion"] == 6


def test_cli_add_gun_from_a_counter(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ASL-8.2-e: ``add-gun --counter`` fills in the counter's notation (APCR 5 in 1944)."""
    db = f"sqlite:///{tmp_path / 'g.db'}"
    run(capsys, "asl", "game", "new", "--id", "c1", "--db", db, "--date", "1944-06", "--json")
    code, entry = run_json(
        capsys, "asl", "game", "add-gun", "c1", "--db", db, "--id", "t", "--side", "russian",
        "--counter", "t34 85",
    )  # fmt: skip
    assert code == 0
    gun = entry["events"][0]["gun"]
    assert gun["notation"] == "sD6* A5^4^/6^5" and gun["name"] == "T-34/85"
    code, _out, err = run(
        capsys, "asl", "game", "add-gun", "c1", "--db", db, "--id", "u", "--side", "russian",
        "--counter", "T-34/85", "--notation", "A5",
    )  # fmt: skip
    assert code == 2 and "--counter" in err
