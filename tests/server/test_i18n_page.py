"""The page and its API in Russian: panels, journal lines, labels and odds titles.

``?lang=ru`` on ``/view``, ``/log`` and ``/odds`` gives the game's own texts in
Russian (the page asks for them in its language); without it every answer is
the English one, byte for byte. A seat's Russian journal is built from
``Event.for_seat(seat)`` only, so the opponent's never holds a secret.
Covers WAW-HE-a..k, WAW-8.2-a (the events translated).
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.i18n.latin import offences
from tests.server.conftest import Table, http_table
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
    t = Table(client, "waw", dice="entered")
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
    assert texts[0] == "лес: гексы 0504"
    assert texts[-1].startswith("залп HE Fire по гексу 0504: огневая мощь 4 d6, число попадания 4+")
    assert "Дым 2 в гексе 0303" in texts[3]
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
    # presentation: the panels, the turn line, the board legend and the map labels
    same = ("panels", "turn", "board", "map")
    assert {k: v for k, v in view_ru["view"].items() if k not in same} == {
        k: v for k, v in view_en["view"].items() if k not in same
    }
    turn_en, turn_ru = view_en["view"]["turn"], view_ru["view"]["turn"]
    assert {**turn_ru, "text": ""} == {**turn_en, "text": ""}
    assert turn_en["text"].startswith("turn 1, formation impulses")
    assert turn_ru["text"].startswith("ход 1, импульсы формирований")
    odds = t.post("us", "/odds?lang=ru", {"action": HE}).json()["odds"]
    assert odds["title"].startswith("залп HE Fire по гексу 0504")
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
    gid, tokens = http_table(server, "waw")
    for version, (seat, action) in enumerate(SETUP):
        res = httpx.post(
            f"{server}/api/tables/{gid}/actions",
            json={"action": action, "expected_version": version},
            headers={"Authorization": "Bearer " + tokens[seat]},
        )
        assert res.status_code == 200, res.text
    # a seat event and a pending reissue request: the US asks for the Soviet's seat
    res = httpx.post(
        f"{server}/api/tables/{gid}/invitations",
        json={"seat": "soviet"},
        headers={"Authorization": "Bearer " + tokens["us"]},
    )
    assert res.status_code == 202, res.text
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(f"{server}/t/{gid}?lang=ru#seat={tokens['us']}")
        page.wait_for_selector('form.action[data-type="he_fire"]', state="attached")
        titles = page.locator("#view .panel h3").all_inner_texts()
        assert titles == ["Юниты", "Маркеры", "Ожидающие проверки HQ", "Стороны"]
        journal = page.inner_text("#journal")
        assert "Дым 2 в гексе 0303" in journal and "лес: гексы 0504" in journal
        assert "Огневое задание HE Fire" in page.inner_text("#actions")
        # the request and the seat events, in the Seats panel and the journal
        page.wait_for_selector("#seats-box .seat-request")
        line = page.locator(f'#journal li[value="{len(SETUP)}"] .seat-line')
        # side names, in a form whose verb agrees with them ("сторона «...»")
        assert (
            "Сторона «американцы» просит новое приглашение на место стороны «советские»"
            in line.inner_text()
        )
        assert "занимает своё место" in page.inner_text("#journal-start")
        seats_box = page.inner_text("#seats-box")
        assert "просит новое приглашение на это место" in seats_box
        # (the rest of the journal names this test's unit ids, such as mr)
        shown = [("seats panel", seats_box), ("journal start", page.inner_text("#journal-start"))]
        shown += [("journal seat line", line.inner_text())]
        assert not offences(shown), offences(shown)
    finally:
        ctx.close()


# -- Tide of Iron in Russian: the face-down token and the forms ----------------------------


def _toi_play_ru(client: TestClient, secret: str) -> list[str]:
    """The twin-table script of tests/server/test_toi.py, every read asked in Russian."""
    from tests.server.test_toi import GERMAN_ATTACK_DICE, _dice_needed
    from tests.server.toi_script import SCRIPT, normalise, with_secret

    table = Table(client, "toi", {"start_phase": "status"}, dice="entered")
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
    assert any("немцы: жетон боеприпасов положен рубашкой вверх рядом с" in m for m in shown)


def test_toi_forms_and_los_in_russian(client: TestClient) -> None:
    t = Table(client, "toi", {"start_phase": "status"}, dice="entered")
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
    assert los_en["explanation"][0].startswith("The line 0101 -> 0303")
    assert los_ru["explanation"][0].startswith("Линия 0101 -> 0303")
    assert los_ru["explanation"][-1].startswith("Конечные гексы никогда не блокируют")
    assert los_ru["hexes"] == los_en["hexes"] and los_ru["blocked"] == los_en["blocked"]
    assert los_ru["text"].split(":")[0] == los_en["text"].split(":")[0]  # the verdict word


def test_asl_form_titles_in_russian(client: TestClient) -> None:
    t = Table(client, "asl", {"date": "1944-06", "sides": [
        {"name": "russian", "nationality": "russian"}, {"name": "german", "nationality": "german"}]})  # fmt: skip
    ru = t.get("russian", "/view?lang=ru").json()
    add = next(x for x in ru["legal"] if x["type"] == "add_gun")
    assert add["schema"]["properties"]["gun_size"]["title"] == "Калибр"


# -- the remaining gaps: lobby settings forms, WaW LOS lines, ASL/ToI labels and odds titles --

CYRILLIC = re.compile("[а-яА-ЯёЁ]")


def _drop_added_labels(ru: Any, en: Any) -> Any:
    """``ru`` without the ``x-labels`` that ``en`` does not have at the same place."""
    if isinstance(ru, dict) and isinstance(en, dict):
        return {
            k: _drop_added_labels(v, en.get(k))
            for k, v in ru.items()
            if k != "x-labels" or "x-labels" in en
        }
    if isinstance(ru, list) and isinstance(en, list) and len(ru) == len(en):
        return [_drop_added_labels(a, b) for a, b in zip(ru, en, strict=True)]
    return ru


def _schema_texts(node: Any, out: list[str]) -> list[str]:
    """Every title, description and select label of a JSON schema, in order."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("title", "description") and isinstance(value, str):
                out.append(value)
            elif key == "x-labels":
                out.extend(value)
            elif key in ("properties", "$defs"):
                for sub in value.values():
                    _schema_texts(sub, out)
            else:
                _schema_texts(value, out)
    elif isinstance(node, list):
        for x in node:
            _schema_texts(x, out)
    return out


def _names(node: Any) -> Any:
    """The schema with its texts blanked: field names, types, defaults and enums only."""
    if isinstance(node, dict):
        texts = ("title", "description")
        # x-labels are words (Russian adds them to a choice whose values are words)
        return {k: ("" if k in texts else _names(v)) for k, v in node.items() if k != "x-labels"}
    if isinstance(node, list):
        return [_names(x) for x in node]
    return node


#: Game terms the Russian players use as printed (their msgstr is the English word).
SAME_IN_RUSSIAN = {"Firepower", "Hit Number", "Advanced Imaging"}


def test_lobby_settings_forms_in_russian(client: TestClient) -> None:
    """The settings form of every game (ASL, ToI, WaW) has Russian titles and descriptions.

    The field names, defaults and enum values (what the form sends) are the same,
    and the English answer is the schema itself. Covers ASL-AMB-4, TOI-AMB-1,
    WAW-AMB-7 (their option descriptions are among the texts translated).
    """
    from ordnance.core import registry

    en = client.get("/api/modules").json()["games"]
    ru = client.get("/api/modules?lang=ru").json()["games"]
    plugins = registry.plugins()
    assert [g["settings_schema"] for g in en] == [
        plugins[g["name"]].game.settings_schema() for g in en
    ]
    for g_en, g_ru in zip(en, ru, strict=True):
        if g_en["name"] not in ("asl", "toi", "waw"):
            continue  # a test game of the server tests
        assert _names(g_ru["settings_schema"]) == _names(g_en["settings_schema"])
        texts_en = _schema_texts(g_en["settings_schema"], [])
        # a choice Russian labels (its values are words) has no English labels to compare
        ru_schema = _drop_added_labels(g_ru["settings_schema"], g_en["settings_schema"])
        texts_ru = _schema_texts(ru_schema, [])
        untranslated = [
            a
            for a, b in zip(texts_en, texts_ru, strict=True)
            if a == b and a not in SAME_IN_RUSSIAN
        ]
        assert untranslated == [], g_en["name"]
    asl = next(g["settings_schema"] for g in ru if g["name"] == "asl")
    assert asl["properties"]["date"]["title"] == "Дата сценария"
    page = client.get("/?lang=ru").text
    assert "Настройки World at War" in page and "ASL-AMB-4: +1 элиты" in page
    assert "Scenario year and month" not in page
    assert "Scenario year and month" in client.get("/?lang=en").text


def _waw_los_table(client: TestClient) -> Table:
    t = Table(client, "waw")
    for seat, action in [
        ("us", {"type": "place_unit", "id": "A1", "kind": "M1 Abrams", "side": "us", "hex": "0,0"}),
        ("us", {"type": "place_unit", "id": "I1", "kind": "M901 ITV", "side": "us", "hex": "0,0"}),
        ("soviet", {"type": "place_unit", "id": "T1", "kind": "T-72", "side": "soviet",
                    "hex": "4,0"}),
        ("us", {"type": "smoke", "side": "us", "target": "2,0"}),
    ]:  # fmt: skip
        assert t.act(seat, action).status_code == 200
    return t


def test_waw_los_lines_in_russian(client: TestClient) -> None:
    """WAW-8.2-c/-d/-e/-f: every LOS line of World at War is Russian with lang=ru."""
    t = _waw_los_table(client)
    for seat, path in [("us", "/los?from=0,0&to=4,0"), ("soviet", "/los?from=4,0&to=0,0"),
                       ("us", "/los?from=0,0&to=1,0")]:  # fmt: skip
        en = t.get(seat, path).json()
        ru = t.get(seat, path + "&lang=ru").json()
        assert {k: v for k, v in ru.items() if k not in ("text", "note", "explanation")} == {
            k: v for k, v in en.items() if k not in ("text", "note", "explanation")
        }
        assert len(ru["explanation"]) == len(en["explanation"])
        english_left = [x for x in ru["explanation"] if not CYRILLIC.search(x)]
        assert english_left == [], english_left
    ru = t.get("us", "/los?from=0,0&to=4,0&lang=ru").json()["explanation"]
    assert "Дым 2 в 0302 блокирует линию (WAW-8.2-c)" in "\n".join(ru)
    assert any(
        x.startswith("A1 (M1 Abrams) AP: видит цель, число попадания 4, +1 стрельба тепловизора")
        for x in ru
    )
    assert any(x.startswith("I1 (M901 ITV) HE: отказано [WAW-8.2-f] ITV не может") for x in ru)
    assert any(
        "нет линии видимости от 0503 до 0101" in x
        for x in t.get("soviet", "/los?from=4,0&to=0,0&lang=ru").json()["explanation"]
    )


ASL_SIDES = [{"name": "russian", "nationality": "russian"},
             {"name": "german", "nationality": "german"}]  # fmt: skip
ASL_T34 = {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
           "notation": "A5^4^/6^5", "gun_size": "85L", "hex": "0,0"}  # fmt: skip


def _labels(answer: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for item in answer["legal"]:
        out += _schema_texts({"x": item["schema"]}, [])
    return [x for x in out if isinstance(x, str)]


def test_asl_and_toi_labels_titles_and_odds_in_russian(client: TestClient) -> None:
    """Select labels (phases, CA directions, Guns, units, tokens left), action titles and odds
    titles of ASL (ASL-8.9-c/d/e odds) and Tide of Iron (TOI-GEN-4 purchase, B5/B6 attack)."""
    t = Table(client, "asl", {"date": "1944-06", "sides": ASL_SIDES})
    assert t.act("russian", ASL_T34).status_code == 200
    # the RPh waits for both sides (ASL-B3): once the german is done, the russian may move on
    assert t.act("german", {"type": "done"}).status_code == 200
    en, ru = t.get("russian", "/view").json(), t.get("russian", "/view?lang=ru").json()
    labels = _labels(ru)
    assert "PFPh: фаза подготовительного огня" in labels and "2: ЮВ" in labels
    assert "t34: T-34/85 (русские, гекс A1)" in labels
    assert "PFPh: Prep Fire Phase" in _labels(en) and "PFPh: Prep Fire Phase" not in labels
    assert all(CYRILLIC.search(x["title"]) for x in ru["legal"])
    fire = {"type": "fire", "gun": "t34", "ammo": "APCR"}
    odds_en = t.post("russian", "/odds", {"action": fire}).json()["odds"]
    odds_ru = t.post("russian", "/odds?lang=ru", {"action": fire}).json()["odds"]
    assert odds_en["title"] == "T-34/85: APCR N=5 (ASL-8.9-c/d/e)"  # the Gun by name
    assert odds_ru["title"] == "T-34/85: APCR, N=5 (ASL-8.9-c/d/e)"
    # the figures are the same; their titles (declared on AslShotOdds) are in the language
    assert {k: v for k, v in odds_ru.items() if k not in ("title", "labels")} == {
        k: v for k, v in odds_en.items() if k not in ("title", "labels")
    }
    assert odds_en["labels"]["available_after"] == "still available after the shot"
    assert odds_ru["labels"]["available_after"] == "ещё в наличии после выстрела"
    assert all(CYRILLIC.search(v) for v in odds_ru["labels"].values())
    for ammo, title in [("HEAT", "T-34/85: HEAT нет в наличии"),
                        (None, "T-34/85: обычный выстрел, неисправность при DR >= 12")]:  # fmt: skip
        action = {"type": "fire", "gun": "t34"} | ({"ammo": ammo} if ammo else {})
        assert (
            t.post("russian", "/odds?lang=ru", {"action": action}).json()["odds"]["title"] == title
        )

    toi = Table(client, "toi", {"start_phase": "status"}, dice="entered")
    assert toi.act("german", {"type": "advance", "to": "munitions"}).status_code == 200
    # each nation's steps wait for it (TOI-GEN-4, TOI-B8): the soviet says done in each,
    # so the german, last awaited, has the advance form
    assert toi.act("soviet", {"type": "done"}).status_code == 200
    ru = toi.get("german", "/view?lang=ru").json()
    labels = _labels(ru)
    assert "HE (осталось 1)" in labels and "фаза статуса, покупка боеприпасов" in labels
    assert "Panzer IV, гекс 0306" in labels  # by its name, no id
    assert all(CYRILLIC.search(x["title"]) for x in ru["legal"])
    assert toi.act("german", {"type": "advance", "to": "op-fire"}).status_code == 200
    assert toi.act("soviet", {"type": "done"}).status_code == 200
    assert toi.act("german", {"type": "advance", "to": "action"}).status_code == 200
    attack = {"type": "attack", "unit": "s-t34-1", "target": "g-pziv-1"}
    res = toi.post("soviet", "/odds", {"action": attack})
    assert res.status_code == 200, res.text
    title_ru = toi.post("soviet", "/odds?lang=ru", {"action": attack}).json()["odds"]["title"]
    assert (res.json()["odds"]["title"], title_ru) == (
        "T-34/76 attacks Panzer IV: net hits",  # counters by name, never by id
        "T-34/76 атакует Panzer IV: чистые попадания",
    )


def test_toi_attack_odds_figures_in_russian(client: TestClient) -> None:
    """TOI-B6: the titles of the figures and the target's states after the attack are in
    the asked language; the fractions are the same."""
    t = Table(client, "toi")
    assert t.act("german", {"type": "move", "unit": "g-pziv-1", "to": "2,3"}).status_code == 200
    attack = {"type": "attack", "unit": "s-t34-1", "target": "g-panther-1"}
    en = t.post("soviet", "/odds", {"action": attack}).json()["odds"]
    ru = t.post("soviet", "/odds?lang=ru", {"action": attack}).json()["odds"]
    assert en["after"] == {
        "undamaged": "10802/19683",
        "lightly damaged": "2563/6561",
        "heavily damaged": "328/6561",
        "destroyed": "208/19683",
    }
    assert list(ru["after"].values()) == list(en["after"].values())
    assert all(CYRILLIC.search(k) for k in ru["after"]), ru["after"]
    assert all(CYRILLIC.search(v) for v in ru["labels"].values()), ru["labels"]
    assert ru["headline"] == en["headline"] == ["p_kill", "p_damage"]
    assert ru["p_kill"] == en["p_kill"] == "208/19683"
