// Hex geometry of the board (pure; no DOM). Flat-top hexes, y growing downward,
// hex "0,0" at the origin: the same formulas as ordnance.core.hexes.pixels
// (center, corners: corner 0 is the upper right one) and coords (distance,
// neighbours), checked against them by tests/server/test_page_hex_geometry.py.

/** The circumradius of a drawn hex in SVG units (one unit is one CSS pixel at zoom 1). */
export const SIZE = 34;
const SQ3 = Math.sqrt(3);

/**
 * The neighbour across the edge from corner k to corner k+1 (dq, dr), for k = 0..5:
 * corner 0 is the upper right one, so edge 0 is the NE edge, then SE, S, SW, NW, N.
 */
export const EDGE_NEIGHBOUR = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

export function isHex(h) { return /^-?\d+,-?\d+$/.test(String(h)); }
export function parseHex(h) { const [q, r] = String(h).split(",").map(Number); return { q, r }; }
export function hexId(q, r) { return q + "," + r; }

/** The pixel centre of hex ``h`` ("q,r") for hexes of circumradius ``size``. */
export function centre(h, size = SIZE) {
  const { q, r } = parseHex(h);
  return [size * 1.5 * q, size * SQ3 * (r + q / 2)];
}

/** Corner k (0..5) of hex ``h`` drawn with circumradius ``size`` (its centre from SIZE). */
export function corner(h, size, k) {
  const [x, y] = centre(h);
  const a = Math.PI / 3 * (k - 1);
  return [x + size * Math.cos(a), y + size * Math.sin(a)];
}

/** An SVG polygon's ``points`` for hex ``h`` drawn with circumradius ``size``. */
export function cornerPoints(h, size) {
  const pts = [];
  for (let k = 0; k < 6; k++) pts.push(corner(h, size, k).map((v) => v.toFixed(1)).join(","));
  return pts.join(" ");
}

/** The number of hex steps from ``a`` to ``b`` (the firer's hex not counted). */
export function distance(a, b) {
  const p = parseHex(a), o = parseHex(b);
  const dq = p.q - o.q, dr = p.r - o.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The edges of a group of hexes that no other hex of the group shares: [hex, k] pairs. */
export function outlineEdges(hexes) {
  const inside = new Set(hexes);
  const out = [];
  for (const h of inside) {
    const { q, r } = parseHex(h);
    EDGE_NEIGHBOUR.forEach(([dq, dr], k) => { if (!inside.has(hexId(q + dq, r + dr))) out.push([h, k]); });
  }
  return out;
}

/**
 * Where a box showing part of the board scrolls so its pieces show, on one axis:
 * ``at`` the pieces' positions in CSS px on the board, each ``half`` wide either side;
 * ``view`` the box's size, ``board`` the board's. 0 when they show from the start;
 * else the middle of their extent when it fits the box, else its start (clamped).
 */
export function frameAt(at, half, view, board) {
  if (!at.length || board <= view) return 0;
  const lo = Math.min(...at) - half, hi = Math.max(...at) + half;
  if (lo >= 0 && hi <= view) return 0;
  const start = hi - lo <= view ? (lo + hi) / 2 - view / 2 : lo;
  return Math.round(Math.max(0, Math.min(board - view, start)));
}
