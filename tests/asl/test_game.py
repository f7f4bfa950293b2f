"""The scenario game and its side record (ASL-8.0-a, 8.1, 8.8, 8.9, 8.5-8.6 via smoke, 8.4 via canister)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from ordnance.asl.plugin import AslGame
from ordnance.asl.state import AslState
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import NotYourSeat, OrdnanceError, RuleViolation, UnknownName
from ordnance.core.journal import GameSession, open_journal

GAME = AslGame()
SIDES = [
    {"name": "russian", "nationality": "russian"},
    {"name": "german", "nationality": "german"},
]


def new(**settings: Any) -> AslState:
    return GAME.new({"date": "1944-06", "sides": SIDES, **settings})


def act(
    state: AslState, action: Mapping[str, Any], *dice: int, seat: str | None = None
) -> AslState:
    source = EnteredDice(dice)
    out = GAME.apply(state, action, source, seat)
    source.finish()
    return out.state


def t34(state: AslState, **extra: Any) -> AslState:
    action = {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
              "notation": "A5^4^/6^5", "gun_size": "85L", **extra}  # fmt: skip
    return act(state, action)


def cap(state: AslState, gun: str, ammo: str) -> dict[str, Any]:
    for g in GAME.view(state, None)["record"]:
        if g["id"] == gun:
            for c in g["capabilities"]:
                if c["ammo"] == ammo:
                    return dict(c)
    raise AssertionError(f"{gun} has no {ammo}")


def in_phase(state: AslState, phase: str) -> AslState:
    return act(state, {"type": "set_phase", "phase": phase})


def test_settings_refused() -> None:
    with pytest.raises(RuleViolation) as err:
        new(date="1950-01")
    assert err.value.clause == "ASL-8.2-c"
    with pytest.raises(UnknownName):
        GAME.new({"sides": [{"name": "a", "nationality": "martian"}, SIDES[1]]})
    with pytest.raises(UnknownName):
        new(theatre="Mars")
    with pytest.raises(OrdnanceError):
        new(options={"elite_scope": "nonsense"})


def test_record_is_per_piece() -> None:
    """ASL-8.0-a: two T-34/85 pieces keep separate records."""
    s = t34(new())
    s = act(s, {"type": "add_gun", "id": "t34b", "side": "russian", "notation": "A5^4^/6^5"})
    s = in_phase(s, "PFPh")
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 3, 2)
    assert cap(s, "t34", "APCR")["status"] == "gone"
    assert cap(s, "t34b", "APCR")["status"] == "available"
    with pytest.raises(OrdnanceError) as err:
        act(s, {"type": "add_gun", "id": "t34", "side": "russian", "notation": "A5"})
    assert err.value.clause == "ASL-8.0-a"


def test_record_persists_across_turns() -> None:
    """ASL-8.0-a: gone stays gone for the whole scenario, with its DR and turn."""
    s = in_phase(t34(new()), "PFPh")
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 6, 5)
    for _ in range(20):
        s = act(s, {"type": "set_phase"})
    assert s.turn >= 2
    c = cap(s, "t34", "APCR")
    assert c["status"] == "gone"
    assert c["exhausted"] == {"dr": [6, 5], "original_dr": 11, "turn": 1, "phase": "PFPh",
                              "shot": 1, "outcome": "not-available"}  # fmt: skip


def test_gun_from_chart_and_elite() -> None:
    """ASL-8.2-a/f: a PaK 40 (German 75L) from the chart; Elite side +1."""
    s = GAME.new({"date": "1944-06", "sides": [SIDES[0], {**SIDES[1], "elite": True}]})
    s = act(s, {"type": "add_gun", "id": "pak", "side": "german", "gun_size": "75L"})
    c = cap(s, "pak", "APCR")
    assert c["depletion"] == 4 and c["source"] == "chart"
    with pytest.raises(UnknownName) as err:
        act(s, {"type": "add_gun", "id": "x", "side": "german", "gun_size": "85L"})
    assert err.value.clause == "ASL-8.2-a"
    with pytest.raises(OrdnanceError):
        act(s, {"type": "add_gun", "id": "y", "side": "german"})


def test_bad_notation_refused_naming_token() -> None:
    with pytest.raises(OrdnanceError) as err:
        act(new(), {"type": "add_gun", "id": "x", "side": "german", "notation": "A5 Q7"})
    assert "Q7" in str(err.value)


def test_fire_outcomes_and_consequences() -> None:
    """ASL-8.9-c/d/e through the game: used, used-and-depleted, not-available."""
    s = in_phase(t34(new(), rof=2), "PFPh")
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 1, 2)  # 3 < 5, ROF kept
    c = cap(s, "t34", "APCR")
    assert c["status"] == "available" and c["uses"] == 1
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 6, 5)  # 11 > 5
    c = cap(s, "t34", "APCR")
    assert c["status"] == "gone" and c["uses"] == 1 and c["attempts"] == 2
    gun = s.gun("t34")
    assert gun is not None and gun.may_fire_again  # ASL-8.9-e: other ammunition now
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "AP"}, 5, 5)
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 1, 1)
    assert err.value.clause in ("ASL-8.9-e", "ASL-8.1-c")


def test_not_fired_shot_does_not_close_smoke_window() -> None:
    """ASL-8.9-e: a DR > N shot is not fired for any purpose, so SMOKE may still follow."""
    s = act(new(), {"type": "add_gun", "id": "g", "side": "russian",
                    "notation": "A5^4^ s8", "hex": "0,0", "rof": 1})  # fmt: skip
    s = in_phase(s, "PFPh")
    s = act(s, {"type": "fire", "gun": "g", "ammo": "APCR"}, 6, 5)
    s = act(s, {"type": "place_smoke", "gun": "g", "target": "2,0"}, 2, 2)
    assert GAME.view(s, None)["map"]["markers"][0]["kind"] == "smoke"


def test_multiple_rof_new_declaration_each_shot() -> None:
    """ASL-8.1-c: each shot chooses its own ammunition; a declaration covers one shot."""
    s = in_phase(t34(new(), rof=3), "PFPh")
    s = act(s, {"type": "declare_ammo", "gun": "t34", "ammo": "APCR"})
    s = act(s, {"type": "fire", "gun": "t34"}, 1, 1)  # the declared APCR
    assert cap(s, "t34", "APCR")["uses"] == 1
    s = act(s, {"type": "fire", "gun": "t34"}, 1, 2)  # no declaration: ordinary
    assert cap(s, "t34", "APCR")["uses"] == 1
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 2, 1)
    assert cap(s, "t34", "APCR")["uses"] == 2


def test_declaration_after_roll_refused() -> None:
    """ASL-8.1-a: declaring special ammunition for a shot already rolled is refused."""
    s = in_phase(t34(new(), rof=1), "PFPh")
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "AP"}, 1, 4)
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "declare_ammo", "gun": "t34", "ammo": "APCR", "shot": 1})
    assert err.value.clause == "ASL-8.1-a"
    s2 = act(s, {"type": "declare_ammo", "gun": "t34", "ammo": "APCR", "shot": 2})
    with pytest.raises(RuleViolation) as err2:
        act(s2, {"type": "fire", "gun": "t34", "ammo": "AP"}, 1, 1)
    assert err2.value.clause == "ASL-8.1-a"


def test_intensive_fire_keeps_n() -> None:
    """ASL-8.92-a: Intensive Fire: same N, B# -2 (malfunction at 10 with B#12)."""
    s = in_phase(t34(new(), breakdown=12), "PFPh")
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "AP"}, 4, 1)
    odds = GAME.odds(s, {"type": "fire", "gun": "t34", "ammo": "APCR", "intensive": True})
    assert odds is not None and "N=5" in odds["title"]
    assert odds["malfunction"] == "1/6"  # DR 10, 11, 12 = 6/36
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "APCR", "intensive": True}, 5, 5)
    gun = s.gun("t34")
    assert gun is not None and gun.malfunctioned
    assert cap(s, "t34", "APCR")["exhausted"]["outcome"] == "not-available"
    with pytest.raises(RuleViolation):
        act(s, {"type": "fire", "gun": "t34", "ammo": "AP"}, 1, 1)


def test_limited_stowage_is_special() -> None:
    """ASL-8.8-a/b: HE7 on the counter makes HE a declared special ammunition."""
    s = act(new(), {"type": "add_gun", "id": "stug", "side": "german", "notation": "HE7"})
    s = act(s, {"type": "set_phase", "phase": "PFPh", "attacker": "german"})
    s = act(s, {"type": "fire", "gun": "stug", "ammo": "HE"}, 4, 3)
    c = cap(s, "stug", "HE")
    assert c["status"] == "gone" and c["exhausted"]["outcome"] == "used-and-depleted"


def test_heat_target_and_date_in_game() -> None:
    """ASL-8.31-b and ASL-8.3-a in the game."""
    s = GAME.new({"date": "1942-03", "sides": SIDES})
    s = act(s, {"type": "add_gun", "id": "p", "side": "german", "notation": "H6"})
    s = act(s, {"type": "set_phase", "phase": "PFPh", "attacker": "german"})
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "fire", "gun": "p", "ammo": "HEAT"}, 1, 1)
    assert err.value.clause == "ASL-8.3-a"
    s = GAME.new({"date": "1943-03", "sides": SIDES})
    s = act(s, {"type": "add_gun", "id": "p", "side": "german", "notation": "H6"})
    s = act(s, {"type": "set_phase", "phase": "PFPh", "attacker": "german"})
    with pytest.raises(RuleViolation) as err2:
        act(s, {"type": "fire", "gun": "p", "ammo": "HEAT", "target": "infantry"}, 1, 1)
    assert err2.value.clause == "ASL-8.31-b"
    act(
        s,
        {"type": "fire", "gun": "p", "ammo": "HEAT", "target": "infantry", "tem": "building"},
        1,
        1,
    )


def test_dispensers_and_ir_not_fired() -> None:
    """ASL-8.9-f: dispensers have no depletion check; ASL-8.7-a: IR recorded only."""
    s = act(new(), {"type": "add_gun", "id": "v", "side": "russian", "notation": "sD6 IR s8"})
    c = cap(s, "v", "sD")
    assert c["depletion"] is None and c["depletion_applies"] is False
    assert cap(s, "v", "IR")["status"] == "available"
    s = in_phase(s, "PFPh")
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "fire", "gun": "v", "ammo": "sD"}, 1, 1)
    assert err.value.clause == "ASL-8.9-f"
    with pytest.raises(RuleViolation) as err2:
        act(s, {"type": "fire", "gun": "v", "ammo": "IR"}, 1, 1)
    assert err2.value.clause == "ASL-8.7-a"


def test_phase_forbids_fire() -> None:
    """Notes B3: Guns fire in the fire phases of their side only; nothing is consumed."""
    s = t34(new())
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 1, 1)
    assert err.value.clause == "ASL-B3"
    s = in_phase(s, "DFPh")  # the russians are ATTACKER: DFPh is the german's
    with pytest.raises(RuleViolation):
        act(s, {"type": "fire", "gun": "t34"}, 1, 1)


def test_smoke_phase_rules_through_game() -> None:
    """ASL-8.5-a/b, 8.51-b, 8.52-b, 8.6-a/b via the smoke module; AMB-14 placement DR."""
    s = act(new(), {"type": "add_gun", "id": "g", "side": "russian", "notation": "s8 WP7",
                    "hex": "0,0", "rof": 3})  # fmt: skip
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "place_smoke", "gun": "g", "target": "2,0"}, 1, 1)
    assert err.value.clause == "ASL-8.5-a"
    s = in_phase(s, "PFPh")
    with pytest.raises(RuleViolation) as err2:
        act(s, {"type": "place_smoke", "gun": "g", "target": "0,0"}, 1, 1)
    assert err2.value.clause == "ASL-8.52-b"
    s = act(s, {"type": "place_smoke", "gun": "g", "target": "2,0"}, 1, 1)
    s = act(s, {"type": "fire", "gun": "g", "ammo": "AP"}, 1, 1)
    with pytest.raises(RuleViolation) as err3:
        act(s, {"type": "place_smoke", "gun": "g", "target": "2,-1"}, 1, 1)
    assert err3.value.clause == "ASL-8.5-b"
    s = in_phase(s, "AFPh")
    # notes B5.6 / B3: g Prep Fired, so it may not fire again in the AFPh; a second Gun does
    with pytest.raises(RuleViolation) as err4:
        act(s, {"type": "place_wp", "gun": "g", "target": "1,1"}, 1, 2)
    assert err4.value.clause == "ASL-B3"
    s = act(s, {"type": "add_gun", "id": "g2", "side": "russian", "notation": "s8 WP7",
                "hex": "0,0"})  # fmt: skip
    s = act(s, {"type": "place_wp", "gun": "g2", "target": "1,1"}, 1, 2)
    kinds = [m["kind"] for m in GAME.view(s, None)["map"]["markers"]]
    assert kinds == ["smoke", "wp"]
    last = GAME.view(s, None)["recent"][-1]
    assert "WP" in last


def test_smoke_depletion_placement_dr() -> None:
    """ASL-AMB-14: the Placement DR is the depletion check: DR > N places nothing."""
    s = act(
        new(), {"type": "add_gun", "id": "g", "side": "russian", "notation": "s6", "hex": "0,0"}
    )
    s = in_phase(s, "PFPh")
    s = act(s, {"type": "place_smoke", "gun": "g", "target": "2,0"}, 5, 5)
    assert "map" not in GAME.view(s, None) or not GAME.view(s, None)["map"]["markers"]
    assert cap(s, "g", "SMOKE")["status"] == "gone"


def test_canister_through_game() -> None:
    """ASL-8.4-b/f/g: no To Hit DR; the IFT DR is the depletion and B# check."""
    s = act(new(), {"type": "add_gun", "id": "c", "side": "russian", "notation": "C7",
                    "gun_size": "37L", "hex": "0,0"})  # fmt: skip
    s = in_phase(s, "PFPh")
    out = GAME.apply(
        s, {"type": "fire_canister", "gun": "c", "aim": 3, "ca": 0}, EnteredDice([2, 2])
    )
    data = out.events[0].data
    assert data["canister"]["fired"] and data["outcome"] == "used"
    assert len(data["canister"]["hexes"]) == 5  # two adjacent (quartered) + three cluster
    view = GAME.view(out.state, None)
    assert view["map"]["clusters"][0]["hexes"]
    s2 = act(s, {"type": "fire_canister", "gun": "c", "aim": 1, "ca": 0}, 6, 4)
    assert cap(s2, "c", "Canister")["status"] == "gone"
    with pytest.raises(RuleViolation):
        act(s, {"type": "fire", "gun": "c", "ammo": "Canister"}, 1, 1)
    # ASL-8.4-e: the piece's Ordnance Listing FP wins over the chart; no FP known: refused
    s3 = act(new(), {"type": "add_gun", "id": "d", "side": "russian", "notation": "C7",
                     "gun_size": "45L", "hex": "0,0", "canister_fp": 8})  # fmt: skip
    fire_d = {"type": "fire_canister", "gun": "d", "aim": 1, "ca": 0}
    out3 = GAME.apply(in_phase(s3, "PFPh"), fire_d, EnteredDice([2, 2]))
    assert out3.events[0].data["attacks"][-1]["fp"] == "8/1"
    s4 = act(new(), {"type": "add_gun", "id": "e", "side": "russian", "notation": "C7",
                     "gun_size": "45L", "hex": "0,0"})  # fmt: skip
    with pytest.raises(UnknownName) as err:
        act(in_phase(s4, "PFPh"), {"type": "fire_canister", "gun": "e", "aim": 1, "ca": 0}, 2, 2)
    assert err.value.clause == "ASL-8.4-e"


def test_seat_checks_and_legal() -> None:
    s = in_phase(t34(new()), "PFPh")
    with pytest.raises(RuleViolation) as err:  # the russian's phase (ASL-B3), first
        act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 1, 1, seat="german")
    assert err.value.clause == "ASL-B3"
    with pytest.raises(NotYourSeat):  # the german's phase, the russian's gun
        act(
            in_phase(s, "DFPh"), {"type": "fire", "gun": "t34", "ammo": "APCR"}, 1, 1, seat="german"
        )
    kinds = [a["type"] for a in GAME.legal(s, "russian")]
    assert "fire" in kinds and "declare_ammo" in kinds
    assert all("schema" in a for a in GAME.legal(s, None))
    assert "fire" not in [a["type"] for a in GAME.legal(s, "german")]
    assert GAME.settings_schema()["properties"]["date"]


def test_odds_preview() -> None:
    s = in_phase(t34(new()), "PFPh")
    odds = GAME.odds(s, {"type": "fire", "gun": "t34", "ammo": "APCR"})
    assert odds is not None
    assert odds["distribution"] == {
        "not-available": "13/18",
        "used": "1/6",
        "used-and-depleted": "1/9",
    }
    assert GAME.odds(s, {"type": "set_phase"}) is None


def test_unknown_action_and_gun() -> None:
    s = t34(new())
    with pytest.raises(UnknownName):
        act(s, {"type": "teleport"})
    with pytest.raises(UnknownName):
        act(s, {"type": "fire", "gun": "nope"}, 1, 1)
    with pytest.raises(UnknownName):
        act(in_phase(s, "PFPh"), {"type": "fire", "gun": "t34", "ammo": "XYZ"}, 1, 1)


@pytest.fixture()
def session() -> GameSession:
    # The entry point registers the ASL plugin (with its CLI); re-registering a
    # bare GamePlugin here would unmount ``ordnance asl`` for later CLI tests.
    return GameSession.create(open_journal("sqlite://"), "asl", {"date": "1944-06", "sides": SIDES})


def test_journal_replay_undo_and_refusals_write_nothing(session: GameSession) -> None:
    """The record is persisted in the journal; undo restores it; a refusal writes nothing."""
    session.act({"type": "add_gun", "id": "t34", "side": "russian", "notation": "A5^4^/6^5"},
                EnteredDice([]))  # fmt: skip
    session.act({"type": "set_phase", "phase": "PFPh"}, EnteredDice([]))
    session.act({"type": "fire", "gun": "t34", "ammo": "APCR"}, EnteredDice([3, 2]))
    assert session.view(None)["record"][0]["capabilities"][0]["status"] == "gone"
    version = session.version
    with pytest.raises(RuleViolation):
        session.act({"type": "fire", "gun": "t34", "ammo": "APCR"}, EnteredDice([1, 1]))
    assert session.version == version
    session.undo()
    assert session.view(None)["record"][0]["capabilities"][0]["status"] == "available"
    assert [e["kind"] for e in session.log(None)][-1] == "undo"
