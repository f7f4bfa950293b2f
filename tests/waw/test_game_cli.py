"""The World at War game through the journal and the CLI: refusals write nothing."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from ordnance.cli.main import main
from ordnance.core import registry
from ordnance.core.dice import DiceSource, SeededDice
from ordnance.core.errors import RuleViolation
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.odds import enumerate_procedure
from tests.waw.conftest import act, place


def run(capsys, *args: str) -> tuple[int, dict]:
    """Run ``ordnance ARGS --json``; return (exit status, parsed JSON)."""
    code = 0
    try:
        main([*args, "--json"])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else {}


def test_plugin_is_registered():
    game = registry.game("waw")
    assert game.name == "waw"
    assert {c.name for c in registry.get("waw").calculator_list()} >= {"he-fire", "los"}
    assert "he_allocation" in json.dumps(game.settings_schema())


def test_legal_actions_follow_the_seat(new_game):
    """covers WAW-8.3-a (FASCAM offered only to the American side) and WAW-HE-k."""
    g = new_game()
    game = registry.game("waw")
    us = {a["type"] for a in game.legal(g.state(), "us")}
    soviet = {a["type"] for a in game.legal(g.state(), "soviet")}
    assert "fascam" in us and "fascam" not in soviet and "he_fire" in soviet
    place(g, "mr", "Motor Rifle Infantry", "soviet", "3,3")
    place(g, "hq", "Soviet HQ", "soviet", "3,3")
    act(
        g,
        {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 1, "hit_number": 2},
        [6, 4],
    )
    assert "hq_check_result" in {a["type"] for a in game.legal(g.state(), None)}
    assert all("schema" in a and a["title"] for a in game.legal(g.state(), None))


def test_he_mission_hq_check_undo_and_replay(new_game):
    """covers WAW-HE-a..k through the journal; undo and replay give the same state."""
    g = new_game()
    act(g, {"type": "place_terrain", "hexes": ["3,3"], "terrain": "woods"})
    place(g, "t", "T-72", "soviet", "3,3")
    place(g, "mr", "Motor Rifle Infantry", "soviet", "3,3")
    place(g, "hq", "Soviet HQ", "soviet", "3,3")
    # 4 dice at 4+: 6,6,5,1 = 3 Hits; woods: 1 defence die, 2 = no cancel; HQ die 3
    entry = act(
        g,
        {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 4, "hit_number": 4},
        [6, 6, 5, 1, 2, 3],
    )
    data = entry.events[0].data
    assert data["net_hits"] == 3 and data["defence_dice"] == 1
    state = g.state()
    assert state.units["t"].condition.label == "disrupted"
    assert state.units["mr"].condition.label == "disrupted+reduced"
    assert g.view(None)["pending_hq_checks"] == [{"hq": "hq", "dice": [3]}]
    act(g, {"type": "hq_check_result", "hq": "hq", "condition": "disrupted"})
    assert g.state().units["hq"].condition.label == "disrupted"
    assert not g.state().pending_hq
    again = GameSession(g.journal, g.game_id)
    assert again.state() == g.state()
    g.undo()
    assert g.state().units["hq"].condition.label == "good order"


def test_game_odds_preview(new_game):
    """covers WAW-HE-a/-e: Game.odds gives net Hits and per-unit states."""
    g = new_game()
    act(g, {"type": "place_terrain", "hexes": ["3,3"], "terrain": "city"})
    place(g, "t", "T-72", "soviet", "3,3")
    place(g, "mr", "Motor Rifle Infantry", "soviet", "3,3")
    game = registry.game("waw")
    state = g.state()
    action = {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 2, "hit_number": 4}
    odds = game.odds(state, action)
    assert odds["defence_dice"] == 2

    def net(dice: DiceSource) -> int:
        # the resolving code itself, over every sequence of dice (2 salvo + 2 defence)
        return int(game.apply(state, action, dice, None).events[0].data["net_hits"])

    assert odds["distribution"] == enumerate_procedure(net).to_json()
    assert sum(Fraction(p) for p in odds["units"]["t"].values()) == 1


def test_view_map_shows_smoke_and_mines(new_game):
    """covers WAW-8.2-a, WAW-8.2-h, WAW-8.3-b in the view's map."""
    g = new_game()
    act(g, {"type": "smoke", "side": "us", "target": "2,2"})
    act(g, {"type": "fascam", "side": "us", "target": "5,5"})
    kinds = {(m["hex"], m["kind"]) for m in g.view(None)["map"]["markers"]}
    assert kinds == {("2,2", "smoke2"), ("5,5", "mines")}
    act(g, {"type": "marker_removal"})
    kinds = {(m["hex"], m["kind"]) for m in g.view(None)["map"]["markers"]}
    assert ("2,2", "smoke1") in kinds
    view = g.view(None)
    assert {"hexes", "units", "markers", "arrows", "clusters"} <= set(view["map"])


def test_fire_action_applies_smoke_modifiers(new_game):
    """covers WAW-8.2-c, -e, -f through the game."""
    g = new_game()
    place(g, "abr", "M1 Abrams", "us", "0,2")
    place(g, "itv", "M901 ITV", "us", "0,3")
    place(g, "t", "T-72", "soviet", "4,1")
    place(g, "t2", "T-72", "soviet", "4,4")
    act(g, {"type": "smoke", "side": "us", "target": "2,1"})
    entry = act(g, {"type": "fire", "unit": "abr", "target": "4,1", "weapon": "ap"}, [5, 4, 4, 1])
    assert entry.events[0].data["hit_number"] == 5 and entry.events[0].data["hits"] == 1
    with pytest.raises(RuleViolation) as err:
        act(g, {"type": "fire", "unit": "t", "target": "0,2", "weapon": "ap"}, [1, 1, 1])
    assert err.value.clause == "WAW-8.2-c"


def test_move_along_a_path_checks_adjacency_and_stacking(new_game):
    """Notes B5: at most two units per hex, an HQ does not count."""
    g = new_game()
    place(g, "a", "T-72", "soviet", "1,1")
    place(g, "b", "T-72", "soviet", "1,1")
    place(g, "hq", "Soviet HQ", "soviet", "1,1")
    with pytest.raises(RuleViolation) as err:
        place(g, "c", "BMP-2", "soviet", "1,1")
    assert err.value.clause == "WAW-B5"
    with pytest.raises(Exception, match="not adjacent"):
        act(g, {"type": "move", "unit": "a", "path": ["3,3"]})


# -- CLI -------------------------------------------------------------------------------


def test_cli_odds_matches_the_issue(capsys):
    """covers WAW-HE-a / WAW-HE-e: the issue's exact example."""
    code, data = run(
        capsys, "waw", "odds", "he-fire", "--fp", "6", "--hit-number", "4", "--defense", "2"
    )
    assert code == 0
    assert data["distribution"]["0"] == "3/32" and data["distribution"]["1"] == "13/72"
    assert sum(Fraction(p) for p in data["distribution"].values()) == 1


def test_cli_stack_odds_and_plot(capsys, tmp_path):
    png = tmp_path / "he.png"
    code, data = run(
        capsys,
        "waw",
        "odds",
        "he-fire",
        "--fp",
        "4",
        "--hit-number",
        "4",
        "--terrain",
        "woods",
        "--unit",
        "T-72",
        "--unit",
        "Motor Rifle Infantry",
        "--plot",
        str(png),
    )
    assert code == 0 and png.stat().st_size > 1000
    assert set(data["units"]) == {"1:T-72", "2:Motor Rifle Infantry"}
    assert "reduced" not in "".join(data["units"]["1:T-72"])


def test_cli_los(capsys):
    """covers WAW-8.2-c, -f: the LOS query explains itself."""
    code, data = run(capsys, "waw", "los", "0,0", "4,0", "--smoke", "2,0", "--unit", "M901 ITV")
    assert code == 0 and data["blocked"] and data["blocking_markers"] == ["2,0"]
    assert data["unit"]["ap"]["hit_number"] == 5
    assert data["unit"]["he"]["refused"]["clause"] == "WAW-8.2-f"


def test_cli_game_and_bad_input_write_nothing(capsys, tmp_path):
    """Bad input: FASCAM non-American (WAW-8.3-a), HQ alone (WAW-HE-k), Hit Number > 6,
    dice out of range: exit 2, clause named, journal version unchanged."""
    db = str(tmp_path / "cli.db")
    base = ["--db", db]
    assert run(capsys, "waw", "new", "--id", "g", *base)[0] == 0
    assert run(capsys, "waw", "terrain", "g", "woods", "3,3", *base)[0] == 0
    for uid, kind, side, hx in [
        ("t", "T-72", "soviet", "3,3"),
        ("hq", "Soviet HQ", "soviet", "6,6"),
        ("abr", "M1 Abrams", "us", "0,3"),
        ("mr", "Motor Rifle Infantry", "soviet", "3,3"),
    ]:
        assert (
            run(capsys, "waw", "place", "g", uid, kind, "--side", side, "--hex", hx, *base)[0] == 0
        )
    assert run(capsys, "waw", "smoke", "g", "--side", "us", "--target", "2,3", *base)[0] == 0
    session = GameSession(open_journal(db), "g")
    version = session.version
    bad = [
        (["waw", "fascam", "g", "--side", "soviet", "--target", "5,5"], "WAW-8.3-a"),
        (
            ["waw", "he", "g", "--side", "us", "--target", "6,6", "--fp", "4", "--hit-number", "4"],
            "WAW-HE-k",
        ),
        (
            ["waw", "he", "g", "--side", "us", "--target", "3,3", "--fp", "4", "--hit-number", "7"],
            "WAW-HE-a",
        ),
        (
            [
                "waw",
                "he",
                "g",
                "--side",
                "us",
                "--target",
                "3,3",
                "--fp",
                "2",
                "--hit-number",
                "4",
                "--dice",
                "9,1,1",
            ],
            "WAW-HE-a",
        ),
        (["waw", "fire", "g", "t", "0,3", "--weapon", "ap"], "WAW-8.2-c"),
    ]
    for args, clause in bad:
        code, data = run(capsys, *args, *base)
        assert code == 2, args
        assert data["clause"] == clause, (args, data)
    assert session.version == version
    # a Hit Number pushed above 6 by smoke: adjacent fire into the smoke hex at 6 + 1
    six = json.dumps(
        {
            "unit_types": [
                {
                    "name": "Mortar",
                    "family": "Mortar",
                    "nationality": "american",
                    "armour": "vulnerable",
                    "he": "6/2/6",
                }
            ]
        }
    )
    assert run(capsys, "waw", "new", "--id", "m", "--settings", six, *base)[0] == 0
    run(capsys, "waw", "place", "m", "mo", "Mortar", "--side", "us", "--hex", "1,1", *base)
    run(capsys, "waw", "smoke", "m", "--side", "us", "--target", "2,1", *base)
    m = GameSession(open_journal(db), "m")
    before = m.version
    code, data = run(capsys, "waw", "fire", "m", "mo", "2,1", "--weapon", "he", *base)
    assert code == 2 and data["clause"] == "WAW-8.2-g" and m.version == before
    # the good path: rolled HE, move into a minefield, Marker Removal, view, log, undo
    assert (
        run(
            capsys,
            "waw",
            "he",
            "g",
            "--side",
            "us",
            "--target",
            "3,3",
            "--fp",
            "3",
            "--hit-number",
            "4",
            "--dice",
            "6,6,1,2",
            *base,
        )[0]
        == 0
    )
    assert run(capsys, "waw", "fascam", "g", "--side", "us", "--target", "5,3", *base)[0] == 0
    code, data = run(capsys, "waw", "move", "g", "t", "4,3", "--dice", "4", *base)
    assert code == 0 and data["events"][1]["die"] == 4
    assert run(capsys, "waw", "markers", "g", *base)[0] == 0
    code, view = run(capsys, "waw", "view", "g", *base)
    assert {m["kind"] for m in view["map"]["markers"]} == {"smoke1", "mines"}
    code, log = run(capsys, "waw", "log", "g", *base)
    assert len(log["entries"]) == session.version
    assert run(capsys, "waw", "undo", "g", *base)[0] == 0
    code, data = run(
        capsys,
        "waw",
        "game",
        "mission",
        "g",
        "--side",
        "us",
        "--target",
        "3,3",
        "--fp",
        "4",
        "--hit-number",
        "4",
        *base,
    )
    assert code == 0 and data["defence_dice"] == 1


def test_rolled_dice_are_recorded_and_replayed(new_game):
    g = new_game()
    place(g, "mr", "Motor Rifle Infantry", "soviet", "3,3")
    g.act(
        {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 5, "hit_number": 3},
        SeededDice(11),
    )
    assert GameSession(g.journal, g.game_id).state() == g.state()
