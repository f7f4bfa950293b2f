"""The stand-alone calculators answer in Russian, on the page's API and the command line
(issue 18, item 5: every shown text a message, or a word, rendered by the catalogue).

Each calculator below is asked its own example (the question the page offers filled
in) with ``?lang=ru``; every text its answer shows (title, axis label, lines, table
title, headers and cells, distribution outcomes, comparison labels and series) must
be Russian, or Latin only where the allow-list (``allowed-latin.csv``) says why
(notation such as APCR, N, DR+1, clause ids). The English answers stay as they were.

Clauses met: ASL-8.9 (depletion, the whole Gun shot), ASL-C8 (APCR), TOI-B4 and
TOI-APC-1 (a ToI attack with AP-C), TOI-B10 (smoke drift), WAW-HE-a (HE Fire),
WAW-8.3-d (FASCAM); the reference tables too: ASL-8.9-a (counter notation, each
period and note a message), ASL-8.2 (the Ammunition Supply Chart), ASL-8.3-a (HEAT
dates), ASL-8.31 (HE Equivalency), ASL-8.3-b (SCW HEAT), ASL-8.4 (Canister), the
refusal cells of ``asl gun-compare`` (the refusal's own message), TOI-GEN-10 (the
munitions advice and card), TOI-B7 (the sample units), the ToI sample maps,
WAW-8.2-c (LOS across smoke) and the WaW unit and terrain types.

Every declared calculator is covered; a row or value key of a reference table
(``residual_allowed``) is a catalogue word, a boolean or missing value an
``outcome:`` word, and a unit or map id stays as it is typed (the allow-list).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from ordnance import i18n
from ordnance.cli.calculators import render_answer
from ordnance.cli.localize import localize_renderable
from ordnance.core import calculators
from ordnance.server.app import create_app
from tests.i18n.latin import offences

#: The calculators whose answers are wholly in Russian (game, name).
IN_RUSSIAN = [
    ("odds", "pool"),
    ("odds", "dr"),
    ("asl", "gun"),
    ("asl", "depletion"),
    ("asl", "shot-odds"),
    ("asl", "shot"),
    ("asl", "gun-compare"),
    ("asl", "notation"),
    ("asl", "supply"),
    ("asl", "heat"),
    ("asl", "he-equivalency"),
    ("asl", "scw-heat"),
    ("asl", "canister"),
    ("toi", "odds"),
    ("toi", "smoke"),
    ("waw", "he-fire"),
    ("toi", "advise"),
    ("toi", "units"),
    ("toi", "munitions"),
    ("toi", "maps"),
    ("waw", "fascam"),
    ("waw", "los"),
    ("waw", "units"),
    ("waw", "terrain-types"),
]

#: The parts of an answer a face shows as words.
SHOWN = ("title", "xlabel", "lines", "table", "comparison", "chart")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:")) as c:
        yield c


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.activate("en")


def shown_texts(answer: dict[str, Any]) -> list[tuple[str, str]]:
    """(where, text) of every string an answer shows, and its distribution's outcomes."""
    found: list[tuple[str, str]] = []

    def walk(value: Any, where: str) -> None:
        if isinstance(value, str):
            found.append((where, value))
        elif isinstance(value, dict):
            for key, inner in value.items():
                if key != "values":  # a series' figures
                    walk(inner, f"{where}.{key}")
        elif isinstance(value, list):
            for i, inner in enumerate(value):
                walk(inner, f"{where}[{i}]")

    for part in SHOWN:
        if part in answer:
            walk(answer[part], part)
    found += [("distribution", str(key)) for key in answer.get("distribution", {})]
    return found


def example(game: str, name: str) -> dict[str, Any]:
    return dict(calculators.find(game, name).example)  # {} for a question without fields


@pytest.mark.parametrize(("game", "name"), IN_RUSSIAN)
def test_the_api_answers_in_russian(client: TestClient, game: str, name: str) -> None:
    res = client.post(f"/api/calculators/{game}/{name}?lang=ru", json=example(game, name))
    assert res.status_code == 200, res.text
    texts = shown_texts(res.json())
    assert texts  # the answer shows something
    bad = offences(texts)
    assert not bad, "\n".join(map(str, bad))


@pytest.mark.parametrize(("game", "name"), IN_RUSSIAN)
def test_the_command_line_answers_in_russian(game: str, name: str) -> None:
    i18n.activate("ru")
    calc = calculators.find(game, name)
    out = io.StringIO()
    answer = calc.answer(example(game, name), local=True)
    Console(file=out, width=400, color_system=None).print(
        localize_renderable(render_answer(answer))
    )
    lines = [("cli", line) for line in out.getvalue().splitlines() if line.strip()]
    bad = offences(lines)
    assert not bad, "\n".join(map(str, bad))


def test_the_figures_are_the_same_in_both_languages(client: TestClient) -> None:
    """Only the words change: the German 75L APCR shot (ASL-8.9, ASL-C8) hits 5/18."""
    en = client.post("/api/calculators/asl/gun", json=example("asl", "gun")).json()
    ru = client.post("/api/calculators/asl/gun?lang=ru", json=example("asl", "gun")).json()
    assert en["title"] == "APCR from a 75L at 3 hexes, vehicle"
    assert ru["title"] == "APCR из 75L, дистанция 3 гекс., цель: техника"
    assert (ru["p_hit"], ru["p_kill"]) == (en["p_hit"], en["p_kill"]) == ("5/18", "305/1296")
    assert sorted(ru["distribution"].values()) == sorted(en["distribution"].values())
    assert "нет попадания" in ru["distribution"] and "no hit" in en["distribution"]


def test_every_calculator_example_draws_on_the_command_line() -> None:
    """Every declared calculator's example renders as the command line draws it, in
    both languages (``asl odds gun-compare`` raised a TypeError on its chart)."""
    for lang in ("en", "ru"):
        i18n.activate(lang)
        for game in ("odds", "asl", "toi", "waw"):
            for calc in calculators.for_game(game):
                out = io.StringIO()
                answer = calc.answer(dict(calc.example), local=True)
                Console(file=out, width=200).print(localize_renderable(render_answer(answer)))
                assert out.getvalue().strip(), (lang, game, calc.name)


def test_every_declared_calculator_is_checked_in_russian() -> None:
    """No calculator is left out of :data:`IN_RUSSIAN` (issue 18, item 5: all of them)."""
    declared = {
        (game, calc.name)
        for game in ("odds", "asl", "toi", "waw")
        for calc in calculators.for_game(game)
    }
    assert declared == set(IN_RUSSIAN)
