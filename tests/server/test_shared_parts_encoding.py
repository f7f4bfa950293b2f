"""A part many answers share (a map's hexes and board) is encoded once and copied in.

``routes.json_bytes`` writes a shared part (``core.memo.SHARED_PARTS``) as its
cached text in place of a placeholder; the bytes are exactly those of encoding
the whole answer at once, wherever the part sits and however often.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.responses import JSONResponse

from ordnance.core.memo import shared_part
from ordnance.server import routes
from ordnance.toi.plugin import GAME
from ordnance.toi.setup import new_state


def plain(content: Any) -> bytes:
    return bytes(JSONResponse(content).body)


def test_an_answer_with_shared_parts_is_the_same_bytes_as_encoded_whole() -> None:
    board = shared_part({"title": "Ёлки", "hexes": [{"hex": "0,0", "label": "0101"}]})
    hexes = shared_part([{"q": 0, "r": 0, "terrain": "clear"}, {"q": 1, "r": 0}])
    answer = {
        "view": {"view": {"map": {"hexes": hexes, "name": "m"}, "board": board}},
        "next": {"view": {"view": {"board": board}}},  # the same part twice
        "text": "x",
    }
    encoded = routes.json_bytes(answer)
    assert encoded == plain(answer)
    assert json.loads(encoded)["next"]["view"]["view"]["board"] == board
    assert answer["view"]["view"]["map"]["hexes"] is hexes  # the answer is not changed


def test_a_text_shaped_like_a_placeholder_stays_a_text() -> None:
    fake = "\x000123456789abcdef:0\x00"  # another process's nonce, or a guess
    part = shared_part([1, 2, 3])
    answer = {"a": fake, "b": {"c": part}}
    assert routes.json_bytes(answer) == plain(answer)


def test_a_toi_view_shares_its_map_parts_and_encodes_as_before() -> None:
    state = new_state({})
    first = GAME.view(state, "german")
    other = GAME.view(state, "soviet")
    assert first["board"] is other["board"]
    assert first["map"]["hexes"] is other["map"]["hexes"]
    for view in (first, other):
        assert routes.json_bytes({"view": view}) == plain({"view": view})
