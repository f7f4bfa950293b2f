"""The player's counter library: schema, YAML round trip, merge over the database, refusals.

Clauses: ASL-8.2-e (a counter's printed values are the Gun's), ASL-B5.2 (the
gun size fixes the To Hit modifications), ASL-B6 (the AF fired on),
ASL-B5.6/B5.7 (ROF, B#).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ordnance.asl.rules.counter_library import (
    ENV_VAR,
    CounterLibrary,
    CounterValues,
    default_path,
    library_key,
    library_yaml,
    load_library,
    parse_library,
    sample_library,
    save_library,
    schema,
)
from ordnance.asl.rules.counters import lookup
from ordnance.core.errors import OrdnanceError, RuleViolation
from tests.asl.test_cli import run, run_json

ROOT = Path(__file__).resolve().parents[2]


def _full() -> CounterLibrary:
    return CounterLibrary.model_validate(
        {
            "counters": {
                "2592": {
                    "gun_size": "75ll",
                    "gun_type": "MA",
                    "turreted": True,
                    "rof": 1,
                    "breakdown": 11,
                    "to_hit": "black",
                    "hull": {"front": 18, "side": 5},
                    "turret": {"front": 14, "side": 8},
                    "ammo_breakdown": {"heat": 10},
                    "note": "my counter",
                },
                "PzKw VD": {"gun_size": "75LL", "hull": {"front": 16}},
            }
        }
    )


def test_published_schema_is_the_model_schema() -> None:
    """docs/counter-library.schema.json is the pydantic model's schema (regenerate with
    ``ordnance asl counters schema > docs/counter-library.schema.json``)."""
    published = json.loads((ROOT / "docs/counter-library.schema.json").read_text("utf-8"))
    assert published == schema()
    values = published["$defs"]["CounterValues"]["properties"]
    for field in ("gun_size", "gun_type", "rof", "breakdown", "to_hit", "hull", "turret"):
        assert values[field]["description"], field
    assert "ammo_breakdown" in values


def test_yaml_round_trip_keeps_every_value(tmp_path: Path) -> None:
    """Save then load gives the same library; the file names each id's counter."""
    lib = _full()
    assert lib.counters["2592"].gun_size == "75LL"  # normalised
    assert lib.counters["2592"].ammo_breakdown == {"HEAT": 10}
    path = tmp_path / "sub" / "counters.yaml"
    save_library(lib, path)
    text = path.read_text("utf-8")
    assert text.startswith("# ordnance counter library") and "name: PzKw VG" in text
    back = load_library(path)
    for key in lib.counters:
        mine = lib.counters[key].model_dump(exclude={"name"})
        assert back.counters[key].model_dump(exclude={"name"}) == mine
    assert parse_library(library_yaml(back)) == back
    assert load_library(tmp_path / "missing.yaml") == CounterLibrary()


def test_merge_over_the_database_names_each_source() -> None:
    """ASL-8.2-e: library values win over the database, a piece id entry over a name entry."""
    lib = _full().set_values("PzKw VG", CounterValues(gun_size="75L", rof=2, hull={"side": 4}))
    merged = lib.merged(lookup("2592"))
    assert merged.values.gun_size == "75LL" and merged.values.rof == 1  # the id entry wins
    assert merged.values.hull is not None and merged.values.hull.side == 5
    assert merged.sources["gun_size"] == "library" and merged.keys == ("PzKw VG", "2592")
    # the Lehr twin of the same name takes the name entry only
    twin = lib.merged(lookup("2813"))
    assert twin.values.gun_size == "75L" and twin.values.rof == 2
    assert twin.values.hull is not None and twin.values.hull.side == 4
    # a database fact stays where the library says nothing (the PaK 40's size is its name's)
    pak = CounterLibrary().merged(lookup("2498"))
    assert pak.values.gun_size == "75L" and pak.sources["gun_size"] == "database"
    # the counter's To Hit marking is a database fact
    marked = CounterLibrary().merged(lookup("3718"))
    assert marked.values.to_hit == "black" and marked.sources["to_hit"] == "database"


def test_import_merges_entry_by_entry() -> None:
    """``import``: each incoming entry is laid over the one of the same key."""
    base = CounterLibrary.model_validate({"counters": {"601": {"rof": 1, "hull": {"front": 11}}}})
    incoming = CounterLibrary.model_validate({"counters": {"601": {"hull": {"side": 8}}}})
    merged = base.merge(incoming).counters["601"]
    assert merged.rof == 1 and merged.hull is not None
    assert (merged.hull.front, merged.hull.side) == (11, 8)


def test_a_missing_value_is_refused_naming_it_and_the_command() -> None:
    """ASL-B5.2, ASL-B6: no gun size / no AF: the refusal names the value and the command."""
    merged = CounterLibrary().merged(lookup("2590"))
    with pytest.raises(RuleViolation) as err:
        merged.require("gun_size", "gun size", "--gun-size SIZE", "ASL-B5.2")
    assert err.value.clause == "ASL-B5.2" and "gun size" in err.value.message
    assert "ordnance asl counters set 2590 --gun-size" in (err.value.hint or "")
    with pytest.raises(RuleViolation) as af:
        merged.armor("turret", "side")
    assert "turret side AF" in af.value.message
    assert "--af-turret-side" in (af.value.hint or "")


def test_bad_files_are_refused_naming_the_field() -> None:
    """A value outside its range, an unknown field or bad YAML changes nothing."""
    with pytest.raises(OrdnanceError) as err:
        parse_library("counters:\n  '601': {rof: 9}\n")
    assert "counters.601.rof" in err.value.message
    with pytest.raises(OrdnanceError):
        parse_library("counters:\n  '601': {armour: 3}\n")
    with pytest.raises(OrdnanceError):
        parse_library("counters: [\n")
    with pytest.raises(OrdnanceError):
        parse_library("counters:\n  '601': {gun_size: big}\n")


def test_samples_are_marked_and_merge() -> None:
    """The packaged sample entries are each marked ``sample: true``; merged, they say so."""
    lib = sample_library()
    assert lib.counters and all(v.sample for v in lib.counters.values())
    merged = lib.merged(lookup("2592"))
    assert merged.sources["hull"] == "library (sample)"


def test_default_path_and_key(tmp_path: Path) -> None:
    """$ORDNANCE_COUNTER_LIBRARY, else $XDG_CONFIG_HOME/ordnance/counters.yaml."""
    assert default_path({ENV_VAR: str(tmp_path / "x.yaml")}) == tmp_path / "x.yaml"
    assert default_path({"XDG_CONFIG_HOME": str(tmp_path)}) == tmp_path / "ordnance/counters.yaml"
    assert default_path({"HOME": str(tmp_path)}) == tmp_path / ".config/ordnance/counters.yaml"
    assert library_key("2592") == "2592"
    assert library_key("PzKw VG") == "PzKw VG"
    assert library_key("Sherman M4A3(76)W", nationality="american") == "M4A3(76)W"
    with pytest.raises(OrdnanceError):
        library_key("Panther", nationality="german")  # two models: give one


def test_cli_set_show_export_import(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``asl counters set|show|export|import`` keep the file; a bad import writes nothing."""
    lib = tmp_path / "counters.yaml"
    monkeypatch.setenv(ENV_VAR, str(lib))
    code, out = run_json(
        capsys, "asl", "counters", "set", "2592", "--gun-size", "75LL", "--af-hull-front", "18",
        "--af-turret-side", "8", "--rof", "1", "--ammo-breakdown", "HEAT=10",
    )  # fmt: skip
    assert code == 0 and out["key"] == "2592" and out["values"]["hull"] == {"front": 18}
    code, shown = run_json(capsys, "asl", "counters", "show", "2592")
    values = shown["counters"][0]["values"]
    assert values["gun_size"] == "75LL" and values["turret"] == {"side": 8}
    assert shown["counters"][0]["sources"]["rof"] == "library"
    code, _o, err = run(capsys, "asl", "counters", "set", "2592", "--rof", "9")
    assert code == 2
    code, exported, _e = run(capsys, "asl", "counters", "export")
    assert code == 0 and parse_library(exported) == load_library(lib)
    bad = tmp_path / "bad.yaml"
    bad.write_text("counters:\n  '601': {rof: 9}\n", "utf-8")
    before = lib.read_text("utf-8")
    code, _o, err = run(capsys, "asl", "counters", "import", str(bad))
    assert code == 2 and "rof" in err and lib.read_text("utf-8") == before
    code, imported = run_json(capsys, "asl", "counters", "import", "--samples")
    assert code == 0 and "601" in imported["imported"]
    after = load_library(lib)
    assert after.counters["2592"].gun_size == "75LL"  # the sample's own values merged over
    assert after.counters["601"].sample
    other = tmp_path / "other.yaml"
    code, _o, _e = run(capsys, "asl", "counters", "--help")
    assert code == 0
    code, out = run_json(
        capsys, "asl", "counters", "set", "T-34/85", "--nationality", "russian", "--rof", "1",
        "--library", str(other),
    )  # fmt: skip
    assert code == 0 and out["key"] == "T-34/85" and other.exists()


def test_game_odds_of_a_gun_added_from_a_counter_use_the_library(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ASL-B5.2: ``add-gun --counter`` takes the library's gun size and ROF, so the game's
    whole-shot odds answer (they were refused for want of a gun size)."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "counters.yaml"))
    db = f"sqlite:///{tmp_path / 'g.db'}"
    run(capsys, "asl", "game", "new", "--id", "p", "--db", db, "--date", "1944-12",
        "--side", "american", "--side", "german", "--json")  # fmt: skip
    add = ("asl", "game", "add-gun", "p", "--db", db, "--side", "american",
           "--counter", "M4A3(76)W")  # fmt: skip
    code, entry = run_json(capsys, *add, "--id", "bare")
    assert code == 0 and entry["events"][0]["gun"]["gun_size"] is None
    run(capsys, "asl", "counters", "set", "5778", "--gun-size", "76L", "--rof", "1")
    code, entry = run_json(capsys, *add, "--id", "sh2")
    gun = entry["events"][0]["gun"]
    assert code == 0 and gun["gun_size"] == "76L" and gun["rof"] == 1
    run(capsys, "asl", "game", "phase", "p", "PFPh", "--db", db)
    odds = ("asl", "game", "odds", "p", "--db", db, "--ammo", "APCR", "--range", "7",
            "--target", "vehicle", "--af", "18")  # fmt: skip
    code, bare = run_json(capsys, *odds, "--gun", "bare")
    assert bare["whole_shot"]["clause"] == "ASL-B5.2"
    assert "ordnance asl counters set" in bare["whole_shot"]["hint"]
    code, data = run_json(capsys, *odds, "--gun", "sh2")
    assert code == 0 and data["whole_shot"]["gun"] == "76L"
