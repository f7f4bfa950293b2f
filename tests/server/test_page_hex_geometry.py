"""The page draws the board with one hex geometry: ``static/table/hexes.js``, the
same as ``ordnance.core.hexes`` (pixels.center/corners, coords distance/neighbours).

Node runs the page's module on several hundred hexes and pairs; every centre,
corner, distance and edge neighbour must equal the Python one.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from ordnance.core.hexes.coords import Hex
from ordnance.core.hexes.pixels import center, corners

HEXES_JS = (
    Path(__file__).resolve().parents[2]
    / "src"
    / "ordnance"
    / "server"
    / "static"
    / "table"
    / "hexes.js"
)
NODE = shutil.which("node")

SCRIPT = """
const m = await import(process.argv[1]);
const { hexes, pairs, size } = JSON.parse(process.argv[2]);
const out = {
  centres: hexes.map((h) => m.centre(h, size)),
  corners: hexes.map((h) => [0, 1, 2, 3, 4, 5].map((k) => m.corner(h, m.SIZE, k))),
  size: m.SIZE,
  distances: pairs.map(([a, b]) => m.distance(a, b)),
  edges: m.EDGE_NEIGHBOUR,
};
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_page_hex_geometry_is_the_cores() -> None:
    hexes = [Hex(q, r) for q in range(-9, 10) for r in range(-9, 10)]
    pairs = [(a, b) for a in hexes[::7] for b in hexes[::11]]
    size = 34.0
    ids = [f"{h.q},{h.r}" for h in hexes]
    args = {
        "hexes": ids,
        "pairs": [[f"{a.q},{a.r}", f"{b.q},{b.r}"] for a, b in pairs],
        "size": size,
    }
    done = subprocess.run(
        [str(NODE), "--input-type=module", "-e", SCRIPT, HEXES_JS.as_uri(), json.dumps(args)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    out = json.loads(done.stdout)
    assert out["size"] == 34
    for h, (x, y) in zip(hexes, out["centres"], strict=True):
        px, py = center(h, size)
        assert abs(x - px) < 1e-9 and abs(y - py) < 1e-9, h
    for h, js in zip(hexes, out["corners"], strict=True):
        for (x, y), (px, py) in zip(js, corners(h, out["size"]), strict=True):
            assert abs(x - px) < 1e-9 and abs(y - py) < 1e-9, h
    assert out["distances"] == [a.distance(b) for a, b in pairs]
    # edge k (corner k to k+1) borders the neighbour EDGE_NEIGHBOUR[k]
    origin = Hex(0, 0)
    pts = corners(origin, size)
    for k, (dq, dr) in enumerate(out["edges"]):
        (x1, y1), (x2, y2) = pts[k], pts[(k + 1) % 6]
        nx, ny = center(Hex(dq, dr), size)
        assert abs((x1 + x2) / 2 - nx / 2) < 1e-9 and abs((y1 + y2) / 2 - ny / 2) < 1e-9, k
        assert Hex(dq, dr) in origin.neighbours()
