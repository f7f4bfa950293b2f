"""The page's own words in Russian: every string its scripts show, and its HTML text.

The lobby, the table and the join pages are fetched with ``?lang=ru``; their
visible text and the word lists they hand to their scripts (``i18n-data``,
``i18n-page-data``) go through the same English-word detector as the game
texts. Every literal the scripts pass to ``t("...")`` must be among those
words (else it shows in English whatever the language). Clauses: none (the
page's frame, issue 9 item 6).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import ordnance.server.pages as pages
from ordnance.server.app import create_app
from tests.i18n.latin import offences
from tests.i18n.renderings import Seats

STATIC = Path(pages.__file__).with_name("static")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
T_CALL = re.compile(r"""\bt\("((?:[^"\\]|\\.)*)"\)""")


class Words(HTMLParser):
    """Visible text nodes and the JSON word lists of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.data: dict[str, str] = {}
        self._script: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            found = dict(attrs)
            self._script = found.get("id") or tag
        for name, value in attrs:
            if name in ("title", "placeholder", "aria-label", "alt") and value:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script in ("i18n-data", "i18n-page-data"):
            self.data.update(json.loads(data))
        elif self._script is None and data.strip():
            self.texts.append(data.strip())


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A table server whose lobby lists only the shipped games.

    Other tests register toy games (in English, on purpose) in the same process;
    the Russian pages are judged on the games a player gets.
    """
    from importlib.metadata import entry_points

    from ordnance.core import registry

    shipped = {ep.name for ep in entry_points(group="ordnance.games")}
    only = {k: v for k, v in registry.plugins().items() if k in shipped}
    assert {"asl", "toi", "waw"} <= set(only)
    monkeypatch.setattr(registry, "_REGISTRY", only)
    with TestClient(create_app(tmp_path / "table.db", heartbeat=0.2)) as c:
        yield c


def page_words(client: TestClient, path: str) -> Words:
    res = client.get(path)
    assert res.status_code == 200, res.text
    words = Words()
    words.feed(res.text)
    return words


def test_pages_in_russian_have_no_english(client: TestClient) -> None:
    t = Seats(client, "waw/fulda-sample")
    found: list[tuple[str, str]] = []
    for path in ("/?lang=ru", f"/t/{t.id}?lang=ru", f"/join/{t.id}?lang=ru"):
        words = page_words(client, path)
        assert words.data or words.texts
        found += [(f"page {path} text", x) for x in words.texts]
        for k, v in words.data.items():
            # a word the script fills in (``{seats}``): the placeholders are the msgid's,
            # replaced before anything shows, so they are not words of the page
            assert sorted(PLACEHOLDER.findall(v)) == sorted(PLACEHOLDER.findall(k)), (k, v)
            found.append((f"page {path} script word {k!r}", PLACEHOLDER.sub(" ", v)))
    # the face-down test game the server tests register is not a game of the project
    bad = [o for o in offences(found) if "(secrets)" not in o.text]
    assert not bad, f"{len(bad)} English text(s):\n" + "\n".join(map(str, bad))


def test_every_script_word_has_a_translation(client: TestClient) -> None:
    """Each ``t("...")`` literal of the page's scripts is among the words handed to them."""
    t = Seats(client, "waw/fulda-sample")
    handed: dict[str, str] = {}
    for path in ("/?lang=ru", f"/t/{t.id}?lang=ru", f"/join/{t.id}?lang=ru"):
        handed.update(page_words(client, path).data)
    literals = {m for js in STATIC.glob("*.js") for m in T_CALL.findall(js.read_text("utf-8"))}
    assert len(literals) > 40
    missing = sorted(x for x in literals if handed.get(x, x) == x)
    assert not missing, f"{len(missing)} script word(s) shown in English:\n" + "\n".join(missing)
