"""The turn line names sides by their names, never a seat id glued into English.

ASL-B3: the Player Turn's owner is the ATTACKER, an argument of the turn's message
nested in its ``where`` part; the view's ``turn.text`` (and the journal's phase line)
shows the side's name in the asked language ("Player Turn (Russians)", "ход игрока
(русские)"), as World at War's and Tide of Iron's turn lines already did.
"""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.server.conftest import Table

#: A seat id as a word of its own (not inside a name such as "Russians").
_IDS = re.compile(r"\b(russian|german|soviet|us)\b")


def test_asl_turn_line_names_the_attacker(client: TestClient) -> None:
    """ASL-B3: both sides done with the RPh: the russian's PFPh, named in en and ru."""
    t = Table(client, "asl", {})
    assert t.act("russian", {"type": "done"}).status_code == 200
    assert t.act("german", {"type": "done"}).status_code == 200
    en = t.get("german", "/view").json()
    assert en["turn"]["text"] == (
        "turn 1, Player Turn (Russians), Prep Fire Phase: Russians to act and to move on"
    )
    assert en["view"]["turn"]["text"] == en["turn"]["text"]
    ru = t.get("german", "/view?lang=ru").json()["turn"]["text"]
    assert ru.startswith("ход 1, ход игрока (русские), ") and not _IDS.search(ru)
    (phase,) = [
        e["text"]
        for entry in t.get("german", "/log").json()["entries"]
        for e in entry["events"]
        if e["kind"] == "phase"
    ]
    assert phase == "turn 1, Player Turn (Russians): PFPh (Prep Fire Phase)"
    logged = t.get("german", "/log?lang=ru").json()["entries"][-1]["events"][-1]["text"]
    assert "ход игрока (русские)" in logged


def test_every_game_turn_line_shows_no_seat_id(client: TestClient) -> None:
    """ASL-B3, WAW-B6, TOI-GEN-4: the turn lines of the three games, en and ru."""
    for game, settings in (("asl", {}), ("waw", {}), ("toi", {"start_phase": "status"})):
        t = Table(client, game, settings)
        for lang in ("en", "ru"):
            text = t.get(t.creator, f"/view?lang={lang}").json()["turn"]["text"]
            assert text and not _IDS.search(text), (game, lang, text)
