"""``scenario export`` writes hexes as each map prints them; the file checks and loads back.

Played positions of each shipped sample (ToI smoke, WaW Smoke and FASCAM, an
ASL SMOKE marker and a Gun's set-up hex) are exported: every hex field
(``hex``, ``fascam``, ``clusters``...) holds the printed number (``0504``,
``C4``), never an axial ``q,r`` id. The text is checked (no problem), loaded
into a new game with the same views, and exported again to the same file.
An axial id is still read on input.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from ordnance.core import scenario as sc
from tests.scenarios.test_position import PLAYS, _load, _played, _views

AXIAL = re.compile(r"^-?\d+,-?\d+$")
PRINTED = {"toi": re.compile(r"^\d{4}$"), "waw": re.compile(r"^\d{4}$"), "asl": re.compile(r"^[A-Z]{1,2}\d{1,2}$")}  # fmt: skip
HEX_KEYS = ("hex", "fascam", "clusters", "between")


def hex_fields(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from hex_fields(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from hex_fields(v, key)
    elif key in HEX_KEYS and isinstance(value, str):
        yield key, value


@pytest.mark.parametrize("name", sorted(PLAYS))
def test_export_writes_printed_numbers_that_check_and_load_back(name: str) -> None:
    """WAW-8.2/8.3 markers, TOI-B10 smoke, ASL-8.9 SMOKE: placed, exported, loaded."""
    game, state = _played(name, PLAYS[name])
    doc = sc.export(game, state)
    fields = list(hex_fields(doc))
    assert len(fields) >= 3, fields
    assert not [f for f in fields if AXIAL.match(f[1])], fields
    assert all(PRINTED[game.name].match(v) for _, v in fields), fields
    text = sc.dump(doc, "yaml")
    assert sc.problems_of(sc.parse_text(text, "exported.yaml")) == []
    game2, again = _load(doc)
    assert _views(game2, again) == _views(game, state)
    assert sc.export(game2, again) == doc


def test_an_exported_waw_file_written_axial_loads_the_same() -> None:
    """The same position written with axial ids (as older exports did) loads to the same views."""
    game, state = _played("waw/fulda-sample", PLAYS["waw/fulda-sample"])
    doc = sc.export(game, state)
    axial = {
        **doc,
        "units": [{**u, "hex": str(sc.numbered_as_axial(u["hex"]))} for u in doc["units"]],
    }
    assert axial != doc
    game2, again = _load(axial)
    assert _views(game2, again) == _views(game, state)
