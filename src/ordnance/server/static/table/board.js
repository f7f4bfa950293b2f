// The board: the game's whole map as SVG (terrain, printed hex numbers, stacks of
// counters, markers, drift arrows, clusters, the line of sight), its legend,
// zoom and pinch, and what a click (or Enter) on a counter or a hex does.
import { S } from "./state.js";
import { SIZE, centre, corner, cornerPoints, frameAt, isHex, outlineEdges } from "./hexes.js";
import { shortLabel } from "./words.js";
import { api } from "./connection.js";
import { errText } from "./words.js";
import { renderActions, aimAt } from "./forms.js";

const $ = (id) => document.getElementById(id);
const t = (s) => window.t(s);
const el = (...a) => window.el(...a);
export const phone = () => window.matchMedia("(max-width: 800px)").matches;

export function svg(tag, attrs, ...kids) {
  const n = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) n.setAttribute(k, v);
  for (const c of kids) n.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return n;
}
// a marker or cluster names its kind for the legend ("kind_name", English: t() translates it)
function kindName(x) { return t(x.kind_name || x.kind); }
export function pinIcon() {
  return svg("svg", { viewBox: "-8 -8 16 16", class: "pin-icon", "aria-hidden": "true" },
    svg("circle", { cx: 0, cy: 0, r: 5 }), svg("path", { d: "M0 -8V-3M0 3V8M-8 0H-3M3 0H8" }));
}
// a marker's glyph as its game gives it: "shape" (circle, triangle, square) and "short" text;
// in the legend the kind's own text ("kind_short", e.g. "?" for any munitions token)
function markerGlyph(m, legend) {
  const text = legend && m.kind_short != null ? m.kind_short : m.short;
  return [m.shape || "square", text != null ? String(text) : "•"];
}
function drawGlyph(shape, x, y, r) {
  if (shape === "circle") return svg("circle", { cx: x, cy: y, r });
  if (shape === "triangle") return svg("polygon", { points: [[x, y - r], [x + r, y + r * 0.8], [x - r, y + r * 0.8]].map((p) => p.join(",")).join(" ") });
  return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2 });
}
/** A side by its name in the page's language (the view's seat_names), never its id when named. */
export function sideName(side) { return ((S.view && S.view.seat_names) || {})[side] || side || ""; }
export function sideIndex(side) { return Math.max(0, ((S.view && S.view.seats) || []).indexOf(side)); }
// known terrain names have their own colours (style.css); any other gets a steady hue
const KNOWN_TERRAIN = new Set(["clear", "open", "woods", "forest", "building", "hill", "water", "town", "city", "rough", "road", "marsh"]);
function terrainClass(name) { return "terrain-" + String(name || "none").toLowerCase().replace(/[^a-z0-9-]/g, ""); }
function terrainStyle(name) {
  const n = String(name || "").toLowerCase();
  if (!n || KNOWN_TERRAIN.has(n)) return null;
  let h = 0;
  for (const ch of n) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return "fill: hsl(" + h + ", 35%, 78%)";
}
function boardOf(view) { return (view && view.board) || null; }
export function mapOf(view) { return (view && view.map) || {}; }
/** A hex as the board prints it (C5, 0305); the page never shows a "q,r" pair. */
export function labelOf(hex) { return (S.hexLabels && S.hexLabels.get(hex)) || t("a hex off the board"); }
export function unitById(id) { return (mapOf(S.view && S.view.view).units || []).find((u) => u.id === id) || null; }
export function units() { return mapOf(S.view && S.view.view).units || []; }
/** Every counter the board has shown (one eliminated since too): the texts name them by label. */
export function namedUnits() { for (const u of units()) S.counters.set(u.id, u); return [...S.counters.values()]; }
const fmt = (v) => v.toFixed(1);

/**
 * Where a spread stack of ``n`` counters goes (pure): in rows of as many as fit
 * the part of the board in view (``bounds``, SVG units), above the hex, or below
 * it when there is no room above, and moved inward so it never runs past an edge.
 * Returns {box: {x, y, width, height}, at: [[x, y], ...]} (the counters' centres).
 */
export function spreadPlace(n, x, y, bounds) {
  const gap = 56, rowH = 30, margin = 4;
  const room = Math.max(gap, bounds.right - bounds.left - 2 * margin);
  const perRow = Math.max(1, Math.min(n, Math.floor((room - 8) / gap)));
  const rows = Math.ceil(n / perRow);
  const width = perRow * gap + 8, height = rows * rowH + 6;
  let top = y - SIZE * 1.35 - 18 - (rows - 1) * rowH;
  if (top < bounds.top) top = y + SIZE * 0.9;  // no room above: below the hex
  top = Math.max(bounds.top, Math.min(top, bounds.bottom - height));
  let left = x - width / 2;
  left = Math.max(bounds.left + margin, Math.min(left, bounds.right - margin - width));
  const at = [];
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / perRow), c = i % perRow;
    const inRow = Math.min(perRow, n - r * perRow);
    const rowLeft = left + (width - inRow * gap) / 2;
    at.push([rowLeft + gap / 2 + c * gap, top + 3 + rowH / 2 + r * rowH]);
  }
  return { box: { x: left, y: top, width, height }, at };
}

let lastSeen = null;  // the part of the board the box last showed, CSS px
let framed = false;  // the first board drawn in a box with a width is scrolled to its pieces

/** Scroll the box so every piece is in view when it can be (a phone shows a part of the board). */
function framePieces(box, centres, left, top) {
  const xs = centres.map(([x]) => (x - left) * S.zoom), ys = centres.map(([, y]) => (y - top) * S.zoom);
  box.scrollLeft = frameAt(xs, 30 * S.zoom, box.clientWidth, box.scrollWidth);
  box.scrollTop = frameAt(ys, 20 * S.zoom, box.clientHeight, box.scrollHeight);
}

export function renderMap() {
  const view = S.view && S.view.view;
  const board = boardOf(view);
  const map = mapOf(view);
  const box = $("map");
  const hadFocus = document.activeElement && box.contains(document.activeElement) ? document.activeElement.getAttribute("data-unit") || document.activeElement.getAttribute("data-hex") : null;
  // the part of the board the box shows (a spread stack is drawn inside it)
  // (a box on a hidden phone panel has no width: the last one it was seen with, else the window's)
  if (box.clientWidth) lastSeen = { left: box.scrollLeft, width: box.clientWidth };
  const seen = lastSeen || { left: 0, width: Math.max(0, window.innerWidth - 40) };
  box.replaceChildren();
  $("legend").replaceChildren();
  const card = box.closest(".map-card");
  if (!board && !view.map) { card.hidden = true; return; }
  card.hidden = false;
  const hexes = new Map();
  S.hexLabels = new Map();
  window.HEX_BY_LABEL = new Map();
  for (const h of (board && board.hexes) || []) {
    hexes.set(h.hex, h);
    if (h.label) { S.hexLabels.set(h.hex, String(h.label)); window.HEX_BY_LABEL.set(String(h.label).toUpperCase(), h.hex); }
  }
  for (const h of map.hexes || []) hexes.set(h.hex, Object.assign({}, h, hexes.get(h.hex) || {}));
  for (const list of [map.units, map.markers]) for (const u of list || []) if (!hexes.has(u.hex)) hexes.set(u.hex, { hex: u.hex });
  for (const a of map.arrows || []) for (const h of [a.from, a.to]) if (!hexes.has(h)) hexes.set(h, { hex: h });
  for (const c of map.clusters || []) for (const h of c.hexes || []) if (!hexes.has(h)) hexes.set(h, { hex: h });
  if (S.los) for (const h of S.los.hexes) if (!hexes.has(h)) hexes.set(h, { hex: h });
  for (const h of S.selected) if (!hexes.has(h) && isHex(h)) hexes.set(h, { hex: h });
  for (const h of [...hexes.keys()]) if (!isHex(h)) hexes.delete(h);
  if (!hexes.size) { box.append(el("p", { class: "muted" }, t("Nothing on the map yet."))); return; }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const h of hexes.keys()) { const [x, y] = centre(h); minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); }
  const pad = SIZE * 1.2;
  const w = maxX - minX + 2 * pad, hgt = maxY - minY + 2 * pad;
  const root = svg("svg", { viewBox: [minX - pad, minY - pad, w, hgt].map(fmt).join(" "), class: "hexmap", role: "group",
    width: (w * S.zoom).toFixed(0), height: (hgt * S.zoom).toFixed(0), "aria-label": (board && board.title) || t("Map") });
  root.append(svg("defs", {}, svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" },
    svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead" }))));
  const terrains = new Set();
  const cells = svg("g", { class: "cells" });
  const elevs = svg("g", { class: "elevations", "aria-hidden": "true" });
  const aiming = !!(S.hexTarget || S.losPick !== null || S.forms.some((f) => f.active && f.aims));
  for (const [id, h] of hexes) {
    if (h.terrain) terrains.add(h.terrain);
    const poly = svg("polygon", { points: cornerPoints(id, SIZE - 0.5), class: "hex " + terrainClass(h.terrain), style: terrainStyle(h.terrain), "data-hex": id });
    const [x, y] = centre(id);
    const label = h.label || "";
    // while a form or the LOS tool waits for a hex, every hex is a keyboard stop too
    const g = svg("g", { class: "hexcell", "data-hex": id, "data-label": label, tabindex: aiming ? "0" : null, role: aiming ? "button" : null,
      "aria-label": aiming ? t("Hex") + " " + label + (h.terrain ? ", " + h.terrain : "") + (h.elevation ? ", " + t("elevation") + " " + h.elevation : "") : null }, poly,
    svg("text", { x, y: y - SIZE * 0.5, class: "coord", "aria-hidden": "true" }, label));
    // the elevation is drawn beside the hex's button, not in it: a button's name holds its visible text
    if (h.elevation) elevs.append(svg("text", { x: x + SIZE * 0.55, y: y + 4, class: "elev", "data-hex": id }, "▲" + h.elevation));
    cells.append(g);
  }
  root.append(cells, elevs);
  // clusters: the outline of the whole group (edges not shared inside it)
  for (const c of map.clusters || []) {
    const segs = outlineEdges(c.hexes || []).map(([h, k]) => {
      const [x1, y1] = corner(h, SIZE - 3, k); const [x2, y2] = corner(h, SIZE - 3, (k + 1) % 6);
      return "M" + fmt(x1) + " " + fmt(y1) + "L" + fmt(x2) + " " + fmt(y2);
    });
    root.append(svg("g", { class: "cluster cluster-" + c.kind, "aria-hidden": "true" }, ...[...new Set(c.hexes || [])].map((h) => svg("polygon", { points: cornerPoints(h, SIZE - 1), class: "cluster-fill" })),
      svg("path", { d: segs.join(" "), class: "cluster-edge" })));
  }
  // the line of sight last traced
  if (S.los) {
    for (const h of S.los.hexes) root.append(svg("polygon", { points: cornerPoints(h, SIZE - 4), class: "los-hex" + (S.los.blockedHexes.has(h) ? " los-blocked" : "") }));
    const [x1, y1] = centre(S.los.from); const [x2, y2] = centre(S.los.to);
    root.append(svg("line", { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2), class: "los-line" + (S.los.blocked ? " blocked" : "") }));
    for (const h of S.los.blockedHexes) {
      const [x, y] = centre(h); const d = SIZE * 0.35;
      root.append(svg("path", { d: `M${fmt(x - d)} ${fmt(y - d)}L${fmt(x + d)} ${fmt(y + d)}M${fmt(x + d)} ${fmt(y - d)}L${fmt(x - d)} ${fmt(y + d)}`, class: "los-x" }));
    }
  }
  for (const a of map.arrows || []) {
    const [x1, y1] = centre(a.from); const [x2, y2] = centre(a.to);
    root.append(svg("line", { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2), class: "arrow arrow-" + a.kind, "marker-end": "url(#arrowhead)" },
      svg("title", {}, a.kind + ": " + labelOf(a.from) + " → " + labelOf(a.to))));
  }
  // markers: inside the lower part of their hex, side by side (a third and more: "+n")
  const markersAt = new Map();
  const kinds = new Map(); // kind -> its first marker (the legend draws the kind from it)
  for (const m of map.markers || []) { if (!kinds.has(m.kind)) kinds.set(m.kind, m); if (!markersAt.has(m.hex)) markersAt.set(m.hex, []); markersAt.get(m.hex).push(m); }
  for (const [hex, list] of markersAt) {
    const [x, y] = centre(hex);
    const shown = list.length > 2 ? list.slice(0, 1) : list;
    shown.forEach((m, i) => {
      const mx = x + (shown.length === 1 ? 0 : (i === 0 ? -11 : 11)), my = y + SIZE * 0.56;
      const [shape, text] = markerGlyph(m);
      root.append(svg("g", { class: "marker marker-" + m.kind + " mk mk-" + m.kind, "data-hex": hex }, drawGlyph(shape, mx, my, 9),
        svg("text", { x: mx, y: my + 4, class: "mglyph" }, text), svg("title", {}, (m.label || m.kind) + " @ " + labelOf(hex))));
    });
    if (list.length > 2) {
      root.append(svg("g", { class: "marker marker-more", "data-hex": hex }, svg("text", { x: x + 12, y: y + SIZE * 0.56 + 4, class: "mglyph more" }, "+" + (list.length - 1)),
        svg("title", {}, list.map((m) => m.label || m.kind).join(", "))));
    }
  }
  // pieces: one counter per hex with the stack's count; a clicked stack spreads out
  const stacks = new Map();
  const sides = new Set();
  for (const u of map.units || []) { sides.add(u.side); if (!stacks.has(u.hex)) stacks.set(u.hex, []); stacks.get(u.hex).push(u); }
  const counter = (u, x, y, extra) => {
    const text = shortLabel(u);
    return svg("g", { class: "unit side-" + sideIndex(u.side) + (S.piece === u.id ? " selected" : "") + (extra || ""), "data-side": u.side, "data-unit": u.id, "data-hex": u.hex, tabindex: "0", role: "button",
      // the name read out starts with the counter's own text (what a voice user says)
      "aria-pressed": S.piece === u.id ? "true" : "false", "aria-label": text + (text !== (u.label || u.id) ? ": " + (u.label || u.id) : "") + " (" + sideName(u.side) + ") " + labelOf(u.hex) },
    svg("rect", { x: x - 25, y: y - 12, width: 50, height: 24, rx: 3 }),
    svg("text", { x, y: y + 4.5, class: "ulabel", textLength: text.length > 6 ? 44 : null, lengthAdjust: text.length > 6 ? "spacingAndGlyphs" : null, "aria-hidden": "true" }, text),
    svg("title", {}, (u.label || u.id) + " (" + sideName(u.side) + ") @ " + labelOf(u.hex)));
  };
  let spreadLayer = null;
  for (const [hex, list] of stacks) {
    const [x, y] = centre(hex);
    const top = list.find((u) => u.id === S.piece) || list[list.length - 1];
    const g = svg("g", { class: "stack", "data-hex": hex, "data-count": String(list.length) });
    for (let i = Math.min(list.length - 1, 2); i > 0; i--) g.append(svg("rect", { x: x - 25 + 3 * i, y: y - 2 - 12 - 3 * i, width: 50, height: 24, rx: 3, class: "stack-shadow side-" + sideIndex(list[list.length - 1 - i].side) }));
    g.append(counter(top, x, y - 2, list.length > 1 ? " stack-top" : ""));
    if (list.length > 1) {
      g.append(svg("g", { class: "stack-count", "data-hex": hex, tabindex: "0", role: "button", "aria-label": t("Spread the stack") + " " + labelOf(hex) + " (" + list.length + ")" },
        svg("circle", { cx: x + 24, cy: y - 15, r: 9 }), svg("text", { x: x + 24, y: y - 11, class: "count", "aria-hidden": "true" }, String(list.length))));
    }
    root.append(g);
    if (S.spread === hex && list.length > 1) {
      const place = spreadPlace(list.length, x, y, {
        left: Math.max(minX - pad, minX - pad + seen.left / S.zoom),
        right: Math.min(minX - pad + w, minX - pad + (seen.left + (seen.width || w * S.zoom)) / S.zoom),
        top: minY - pad, bottom: minY - pad + hgt,
      });
      spreadLayer = svg("g", { class: "spread", "data-spread": hex },
        svg("rect", { x: place.box.x, y: place.box.y, width: place.box.width, height: place.box.height, rx: 6, class: "spread-back" }));
      list.forEach((u, i) => spreadLayer.append(counter(u, place.at[i][0], place.at[i][1], " spread-piece")));
    }
  }
  for (const h of S.selected) {
    if (!hexes.has(h)) continue;
    root.append(svg("polygon", { points: cornerPoints(h, SIZE - 2), class: "selected-hex", "data-selected": h }));
  }
  if (spreadLayer) root.append(spreadLayer);
  const activate = (target) => {
    const count = target.closest(".stack-count");
    if (count && S.losPick === null && !S.hexTarget) { const h = count.getAttribute("data-hex"); S.spread = S.spread === h ? null : h; renderMap(); return; }
    const unit = target.closest("[data-unit]");
    if (unit) { pieceClicked(unit.getAttribute("data-unit"), unit.getAttribute("data-hex"), !!target.closest(".spread")); return; }
    const g = target.closest("[data-hex]");
    if (g) hexClicked(g.getAttribute("data-hex"));
  };
  root.addEventListener("click", (ev) => activate(ev.target));
  // a keyboard-focused hex gets its ring drawn over its neighbours (they would hide half of it)
  root.addEventListener("focusin", (ev) => {
    for (const r of root.querySelectorAll(".focus-ring")) r.remove();
    const cell = ev.target.closest && ev.target.closest("g.hexcell");
    if (cell && cell.matches(":focus-visible")) root.append(svg("polygon", { points: cornerPoints(cell.getAttribute("data-hex"), SIZE - 1.5), class: "focus-ring", "aria-hidden": "true" }));
  });
  root.addEventListener("focusout", () => { for (const r of root.querySelectorAll(".focus-ring")) r.remove(); });
  root.addEventListener("keydown", (ev) => {
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.closest && ev.target.closest("[tabindex]")) { ev.preventDefault(); activate(ev.target); }
  });
  box.append(root);
  if (!framed && box.clientWidth && (map.units || []).length) {
    framed = true;
    framePieces(box, (map.units || []).map((u) => centre(u.hex)), minX - pad, minY - pad);
  }
  if (hadFocus) {
    const again = root.querySelector(`[data-unit="${CSS.escape(hadFocus)}"]`) || root.querySelector(`g.hexcell[data-hex="${CSS.escape(hadFocus)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
  renderLegend(sides, kinds, terrains, map, board);
}

function renderLegend(sides, kinds, terrains, map, board) {
  const items = [];
  for (const side of [...sides].sort((a, b) => sideIndex(a) - sideIndex(b))) {
    items.push(el("span", { class: "key" }, el("span", { class: "swatch unit-swatch side-" + sideIndex(side) }), sideName(side)));
  }
  for (const [kind, m] of kinds) {
    const [shape, text] = markerGlyph(m, true);
    const icon = svg("svg", { viewBox: "-10 -10 20 20", class: "icon", "aria-hidden": "true" }, svg("g", { class: "mk mk-" + kind }, drawGlyph(shape, 0, 0, 9), svg("text", { x: 0, y: 4, class: "mglyph" }, text)));
    items.push(el("span", { class: "key" }, icon, kindName(m)));
  }
  if ((map.arrows || []).length) items.push(el("span", { class: "key" }, el("span", { class: "swatch drift-swatch" }), t("drift")));
  const clusterKinds = new Map((map.clusters || []).map((c) => [c.kind, c]));
  for (const [c, first] of clusterKinds) items.push(el("span", { class: "key" }, el("span", { class: "swatch cluster-swatch cluster-" + c }), kindName(first)));
  const legendText = new Map(((board && board.terrains) || []).map((x) => [x.name, x.label]));
  for (const tr of [...terrains].sort()) {
    const sw = el("span", { class: "swatch terrain-swatch " + terrainClass(tr) });
    const st = terrainStyle(tr);
    if (st) sw.style.background = st.replace("fill: ", "");
    items.push(el("span", { class: "key terrain-key", "data-terrain": tr }, sw, legendText.get(tr) || tr));
  }
  if (S.los) items.push(el("span", { class: "key" }, el("span", { class: "swatch los-swatch" }), t("line of sight")),
    el("span", { class: "key" }, el("span", { class: "swatch blocked-swatch" }), t("blocks the line")));
  if (S.selected.size) items.push(el("span", { class: "key" }, el("span", { class: "swatch selected-swatch" }), t("picked for the form")));
  $("legend").append(...items);
  $("board-note").textContent = board ? [board.title, board.numbering].filter(Boolean).join(": ") : "";
}

export function setZoom(z) {
  const box = $("map");
  const cx = (box.scrollLeft + box.clientWidth / 2) / S.zoom, cy = (box.scrollTop + box.clientHeight / 2) / S.zoom;
  S.zoom = Math.min(3, Math.max(0.4, z));
  renderMap();
  box.scrollLeft = cx * S.zoom - box.clientWidth / 2;
  box.scrollTop = cy * S.zoom - box.clientHeight / 2;
}
export function fitZoom() {
  const root = $("map").querySelector("svg.hexmap");
  if (!root) return;
  const vb = root.viewBox.baseVal;
  setZoom(Math.min(1, ($("map").clientWidth - 4) / vb.width));
}

/** Two fingers on the board zoom it (one finger pans: the box scrolls). */
export function pinchZoom(box) {
  const fingers = new Map();
  let pinch = null;
  box.addEventListener("pointerdown", (ev) => { if (ev.pointerType === "touch") fingers.set(ev.pointerId, [ev.clientX, ev.clientY]); });
  box.addEventListener("pointermove", (ev) => {
    if (!fingers.has(ev.pointerId)) return;
    fingers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (fingers.size !== 2) return;
    const [a, b] = [...fingers.values()];
    const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
    if (!pinch) { pinch = { dist, zoom: S.zoom }; return; }
    const z = pinch.zoom * dist / pinch.dist;
    if (Math.abs(z - S.zoom) / S.zoom > 0.08) setZoom(z);
  });
  const lift = (ev) => { fingers.delete(ev.pointerId); if (fingers.size < 2) pinch = null; };
  for (const kind of ["pointerup", "pointercancel", "pointerleave"]) box.addEventListener(kind, lift);
  box.addEventListener("wheel", (ev) => { if (!ev.ctrlKey) return; ev.preventDefault(); setZoom(S.zoom * (ev.deltaY < 0 ? 1.1 : 1 / 1.1)); }, { passive: false });
}

export function setPickHint() {
  const hint = $("pick-hint");
  if (S.losPick !== null) { hint.textContent = S.losPick === true ? t("LOS: click the firing hex") : t("LOS: now click the target hex"); hint.hidden = false; return; }
  if (S.hexTarget) { hint.textContent = t("Click a hex on the map to fill") + ": " + S.hexTarget.label; hint.hidden = false; return; }
  const aiming = S.forms.find((f) => f.active && f.aims);
  if (aiming) { hint.textContent = t("Click the target on the map") + ": " + aiming.title; hint.hidden = false; return; }
  if (!S.piece && S.pieceForms) { hint.textContent = t("Click a piece on the map to see what it may do."); hint.hidden = false; return; }
  hint.hidden = true;
}

export function refreshSelected() {
  S.selected = new Set(S.forms.flatMap((f) => (f.active ? f.form.hexes() : [])));
  renderMap();
}

/** The phone shows one panel at a time: bring ``name`` forward. */
export function showPanel(name) {
  S.panel = name;
  document.body.dataset.panel = name;
  for (const b of document.querySelectorAll("#panel-tabs [data-panel]")) b.setAttribute("aria-pressed", b.dataset.panel === name ? "true" : "false");
}

// ---- clicks on the map -------------------------------------------------------
// The line a click on an empty hex wrote ("Hex 0305: Woods") is about that hex only:
// a click on a piece clears it (else it stays above the map, stale, through the next
// actions); an LOS answer stays.
function clearHexInfo() {
  const out = $("los-result");
  if (out.dataset.hexInfo) { out.textContent = ""; delete out.dataset.hexInfo; }
}

function pieceClicked(unitId, hex, fromSpread) {
  if (S.losPick !== null) { hexClicked(hex, unitId); return; }
  clearHexInfo();
  // an open form that aims at something: the clicked counter (not the acting one) is its target
  if (unitId !== S.piece && aimAt(hex, unitId)) { S.spread = null; renderMap(); if (phone()) showPanel("actions"); return; }
  if (S.hexTarget) { hexClicked(hex, unitId); return; }
  const stack = units().filter((u) => u.hex === hex);
  if (stack.length > 1 && !fromSpread && S.spread !== hex) { S.spread = hex; renderMap(); return; }
  S.spread = fromSpread ? hex : null;
  S.piece = S.piece === unitId ? null : unitId;
  S.open = null;
  renderActions(S.view.legal || []);
  renderMap();
  // a phone shows the piece's actions, unless its first action waits for a click on the map
  const aiming = S.hexTarget || S.forms.some((f) => f.active && f.aims);
  if (phone() && S.piece && !aiming) { showPanel("actions"); window.scrollTo(0, 0); }
}

async function hexClicked(id, unitId) {
  if (S.losPick !== null) {
    delete $("los-result").dataset.hexInfo;
    if (S.losPick === true) { S.losPick = id; S.selected = new Set([id]); $("los-result").textContent = labelOf(id) + " → ?"; setPickHint(); renderMap(); return; }
    const from = S.losPick; S.losPick = null; setPickHint();
    const res = await api("/los?from=" + encodeURIComponent(from) + "&to=" + encodeURIComponent(id));
    if (!res.ok) { $("los-result").textContent = errText(res.data); return; }
    const d = res.data;
    const blockedHexes = new Set();
    for (const b of d.blocking || []) {
      for (const h of [].concat(b.hexes || [], b.line_hexes_in_area || [], b.hex ? [b.hex] : [])) blockedHexes.add(h);
    }
    for (const b of d.hindrances || []) if (b.drm) blockedHexes.add(b.hex);
    S.los = { from, to: id, hexes: d.hexes || [], blocked: d.blocked === true, blockedHexes };
    S.selected = new Set();
    const verdict = d.blocked === true ? t("blocked") : d.blocked === false ? t("clear") : "";
    const out = $("los-result");
    out.replaceChildren(el("strong", { class: d.blocked ? "error" : "ok" }, labelOf(from) + " → " + labelOf(id) + (verdict ? ": " + verdict : "")),
      " ", String(d.text || d.note || "").replace(/^(blocked|clear)(: )?/, ""));
    const why = Array.isArray(d.explanation) ? d.explanation : [];
    if (why.length) out.append(el("details", { class: "why" }, el("summary", {}, t("Why")), el("ul", {}, why.map((line) => el("li", {}, String(line))))));
    renderMap();
    return;
  }
  const target = S.hexTarget;
  if (!target) {
    if (aimAt(id, unitId)) { renderMap(); if (phone()) showPanel("actions"); return; }
    if (S.piece || S.spread) { S.piece = null; S.spread = null; S.open = null; renderActions(S.view.legal || []); renderMap(); }
    // nothing to aim: the hex clicked says what it is ("Hex 0305: Woods")
    const cell = ((S.view && S.view.view && S.view.view.board && S.view.view.board.hexes) || []).find((h) => h.hex === id);
    $("los-result").textContent = t("Hex") + " " + labelOf(id) + (cell && cell.terrain ? ": " + cell.terrain : "");
    $("los-result").dataset.hexInfo = id;
    return;
  }
  // the form shows the board's printed number (common.js reads it back as the hex's id)
  const shown = S.hexLabels.get(id) || id;
  if (target.many) target.input.value = (target.input.value.trim() + " " + shown).trim();
  else target.input.value = shown;
  // a unit clicked on the map also fills the form's unit choice, when it may be chosen
  const form = target.input.closest("form");
  if (unitId && form) {
    for (const sel of form.querySelectorAll("select")) {
      const opt = [...sel.options].find((o) => o.dataset.raw === unitId);
      if (opt && sel.value === "") { sel.value = opt.value; break; }
    }
  }
  target.input.dispatchEvent(new Event("input", { bubbles: true }));
  if (!target.many) { S.hexTarget = null; target.input.classList.remove("armed"); setPickHint(); }
  const where = target.input.closest(".field") && target.input.closest(".field").querySelector(".picked");
  if (where) where.textContent = target.input.value.trim();
  refreshSelected();
  if (phone() && !target.many) { showPanel("actions"); target.input.scrollIntoView({ block: "center" }); }
}
