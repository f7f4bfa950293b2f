"""The last English texts of the CLI in Russian: WaW LOS reasons, ToI/ASL odds titles, labels.

``ordnance --lang ru waw los`` explains each Smoke marker in Russian (the reason
the engine wrote is a shown text rendered from its message), the Tide of Iron
odds tables have Russian titles, and the select labels and odds titles the games
write are Russian through the same catalogue; English output is unchanged.
Covers WAW-8.2-c (blocking smoke), WAW-AMB-7 (the adjacent exemption),
WAW-8.2-f (the ITV), TOI-AMB-4 (the Smoke round title), ASL-8.9-c/d/e (odds title).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from ordnance import i18n
from ordnance.asl.plugin import AslGame
from ordnance.cli.main import main
from ordnance.core.dice import SeededDice

CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@pytest.fixture(autouse=True)
def _english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in ("ORDNANCE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    yield
    i18n.activate("en")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    try:
        main(list(args))
    except SystemExit as exc:
        assert not exc.code, capsys.readouterr()
    return capsys.readouterr().out


def test_waw_los_smoke_reasons_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """WAW-8.2-c and WAW-AMB-7: the blocking and the exempting reason are Russian."""
    blocked = ["waw", "los", "0,0", "3,0", "--smoke", "2,0", "--unit", "M901 ITV"]
    en = run(capsys, *blocked)
    # hexes as printed: 2,0 is 0302; 1,0 0201; 3,0 0402
    assert "Smoke 2 at 0302 BLOCKS: the line meets the smoke area of 0302 in 0201, 0302," in en
    ru = run(capsys, "--lang", "ru", *blocked)
    assert "Дым 2 в 0302 БЛОКИРУЕТ: линия проходит через зону дыма 0302 в гексах 0201, 0302," in ru
    assert "the line meets" not in ru
    adjacent = ["waw", "los", "0,0", "1,0", "--smoke", "2,0"]
    assert "does not block: the firer is adjacent to its target" in run(capsys, *adjacent)
    ru = run(capsys, "--lang", "ru", *adjacent)
    assert "не блокирует: стреляющий стоит рядом с целью (WAW-8.2-c, WAW-AMB-7)" in ru
    # --json stays the same bytes in both languages
    assert run(capsys, "--lang", "ru", *blocked, "--json") == run(capsys, *blocked, "--json")


def test_toi_odds_titles_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """The attack and Smoke-round odds tables (TOI-AMB-4) have Russian titles and headers."""
    attack = ["toi", "odds", "--fp", "4", "--range", "close", "--defense", "1"]
    en = run(capsys, *attack)
    assert "Net hits: firepower 4 vs vehicle at close" in en and "net hits" in en
    ru = run(capsys, "--lang", "ru", *attack)
    assert "Чистые попадания: огневая мощь 4, цель: техника," in ru
    assert "чистые попадания" in ru and "Net hits" not in ru
    smoke = ["toi", "odds", "smoke", "--fp", "3", "--range", "close"]
    assert "Smoke round: 3 dice hitting on 4+" in " ".join(run(capsys, *smoke).split())
    ru = " ".join(run(capsys, "--lang", "ru", *smoke).split())
    assert "Выстрел дымом: кубиков 3, попадание на 4+, дистанция ближняя" in ru


def test_labels_and_odds_titles_from_their_messages() -> None:
    """ASL labels (phases, CA directions, the Gun) and odds titles (ASL-8.9-c/d/e)."""
    tr = i18n.translations("ru").gettext
    game = AslGame()
    sides = [{"name": "russian", "nationality": "russian"},
             {"name": "german", "nationality": "german"}]  # fmt: skip
    state = game.new({"date": "1944-06", "sides": sides})
    gun = {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
           "notation": "A5^4^/6^5", "gun_size": "85L", "hex": "0,0"}  # fmt: skip
    state = game.apply(state, gun, SeededDice(1), None).state
    # the RPh waits for both sides (ASL-B3): with the german done, the russian may move on
    state = game.apply(state, {"type": "done", "side": "german"}, SeededDice(1), None).state
    legal = game.legal(state, "russian")
    assert i18n.localize_legal(legal, tr, "en") == legal
    ru = i18n.localize_legal(legal, tr, "ru")
    labels = [x for item in ru for x in _labels(item["schema"])]
    assert "t34: T-34/85 (русские, гекс A1)" in labels
    assert "RtPh: фаза бегства" in labels and "5: СЗ" in labels
    assert all(CYRILLIC.search(item["title"]) for item in ru)
    odds = game.odds(state, {"type": "fire", "gun": "t34", "ammo": "APCR"}, "russian")
    assert odds is not None
    assert i18n.localize_text(odds["title"], tr, "en") == odds["title"]
    assert i18n.localize_text(odds["title"], tr, "ru") == "t34: APCR, N=5 (ASL-8.9-c/d/e)"
    # finished English is never read back into a template: only a shown text's message is rendered
    line = "I1 (M901 ITV) HE: [WAW-8.2-f] the ITV cannot fire its HE Firepower through smoke."
    assert i18n.localize_text(line, tr, "ru") == line


def _labels(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [str(x) for x in node.get("x-labels", [])]
        return found + [x for k, v in node.items() if k != "x-labels" for x in _labels(v)]
    if isinstance(node, list):
        return [x for v in node for x in _labels(v)]
    return []
