"""No English left in a Russian rendering of the sample scenarios (issue 9, item 6).

Each game's sample scenario is played a few moves, in Russian, through the
table's API (``?lang=ru``: views of every seat, ``legal`` forms, journal,
odds, refusals, consent and undo requests, the lobby's settings schema) and
through ``ordnance --lang ru`` (``game view`` for each seat and the public,
``game log``, ``game legal``, ``game act`` including refusals). Every
Latin-script word the allow-list (``allowed-latin.csv``) does not explain is
an English text left untranslated; the failure lists each with where it came
from. Clauses met on the way: TOI-GEN-4, TOI-B8 (ToI sequence of play),
ASL-B3 (ASL phases), WAW-B6 and WAW-HE-a (WaW impulses, HE Fire).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ordnance import i18n
from ordnance.cli.main import main
from ordnance.core.scenario import examples
from ordnance.server.app import create_app
from tests.i18n.latin import english_words, offences
from tests.i18n.renderings import SCRIPTS, cli_texts, http_texts, start_texts

SEATS = {"toi": ["german", "soviet"], "asl": ["american", "german"], "waw": ["us", "soviet"]}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "table.db", heartbeat=0.2)) as c:
        yield c


@pytest.fixture(autouse=True)
def _english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in ("ORDNANCE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COLUMNS", "400")
    yield
    i18n.activate("en")


def report(found: list[tuple[str, str]]) -> str:
    bad = offences(found)
    return f"{len(bad)} English text(s) in Russian:\n" + "\n".join(map(str, bad))


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_table_api_in_russian_has_no_english(client: TestClient, game: str) -> None:
    """Every text of the table's answers in Russian is Russian (or allowed)."""
    found = http_texts(client, game)
    assert len(found) > 50  # the script reached the views, forms, journal and refusals
    assert not offences(found), report(found)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_cli_in_russian_has_no_english(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    """Every line ``ordnance --lang ru`` prints over the scenario is Russian (or allowed)."""

    def run(*args: str, ok: bool = True) -> str:
        try:
            main(list(args))
        except SystemExit as exc:
            assert (exc.code in (0, None)) == ok, capsys.readouterr()
        out = capsys.readouterr()
        return out.out + out.err

    found = cli_texts(run, tmp_path / "j.db", game, SEATS[game])
    assert len(found) > 10
    assert not offences(found), report(found)


@pytest.mark.parametrize("scenario", sorted(examples()))
def test_every_sample_scenario_starts_in_russian(client: TestClient, scenario: str) -> None:
    """Each shipped sample (``ordnance scenario examples``): every seat's view, forms, journal."""
    found = start_texts(client, scenario)
    assert len(found) > 20
    assert not offences(found), report(found)


def test_the_detector_flags_english_and_spares_the_allowed() -> None:
    """The detector itself: English words are found, ids and designations are not."""
    assert english_words("юнит g-squad-1: undamaged, fresh") == ["undamaged", "fresh"]
    assert english_words("T-34/85 в гексе C5 (ASL-8.9-c), 2d6, 0302") == []
    assert english_words("Smoke 2 в 2,0") == ["Smoke"]


def test_waw_los_calculator_lines_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """WAW-8.2-c/-d/-e/-f: ``ordnance --lang ru waw los`` prints every line under its
    table in Russian (the hexes, the smoke verdict, the Advanced Imaging line, each
    firer's Hit Number or refusal), rendered from the lines' own messages."""
    args = ["waw", "los", "0,0", "3,0", "--smoke", "2,0", "--unit", "M901 ITV"]

    def run(*argv: str) -> str:
        with pytest.raises(SystemExit) as exited:
            main(list(argv))
        assert exited.value.code in (0, None)
        return capsys.readouterr().out

    out = run("--lang", "ru", *args)
    lines = [line for line in out.splitlines() if line.strip() and line[0] not in "┃┏┡└│"]
    assert any("число попадания 5" in line for line in lines), out
    assert any("отказано [WAW-8.2-f]" in line for line in lines), out
    found = [("waw los --lang ru", line) for line in lines]
    # the table's own first headers are not game texts of the lines (docs/i18n.md)
    assert not offences(found), report(found)
    english = run(*args)
    assert "M901 ITV AP: Hit Number 5 +1 WAW-8.2-f" in english
    assert "M901 ITV HE: refused [WAW-8.2-f] the ITV cannot fire its HE Firepower" in english
