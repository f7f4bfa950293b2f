"""Tide of Iron through the table's HTTP API: the face-down token's type.

Two tables play the same Status Phase and attacks; they differ only in the
type of the token the German side buys face down (AP-B or AP-C). Everything
the Soviet seat receives (views, journal, dice record, odds, answers to its
actions) must be identical between the two tables, while the German seat's
own answers differ. Comparing with a twin table is the exact form of "never
contains the type": the Soviet's own supply and forms name every type, so a
substring search could not tell a leak from the rules summary. (covers
TOI-GEN-5: tokens are placed face down; TOI-GEN-7: flipped when used)
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Table
from tests.server.toi_script import SCRIPT, SECRETS, normalise, with_secret

GERMAN_ATTACK_DICE = [6, 6, 4, 2, 1, 1, 2, 3, 5]


def _play(client: TestClient, secret: str) -> tuple[list[str], list[str]]:
    table = Table(client, "toi", {"start_phase": "status"}, dice="entered")
    seen: dict[str, list[str]] = {"soviet": [], "german": []}

    def look(seat: str) -> None:
        for path in ("/view", "/log", "/dice"):
            seen[seat].append(normalise(table.get(seat, path).text, table.id))
        for target in ("g-panther-1", "g-pziv-1"):
            res = table.post(
                seat, "/odds", {"action": {"type": "attack", "unit": "s-t34-1", "target": target}}
            )
            seen[seat].append(normalise(res.text, table.id))

    for seat, action, dice in SCRIPT:
        if action["type"] == "attack" and seat == "german":
            dice = GERMAN_ATTACK_DICE[: _dice_needed(table, seat, action)]
        res = table.act(seat, with_secret(action, secret), dice=dice)
        assert res.status_code == 200, res.text
        seen[seat].append(normalise(res.text, table.id))
        look("soviet")
        look("german")
    # a refused action by the soviet does not leak through its error message
    res = table.act("soviet", {"type": "buy", "unit": "g-panther-1", "munition": "HE"})
    assert res.status_code in (403, 422)
    seen["soviet"].append(normalise(res.text, table.id))
    return seen["soviet"], seen["german"]


def _dice_needed(table: Table, seat: str, action: dict[str, Any]) -> int:
    odds = table.post(seat, "/odds", {"action": action}).json()["odds"]
    return int(odds["attack_dice"]) + int(odds["defence_dice"])


def test_soviet_cannot_tell_which_token_the_german_bought(client: TestClient) -> None:
    soviet_b, german_b = _play(client, SECRETS[0])
    soviet_c, german_c = _play(client, SECRETS[1])
    assert german_b != german_c  # the owner does see its token's type
    assert any(SECRETS[1] in m for m in german_c)
    assert len(soviet_b) == len(soviet_c)
    for i, (b, c) in enumerate(zip(soviet_b, soviet_c, strict=True)):
        assert b == c, f"message {i} differs for the soviet seat"


def test_twin_normalisation_keeps_secrets_under_any_other_key() -> None:
    """Only the volatile fields named by path are replaced: a token type under ``token``,
    ``request`` or ``next`` elsewhere still tells the twins apart (TOI-GEN-5)."""
    for key in ("token", "request", "next", "hash"):
        b = normalise(f'{{"entries": [{{"events": [{{"{key}": "AP-B"}}]}}]}}', "g1")
        c = normalise(f'{{"entries": [{{"events": [{{"{key}": "AP-C"}}]}}]}}', "g1")
        assert b != c, key
    same_b = normalise('{"game_id": "g1", "rolls": [{"seed": "aa", "hash": "01"}]}', "g1")
    same_c = normalise('{"game_id": "g2", "rolls": [{"seed": "bb", "hash": "02"}]}', "g2")
    assert same_b == same_c
    # a field that is volatile only where it is named: present vs absent still differs
    assert normalise('{"rolls": [{"seed": null}]}', "g") != normalise('{"rolls": [{}]}', "g")
