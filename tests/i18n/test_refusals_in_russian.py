"""Every refusal in Russian: a template per refusal, rendered from its params.

A refusal carries its text as a message (``RuleViolation(clause,
msg(template, **params), hint=msg(...))``), so a face renders it in its
reader's language from ``refusals.po``; nothing translates finished English
back. These tests walk every refusal template the source raises (read from
the source, ``tests/i18n/refusals.py``) and every entry of the catalogue, and
check the frame of validation refusals (field, value given, clause) in the CLI
and the API. Clauses: WAW-HE-a (Firepower 0, Hit Number above 6), WAW-8.3-a
(FASCAM), WAW-B6 (a WaW action's fields), TOI-B8 (ToI's).
"""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from pydantic import BaseModel, Field, ValidationError

from ordnance import i18n
from ordnance.core.errors import RuleViolation
from ordnance.core.messages import msg
from ordnance.core.validation import refusal
from tests.i18n.latin import english_words
from tests.i18n.refusals import catalogued, refusal_templates
from tests.server.conftest import Table, client  # noqa: F401 (fixtures)

RU = i18n.translations("ru").gettext

#: What a refusal's hint quotes to be typed as it is, taken out before the English-word
#: check: a CLI flag and its value, a quoted or JSON value, a field or action name
#: (``snake_case``, ``a.b``, ``a=b``), a path or command, a list of typed values.
TYPED = re.compile(
    r"(?<![\w-])--?[a-z][\w-]*(?: (?![А-Яа-яЁё])[\w.,:/-]+)?"
    r"|'[^']*'|\"[^\"]*\"|\{[^}]*\}|\[[^\]]*\]"
    r"|\b\w+(?:[_.=@:/<>][\w<>-]*)+"
    r"|\bordnance(?: [a-z]+)+|(?<!\w)/[\w/<>-]+"
)
#: Typed choice values, and the names of charts and rules the rulebooks print in English.
TYPED_WORDS = re.compile(
    r"\b(?:vehicle|squad|unarmored|infantry|area|front|side|elite|ss|rof|turns|table|binomial"
    r"|personnel|collateral|rubble-fire|per-location|nearest-row|forbid|village|Burma"
    r"|Smoke|Canister|Ammunition Supply Chart|Ordnance Listing|Op Fire|Bounding First Fire"
    r"|american|german|russian|pending|entered|schema|set|counters|import|dice|AMMO|IIFT"
    r"|Tide of Iron|World at War|POST|[qrs])\b"
)


def _untyped(text: str) -> str:
    return TYPED.sub(" ", TYPED_WORDS.sub(" ", text))


def _entries() -> dict[str, str]:
    with i18n.catalogue_path("ru", i18n.REFUSALS_DOMAIN).open("rb") as fh:
        return {str(m.id): str(m.string) for m in read_po(fh, locale="ru") if m.id}


ENTRIES = _entries()


def _fields(template: str) -> list[tuple[str, str, str]]:
    return sorted(
        (name, conv or "", spec or "")
        for _lit, name, spec, conv in string.Formatter().parse(template)
        if name is not None
    )


def test_every_refusal_the_source_raises_has_a_russian_template() -> None:
    raised = list(refusal_templates())
    assert len(raised) > 500  # the three games, the core and the table
    missing = sorted({t for t, _c, _p in raised} - catalogued())
    assert missing == []


@pytest.mark.parametrize("template", sorted(ENTRIES))
def test_each_refusal_template_renders_in_russian_with_its_fields(template: str) -> None:
    """Walks every clause's template: same fields, no English left once rendered."""
    russian = ENTRIES[template]
    assert russian, "an empty translation"
    assert _fields(russian) == _fields(template)
    # neutral values: a hex, an id, a number (what a parameter holds)
    values = {name: 1.5 if spec else "0305" for name, _conv, spec in _fields(template)}
    shown = russian.format(**values)
    if template == russian:  # the same in both languages: CLI flags, notation and ids only
        assert not re.search(r"(?<![-\w])[a-z]{3,} [a-z]{3,} [a-z]{3,}", shown), shown
        return
    assert re.search("[а-яёА-ЯЁ]", shown), shown
    assert english_words(_untyped(shown)) == [], (template, shown)


def test_a_refusal_renders_in_the_readers_language_and_english_is_unchanged() -> None:
    """WAW-HE-a: the English text is the template rendered; Russian from the catalogue."""
    exc = RuleViolation(
        "WAW-HE-a",
        msg("a Hit Number is 1 to 6, not {hit_number}", hit_number=9),
        hint=msg("fire only with a Hit Number of 6 or less"),
    )
    assert str(exc) == (
        "[WAW-HE-a] a Hit Number is 1 to 6, not 9 (instead: fire only with a Hit Number of 6 or less)"
    )
    said, told, found = i18n.localize_refusal(exc, RU, "ru")
    assert found
    assert said == "число попадания — от 1 до 6, а не 9"
    assert told == "стреляйте только с числом попадания 6 или меньше"
    assert i18n.localize_refusal(exc, RU, "en") == (exc.message, exc.hint, False)


class _Question(BaseModel):
    firepower: int = Field(ge=1, le=40, json_schema_extra={"x-clause": "WAW-HE-a"})
    hit_number: int = Field(ge=1, le=6)


def test_a_validation_refusal_names_field_value_and_clause_in_russian() -> None:
    """Pydantic's messages become templates: field, value given and clause, in Russian."""
    with pytest.raises(ValidationError) as info:
        _Question.model_validate({"firepower": 0, "extra": 1})
    exc = refusal(info.value, _Question, what=msg("{kind} action", kind="he_fire"), clause="WAW-B6")
    english = exc.message
    assert exc.clause == "WAW-HE-a"  # the first field's clause; another field's is named
    assert english == (
        "bad he_fire action: firepower (given 0): Input should be greater than or equal to 1; "
        "[WAW-B6] hit_number: Field required"
    )
    said, _told, found = i18n.localize_refusal(exc, RU, "ru")
    assert found
    assert "firepower (дано 0): значение должно быть не меньше 1" in said
    assert "[WAW-B6] hit_number: обязательное поле" in said
    assert english_words(re.sub(r"he_fire|hit_number|firepower", "", said)) == []
    assert all(i18n.localize_problem(p, RU, "ru") != p.message for p in exc.problems)


def test_the_api_answers_a_refused_action_in_russian(client: TestClient) -> None:  # noqa: F811
    """TOI-B8: a ToI action with bad fields, refused over HTTP in the page's language."""
    table = Table(client, "toi")
    seat = table.creator
    body = {"action": {"type": "move", "unit": 7}, "expected_version": table.version(seat)}
    res = table.post(seat, "/actions?lang=ru", body)
    assert res.status_code == 422, res.text
    data = res.json()
    en = table.post(seat, "/actions", body).json()
    assert data["clause"] == en["clause"] == "TOI-B8"
    assert en["message"].startswith("bad move action: ")
    assert data["message"].startswith("неверный ввод (действие движение): unit (дано 7): ")
    assert [p["field"] for p in en["problems"]] == [p["field"] for p in data["problems"]]
    assert all(re.search("[а-яё]", p["message"]) for p in data["problems"]), data["problems"]
    fields = "|".join(p["field"] for p in data["problems"])  # the field names are ids
    assert english_words(re.sub(rf"\b(?:{fields})\b", "", data["message"])) == []


def test_the_cli_prints_a_refusal_in_russian_without_english_detail(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    """WAW-HE-a: Firepower 0 is refused in Russian, with its hint; no English detail."""
    from ordnance.cli.main import main

    db = f"sqlite:///{tmp_path}/j.db"
    with pytest.raises(SystemExit):
        main(["waw", "new", "--id", "g", "--db", db])
    capsys.readouterr()
    with pytest.raises(SystemExit) as info:
        main(["--lang", "ru", "waw", "he", "g", "--side", "us", "--target", "0,0", "--fp", "0",
              "--hit-number", "4", "--db", db])  # fmt: skip
    i18n.activate("en")
    assert info.value.code == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "отказано: [WAW-HE-a] задание HE Fire с огневой мощью 0" in err
    assert "(вместо этого: укажите огневую мощь задания" in err
    assert english_words(err) == []
