"""The sequence of play and consent through the HTTP API (FastAPI TestClient).

* TOI-GEN-4: a nation's purchase window is its own: the other nation's
  ``advance`` out of it is refused (4xx naming the clause) until that nation
  says done; TOI-GEN-8 likewise for keep-or-discard.
* WAW-B6 / CORE-CONSENT: a ``set_condition`` on the other side's unit is not
  applied; it opens a consent request the other seat answers.
* An undo request names the entry and the action it would undo.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Table


def _toi(client: TestClient) -> Table:
    return Table(client, "toi", {"start_phase": "status"})


def test_toi_other_nation_cannot_close_the_purchase_window(client: TestClient) -> None:
    """covers TOI-GEN-4: the soviet's advance is refused until the german is done."""
    t = _toi(client)
    assert t.act("german", {"type": "advance", "to": "munitions"}).status_code == 200
    turn = t.get("soviet", "/view").json()["view"]["turn"]
    assert turn["step"] == "munitions" and turn["clause"] == "TOI-GEN-4"
    assert set(turn["waiting_for"]) == {"german", "soviet"}
    assert "waiting for" in turn["text"]
    # the soviet buys and tries to close the window before the german has bought
    assert t.act("soviet", {"type": "buy", "unit": "s-t34-1", "munition": "HE"}).status_code == 200
    refused = t.act("soviet", {"type": "advance"})
    assert refused.status_code == 422
    assert refused.json()["clause"] == "TOI-GEN-4" and "Germans" in refused.json()["message"]
    assert t.get("soviet", "/view").json()["view"]["step"] == "munitions"
    # a multi-step advance is refused whole
    far = t.act("soviet", {"type": "advance", "to": "action"})
    assert far.status_code == 422 and far.json()["clause"] == "TOI-GEN-4"
    # the soviet's menu has no advance while the german is awaited
    legal = {f["type"] for f in t.get("soviet", "/view").json()["legal"]}
    assert "advance" not in legal and "done" in legal
    assert t.act("soviet", {"type": "done"}).status_code == 200
    # done: the soviet has finished its part and may not buy any more
    late = t.act("soviet", {"type": "buy", "unit": "s-t34-1", "munition": "AP-B"})
    assert late.status_code == 422 and late.json()["clause"] == "TOI-GEN-4"
    assert t.get("german", "/view").json()["turn"]["waiting_for"] == ["german"]
    assert (
        t.act("german", {"type": "buy", "unit": "g-panther-1", "munition": "AP-C"}).status_code
        == 200
    )
    assert t.act("german", {"type": "done"}).status_code == 200
    view = t.get("soviet", "/view").json()
    assert view["view"]["step"] == "op-fire"  # the last done ended the window


def test_toi_owner_may_advance_once_the_other_is_done(client: TestClient) -> None:
    """covers TOI-GEN-4: after the german's done, the soviet's advance moves on."""
    t = _toi(client)
    t.act("german", {"type": "advance", "to": "munitions"})
    assert t.act("german", {"type": "done"}).status_code == 200
    ok = t.act("soviet", {"type": "advance"})
    assert ok.status_code == 200, ok.text
    assert t.get("german", "/view").json()["view"]["step"] == "op-fire"


def test_toi_action_phase_alternates_and_refuses_out_of_turn(client: TestClient) -> None:
    """covers TOI-B8: in the Action Phase the german (initiative) acts first; the soviet's
    attack out of turn is refused (422, the clause) and writes nothing; after the german's
    action the soviet's turn; the turn text says whose action it is."""
    t = Table(client, "toi", {})
    view = t.get("soviet", "/view").json()
    assert view["turn"]["active"] == ["german"] and "Germans to act" in view["turn"]["text"]
    assert {f["type"] for f in view["legal"]} == set()  # nothing of the soviet's yet
    before = len(t.get("soviet", "/log").json()["entries"])
    attack = {"type": "attack", "unit": "s-t34-1", "target": "g-pziv-1"}
    refused = t.act("soviet", attack)
    assert refused.status_code == 422 and refused.json()["clause"] == "TOI-B8"
    assert "Germans" in refused.json()["message"]
    passed = t.act("soviet", {"type": "done"})  # a pass waits for its own turn too
    assert passed.status_code == 422 and passed.json()["clause"] == "TOI-B8"
    assert len(t.get("soviet", "/log").json()["entries"]) == before
    ok = t.act("german", {"type": "move", "unit": "g-pak40-1", "to": "1,1"})
    assert ok.status_code == 200, ok.text
    again = t.act("german", {"type": "move", "unit": "g-squad-1", "to": "3,2"})
    assert again.status_code == 422 and again.json()["clause"] == "TOI-B8"
    turn = t.get("german", "/view").json()["turn"]
    assert turn["active"][0] == "soviet" and "Soviets to act" in turn["text"]
    assert "Germans may still move or fire PaK 40" in turn["text"], turn["text"]
    ru = t.get("german", "/view?lang=ru").json()["turn"]["text"]
    assert "действует одним юнитом" in ru


def _waw(client: TestClient) -> Table:
    t = Table(client, "waw", {})
    place = {"type": "place_unit", "kind": "M1 Abrams", "side": "us", "hex": "2,2", "id": "abrams"}
    assert t.act("us", place).status_code == 200, t.act("us", place).text
    t72 = {"type": "place_unit", "kind": "T-72", "side": "soviet", "hex": "5,2", "id": "t72"}
    assert t.act("soviet", t72).status_code == 200
    return t


def _condition(t: Table, seat: str, unit: str) -> Any:
    units = t.get(seat, "/view").json()["view"]["map"]["units"]
    return next((u["condition"] for u in units if u["id"] == unit), "eliminated")


def test_waw_set_condition_on_the_other_sides_unit_waits_for_consent(client: TestClient) -> None:
    """covers CORE-CONSENT (WAW-B6 module notes): soviet eliminating the US Abrams is asked."""
    t = _waw(client)
    version = t.version("us")
    res = t.act("soviet", {"type": "set_condition", "unit": "abrams", "condition": "eliminated"})
    assert res.status_code == 202, res.text
    pending = res.json()["pending"]
    assert pending["kind"] == "action" and "M1 Abrams" in pending["text"]  # by name
    assert "eliminated" in pending["text"]
    # nothing applied yet
    assert t.version("us") == version and _condition(t, "us", "abrams") == "good order"
    us = t.get("us", "/view").json()["pending_request"]
    assert us["requested_by"] == "soviet" and us["may_answer"] and not us["mine"]
    assert us["text"] == pending["text"]
    mine = t.get("soviet", "/view").json()["pending_request"]
    assert mine["mine"] and not mine["may_answer"]
    # the asker cannot answer it, a second request cannot open
    own = t.post("soviet", f"/requests/{us['request']}", {"accept": True})
    assert own.status_code == 422 and own.json()["clause"] == "TABLE-UNDO-3"
    dup = t.act("soviet", {"type": "set_condition", "unit": "abrams", "condition": "disrupted"})
    assert dup.status_code == 422 and dup.json()["clause"] == "TABLE-UNDO-1"
    ok = t.post("us", f"/requests/{us['request']}", {"accept": True})
    assert ok.status_code == 200 and ok.json()["status"] == "accepted"
    assert t.version("us") == version + 1
    assert _condition(t, "us", "abrams") == "eliminated"
    entry = t.get("us", "/log").json()["entries"][-1]
    assert entry["seat"] == "soviet" and entry["events"][0]["kind"] == "condition"
    assert t.get("us", "/view").json()["pending_request"] is None


def test_waw_declined_consent_changes_nothing(client: TestClient) -> None:
    """covers CORE-CONSENT: a declined request writes no journal entry."""
    t = _waw(client)
    version = t.version("us")
    rid = t.act("soviet", {"type": "set_condition", "unit": "abrams", "condition": "reduced"})
    rid = rid.json()["pending"]["request"]
    res = t.post("us", f"/undo/{rid}", {"accept": False})  # the old endpoint answers too
    assert res.status_code == 200 and res.json()["status"] == "declined"
    assert t.version("us") == version and _condition(t, "us", "abrams") == "good order"
    # own unit: applied at once, no consent
    own = t.act("us", {"type": "set_condition", "unit": "abrams", "condition": "disrupted"})
    assert own.status_code == 200 and _condition(t, "us", "abrams") == "disrupted"


def test_waw_marker_removal_waits_for_both_sides(client: TestClient) -> None:
    """covers WAW-B6: the US may not end the turn while the soviet is still awaited."""
    t = _waw(client)
    early = t.act("us", {"type": "marker_removal"})
    assert early.status_code == 422 and early.json()["clause"] == "WAW-B6"
    assert t.act("soviet", {"type": "done"}).status_code == 200
    fire = t.act("soviet", {"type": "smoke", "side": "soviet", "target": "3,2"})
    assert fire.status_code == 422 and fire.json()["clause"] == "WAW-B6"  # soviet is done
    assert t.act("us", {"type": "marker_removal"}).status_code == 200
    turn = t.get("us", "/view").json()["turn"]
    assert set(turn["waiting_for"]) == {"us", "soviet"} and "turn 2" in turn["text"]


def test_undo_request_names_the_action_it_would_undo(client: TestClient) -> None:
    """The request text says which entry and what it did (issue 9, journal in words)."""
    t = _toi(client)
    t.act("german", {"type": "advance", "to": "munitions"})
    t.act("german", {"type": "buy", "unit": "g-panther-1", "munition": "AP-C"})
    v = t.version("german")
    ask = t.post("german", "/undo", {"expected_version": v})
    assert ask.status_code == 201
    assert ask.json()["text"].startswith(f"undo entry {v}: german: ")
    soviet = t.get("soviet", "/view").json()["undo"]["pending"]
    german = t.get("german", "/view").json()["undo"]["pending"]
    assert soviet["text"].startswith(f"undo entry {v}:") and "munitions token" in soviet["text"]
    assert "AP-C" not in soviet["text"]  # the soviet sees the entry as it may see it
    assert "AP-C" in german["text"]
    assert t.get("soviet", "/log").json()["pending_request"]["text"] == soviet["text"]
    # the entry's side by its name, as the journal line says it, never the seat's id
    assert soviet["text"].startswith(f"undo entry {v}: Germans: "), soviet["text"]


def test_turn_text_in_russian(client: TestClient) -> None:
    """The turn line is a message: ``?lang=ru`` renders it from the catalogue (TOI-GEN-4)."""
    t = _toi(client)
    t.act("german", {"type": "advance", "to": "munitions"})
    ru = t.get("soviet", "/view?lang=ru").json()
    assert "покупка боеприпасов" in ru["turn"]["text"] and "ждём" in ru["turn"]["text"]
    assert ru["view"]["turn"]["text"] == ru["turn"]["text"]
    assert ru["turn"]["waiting_for"] == ["german", "soviet"]
