"""Static files a browser keeps: versioned URLs cached for good, modules preloaded,
answers compressed (docs/server.md, "The page's first load in a browser")."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from fastapi.testclient import TestClient

from ordnance.server.static_files import (
    DIRECTORY,
    IMMUTABLE,
    PREFIX,
    REVALIDATE,
    TABLE_MODULES,
    build_id,
)
from tests.server.conftest import Table


def test_the_table_page_names_versioned_files_and_preloads_every_module(
    client: TestClient, table: Table
) -> None:
    html = client.get(f"/t/{table.id}").text
    assert f'src="{PREFIX}/table/main.js"' in html
    assert f'href="{PREFIX}/style.css"' in html
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', html))
    on_disk = {p.name for p in (DIRECTORY / "table").glob("*.js")}
    assert preloaded == {f"{PREFIX}/table/{name}" for name in on_disk}
    assert set(TABLE_MODULES) == on_disk
    # nothing is named by its unversioned URL any more
    assert not re.search(r'(src|href)="/static/(?!v/)', html)


def test_versioned_files_are_immutable_and_unversioned_ones_revalidate(
    client: TestClient,
) -> None:
    versioned = client.get(f"{PREFIX}/table/main.js")
    assert versioned.status_code == 200
    assert versioned.headers["cache-control"] == IMMUTABLE
    plain = client.get("/static/table/main.js")
    assert plain.status_code == 200 and plain.text == versioned.text
    assert plain.headers["cache-control"] == REVALIDATE
    again = client.get("/static/table/main.js", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304
    assert again.headers["cache-control"] == REVALIDATE
    same = client.get(
        f"{PREFIX}/table/main.js", headers={"If-None-Match": versioned.headers["etag"]}
    )
    assert same.status_code == 304 and same.headers["cache-control"] == IMMUTABLE
    assert client.get("/static/v/000000000000/table/main.js").status_code == 404
    assert client.get(f"{PREFIX}/table/nothing.js").status_code == 404
    assert versioned.headers["content-type"].startswith("text/javascript")
    assert client.get(f"{PREFIX}/style.css").headers["content-type"].startswith("text/css")


def test_the_build_id_changes_with_any_static_file(tmp_path: Path) -> None:
    (tmp_path / "table").mkdir()
    (tmp_path / "table" / "a.js").write_text("export const a = 1;\n")
    first = build_id(tmp_path)
    assert build_id(tmp_path) == first
    (tmp_path / "table" / "a.js").write_text("export const a = 2;\n")
    assert build_id(tmp_path) != first
    assert build_id(DIRECTORY) == PREFIX.rsplit("/", 1)[1]


def test_scripts_and_json_are_gzipped_for_a_client_that_accepts_it(client: TestClient) -> None:
    script = client.get(f"{PREFIX}/dice.js", headers={"Accept-Encoding": "gzip"})
    assert script.headers.get("content-encoding") == "gzip"
    assert script.text == (DIRECTORY / "dice.js").read_text("utf-8")
    schema = client.get("/openapi.json", headers={"Accept-Encoding": "gzip"})
    assert schema.status_code == 200 and schema.headers.get("content-encoding") == "gzip"
    assert schema.json()["info"]["title"] == "ordnance table"
    raw = client.get(f"{PREFIX}/dice.js", headers={"Accept-Encoding": "identity"}).content
    assert raw == (DIRECTORY / "dice.js").read_bytes()
    assert len(gzip.compress(raw)) < len(raw)
