"""The table's LOS tool asks the game (``Game.los``) for the requesting seat.

A World at War table with Smoke between two units: blocked for a T-72, not for
an Abrams, which fires at Hit Number +1 (WAW-8.2-c, WAW-8.2-d, WAW-8.2-e).
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import Table


def waw_table(client: TestClient) -> Table:
    table = Table(client, "waw")
    for seat, action in [
        ("us", {"type": "place_unit", "id": "A1", "kind": "M1 Abrams", "side": "us", "hex": "0,0"}),
        ("soviet", {"type": "place_unit", "id": "T1", "kind": "T-72", "side": "soviet",
                    "hex": "4,0"}),
        ("us", {"type": "smoke", "side": "us", "target": "2,0"}),
    ]:  # fmt: skip
        res = table.act(seat, action)
        assert res.status_code == 200, res.text
    return table


def test_waw_smoke_blocks_a_t72_but_not_an_abrams(client: TestClient) -> None:
    """covers WAW-8.2-c (blocked), WAW-8.2-d (Advanced Imaging sees), WAW-8.2-e (+1)."""
    table = waw_table(client)
    version = table.version("us")
    res = table.get("soviet", "/los?from=4,0&to=0,0")
    assert res.status_code == 200, res.text
    t72 = res.json()
    assert t72["hexes"] == ["4,0", "3,0", "2,0", "1,0", "0,0"]
    assert t72["blocked"] is True and t72["blocking"][0]["marker"] == "2,0"
    assert t72["firers"][0]["unit"] == "T1" and t72["firers"][0]["sees"] is False
    assert t72["firers"][0]["weapons"]["ap"]["clause"] == "WAW-8.2-c"
    assert any("WAW-8.2-c" in line for line in t72["explanation"])

    abrams = table.get("us", "/los?from=0,0&to=4,0").json()
    assert abrams["firers"][0]["unit"] == "A1" and abrams["firers"][0]["sees"] is True
    assert abrams["firers"][0]["weapons"]["ap"]["hit_number"] == 5  # 4 + 1 (WAW-8.2-e)
    assert abrams["advanced_imaging"] == {
        "sees": True,
        "hit_number_plus": 1,
        "clauses": ["WAW-8.2-d", "WAW-8.2-e", "WAW-8.2-f"],
    }
    assert table.version("us") == version  # a query writes nothing


def test_los_needs_a_seat_and_refuses_bad_hexes_cleanly(client: TestClient) -> None:
    table = waw_table(client)
    assert client.get(f"/api/tables/{table.id}/los?from=0,0&to=4,0").status_code in (401, 403)
    assert table.get("us", "/los?from=0,0&to=99,0").status_code == 422  # off the board
    bad = table.get("us", "/los?from=x&to=4,0")
    assert bad.status_code == 422 and "hex" in bad.json()["message"]
    far = table.get("us", "/los?from=0,0&to=999999999,0")
    assert far.status_code == 422  # never traced: longer than the tool's limit


def test_game_without_own_los_gets_the_default_hex_line(client: TestClient) -> None:
    """The protocol's default: the exact line, ``blocked`` None, an explanation."""
    table = Table(client)  # the face-down test game defines no los of its own
    answer = table.get("axis", "/los?from=0,0&to=2,-1").json()
    assert answer["hexes"] == ["0,0", "1,-1", "1,0", "2,-1"]
    assert answer["blocked"] is None and "geometry only" in answer["note"]
    assert any("both 1,-1 and 1,0" in line for line in answer["explanation"])


def test_los_takes_the_printed_hexes_of_each_game(client: TestClient) -> None:
    """The API reads a hex as the map prints it (WaW ``0503``, ASL ``C5``) or axial ``q,r``."""
    table = waw_table(client)
    printed = table.get("soviet", "/los?from=0503&to=0101")
    assert printed.status_code == 200, printed.text
    assert printed.json() == table.get("soviet", "/los?from=4,0&to=0,0").json()
    asl = Table(client, "asl")
    seat = next(iter(asl.tokens))
    by_print = asl.get(seat, "/los?from=C4&to=G4")
    assert by_print.status_code == 200, by_print.text
    assert by_print.json()["hexes"] == asl.get(seat, "/los?from=2,2&to=6,0").json()["hexes"]
    assert by_print.json()["hexes"][0] == "2,2"
    off = asl.get(seat, "/los?from=C11&to=C4")  # row 11 is not on the board
    assert off.status_code == 422 and off.json()["clause"] == "ASL-BOARD-1", off.text
