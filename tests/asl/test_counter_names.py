"""Counter names as players say them: aliases, model ranking, one row per piece, choices.

Clause: ASL-8.2-e (the counter's own values are the Gun's, so the right
counter must be found). Checked over every counter name of the database and
over the held-out sample of counters in ``tests/data/asl-counter-ammo.csv``.
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

import pytest

from ordnance.asl.rules.counters import (
    Counter,
    _key,
    alias_table,
    all_counters,
    by_gpid,
    lookup,
    nearest_names,
    search,
)
from ordnance.core.errors import OrdnanceError, UnknownName
from tests.asl.test_cli import run, run_json

DATA = Path(__file__).resolve().parents[1] / "data" / "asl-counter-ammo.csv"


@cache
def _namesakes() -> dict[tuple[str, str | None], list[Counter]]:
    out: dict[tuple[str, str | None], list[Counter]] = {}
    for c in all_counters():
        out.setdefault((_key(c.name), c.nationality), []).append(c)
    return out


def test_every_counter_name_finds_itself_first() -> None:
    """ASL-8.2-e: each counter's own name and palette put that piece first.

    Where one palette holds several pieces of one name with different data
    (two 37L AT PstK/37 (g) of the Finns), the name alone cannot tell them
    apart: the top hit must then be one of them (their piece ids tell them
    apart, and ``lookup`` lists them as choices).
    """
    wrong = []
    counters = all_counters()
    for c in counters:
        top = search(c.name, nationality=c.nationality, limit=1)[0]
        namesakes = _namesakes()[(_key(c.name), c.nationality)]
        if len({o.same_piece() for o in namesakes}) == 1:
            ok = top.counter.gpid == c.gpid or c.gpid in top.also
        else:
            ok = top.counter in namesakes
        if not ok:
            wrong.append((c.gpid, c.name, top.counter.gpid, top.counter.name))
    assert not wrong, wrong[:10]


def test_held_out_counters_find_their_piece_first() -> None:
    """ASL-8.2-e: the held-out sample (431 counters) by name: the top hit is the right piece.

    Right: the piece itself or one with the same name and data (its twin in
    another palette); where the name has several models, the piece's
    palette (``--nationality``) puts it first.
    """
    with DATA.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 431
    ids = by_gpid()
    wrong = []
    for row in rows:
        right = ids[row["gpid"]]
        top = search(row["name"], limit=1)[0].counter
        if top.same_model() != right.same_model():
            top = search(row["name"], nationality=right.nationality, limit=1)[0].counter
        namesakes = _namesakes()[(_key(right.name), right.nationality)]
        several = len({o.same_piece() for o in namesakes}) > 1
        if top.same_model() != right.same_model() and not (several and top in namesakes):
            wrong.append((row["gpid"], row["name"], top.gpid))
    assert not wrong, wrong[:10]


@pytest.mark.parametrize(
    ("query", "nationality", "expected"),
    [
        ("Panther", "german", "PzKw VG"),
        ("Panther D", None, "PzKw VD"),
        ("Tiger", "german", "PzKw VIE"),
        ("King Tiger", None, "PzKw VIB"),
        ("Firefly", None, "Sherman VC(a)"),
        ("JS-2", None, "IS-2"),
        ("IS-2", None, "IS-2"),
        ("Stuart", "american", "M3 LT"),
        ("Stuart", "british", "Stuart I(a)"),
        ("Sherman", "american", "M4"),
        ("Sherman M4A3(76)W", None, "M4A3(76)W"),
        ("Sherman M4A1", "american", "M4A1"),
        ("PaK 40", "german", "75L AT PaK 40"),
        ("Pak40", "german", "75L AT PaK 40"),
        ("6-pounder", None, "57L AT OQF 6pdr 7cwt"),
        ("6 pdr", None, "57L AT OQF 6pdr 7cwt"),
        ("PzKpfw IVH", "german", "PzKw IVH"),
        ("Pz IVH", "german", "PzKw IVH"),
        ("Пантера", "german", "PzKw VG"),
        ("Тигр", "german", "PzKw VIE"),
        ("ИС-2", None, "IS-2"),
        ("Т-34/85", "russian", "T-34/85"),
        ("Шерман", "american", "M4"),
        ("Стюарт", "american", "M3 LT"),
        ("Файрфлай", None, "Sherman VC(a)"),
        ("Пак 40", "german", "75L AT PaK 40"),
        ("Шестифунтовка", None, "57L AT OQF 6pdr 7cwt"),
        ("ИСУ-152", None, "ISU-152"),
    ],
)
def test_names_players_say_find_the_right_counter(
    query: str, nationality: str | None, expected: str
) -> None:
    """ASL-8.2-e: aliases and model names, English and Russian, rank the right counter first."""
    assert search(query, nationality=nationality, limit=1)[0].counter.name == expected


def test_exact_model_ranks_above_shorter_names() -> None:
    """``Sherman M4A3(76)W`` puts the M4A3(76)W first, not the M4 or M4A3 (ASL-8.2-e)."""
    found = search("Sherman M4A3(76)W", limit=5)
    assert [m.counter.name for m in found[:2]] == ["M4A3(76)W", "M4A3(76)W"]
    assert found[0].how == "model" and found[2].score < 100


def test_alias_table_names_real_counters_each_with_a_reason() -> None:
    """Every alias names counters that exist, says why, and no two aliases share a key."""
    names = {c.name for c in all_counters()}
    table = alias_table()
    keys = [_key(a.alias) for a in table.aliases]
    assert len(keys) == len(set(keys))
    for a in table.aliases:
        assert a.reason.strip(), a.alias
        assert set(a.counters) <= names, (a.alias, set(a.counters) - names)
    assert all(reason for _word, reason in table.filler_words)
    assert all(reason for _p, _to, reason in table.rewrites)


def test_identical_counters_of_several_palettes_are_shown_once() -> None:
    """The German PzKw VG of the main and Lehr folders is one row, naming both piece ids."""
    found = search("PzKw VG", nationality="german", limit=5)
    rows = [m for m in found if m.counter.name == "PzKw VG"]
    assert len(rows) == 1 and rows[0].counter.gpid == "2592" and rows[0].also == ("2813",)


def test_lookup_takes_the_best_unique_model_or_lists_the_choices() -> None:
    """ASL-8.2-e: one model is taken; several are refused with their piece ids."""
    assert lookup("Sherman M4A3(76)W", nationality="american").name == "M4A3(76)W"
    assert lookup("Firefly").gpid in ("1306", "1308") or lookup("Firefly").name == "Sherman VC(a)"
    assert lookup("PzKw VG", nationality="german").gpid == "2592"
    with pytest.raises(OrdnanceError) as err:
        lookup("Panther", nationality="german")
    assert err.value.clause == "ASL-8.2-e"
    assert "2592" in (err.value.hint or "") and "2590" in (err.value.hint or "")
    with pytest.raises(UnknownName) as none:
        lookup("zzzz qqqq")
    assert "nearest names" in (none.value.hint or "")


def test_no_match_suggests_the_nearest_names() -> None:
    """A name that finds nothing is refused with the closest names (RapidFuzz)."""
    assert "PzKw VG" in nearest_names("PzKw VGG")
    assert len(nearest_names("qqqq")) == 5


def test_cli_search_refuses_an_empty_result(capsys: pytest.CaptureFixture[str]) -> None:
    """``asl counters NAME`` with no match says so (exit 2) and suggests names."""
    code, _out, err = run(capsys, "asl", "counters", "zzzz qqqq")
    assert code == 2 and "nearest names" in err
    code, data = run_json(capsys, "asl", "counters", "Firefly")
    assert code == 0
    first = data["counters"][0]
    assert first["name"] == "Sherman VC(a)" and first["match"] == "alias" and first["why"]
    code, data = run_json(capsys, "asl", "counters", "find", "Panther", "--nationality", "german")
    assert code == 0 and data["counters"][0]["also"] == ["2813"]


def test_cli_add_gun_takes_the_unique_model_or_lists_choices(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ASL-8.2-e: ``add-gun --counter 'Sherman M4A3(76)W'`` is taken; ``Panther`` lists choices."""
    monkeypatch.setenv("ORDNANCE_COUNTER_LIBRARY", str(tmp_path / "none.yaml"))
    db = f"sqlite:///{tmp_path / 'g.db'}"
    run(capsys, "asl", "game", "new", "--id", "g", "--db", db, "--date", "1944-12",
        "--side", "american", "--side", "german", "--json")  # fmt: skip
    code, entry = run_json(
        capsys, "asl", "game", "add-gun", "g", "--db", db, "--id", "sh", "--side", "american",
        "--counter", "Sherman M4A3(76)W",
    )  # fmt: skip
    assert code == 0 and entry["events"][0]["gun"]["name"] == "M4A3(76)W"
    code, _out, err = run(
        capsys, "asl", "game", "add-gun", "g", "--db", db, "--id", "p", "--side", "german",
        "--counter", "Panther",
    )  # fmt: skip
    assert code == 2 and "2592" in err and "2590" in err
