"""The page and its API in Russian: panels, journal lines, labels and odds titles.

``?lang=ru`` on ``/view``, ``/log`` and ``/odds`` gives the game's own texts in
Russian (the page asks for them in its language); without it every answer is
the English one, byte for byte. A seat's Russian journal is built from
``Event.for_seat(seat)`` only, so the opponent's never holds a secret.
Covers WAW-HE-a..k, WAW-8.2-a (the events translated).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Table
from tests.server.test_api import _secret_words_in
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

SETUP: list[tuple[str, dict[str, Any]]] = [
    ("soviet", {"type": "place_terrain", "hexes": ["4,1"], "terrain": "woods"}),
    ("soviet", {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "4,1"}),
    ("soviet", {"type": "place_unit", "id": "mr", "kind": "Motor Rifle Infantry", "side": "soviet", "hex": "4,1"}),
    ("us", {"type": "smoke", "side": "us", "target": "2,1"}),
]  # fmt: skip
HE = {"type": "he_fire", "side": "us", "target": "4,1", "firepower": 4, "hit_number": 4}


def _waw(client: TestClient) -> Table:
    t = Table(client, "waw")
    for seat, action in SETUP:
        assert t.act(seat, action).status_code == 200
    assert t.act("us", HE, dice=[6, 6, 5, 1, 2]).status_code == 200
    return t


def test_api_answers_in_russian_only_when_asked(client: TestClient) -> None:
    t = _waw(client)
    en = t.get("us", "/log").json()
    assert t.get("us", "/log?lang=en").json() == en
    ru = t.get("us", "/log?lang=ru").json()
    texts = [e["events"][0]["text"] for e in ru["entries"]]
    assert texts[0] == "лес: гексы 4,1"
    assert texts[-1].startswith("залп HE Fire по гексу 4,1: Firepower 4 d6, Hit Number 4+")
    assert "Дым 2 в гексе 2,1" in texts[3]
    # same keys, same data: only the texts differ
    assert [sorted(e["events"][0]) for e in ru["entries"]] == [
        sorted(e["events"][0]) for e in en["entries"]
    ]
    view_en, view_ru = t.get("us", "/view").json(), t.get("us", "/view?lang=ru").json()
    assert next(p["title"] for p in view_en["view"]["panels"]) == "Units"
    assert [p["title"] for p in view_ru["view"]["panels"]] == [
        "Юниты",
        "Маркеры",
        "Ожидающие проверки HQ",
        "Стороны",
    ]
    assert {k: v for k, v in view_ru["view"].items() if k != "panels"} == {
        k: v for k, v in view_en["view"].items() if k != "panels"
    }
    odds = t.post("us", "/odds?lang=ru", {"action": HE}).json()["odds"]
    assert odds["title"].startswith("залп HE Fire по гексу 4,1")
    assert t.post("us", "/odds", {"action": HE}).json()["odds"]["title"].startswith("HE Fire 4")
    assert t.get("us", "/log?lang=de").status_code == 422


def test_opponents_russian_log_holds_no_secret(table: Table) -> None:
    """Hidden information in Russian too: the events fall back to the public text."""
    res = table.act("allies", {"type": "buy", "kind": "phosphorus-round", "hex": "1,0"})
    assert res.status_code == 200
    theirs = table.get("axis", "/log?lang=ru").text + table.get("axis", "/view?lang=ru").text
    assert _secret_words_in(theirs) == []
    assert "phosphorus-round" in table.get("allies", "/log?lang=ru").text


@pytest.mark.browser
def test_page_in_russian_shows_russian_panels_and_journal(server: str, browser: Any) -> None:  # noqa: F811
    data = httpx.post(server + "/api/tables", json={"game": "waw", "settings": {}}).json()
    gid = data["game_id"]
    tokens = {s["seat"]: s["token"] for s in data["seats"]}
    for version, (seat, action) in enumerate(SETUP):
        res = httpx.post(
            f"{server}/api/tables/{gid}/actions",
            json={"action": action, "expected_version": version},
            headers={"Authorization": "Bearer " + tokens[seat]},
        )
        assert res.status_code == 200, res.text
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(f"{server}/t/{gid}?lang=ru#seat={tokens['us']}")
        page.wait_for_selector('form.action[data-type="he_fire"]')
        titles = page.locator("#view .panel h3").all_inner_texts()
        assert titles == ["Юниты", "Маркеры", "Ожидающие проверки HQ", "Стороны"]
        journal = page.inner_text("#journal")
        assert "Дым 2 в гексе 2,1" in journal and "лес: гексы 4,1" in journal
        assert "Огневое задание HE Fire" in page.inner_text("#actions")
    finally:
        ctx.close()


# -- Tide of Iron in Russian: the face-down token and the forms ----------------------------


def _toi_play_ru(client: TestClient, secret: str) -> list[str]:
    """The twin-table script of tests/server/test_toi.py, every read asked in Russian."""
    from tests.server.test_toi import GERMAN_ATTACK_DICE, _dice_needed
    from tests.server.toi_script import SCRIPT, normalise, with_secret

    table = Table(client, "toi", {"start_phase": "status"})
    seen: list[str] = []

    def look() -> None:
        for path in ("/view?lang=ru", "/log?lang=ru", "/dice"):
            seen.append(normalise(table.get("soviet", path).text, table.id))
        for target in ("g-panther-1", "g-pziv-1"):
            action = {"type": "attack", "unit": "s-t34-1", "target": target}
            res = table.post("soviet", "/odds?lang=ru", {"action": action})
            seen.append(normalise(res.text, table.id))
        res = table.get("soviet", "/los?from=0,0&to=2,1&lang=ru")
        seen.append(normalise(res.text, table.id))

    for seat, action, dice in SCRIPT:
        if action["type"] == "attack" and seat == "german":
            dice = GERMAN_ATTACK_DICE[: _dice_needed(table, seat, action)]
        res = table.act(seat, with_secret(action, secret), dice=dice)
        assert res.status_code == 200, res.text
        if seat == "soviet":
            seen.append(normalise(res.text, table.id))
        look()
    return seen


def test_toi_soviets_russian_answers_do_not_depend_on_the_german_token(
    client: TestClient,
) -> None:
    """TOI-GEN-5 in Russian: two tables differing only in the German's face-down type."""
    from tests.server.toi_script import SECRETS

    b, c = _toi_play_ru(client, SECRETS[0]), _toi_play_ru(client, SECRETS[1])
    assert len(b) == len(c)
    for i, (x, y) in enumerate(zip(b, c, strict=True)):
        assert x == y, f"message {i} differs for the soviet seat"
    shown = [m.encode().decode("unicode_escape") for m in b]  # normalise() escapes non-ASCII
    assert any("german: жетон боеприпасов положен рубашкой вверх рядом с" in m for m in shown)


def test_toi_forms_and_los_in_russian(client: TestClient) -> None:
    t = Table(client, "toi", {"start_phase": "status"})
    assert t.act("german", {"type": "advance", "to": "munitions"}).status_code == 200
    en, ru = t.get("german", "/view").json(), t.get("german", "/view?lang=ru").json()
    assert [x["type"] for x in ru["legal"]] == [x["type"] for x in en["legal"]]

    def titles(answer: dict[str, Any]) -> set[str]:
        found: set[str] = set()
        for item in answer["legal"]:
            for field in item["schema"].get("properties", {}).values():
                found.add(str(field.get("title")))
        return found

    assert "Unit" in titles(en) and "Юнит" in titles(ru) and "Unit" not in titles(ru)
    # the property names (what the form sends) are unchanged
    assert [sorted(x["schema"].get("properties", {})) for x in ru["legal"]] == [
        sorted(x["schema"].get("properties", {})) for x in en["legal"]
    ]
    los_en = t.get("german", "/los?from=0,0&to=2,1").json()
    los_ru = t.get("german", "/los?from=0,0&to=2,1&lang=ru").json()
    assert los_en["explanation"][0].startswith("The line 0,0 -> 2,1")
    assert los_ru["explanation"][0].startswith("Линия 0,0 -> 2,1")
    assert los_ru["explanation"][-1].startswith("Конечные гексы никогда не блокируют")
    assert los_ru["hexes"] == los_en["hexes"] and los_ru["blocked"] == los_en["blocked"]
    assert los_ru["text"].split(":")[0] == los_en["text"].split(":")[0]  # the verdict word


def test_asl_form_titles_in_russian(client: TestClient) -> None:
    t = Table(client, "asl", {"date": "1944-06", "sides": [
        {"name": "russian", "nationality": "russian"}, {"name": "german", "nationality": "german"}]})  # fmt: skip
    ru = t.get("russian", "/view?lang=ru").json()
    add = next(x for x in ru["legal"] if x["type"] == "add_gun")
    assert add["schema"]["properties"]["gun_size"]["title"] == "Калибр"
