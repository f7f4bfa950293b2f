"""The hardened page and API: security headers, no CDN, a creation limit, quiet logs.

* every answer (page, API, static file, error) carries the CSP, nosniff,
  no-referrer and frame-ancestors headers, and no page holds an inline
  script (the CSP would block it) or loads anything from another host;
* ``/docs`` (Swagger from a CDN) is gone, ``/openapi.json`` stays;
* creating tables from one address past the limit answers 429, others go on;
* the access log of a session with a live stream shows no ticket or token.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ordnance.server.app import RedactSecrets, create_app
from ordnance.server.limits import Rate, TokenBucket, TooManyTables
from tests.server.conftest import Table
from tests.server.live import wait_started

PAGES_AND_ANSWERS = [
    "/",
    "/?lang=ru",
    "/static/table/main.js",
    "/static/style.css",
    "/openapi.json",
    "/api/modules",
    "/api/health",
    "/api/tables/nosuchtable/view",  # 404
    "/t/%00",  # 422
]


def _check_headers(headers: object, path: str) -> None:
    h = {k.lower(): v for k, v in dict(headers).items()}  # type: ignore[call-overload]
    csp = h.get("content-security-policy", "")
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp, path
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, path
    assert h.get("x-content-type-options") == "nosniff", path
    assert h.get("referrer-policy") == "no-referrer", path


def test_every_answer_carries_the_security_headers(client: TestClient, table: Table) -> None:
    for path in [*PAGES_AND_ANSWERS, f"/t/{table.id}", f"/join/{table.id}"]:
        _check_headers(client.get(path).headers, path)
    res = table.get("allies", "/view")
    assert res.status_code == 200
    _check_headers(res.headers, "/view")
    res = table.act("allies", {"type": "nothing"})
    assert res.status_code == 422
    _check_headers(res.headers, "refused action")
    big = client.post("/api/tables", content=b"x" * 70000)
    assert big.status_code == 413
    _check_headers(big.headers, "413")


def test_pages_hold_no_inline_script_and_nothing_from_elsewhere(
    client: TestClient, table: Table
) -> None:
    first = (Path(__file__).parents[2] / "src/ordnance/server/static/first.js").read_text()
    for path in ["/", "/?lang=ru", f"/t/{table.id}", f"/join/{table.id}"]:
        res = client.get(path)
        html = res.text
        csp = res.headers["content-security-policy"]
        for tag, body in re.findall(r"(<script\b[^>]*>)([\s\S]*?)</script>", html):
            if tag == "<script>":
                # the one inline script: static/first.js on the table page, allowed by
                # its hash alone (a changed byte and the browser refuses to run it)
                digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
                assert path.startswith("/t/") and body == first, (path, body[:80])
                assert f"'sha256-{digest}'" in csp and "unsafe-inline" not in csp
                continue
            # either the server's own file, or a JSON data block (never executed)
            assert 'src="/static/' in tag or 'type="application/json"' in tag, (path, tag)
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), path
        assert (
            " on"
            not in re.sub(r"<script[\s\S]*?</script>", "", html)
            .split("<body", 1)[1]
            .split(">", 1)[0]
        )
        assert 'style="' not in html, path


def test_static_scripts_set_no_style_attribute_and_use_no_eval() -> None:
    static = Path(__file__).parents[2] / "src/ordnance/server/static"
    for js in static.glob("*.js"):
        text = js.read_text()
        assert "eval(" not in text and "new Function" not in text, js.name
        assert 'setAttribute("style"' not in text and ".innerHTML" not in text, js.name


def test_docs_dropped_openapi_kept(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    doc = client.get("/openapi.json")
    assert doc.status_code == 200 and "/api/tables/{game_id}/claim" in doc.json()["paths"]


def test_table_creation_is_limited_per_address(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.db", heartbeat=0.2, create_rate="3/3600")
    body = {"game": "secrets", "settings": {}}
    with TestClient(app) as c, TestClient(app, client=("10.0.0.2", 5000)) as other:
        codes = [c.post("/api/tables", json=body).status_code for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        res = c.post("/api/tables", json=body)
        assert res.json()["error"] == "TooManyTables"
        assert "at most 3 per 3600 s" in res.json()["message"]
        assert int(res.headers["retry-after"]) > 0
        assert other.post("/api/tables", json=body).status_code == 201  # another address


def test_token_bucket_refills() -> None:
    now = [0.0]
    bucket = TokenBucket(Rate(2, 10.0), clock=lambda: now[0])
    bucket.take("a")
    bucket.take("a")
    with pytest.raises(TooManyTables) as refused:
        bucket.take("a")
    assert refused.value.retry_after == 5
    now[0] = 5.0  # one table refilled
    bucket.take("a")
    with pytest.raises(TooManyTables):
        bucket.take("a")
    assert Rate.parse("off") is None and Rate.parse("20/60") == Rate(20, 60.0)
    with pytest.raises(ValueError):
        Rate.parse("many")


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_the_access_log_shows_no_ticket_or_token(tmp_path: Path) -> None:
    """A real Uvicorn server with its access log on: create, claim, view, ticket, stream.

    The captured log lines name the stream's path but never its ticket, and no
    seat token or invitation code appears anywhere in the log.
    """
    import threading

    import httpx
    import uvicorn

    from tests.server.conftest import free_port

    app = create_app(tmp_path / "t.db", heartbeat=0.2)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, access_log=True)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    caught = _Records()
    loggers = [logging.getLogger(n) for n in ("uvicorn.access", "uvicorn.error")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:  # the server's own loggers, however an earlier test configured them
        lg.addHandler(caught)
        lg.setLevel(logging.INFO)
    try:
        thread.start()
        wait_started(server, thread)
        base = f"http://127.0.0.1:{port}"
        try:
            created = httpx.post(base + "/api/tables", json={"game": "secrets"}).json()
            gid = created["game_id"]
            code = created["invitations"][0]["code"]
            axis = httpx.post(f"{base}/api/tables/{gid}/claim", json={"invitation": code}).json()
            h = {"Authorization": "Bearer " + axis["token"]}
            assert httpx.get(f"{base}/api/tables/{gid}/view", headers=h).status_code == 200
            ticket = httpx.post(f"{base}/api/tables/{gid}/ticket", headers=h).json()["ticket"]
            stream = httpx.get(f"{base}/api/tables/{gid}/events?ticket={ticket}&max_events=1")
            assert stream.status_code == 200 and '"version"' in stream.text
            httpx.get(f"{base}/t/{gid}?token={axis['token']}")  # a token pasted in a query
        finally:
            server.should_exit = True
            thread.join(timeout=10)
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.removeHandler(caught)
            lg.setLevel(level)
    lines = [r.getMessage() for r in caught.records if r.name == "uvicorn.access"]
    assert any(f"/api/tables/{gid}/events?ticket=[redacted]&max_events=1" in x for x in lines)
    # the server's log (the test's own httpx client logs its URLs, ticket included)
    text = "\n".join(r.getMessage() for r in caught.records)
    for secret in (ticket, axis["token"], created["token"], code):
        assert secret not in text
    assert any(isinstance(f, RedactSecrets) for f in logging.getLogger("uvicorn.access").filters)
