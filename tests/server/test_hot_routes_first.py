"""The routes every turn of play sends are matched first, the others as declared.

FastAPI tries a request's path against a router's routes in order (twice: the
app's router, then the table router); the action, ``/since``, odds and view
routes are moved to the front of the table router (``routes.HOT_PATHS``; POST
``/since``, which the pages send, before GET). No other route's path can match
theirs, so every request still reaches the route it named.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from fastapi.testclient import TestClient

from ordnance.server import routes
from ordnance.server.app import create_app


def _declared() -> list[tuple[str, str]]:
    """(method, path) of each route decorator in routes.py, in source order."""
    source = inspect.getsource(routes)
    found = re.findall(r'router\.(get|post)\(\s*"([^"]+)"', source)
    return [(m.upper(), "/api" + p) for m, p in found]


def _listed() -> list[tuple[str, str]]:
    return [(next(iter(r.methods)), r.path) for r in routes.router.routes]  # type: ignore[attr-defined]


def test_hot_routes_lead_and_the_rest_keep_their_order() -> None:
    listed = _listed()
    hot = [
        ("POST", "/api/tables/{game_id}/actions"),
        ("POST", "/api/tables/{game_id}/since"),
        ("GET", "/api/tables/{game_id}/since"),
        ("POST", "/api/tables/{game_id}/odds"),
        ("GET", "/api/tables/{game_id}/view"),
    ]
    assert listed[: len(hot)] == hot
    rest = [r for r in _declared() if r not in hot]
    assert listed[len(hot) :] == rest


def test_every_route_still_answers_its_own_path(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db", create_rate=None)) as client:
        made = client.post("/api/tables", json={"game": "toi", "settings": {}}).json()
        gid, auth = made["game_id"], {"Authorization": f"Bearer {made['token']}"}
        view = client.get(f"/api/tables/{gid}/view", headers=auth)
        assert view.status_code == 200 and view.json()["game_id"] == gid
        since = client.post(f"/api/tables/{gid}/since", json={"version": 0}, headers=auth)
        assert since.status_code == 200 and "view" in since.json()
        seats = client.get(f"/api/tables/{gid}/seats", headers=auth)
        assert seats.status_code == 200 and "seats" in seats.json()
        assert client.get("/api/health").json() == {"status": "ok"}
        # a method no route of the path takes is still refused as such
        assert client.delete(f"/api/tables/{gid}/since", headers=auth).status_code == 405
