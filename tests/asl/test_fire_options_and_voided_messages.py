"""Canister ``--aim``/``--manned-in-mph`` on the CLI, honest voided/Intensive Fire texts, drift help.

Covers ASL-8.4-h/k (the five aim points of one CA and their clusters), ASL-8.4-c
(manned in the MPh: halved only in the AFPh), ASL-8.9-e with ASL-B5.8 (a voided
Intensive Fire attempt may be made again only as Intensive Fire) and the
Intensive Fire shot text of ordinary ammunition.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ordnance import i18n
from ordnance.asl.plugin import AslGame
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from tests.asl.test_cli import run, run_json

#: V1..V5 of a Gun in 0,0 with CA N (vertex-ring default, ASL-AMB-7): the three hexes attacked.
CLUSTERS = {
    "V1": ["0,-2", "0,-3", "1,-3"],
    "V2": ["1,-2", "0,-2", "1,-3"],
    "V3": ["1,-2", "1,-3", "2,-3"],
    "V4": ["1,-2", "2,-3", "2,-2"],
    "V5": ["2,-2", "2,-3", "3,-3"],
}


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.activate("en")


def _scenario(capsys: pytest.CaptureFixture[str], db: str, phase: str) -> None:
    for args in (
        ("new", "--id", "g", "--date", "1944-06", "--side", "russian", "--side", "german"),
        ("add-gun", "g", "--id", "m3", "--side", "russian", "--notation", "C7", "--size", "37L",
         "--hex", "0,0", "--ca", "0"),
        ("phase", "g", phase, "--attacker", "russian"),
    ):  # fmt: skip
        code, _ = run_json(capsys, "asl", "game", *args, "--db", db)
        assert code == 0, args


def test_odds_and_fire_use_the_aim_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ASL-8.4-h/k: each of V1..V5 attacks its own cluster; no --aim is V3."""
    db = str(tmp_path / "g.db")
    _scenario(capsys, db, "PFPh")
    for name, cluster in CLUSTERS.items():
        for spelled in (name, name.lower(), name[1:]):
            code, data = run_json(
                capsys, "asl", "game", "odds", "g", "--db", db, "--gun", "m3", "--ammo",
                "Canister", "--aim", spelled,
            )  # fmt: skip
            assert code == 0
            assert data["canister"]["aim"]["name"] == name
            assert data["canister"]["aim"]["cluster"] == cluster
    _, default = run_json(capsys, "asl", "game", "odds", "g", "--db", db, "--gun", "m3",
                          "--ammo", "C")  # fmt: skip
    assert default["canister"]["aim"]["cluster"] == CLUSTERS["V3"]
    code, entry = run_json(capsys, "asl", "game", "fire", "g", "--db", db, "--gun", "m3",
                           "--ammo", "Canister", "--aim", "V1", "--dr", "2,3")  # fmt: skip
    assert code == 0
    (event,) = entry["events"]
    assert event["aim"]["name"] == "V1" and event["aim"]["cluster"] == CLUSTERS["V1"]
    _, view = run_json(capsys, "asl", "game", "record", "g", "--db", db)
    assert view["map"]["clusters"][0]["hexes"] == CLUSTERS["V1"]


def test_bad_aim_and_canister_only_options_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ASL-8.4-k: only V1..V5; --aim/--manned-in-mph are Canister options. Nothing written."""
    db = str(tmp_path / "g.db")
    _scenario(capsys, db, "PFPh")
    for args, clause in (
        (("fire", "g", "--gun", "m3", "--ammo", "C", "--aim", "V6", "--dr", "2,3"), "ASL-8.4-k"),
        (("odds", "g", "--gun", "m3", "--ammo", "C", "--aim", "X"), "ASL-8.4-k"),
        (("fire", "g", "--gun", "m3", "--ammo", "AP", "--aim", "V1", "--dr", "2,3"), "ASL-8.4-h"),
        (("fire", "g", "--gun", "m3", "--manned-in-mph", "--dr", "2,3"), "ASL-8.4-c"),
    ):
        code, data = run_json(capsys, "asl", "game", *args, "--db", db)
        assert code == 2 and data["clause"] == clause, args
    _, log = run_json(capsys, "asl", "game", "log", "g", "--db", db)
    assert len(log["entries"]) == 2  # add-gun and phase: no shot was written


@pytest.mark.parametrize(("phase", "halved"), [("AFPh", True), ("PFPh", False)])
def test_manned_in_mph_halves_only_in_the_afph(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, phase: str, halved: bool
) -> None:
    """ASL-8.4-c: Infantry that manned the Gun in the MPh fire it at half FP in the AFPh only."""
    db = str(tmp_path / "g.db")
    _scenario(capsys, db, phase)
    _, odds = run_json(capsys, "asl", "game", "odds", "g", "--db", db, "--gun", "m3",
                       "--ammo", "C", "--manned-in-mph")  # fmt: skip
    assert odds["canister"]["manned_halved"] is halved
    _, plain = run_json(capsys, "asl", "game", "odds", "g", "--db", db, "--gun", "m3",
                        "--ammo", "C")  # fmt: skip
    assert plain["canister"]["manned_halved"] is False
    if halved:
        assert odds["canister"]["locations"] != plain["canister"]["locations"]
    else:
        assert odds["canister"]["locations"] == plain["canister"]["locations"]
    code, entry = run_json(capsys, "asl", "game", "fire", "g", "--db", db, "--gun", "m3",
                           "--ammo", "C", "--manned-in-mph", "--dr", "2,3")  # fmt: skip
    assert code == 0
    (event,) = entry["events"]
    assert event["manned_in_mph"]["halved"] is halved
    factors = [f for a in event["attacks"] for f in a["factors"] if f[0] == "ASL-8.4-c"]
    assert bool(factors) is halved
    assert ("FP halved" in event["text"]) is halved


# -- ASL-8.9-e / ASL-B5.8: the texts say what is true ------------------------------------
ASL = AslGame()
SIDES = [{"name": "russian", "nationality": "russian"}, {"name": "german", "nationality": "german"}]
T34 = {"type": "add_gun", "id": "t34", "side": "russian", "notation": "A5^4/6^5",
       "gun_size": "85L", "hex": "0,0", "breakdown": 12}  # fmt: skip


def _play(*steps: tuple[dict[str, Any], tuple[int, ...]]) -> tuple[Any, list[Event]]:
    state = ASL.new({"date": "1944-06", "sides": SIDES})
    events: list[Event] = []
    for action, dice in steps:
        source = EnteredDice(dice)
        out = ASL.apply(state, action, source, None)
        source.finish()
        state, events = out.state, events + list(out.events)
    return state, events


def _ru(event: Event) -> str:
    return i18n.event_text(event.for_seat(None, messages=True), i18n.translations("ru").gettext)


PFPH = ({"type": "set_phase", "phase": "PFPh", "attacker": "russian"}, ())
ORDINARY = ({"type": "fire", "gun": "t34", "ammo": "ordinary"}, (3, 4))


def test_voided_intensive_fire_attempt_says_intensive_fire_only() -> None:
    """ASL-8.9-e + ASL-B5.8: after a voided Intensive Fire attempt only Intensive Fire is left."""
    intensive_apcr = {"type": "fire", "gun": "t34", "ammo": "APCR", "intensive": True}
    state, events = _play((T34, ()), PFPH, ORDINARY, (intensive_apcr, (4, 4)))
    voided = events[-1]
    assert voided.data["outcome"] == "not-available"
    assert voided.data["may_fire_next"] == "Intensive Fire only"
    assert "may fire other ammunition only as Intensive Fire" in voided.text
    assert "только интенсивным огнём" in _ru(voided)
    # and that is what the rules engine allows next: a normal shot is refused ...
    with pytest.raises(RuleViolation) as refused:
        ASL.apply(state, ORDINARY[0], EnteredDice((1, 1)), None)
    assert refused.value.clause == "ASL-8.1-c"
    # ... Intensive Fire with other ammunition is not
    again = {"type": "fire", "gun": "t34", "ammo": "ordinary", "intensive": True}
    out = ASL.apply(state, again, EnteredDice((2, 2)), None)
    assert out.events[-1].data["intensive"] is True


def test_voided_normal_attempt_still_says_other_ammunition() -> None:
    """ASL-8.9-e: a voided first shot leaves the Gun free to fire other ammunition."""
    _, events = _play((T34, ()), PFPH, ({"type": "fire", "gun": "t34", "ammo": "APCR"}, (4, 4)))
    voided = events[-1]
    assert voided.data["may_fire_next"] == "other ammunition"
    assert voided.text.endswith(
        "DR 4+4=8: there was none: no shot, the Gun has not fired and may fire other "
        "ammunition; gone for the scenario"
    )


def test_voided_attempt_that_malfunctions_promises_no_more_fire() -> None:
    """ASL-8.9-e: the malfunction still counts; the text no longer offers other ammunition."""
    apcr = {"type": "fire", "gun": "t34", "ammo": "APCR"}
    _, events = _play((T34, ()), PFPH, (apcr, (6, 6)))
    voided = events[-1]
    assert voided.data["malfunctioned"] is True
    assert voided.data["may_fire_next"] == "nothing (malfunctioned)"
    assert "may fire other" not in voided.text
    assert "no shot and the Gun has not fired; gone for the scenario; the Gun malfunctions" in (
        voided.text
    )


def test_intensive_fire_with_ordinary_ammunition_says_so() -> None:
    """ASL-B5.8: an Intensive Fire shot is named as such, with 'ordinary ammunition'."""
    again = {"type": "fire", "gun": "t34", "intensive": True}
    _, events = _play((T34, ()), PFPH, ORDINARY, (again, (2, 2)))
    shot = events[-1]
    assert shot.text == "t34 fires ordinary ammunition as Intensive Fire (shot #2), DR 2+2=4"
    assert _ru(shot) == (
        "t34 ведёт интенсивный огонь: обычными боеприпасами (выстрел №2), DR 2+2=4"
    )
    _, broke = _play((T34, ()), PFPH, ORDINARY, (again, (5, 5)))
    assert broke[-1].text == (
        "t34 fires ordinary ammunition as Intensive Fire (shot #2), DR 5+5=10: malfunction (B#10)"
    )
    # a normal ordinary shot keeps its short text
    assert events[-2].text == "t34 fires ordinary (shot #1), DR 3+4=7"


# -- the drift help is generic ------------------------------------------------------------
def test_drift_help_describes_the_generic_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """``ordnance odds drift``: a generic hits-then-drift shape, ToI only as an example."""
    code, out, _ = run(capsys, "odds", "drift", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "generic shape" in text and "one example" in text
    assert "the Tide of Iron Smoke round shape" not in text
    code, out, _ = run(capsys, "--lang", "ru", "odds", "drift", "--help")
    assert code == 0 and "Общая схема" in " ".join(out.split())
