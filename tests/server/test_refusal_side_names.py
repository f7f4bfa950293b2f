"""Refusals at the table name sides by their names, never by their seat ids.

A rule refuses with its seat arguments as ids (``seat``, ``side``, ``attacker``,
``on_turn``, ``other``... at any depth of the message, the turn it quotes included);
the server's answer shows each by the side's name, in English and Russian, through
the same naming as the journal (``ordnance.i18n.side_name``). The templates glue no
id into English ("russian's Gun"): a name such as "Russians" reads right in them.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Table

#: A seat id as a word of its own (not inside a name such as "Russians").
_IDS = re.compile(r"\b(russian|german|soviet|us)\b")


def _refused(t: Table, seat: str, action: dict[str, Any], lang: str) -> dict[str, Any]:
    body = {"action": action, "expected_version": t.version(seat)}
    res = t.client.post(f"/api/tables/{t.id}/actions?lang={lang}", json=body, headers=t.h(seat))
    assert 400 <= res.status_code < 500, res.text
    data: dict[str, Any] = res.json()
    for lang_text in (data["message"], data.get("hint") or ""):
        assert not _IDS.search(lang_text), (lang, lang_text)
    return data


def test_asl_refusals_name_the_sides(client: TestClient) -> None:
    """ASL-B3 (no fire in the RPh; the DEFENDER may not act in the PFPh) and the
    owner check of a Gun (403)."""
    t = Table(client, "asl", {})
    gun = {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85"}
    assert t.act("russian", {**gun, "notation": "s8", "gun_size": "85L"}).status_code == 200
    fire = {"type": "fire", "gun": "t34", "ammo": "ordinary"}
    en = _refused(t, "russian", fire, "en")
    assert en["clause"] == "ASL-B3"
    assert en["message"] == (
        "Gun T-34/85 (Russians) cannot fire in the RPh of the Player Turn (Russians)"
    )
    ru = _refused(t, "russian", fire, "ru")
    assert "(русские)" in ru["message"]
    other = _refused(t, "german", fire, "en")
    assert other["message"] == "Germans cannot fire Gun T-34/85 (Russians)"
    assert t.act("russian", {"type": "done"}).status_code == 200
    assert t.act("german", {"type": "done"}).status_code == 200
    late = _refused(t, "german", {"type": "set_phase"}, "en")
    assert late["clause"] == "ASL-B3"
    assert late["message"].startswith("Germans may not act now (set_phase refused): ")
    assert late["hint"] == "wait for Russians"
    _refused(t, "german", {"type": "set_phase"}, "ru")


def test_toi_refusals_name_the_nations(client: TestClient) -> None:
    """TOI-GEN-4 (the purchase window waits for the other nation) and TOI-B8 (a pass
    only on one's own action turn)."""
    t = Table(client, "toi", {"start_phase": "status"})
    assert t.act("german", {"type": "advance", "to": "munitions"}).status_code == 200
    assert t.act("soviet", {"type": "buy", "unit": "s-t34-1", "munition": "HE"}).status_code == 200
    en = _refused(t, "soviet", {"type": "advance"}, "en")
    assert en["clause"] == "TOI-GEN-4"
    assert en["message"] == "Soviets may not move on yet: the step waits for Germans"
    assert en["hint"] == "say done, then wait for Germans to say done"
    ru = _refused(t, "soviet", {"type": "advance"}, "ru")
    assert "немцы" in ru["message"]
    action = Table(client, "toi", {})
    passed = _refused(action, "soviet", {"type": "done"}, "en")
    assert passed["clause"] == "TOI-B8"
    assert passed["message"] == "Soviets may pass only on their own action turn: Germans to act now"
    _refused(action, "soviet", {"type": "done"}, "ru")


def test_waw_refusals_name_the_sides(client: TestClient) -> None:
    """WAW-B6: a side that said done may not fire until the turn's end."""
    t = Table(client, "waw", {})
    assert t.act("soviet", {"type": "done"}).status_code == 200
    smoke = {"type": "smoke", "side": "soviet", "target": "3,2"}
    en = _refused(t, "soviet", smoke, "en")
    assert en["clause"] == "WAW-B6"
    assert en["message"].startswith("Soviets may not act now (smoke refused): ")
    assert en["hint"] == "wait for Americans to say done"
    ru = _refused(t, "soviet", smoke, "ru")
    assert "американцы" in ru["hint"]
