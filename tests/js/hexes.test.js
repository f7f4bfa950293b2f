// The board's hex geometry (static/table/hexes.js); tests/server/test_page_hex_geometry.py
// checks the same module against ordnance.core.hexes over many hexes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EDGE_NEIGHBOUR, centre, corner, distance, frameAt, hexId, outlineEdges, parseHex } from "../../src/ordnance/server/static/table/hexes.js";

test("distance counts hex steps", () => {
  assert.equal(distance("0,0", "0,0"), 0);
  assert.equal(distance("2,2", "6,1"), 4);
  assert.equal(distance("0,0", "3,-3"), 3);
  assert.equal(distance("-2,1", "1,1"), 3);
});

test("each edge k lies half way to the neighbour EDGE_NEIGHBOUR[k]", () => {
  for (let k = 0; k < 6; k++) {
    const [dq, dr] = EDGE_NEIGHBOUR[k];
    const [a, b] = [corner("0,0", 34, k), corner("0,0", 34, (k + 1) % 6)];
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const n = centre(hexId(dq, dr));
    assert.ok(Math.abs(mid[0] - n[0] / 2) < 1e-9 && Math.abs(mid[1] - n[1] / 2) < 1e-9, "edge " + k);
  }
});

test("a group's outline leaves out the edges its hexes share", () => {
  assert.equal(outlineEdges(["0,0"]).length, 6);
  assert.equal(outlineEdges(["0,0", "1,0"]).length, 10);
  assert.equal(outlineEdges(["0,0", "1,0", "0,1"]).length, 12);
  assert.deepEqual(parseHex("-3,4"), { q: -3, r: 4 });
});

test("a board wider than its box scrolls so its pieces show", () => {
  assert.equal(frameAt([100, 200], 25, 350, 1700), 0);  // already in view: no scroll
  // ASL on a phone: C4 and G5 (right edge 405 > 350): the middle of both, both in view
  const left = frameAt([165, 380], 25, 350, 1700);
  assert.ok(165 - 25 - left >= 0 && 380 + 25 - left <= 350, left);
  assert.equal(frameAt([100, 1500], 25, 350, 1700), 75);  // too far apart: the first
  assert.equal(frameAt([1690], 25, 350, 1700), 1350);  // clamped to the board's end
  assert.equal(frameAt([], 25, 350, 1700), 0);
});
