"""Export keeps the position: play, export, load into a new game, same views for every seat.

Each game plays a few actions from a shipped sample (dice entered or seeded),
then ``export`` writes the file, which starts a new game; the views of every
seat and the spectator are compared. What the position holds: ToI munition
tokens face down and revealed, smoke with its drift, unit activation and
damage, the Status Phase step (TOI-GEN-4/5/9); WaW Smoke and FASCAM markers
(WAW-8.2, WAW-8.3) and conditions (WAW-HE-i); the ASL written record (shots,
exhausted ammunition with its DR, ASL-8.9-d/e; malfunction, SMOKE markers).
A seat's export holds only what its view shows (TOI-GEN-5: the other side's
face-down tokens and its supply left by type are secret).
"""

from __future__ import annotations

from typing import Any

import pytest

from ordnance.core import scenario as sc
from ordnance.core.dice import EnteredDice, SeededDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import parse_hex

Script = list[tuple[dict[str, Any], tuple[int, ...] | None]]

TOI: Script = [
    ({"type": "advance", "to": "munitions"}, None),
    ({"type": "buy", "unit": "g-stug-1", "munition": "AP-C"}, None),
    ({"type": "buy", "unit": "s-t34-1", "munition": "Smoke"}, None),
    ({"type": "buy", "unit": "g-pziv-1", "munition": "Smoke"}, None),
    ({"type": "advance", "to": "action"}, None),
    ({"type": "attack", "unit": "g-pziv-1", "hex": "3,1"}, None),  # Smoke round, drifts
    ({"type": "attack", "unit": "s-zis3-1", "target": "g-squad-1"}, None),
]
WAW: Script = [
    ({"type": "smoke", "side": "us", "target": "4,1"}, None),
    ({"type": "fascam", "side": "us", "target": "6,2"}, None),
    ({"type": "set_condition", "unit": "us-inf-1", "condition": "reduced"}, None),
    ({"type": "he_fire", "side": "us", "target": "5,0", "firepower": 4, "hit_number": 4}, None),
]
ASL: Script = [
    ({"type": "set_phase", "phase": "PFPh", "attacker": "german"}, ()),
    ({"type": "place_smoke", "gun": "pak40-1", "target": "2,1"}, (2, 3)),
    ({"type": "set_phase", "phase": "PFPh", "attacker": "american", "turn": 2}, ()),
    ({"type": "fire", "gun": "at57-1", "ammo": "HE"}, (4, 5)),  # 9 > 7: there was none
    ({"type": "fire", "gun": "at57-1", "ammo": "ordinary"}, (6, 6)),  # B#12: malfunction
]
PLAYS = {"toi/crossroads-sample": TOI, "waw/fulda-sample": WAW, "asl/normandy-sample": ASL}


def _played(name: str, script: Script, secret: str = "AP-C") -> tuple[Any, Any]:
    game, _doc, start = sc.prepare(sc.open_source(name))
    state = sc.dry_run(game, start)
    for action, dice in script:
        if action.get("munition") == "AP-C":
            action = {**action, "munition": secret}
        source = EnteredDice(dice) if dice is not None else SeededDice(7)
        state = game.apply(state, action, source, None).state
    return game, state


def _load(doc: dict[str, Any], fmt: str = "yaml") -> tuple[Any, Any]:
    text = sc.dump(doc, "json" if fmt == "json" else "yaml")
    game, _doc, start = sc.prepare(sc.parse_text(text, f"exported.{fmt}"))
    return game, sc.dry_run(game, start)


def _views(game: Any, state: Any) -> dict[str | None, Any]:
    """Every seat's view and the spectator's, less ToI's echo of the settings as written."""
    out = {}
    for seat in [*game.seats(state), None]:
        view = game.view(state, seat)
        out[seat] = {k: v for k, v in view.items() if k != "settings"}
    return out


@pytest.mark.parametrize("fmt", ["yaml", "json"])
@pytest.mark.parametrize("name", sorted(PLAYS))
def test_played_position_round_trips_with_the_same_views(name: str, fmt: str) -> None:
    game, state = _played(name, PLAYS[name])
    doc = sc.export(game, state)
    game2, again = _load(doc, fmt)
    assert _views(game2, again) == _views(game, state)
    assert sc.export(game2, again) == doc  # a fixed point: exported again, the same file


def test_toi_position_holds_tokens_smoke_and_steps() -> None:
    """TOI-GEN-5 tokens (face down and revealed), TOI smoke and its drift, fatigue."""
    game, state = _played("toi/crossroads-sample", TOI)
    p = sc.export(game, state)["position"]
    tokens = {t["id"]: t for t in p["tokens"]}
    assert tokens["german-1"] == {
        "id": "german-1",
        "side": "german",
        "unit": "g-stug-1",
        "munition": "AP-C",
        "bought_in_status": 1,
    }
    assert tokens["german-2"]["face_up"] is True  # the Smoke round revealed it
    assert p["smoke"] and p["last_drift"][0] == "3,1"
    assert p["units"]["g-pziv-1"] == {"activation": "fatigued"}
    assert p["round"] == 2 and p["status_no"] == 1
    # TOI-GEN-3: the supply left is the position's; rules.supply stays the starting one
    assert p["nations"]["german"]["supply"]["AP-C"] == 0
    assert sc.export(game, state)["rules"]["supply"]["german"]["AP-C"] == 1


def test_toi_seat_export_hides_the_other_sides_face_down_tokens() -> None:
    """TOI-GEN-5: the soviet's file is the same whatever the german bought face down."""
    files = []
    for secret in ("AP-B", "AP-C"):
        game, state = _played("toi/crossroads-sample", TOI, secret)
        files.append(sc.dump(sc.export(game, state, "soviet")))
        german = sc.export(game, state, "german")
        assert any(t["munition"] == secret for t in german["position"]["tokens"])
    assert files[0] == files[1]
    soviet = sc.parse_text(files[0], "soviet.yaml").data
    ids = [t["id"] for t in soviet["position"]["tokens"]]
    assert "german-1" not in ids  # face down, the german's
    assert "german-2" in ids and "soviet-1" in ids  # revealed, and the soviet's own
    # the german supply is the scenario's starting one, not what is left by type
    assert soviet["rules"]["supply"]["german"] == {"HE": 2, "AP-B": 1, "AP-C": 1, "Smoke": 1}


def test_toi_seat_export_loads_with_that_seats_own_tokens() -> None:
    """A seat's file starts a game in which that seat's own tokens and units are as they were."""
    game, state = _played("toi/crossroads-sample", TOI)
    game2, again = _load(sc.export(game, state, "soviet"))
    before, after = game.view(state, "soviet"), game2.view(again, "soviet")
    assert after["units"] == before["units"]
    own = [t for t in after["tokens"] if t["side"] == "soviet"]
    assert own == [t for t in before["tokens"] if t["side"] == "soviet"]


def test_waw_position_holds_smoke_fascam_and_conditions() -> None:
    """WAW-8.2-a Smoke 2, WAW-8.3-b the FASCAM marker, WAW-HE-i conditions."""
    game, state = _played("waw/fulda-sample", WAW)
    doc = sc.export(game, state)
    # written as printed: axial 4,1 is 0504, 6,2 is 0706
    assert doc["position"]["smoke"] == [{"hex": "0504", "level": 2}]
    assert doc["position"]["fascam"] == ["0706"]
    units = {u["id"]: u for u in doc["units"]}
    assert units["us-inf-1"]["condition"] == "reduced"
    # a seat's export: World at War hides nothing, so it is the full one
    assert sc.export(game, state, "soviet") == doc


def test_waw_marker_removal_after_loading_flips_the_loaded_smoke() -> None:
    """WAW-8.2-h: a loaded Smoke 2 is a real marker: the Marker Removal Phase flips it."""
    game, state = _played("waw/fulda-sample", WAW)
    game2, again = _load(sc.export(game, state))
    for g, s in ((game, state), (game2, again)):
        for seat in ("us", "soviet"):
            s = g.apply(s, {"type": "done"}, EnteredDice(()), seat).state
        assert sc.export(g, s)["position"]["smoke"] == [{"hex": "0504", "level": 1}]


def test_asl_position_holds_the_written_record() -> None:
    """ASL-8.9-e missing ammunition with its DR, B# malfunction, the SMOKE marker placed."""
    game, state = _played("asl/normandy-sample", ASL)
    p = sc.export(game, state)["position"]
    at57 = p["guns"]["at57-1"]
    assert at57["malfunctioned"] is True and at57["shots"] == 2
    assert at57["ammo"]["HE"]["exhausted"]["dr"] == [4, 5]
    printed = game.hex_label(state, parse_hex("2,1"))  # the board's own id, e.g. C3
    assert any(m["hex"] == printed for m in p["markers"])
    assert p["turn"] == 2 and p["attacker"] == "american"
    # the loaded game's record says the same: HE gone for the scenario (ASL-8.9-e)
    _game2, again = _load(sc.export(game, state))
    gun = next(g for g in again.guns if g.id == "at57-1")
    he = next(c for c in gun.capabilities if c.ammo == "HE")
    assert he.status == "gone" and gun.malfunctioned


BAD_POSITIONS = [
    (
        "toi/crossroads-sample",
        {"tokens": [{"id": "x", "side": "german", "unit": "nobody", "munition": "HE"}]},
        "position.tokens[0].unit",
        "no unit 'nobody'",
    ),
    (
        "toi/crossroads-sample",
        {"tokens": [{"id": "x", "side": "soviet", "unit": "g-stug-1", "munition": "HE"}]},
        "position.tokens[0].side",
        "TOI-GEN-5",
    ),
    ("toi/crossroads-sample", {"phase": "status", "step": "lunch"}, "position.step", "one of"),
    (
        "toi/crossroads-sample",
        {"smoke": [{"hex": "40,0", "placed_round": 1}]},
        "position.smoke[0].hex",
        "not on the map",
    ),
    (
        "toi/crossroads-sample",
        {"tokens": [{"id": "x", "side": "german", "unit": "g-stug-1", "munition": "Flak"}]},
        "position.tokens[0].munition",
        "Input should be",
    ),
    ("waw/fulda-sample", {"fascam": ["9,9"]}, "position.fascam[0]", "off the 8 x 6 map"),
    ("waw/fulda-sample", {"smoke": [{"hex": "1,1", "level": 3}]}, "position.smoke[0].level", ""),
    ("asl/normandy-sample", {"guns": {"tiger": {"shots": 1}}}, "position.guns.tiger", "no unit"),
    ("asl/normandy-sample", {"attacker": "french"}, "position.attacker", "not a side"),
]


@pytest.mark.parametrize(("name", "position", "field", "words"), BAD_POSITIONS)
def test_a_broken_position_names_its_line_and_field(
    name: str, position: dict[str, Any], field: str, words: str
) -> None:
    doc = sc.open_source(name).data
    text = sc.dump({**doc, "position": position})
    problems = sc.problems_of(sc.parse_text(text, "broken.yaml"))
    assert [p.field for p in problems] == [field]
    assert words in problems[0].message
    assert problems[0].line is not None and problems[0].line > 1


def test_ammunition_not_on_the_gun_is_refused_when_loading() -> None:
    """A record for an ammunition the counter does not have (ASL-8.9-a) is a problem, not dropped."""
    doc = sc.open_source("asl/normandy-sample").data
    position = {"guns": {"at57-1": {"ammo": {"WP": {"uses": 1}}}}}
    problems = sc.problems_of(sc.document({**doc, "position": position}))
    assert len(problems) == 1 and "WP is not on the Gun" in problems[0].message


@pytest.mark.parametrize("game_name", ["toi", "waw", "asl"])
def test_a_position_in_hand_made_settings_is_checked(game_name: str) -> None:
    """``new`` reads a position from the settings (as the journal keeps it): bad data is refused."""
    from ordnance.core import registry

    name = next(n for n in PLAYS if n.startswith(game_name))
    _game, _doc, start = sc.prepare(sc.open_source(name))
    settings = {**start.settings, "position": {"round": "soon", "turn": "soon", "smoke": 3}}
    with pytest.raises(OrdnanceError) as err:
        registry.game(game_name).new(settings)
    assert "bad position" in str(err.value)


def test_asl_a_refused_gun_of_a_position_file_keeps_its_line() -> None:
    """ASL-8.9-a: the set-up travels inside the position; a notation the Gun's ``add_gun``
    refuses is still named at its unit's line, as in a file without a position."""
    game, state = _played("asl/normandy-sample", ASL)
    doc = sc.export(game, state)
    doc["units"][1] = {"id": "at57-1", "side": "american", "notation": "Q!!7^", "gun_size": "57L"}
    doc["position"]["guns"] = {}
    problems = sc.problems_of(sc.parse_text(sc.dump(doc), "asl.yaml"))
    assert [p.field for p in problems] == ["units[1]"]
    assert "ASL-8.9-a" in problems[0].message
    without = {k: v for k, v in doc.items() if k != "position"}
    again = sc.problems_of(sc.parse_text(sc.dump(without), "asl.yaml"))
    assert [(p.field, p.line) for p in again] == [(p.field, p.line) for p in problems]
