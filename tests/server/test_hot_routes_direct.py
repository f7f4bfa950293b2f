"""The hot routes answered without FastAPI's layers (``ordnance.server.hot``).

A well-formed request of a route every turn sends is answered by ``HotRoutes``
itself; anything else goes down the app's whole stack. A request repeating its
``lang`` parameter is one ``HotRoutes`` leaves to the route (a parameter given
twice), so it shows what the full stack answers to the same request: the same
status, bytes and headers. A refused request is the route's own refusal.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ordnance.server import hot
from ordnance.server.app import MAX_BODY, SECURITY_HEADERS
from tests.server.conftest import Table

#: The headers both ways must agree on (the date and order aside).
_COMPARED = ("content-type", "vary", "content-encoding", *(n.decode() for n, _ in SECURITY_HEADERS))


@pytest.fixture
def spied(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each hot request was answered by ``HotRoutes`` (True) or passed on."""
    seen: list[bool] = []
    read = hot.read_request

    def spy(*args: Any) -> Any:
        out = read(*args)
        seen.append(out is not None)
        return out

    monkeypatch.setattr(hot, "read_request", spy)
    return seen


def _same(direct: Any, passed: Any) -> None:
    assert direct.status_code == passed.status_code
    assert direct.content == passed.content
    for name in _COMPARED:
        assert direct.headers.get(name) == passed.headers.get(name), name


def test_the_hot_reads_answer_as_the_full_stack(
    client: TestClient, table: Table, spied: list[bool]
) -> None:
    base = f"/api/tables/{table.id}"
    h = table.h("allies")
    for accept in ("gzip", "identity"):
        headers = {**h, "Accept-Encoding": accept}
        for method, path, body in (
            ("GET", "/view", None),
            ("GET", "/since?version=0", None),
            ("POST", "/since", {"version": 0}),
        ):
            sep = "&" if "?" in path else "?"
            direct = client.request(method, base + path, json=body, headers=headers)
            passed = client.request(
                method, base + path + sep + "lang=en&lang=en", json=body, headers=headers
            )
            assert direct.status_code == 200, direct.text
            _same(direct, passed)
            assert len(direct.content) >= 1000  # a view: gzipped when accepted
            assert direct.headers.get("content-encoding") == ("gzip" if accept == "gzip" else None)
    assert spied == [True, False] * 6


def test_an_action_is_answered_directly_and_its_refusals_by_the_route(
    client: TestClient, table: Table, spied: list[bool]
) -> None:
    res = table.act("allies", {"type": "end_phase"}, version=0)
    assert res.status_code == 200 and res.json()["version"] == 1
    stale = table.act("allies", {"type": "end_phase"}, version=0)
    assert stale.status_code == 409 and stale.json()["error"] == "StaleVersion"
    assert stale.headers["x-frame-options"] == "DENY"
    # each /view read of table.act is hot too
    assert all(spied)


def test_a_malformed_hot_request_gets_the_routes_own_refusal(
    client: TestClient, table: Table, spied: list[bool]
) -> None:
    base = f"/api/tables/{table.id}"
    h = table.h("allies")
    unknown = client.post(base + "/since", json={"version": 0, "extra": 1}, headers=h)
    assert unknown.status_code == 422 and unknown.json()["field"] == "extra"
    nul = client.post(base + "/odds", json={"action": {"type": "a\x00b"}}, headers=h)
    assert nul.status_code == 422 and nul.json()["field"] == "action.type"
    huge = client.post(
        base + "/since",
        content=b'{"version": 0, "x": "' + b"a" * MAX_BODY + b'"}',
        headers={**h, "content-type": "application/json"},
    )
    assert huge.status_code == 413 and huge.json()["error"] == "TooLarge"
    lang = client.get(base + "/view?lang=xx", headers=h)
    assert lang.status_code == 422
    bad_version = client.get(base + "/since?version=-1", headers=h)
    assert bad_version.status_code == 422
    nobody = client.get(base + "/view")
    assert nobody.status_code == 401 and nobody.headers["www-authenticate"] == "Bearer"
    wrong = client.get(base + "/view", headers={"Authorization": "Bearer " + "x" * 40})
    assert wrong.status_code == 403
    unknown_table = client.get("/api/tables/nosuch/view", headers=h)
    assert unknown_table.status_code in (403, 404)
    for res in (unknown, nul, lang, bad_version, nobody, wrong):
        assert res.headers["x-content-type-options"] == "nosniff"
    # the valid ones were answered directly, the refused ones passed on (the body too
    # large is refused before it is read: no read_request at all)
    assert spied == [False, False, False, False, True, True, True]


def test_a_gzipped_answer_is_the_plain_answer(client: TestClient, table: Table) -> None:
    res = client.get(
        f"/api/tables/{table.id}/view",
        headers={**table.h("allies"), "Accept-Encoding": "gzip"},
    )
    raw = client.get(
        f"/api/tables/{table.id}/view",
        headers={**table.h("allies"), "Accept-Encoding": "identity"},
    )
    assert res.headers["content-encoding"] == "gzip"
    assert res.content == raw.content  # httpx decodes the gzip
    assert int(res.headers["content-length"]) < len(raw.content)  # the gzipped length
