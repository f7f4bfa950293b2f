"""The command line in English and Russian (``ordnance --lang ru ...``).

Russian summaries of refusals are keyed by clause id; the WaW ones cover the
clauses the WaW module refuses with (covers WAW-8.3-a, WAW-HE-k, WAW-B5 ...).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from ordnance import i18n
from ordnance.cli.main import main

SRC = Path(__file__).resolve().parents[2] / "src" / "ordnance"
CLI_FILES = [
    SRC / "cli" / "main.py",
    SRC / "cli" / "common.py",
    SRC / "cli" / "games.py",
    *sorted((SRC / "cli" / "odds").glob("*.py")),
    *sorted((SRC / "cli" / "game_commands").glob("*.py")),
    SRC / "cli" / "calculators.py",
    *sorted((SRC / "cli" / "asl").glob("*.py")),
]
#: Every clause id a WaW rule refusal can carry (grep of RuleViolation in ordnance.waw).
WAW_REFUSAL_CLAUSES = [
    "WAW-8.3-a",
    "WAW-8.3-d",
    "WAW-HE-a",
    "WAW-HE-k",
    "WAW-8.2-c",
    "WAW-8.2-e",
    "WAW-8.2-f",
    "WAW-8.2-g",
    "WAW-B2",
    "WAW-B5",
]


@pytest.fixture(autouse=True)
def _english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in ("ORDNANCE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    yield
    i18n.activate("en")  # other tests drive the Typer apps without main()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def waw_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    db = str(tmp_path / "waw.db")
    assert run(capsys, "waw", "new", "--id", "g1", "--db", db)[0] == 0
    place = ["waw", "place", "g1", "t72a", "T-72", "--side", "soviet", "--hex", "0,0"]
    assert run(capsys, *place, "--db", db)[0] == 0
    return db


def test_refused_fascam_in_russian_names_the_clause(
    capsys: pytest.CaptureFixture[str], waw_game: str
) -> None:
    """covers WAW-8.3-a: a Soviet FASCAM is refused, the refusal itself in Russian (no English detail)."""
    code, out, err = run(
        capsys,
        "--lang",
        "ru",
        "waw",
        "fascam",
        "g1",
        "--side",
        "soviet",
        "--target",
        "2,0",
        "--db",
        waw_game,
    )
    assert code == 2
    assert out == ""
    text = " ".join(err.split())
    assert "отказано: [WAW-8.3-a] FASCAM может вызывать только американская сторона, а" in text
    assert "(вместо этого: вызовите задание HE Fire" in text
    assert "only the Americans" not in text and "подробно" not in text
    assert "вместо этого:" in text
    # nothing was written: the game is still at the version it had after placing the unit
    code, out, _ = run(capsys, "waw", "view", "g1", "--db", waw_game, "--json")
    assert '"version": 1}' in out


def test_english_stays_the_default(capsys: pytest.CaptureFixture[str], waw_game: str) -> None:
    """covers WAW-8.3-a in English: the refusal prints as it always did."""
    code, _, err = run(
        capsys, "waw", "fascam", "g1", "--side", "soviet", "--target", "2,0", "--db", waw_game
    )
    assert code == 2
    assert " ".join(err.split()).startswith("refused: [WAW-8.3-a] only the Americans")
    assert "отказано" not in err


def test_table_headers_in_russian(capsys: pytest.CaptureFixture[str], waw_game: str) -> None:
    code, out, _ = run(capsys, "--lang", "ru", "waw", "view", "g1", "--db", waw_game)
    assert code == 0
    for header in ("Юнит", "Сторона", "Гекс", "Местность", "Состояние"):
        assert header in out
    assert "в порядке" in out and "good order" not in out
    code, out, _ = run(capsys, "--lang", "ru", "waw", "odds", "fascam")
    assert "Атака мин FASCAM (1d6)" in out and "нет эффекта" in out and "точно" in out


def test_lang_environment_picks_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    code, out, _ = run(capsys, "waw", "odds", "fascam")
    assert code == 0 and "результат" in out
    monkeypatch.setenv("ORDNANCE_LANG", "en")  # ORDNANCE_LANG beats LANG
    code, out, _ = run(capsys, "waw", "odds", "fascam")
    assert "result" in out and "результат" not in out
    monkeypatch.setenv("ORDNANCE_LANG", "ru")
    code, out, _ = run(capsys, "--lang", "en", "waw", "odds", "fascam")  # --lang beats both
    assert "результат" not in out


def test_pick_order() -> None:
    assert i18n.pick(None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US"}) == "ru"
    assert i18n.pick(None, {"LC_MESSAGES": "ru_UA", "LANG": "C"}) == "ru"
    assert i18n.pick(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.pick(None, {"ORDNANCE_LANG": "xx", "LANG": "ru_RU"}) == "ru"
    assert i18n.lang_from_argv(["--lang=ru", "waw"]) == "ru"
    assert i18n.lang_from_argv(["waw", "--lang", "ru"]) is None  # top-level option only


@pytest.mark.parametrize(
    "args",
    [
        ("waw", "odds", "fascam"),
        ("waw", "odds", "he-fire", "--fp", "5", "--hit-number", "4", "--defense", "1"),
        ("waw", "view", "g1"),
        ("waw", "fascam", "g1", "--side", "soviet", "--target", "2,0"),
        ("waw", "los", "0,0", "3,0", "--smoke", "2,0"),
        ("waw", "units"),
    ],
)
def test_json_is_identical_in_both_languages(
    capsys: pytest.CaptureFixture[str], waw_game: str, args: tuple[str, ...]
) -> None:
    """--json keeps keys, codes and messages whatever the language (refusals included)."""
    extra = ["--db", waw_game] if args[1] not in ("odds", "units", "los") else []
    en = run(capsys, *args, *extra, "--json")
    ru = run(capsys, "--lang", "ru", *args, *extra, "--json")
    assert en == ru
    assert en[1].encode() == ru[1].encode()


def test_russian_help_texts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "ru", "waw", "fascam", "--help")
    assert code == 0  # the derived command: the form's title in Russian
    assert "Огневое задание FASCAM" in out and "Параметры" in out


def _catalogue() -> dict[str, str]:
    with i18n.catalogue_path("ru").open("rb") as fh:
        cat = read_po(fh, locale="ru")
    return {str(m.id): str(m.string) for m in cat if m.id}


def test_catalogue_has_no_empty_translation() -> None:
    empty = [k for k, v in _catalogue().items() if not v.strip()]
    assert empty == []


def test_every_marked_literal_is_in_the_catalogue() -> None:
    cat = _catalogue()
    found: set[str] = set()
    for path in CLI_FILES:
        for _lineno, msg, _c, _ctx in extract_from_file(
            "python", str(path), keywords={"_": None, "N_": None}
        ):
            found.add(str(msg))
    assert len(found) > 30  # the extraction works (the answers of calculators are not marked)
    assert sorted(found - set(cat)) == []


def test_placeholders_survive_translation() -> None:
    """A translated text takes the same {names} as its English one (else .format fails)."""
    names = re.compile(r"\{(\w*)\}")
    bad = {
        k: v
        for k, v in _catalogue().items()
        if sorted(names.findall(k)) != sorted(names.findall(v))
    }
    assert bad == {}


@pytest.mark.parametrize("clause", WAW_REFUSAL_CLAUSES)
def test_every_waw_refusal_clause_has_a_russian_summary(clause: str) -> None:
    """covers every WaW refusal clause: its one-line Russian summary exists."""
    i18n.activate("ru")
    summary = i18n.clause_summary(clause)
    assert summary and re.search("[а-яё]", summary)


def test_waw_refusal_clauses_list_is_complete() -> None:
    """The list above matches the clause ids the WaW module raises with."""
    raised = set()
    for path in (SRC / "waw").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        raised |= set(re.findall(r'RuleViolation\(\s*"(WAW-[^"]+)"', text))
        raised |= set(re.findall(r'"(WAW-[\w.]+-[a-z])"', text))
    missing = {c for c in raised if i18n.translations("ru").gettext(f"clause:{c}") == f"clause:{c}"}
    assert missing == set()
    assert set(WAW_REFUSAL_CLAUSES) <= raised | {"WAW-B2", "WAW-B5"}
