// The table page: the seat's own view (fetched with the token from the URL
// fragment, which never reaches the server's logs), the game's whole board as
// SVG (terrain, printed hex labels, stacks of pieces, markers), actions picked
// by clicking a piece, the live odds of a complete action, the journal in
// sentences, undo with consent, and a live stream of version numbers (each
// bump fetches the view once and the journal entries after the last one seen).
//
// Everything comes from the Game protocol's conventions (docs/architecture.md):
// view.board, view.map, view.turn, legal[].schema with x-labels, x-hex,
// x-piece and x-dice. A new game needs no code here.
"use strict";

(function () {
  const gid = window.GAME_ID;
  const token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
  const S = {
    version: null, view: null, losPick: null, los: null, selected: new Set(), forms: [], hexTarget: null, es: null,
    piece: null, spread: null, zoom: 1, open: null, result: null, lastSeq: 0, entries: new Map(), refreshing: null,
    from: 0, diceSince: null, seatsMark: null, seatLog: new Map(),
  };
  // The journal the page holds is a tail: the first load reads the entries after
  // version - JOURNAL_TAIL (so a table of 20k entries opens with one small read,
  // docs/server.md "What the page fetches"), later reads only those after the last
  // one seen, and "Older entries" adds the JOURNAL_TAIL before the oldest held.
  const JOURNAL_TAIL = 100;
  const $ = (id) => document.getElementById(id);
  const phone = () => window.matchMedia("(max-width: 800px)").matches;

  async function api(path, opts) {
    opts = opts || {};
    const headers = Object.assign({ Authorization: "Bearer " + token }, opts.body ? { "Content-Type": "application/json" } : {});
    // the game's own texts (journal, panels, form fields, labels, odds titles, LOS) in the page's language
    const lang = document.documentElement.lang;
    if (lang && lang !== "en" && /^\/(view|log|odds|los|actions|undo)\b/.test(path)) path += (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(lang);
    const res = await fetch("/api/tables/" + encodeURIComponent(gid) + path, {
      method: opts.method || "GET", headers, body: opts.body ? JSON.stringify(opts.body) : undefined, cache: "no-store",
    });
    let data = null;
    try { data = await res.json(); } catch (e) { data = { message: res.statusText }; }
    return { ok: res.ok, status: res.status, data };
  }

  function errText(d) {
    return (d.clause ? "[" + d.clause + "] " : "") + (d.message || "") + (d.hint ? " (" + d.hint + ")" : "");
  }

  // ---- the board -------------------------------------------------------------
  // One SVG user unit is one CSS pixel at zoom 1, so the 12px labels stay 12px
  // on a phone; the map box scrolls (pan) and the buttons zoom.
  const SIZE = 34;
  const SQ3 = Math.sqrt(3);
  const EDGE_NEIGHBOUR = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
  // a marker or cluster names its kind for the legend ("kind_name", English: t() translates it)
  function kindName(x) { return t(x.kind_name || x.kind); }
  function parseHex(h) { const [q, r] = String(h).split(",").map(Number); return { q, r }; }
  function isHex(h) { return /^-?\d+,-?\d+$/.test(String(h)); }
  function centre(h) { const { q, r } = parseHex(h); return [SIZE * 1.5 * q, SIZE * SQ3 * (r + q / 2)]; }
  function cornerXY(h, size, k) { const [x, y] = centre(h); const a = Math.PI / 3 * k; return [x + size * Math.cos(a), y + size * Math.sin(a)]; }
  function corners(h, size) {
    const pts = [];
    for (let k = 0; k < 6; k++) pts.push(cornerXY(h, size, k).map((v) => v.toFixed(1)).join(","));
    return pts.join(" ");
  }
  function svg(tag, attrs, ...kids) {
    const n = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) n.setAttribute(k, v);
    for (const c of kids) n.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return n;
  }
  // a counter's text: the game's "short", else its label (without remarks), else its id
  function shortLabel(u) {
    if (u.short) return String(u.short);
    const text = String(u.label || u.id).split(" (")[0];
    if (text.length <= 9) return text;
    const id = String(u.id);
    return id.length <= 9 ? id : text.slice(0, 8) + "…";
  }
  function pinIcon() {
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
  function sideIndex(side) { return Math.max(0, ((S.view && S.view.seats) || []).indexOf(side)); }
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
  function mapOf(view) { return (view && view.map) || {}; }
  function labelOf(hex) { const b = S.hexLabels && S.hexLabels.get(hex); return b || hex; }
  function unitById(id) { return (mapOf(S.view && S.view.view).units || []).find((u) => u.id === id) || null; }

  function renderMap() {
    const view = S.view && S.view.view;
    const board = boardOf(view);
    const map = mapOf(view);
    const box = $("map");
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
    if (!hexes.size) { box.append(el("p", { class: "muted" }, t("Nothing on the map yet: pick hexes by their q,r numbers."))); return; }
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of hexes.keys()) { const [x, y] = centre(h); minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); }
    const pad = SIZE * 1.2;
    const w = maxX - minX + 2 * pad, hgt = maxY - minY + 2 * pad;
    const root = svg("svg", { viewBox: [minX - pad, minY - pad, w, hgt].map((v) => v.toFixed(1)).join(" "), class: "hexmap", role: "img",
      width: (w * S.zoom).toFixed(0), height: (hgt * S.zoom).toFixed(0), "aria-label": (board && board.title) || t("Map") });
    root.append(svg("defs", {}, svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" },
      svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead" }))));
    const terrains = new Set();
    const cells = svg("g", { class: "cells" });
    for (const [id, h] of hexes) {
      if (h.terrain) terrains.add(h.terrain);
      const poly = svg("polygon", { points: corners(id, SIZE - 0.5), class: "hex " + terrainClass(h.terrain), style: terrainStyle(h.terrain), "data-hex": id });
      const [x, y] = centre(id);
      const g = svg("g", { class: "hexcell", "data-hex": id, "data-label": h.label || id }, poly,
        svg("text", { x, y: y - SIZE * 0.5, class: "coord" }, h.label || id));
      if (h.elevation) g.append(svg("text", { x: x + SIZE * 0.55, y: y + 4, class: "elev" }, "▲" + h.elevation));
      cells.append(g);
    }
    root.append(cells);
    // clusters: the outline of the whole group (edges not shared inside it)
    for (const c of map.clusters || []) {
      const inside = new Set(c.hexes || []);
      const segs = [];
      for (const h of inside) {
        const { q, r } = parseHex(h);
        EDGE_NEIGHBOUR.forEach(([dq, dr], k) => {
          if (inside.has((q + dq) + "," + (r + dr))) return;
          const [x1, y1] = cornerXY(h, SIZE - 3, k); const [x2, y2] = cornerXY(h, SIZE - 3, (k + 1) % 6);
          segs.push("M" + x1.toFixed(1) + " " + y1.toFixed(1) + "L" + x2.toFixed(1) + " " + y2.toFixed(1));
        });
      }
      root.append(svg("g", { class: "cluster cluster-" + c.kind }, ...[...inside].map((h) => svg("polygon", { points: corners(h, SIZE - 1), class: "cluster-fill" })),
        svg("path", { d: segs.join(" "), class: "cluster-edge" })));
    }
    // the line of sight last traced
    if (S.los) {
      for (const h of S.los.hexes) root.append(svg("polygon", { points: corners(h, SIZE - 4), class: "los-hex" + (S.los.blockedHexes.has(h) ? " los-blocked" : "") }));
      const [x1, y1] = centre(S.los.from); const [x2, y2] = centre(S.los.to);
      root.append(svg("line", { x1: x1.toFixed(1), y1: y1.toFixed(1), x2: x2.toFixed(1), y2: y2.toFixed(1), class: "los-line" + (S.los.blocked ? " blocked" : "") }));
      for (const h of S.los.blockedHexes) {
        const [x, y] = centre(h); const d = SIZE * 0.35;
        root.append(svg("path", { d: `M${(x - d).toFixed(1)} ${(y - d).toFixed(1)}L${(x + d).toFixed(1)} ${(y + d).toFixed(1)}M${(x + d).toFixed(1)} ${(y - d).toFixed(1)}L${(x - d).toFixed(1)} ${(y + d).toFixed(1)}`, class: "los-x" }));
      }
    }
    for (const a of map.arrows || []) {
      const [x1, y1] = centre(a.from); const [x2, y2] = centre(a.to);
      root.append(svg("line", { x1: x1.toFixed(1), y1: y1.toFixed(1), x2: x2.toFixed(1), y2: y2.toFixed(1), class: "arrow arrow-" + a.kind, "marker-end": "url(#arrowhead)" },
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
      const g = svg("g", { class: "unit side-" + sideIndex(u.side) + (S.piece === u.id ? " selected" : "") + (extra || ""), "data-side": u.side, "data-unit": u.id, "data-hex": u.hex, tabindex: "0", role: "button",
        "aria-label": (u.label || u.id) + " (" + (u.side || "") + ") " + labelOf(u.hex) },
        svg("rect", { x: x - 25, y: y - 12, width: 50, height: 24, rx: 3 }),
        svg("text", { x, y: y + 4.5, class: "ulabel", textLength: text.length > 6 ? 44 : null, lengthAdjust: text.length > 6 ? "spacingAndGlyphs" : null }, text),
        svg("title", {}, u.id + ": " + (u.label || u.id) + " (" + (u.side || "") + ") @ " + labelOf(u.hex)));
      return g;
    };
    let spreadLayer = null;
    for (const [hex, list] of stacks) {
      const [x, y] = centre(hex);
      const top = list.find((u) => u.id === S.piece) || list[list.length - 1];
      const g = svg("g", { class: "stack", "data-hex": hex, "data-count": String(list.length) });
      for (let i = Math.min(list.length - 1, 2); i > 0; i--) g.append(svg("rect", { x: x - 25 + 3 * i, y: y - 2 - 12 - 3 * i, width: 50, height: 24, rx: 3, class: "stack-shadow side-" + sideIndex(list[list.length - 1 - i].side) }));
      g.append(counter(top, x, y - 2, list.length > 1 ? " stack-top" : ""));
      if (list.length > 1) {
        g.append(svg("g", { class: "stack-count", "data-hex": hex }, svg("circle", { cx: x + 24, cy: y - 15, r: 9 }), svg("text", { x: x + 24, y: y - 11, class: "count" }, String(list.length))));
      }
      root.append(g);
      if (S.spread === hex && list.length > 1) {
        const n = list.length, gap = 56;
        const y0 = y - SIZE * 1.35;
        spreadLayer = svg("g", { class: "spread", "data-spread": hex },
          svg("rect", { x: x - (n * gap) / 2 - 4, y: y0 - 18, width: n * gap + 8, height: 36, rx: 6, class: "spread-back" }));
        list.forEach((u, i) => spreadLayer.append(counter(u, x - ((n - 1) * gap) / 2 + i * gap, y0, " spread-piece")));
      }
    }
    for (const h of S.selected) {
      if (!hexes.has(h)) continue;
      root.append(svg("polygon", { points: corners(h, SIZE - 2), class: "selected-hex", "data-selected": h }));
    }
    if (spreadLayer) root.append(spreadLayer);
    root.addEventListener("click", (ev) => {
      const count = ev.target.closest(".stack-count");
      if (count && S.losPick === null && !S.hexTarget) { const h = count.getAttribute("data-hex"); S.spread = S.spread === h ? null : h; renderMap(); return; }
      const unit = ev.target.closest("[data-unit]");
      if (unit) { pieceClicked(unit.getAttribute("data-unit"), unit.getAttribute("data-hex"), !!ev.target.closest(".spread")); return; }
      const g = ev.target.closest("[data-hex]");
      if (g) hexClicked(g.getAttribute("data-hex"));
    });
    root.addEventListener("keydown", (ev) => {
      const unit = ev.target.closest && ev.target.closest("[data-unit]");
      if (unit && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); pieceClicked(unit.getAttribute("data-unit"), unit.getAttribute("data-hex"), !!ev.target.closest(".spread")); }
    });
    box.append(root);
    renderLegend(sides, kinds, terrains, map, board);
  }

  function renderLegend(sides, kinds, terrains, map, board) {
    const items = [];
    for (const side of [...sides].sort((a, b) => sideIndex(a) - sideIndex(b))) {
      items.push(el("span", { class: "key" }, el("span", { class: "swatch unit-swatch side-" + sideIndex(side) }), side));
    }
    for (const [kind, m] of kinds) {
      const [shape, text] = markerGlyph(m, true);
      const icon = svg("svg", { viewBox: "-10 -10 20 20", class: "icon" }, svg("g", { class: "mk mk-" + kind }, drawGlyph(shape, 0, 0, 9), svg("text", { x: 0, y: 4, class: "mglyph" }, text)));
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

  function setZoom(z) {
    const box = $("map");
    const cx = (box.scrollLeft + box.clientWidth / 2) / S.zoom, cy = (box.scrollTop + box.clientHeight / 2) / S.zoom;
    S.zoom = Math.min(3, Math.max(0.4, z));
    renderMap();
    box.scrollLeft = cx * S.zoom - box.clientWidth / 2;
    box.scrollTop = cy * S.zoom - box.clientHeight / 2;
  }
  function fitZoom() {
    const root = $("map").querySelector("svg.hexmap");
    if (!root) return;
    const vb = root.viewBox.baseVal;
    setZoom(Math.min(1, ($("map").clientWidth - 4) / vb.width));
  }

  function setPickHint() {
    const hint = $("pick-hint");
    if (S.losPick !== null) { hint.textContent = S.losPick === true ? t("LOS: click the firing hex") : t("LOS: now click the target hex"); hint.hidden = false; return; }
    if (S.hexTarget) { hint.textContent = t("Click a hex on the map to fill") + ": " + S.hexTarget.label; hint.hidden = false; return; }
    if (!S.piece && S.pieceForms) { hint.textContent = t("Click a piece on the map to see what it may do."); hint.hidden = false; return; }
    hint.hidden = true;
  }

  function refreshSelected() {
    S.selected = new Set(S.forms.flatMap((f) => (f.active ? f.form.hexes() : [])));
    renderMap();
  }

  // ---- clicks on the map -------------------------------------------------------
  function fillPieceTarget(unitId) {
    // the open form's "target piece" choice, when this piece may be chosen
    for (const f of S.forms) {
      if (!f.active) continue;
      for (const { control } of Object.values(f.form.fields)) {
        const role = control.raw && (control.raw["x-piece"] || (control.schema && control.schema["x-piece"]));
        if (role !== "target" || control.node.tagName !== "SELECT") continue;
        const opt = [...control.node.options].find((o) => o.dataset.raw === unitId);
        if (opt) { control.node.value = opt.value; control.node.dispatchEvent(new Event("change", { bubbles: true })); return true; }
      }
    }
    return false;
  }

  function pieceClicked(unitId, hex, fromSpread) {
    if (S.losPick !== null) { hexClicked(hex, unitId); return; }
    if (unitId !== S.piece && fillPieceTarget(unitId)) { S.spread = null; renderMap(); return; }
    if (S.hexTarget) { hexClicked(hex, unitId); return; }
    const stack = (mapOf(S.view.view).units || []).filter((u) => u.hex === hex);
    if (stack.length > 1 && !fromSpread && S.spread !== hex) { S.spread = hex; renderMap(); return; }
    S.spread = fromSpread ? hex : null;
    S.piece = S.piece === unitId ? null : unitId;
    S.open = null;
    renderActions(S.view.legal || []);
    renderMap();
    if (phone() && S.piece) $("actions").scrollIntoView({ block: "start", behavior: "smooth" });
  }

  async function hexClicked(id, unitId) {
    if (S.losPick !== null) {
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
      if (S.piece || S.spread) { S.piece = null; S.spread = null; S.open = null; renderActions(S.view.legal || []); renderMap(); }
      $("los-result").textContent = labelOf(id);
      return;
    }
    if (target.many) target.input.value = (target.input.value.trim() + " " + id).trim();
    else target.input.value = id;
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
    if (where) where.textContent = target.input.value.split(/\s+/).filter(Boolean).map(labelOf).join(" ");
    refreshSelected();
    if (phone()) target.input.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  // ---- actions, odds, undo -------------------------------------------------
  // Odds previews: one per distinct complete action. #odds carries data-state="pending"
  // while a preview is in flight, and an action waits for a preview already sent, so
  // no preview is answered from a later state (what a page asks never depends on speed).
  let oddsAsked = { key: null, n: 0 };
  let oddsFlight = Promise.resolve();
  const oddsState = (state) => { const o = $("odds"); if (o) o.dataset.state = state; };
  function fieldRole(prop, root) {
    if (!prop) return null;
    const [s] = nonNull(prop, root);
    return prop["x-piece"] || s["x-piece"] || null;
  }
  // the field naming the acting piece and the pieces it may name
  function actorOf(item) {
    const schema = item.schema || {};
    for (const [name, prop] of Object.entries(schema.properties || {})) {
      if (fieldRole(prop, schema) !== "actor") continue;
      const [s] = nonNull(prop, schema);
      return { field: name, ids: (s.enum || []).map(String) };
    }
    return null;
  }

  function resultNear(node, text, ok) {
    const out = node.querySelector(".form-result");
    out.textContent = text;
    out.className = "form-result " + (ok ? "ok" : "error");
    out.hidden = !text;
    if (text) out.scrollIntoView({ block: "nearest" });
  }

  function renderForm(item, fixed, collapsible) {
    const entry = { active: false, form: null, type: item.type };
    const arm = (input, many) => {
      for (const i of document.querySelectorAll(".hex-input.armed")) i.classList.remove("armed");
      const lbl = input.closest(".field") && input.closest(".field").querySelector(".lbl");
      S.hexTarget = { input, many, label: (item.title || item.type) + " · " + (lbl ? lbl.textContent.replace(/ \*$/, "") : input.name) };
      input.classList.add("armed");
      setPickHint();
    };
    const onHexField = (input, many) => {
      input.addEventListener("focus", () => arm(input, many));
      const pick = el("button", { type: "button", class: "pick", title: t("Pick on map"), onclick: () => {
        arm(input, many);
        if (phone()) $("map").scrollIntoView({ block: "start", behavior: "smooth" });
      } }, pinIcon(), " " + t("Pick on map"));
      return el("span", { class: "pick-box" }, pick, el("span", { class: "picked" }));
    };
    const form = schemaForm(item.schema || {}, Object.assign({ type: item.type }, fixed || {}), { onHexField });
    entry.form = form;
    // opening a piece's action arms its first hex field, unless it aims at a piece (click that piece)
    entry.arm = () => {
      const aims = Object.values(form.fields).some(({ control }) => fieldRole(control.raw, item.schema || {}) === "target");
      const first = form.node.querySelector(".hex-input");
      if (first && !aims) arm(first, first.dataset.hex === "many");
    };
    S.forms.push(entry);
    const rollsDice = !(item.schema && item.schema["x-dice"] === false);
    let diceMode = null, diceInput = null;
    if (rollsDice) {
      diceMode = el("select", { name: "__dice_mode", class: "dice-mode" },
        el("option", { value: "server" }, t("Roll on the server")), el("option", { value: "entered" }, t("Enter dice rolled at the table")));
      diceInput = el("input", { type: "text", name: "__dice", placeholder: "3,2", inputmode: "numeric", hidden: true, class: "dice-input", "aria-label": t("Dice") });
      diceMode.addEventListener("change", () => { diceInput.hidden = diceMode.value !== "entered"; });
    }
    const submit = el("button", { type: "submit" }, t("Do it"));
    const f = el("form", { class: "action", "data-type": item.type },
      collapsible ? null : el("h4", {}, item.title || item.type), form.node,
      rollsDice ? el("div", { class: "dice-row" }, el("span", { class: "lbl" }, t("Dice")), diceMode, diceInput) : null,
      el("div", { class: "submit-row" }, submit),
      el("p", { class: "form-result", role: "alert", hidden: true }));
    // the odds of the action as it stands, asked once per distinct complete action
    // (no timer: what is asked depends on what was filled, never on typing speed)
    const preview = () => showOdds(entry, f, item.title || item.type);
    const activate = () => {
      if (!entry.active) { for (const other of S.forms) other.active = other === entry; refreshSelected(); }
    };
    f.addEventListener("input", () => { preview(); refreshSelected(); });
    f.addEventListener("change", () => { preview(); refreshSelected(); });
    f.addEventListener("focusin", () => { preview(); activate(); });
    f.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      await oddsFlight;
      const body = { action: form.collect(), expected_version: S.version };
      if (diceMode && diceMode.value === "entered") body.dice = diceInput.value.split(/[\s,]+/).filter(Boolean).map(Number);
      else if (rollsDice) Object.assign(body, OrdnanceDice.actionFields(S.view)); // dice.js: this seat's part of the roll
      submit.disabled = true;
      const res = await api("/actions", { method: "POST", body });
      submit.disabled = false;
      if (res.ok) {
        $("action-error").textContent = "";
        const entryRow = res.data && res.data.entry;
        const pending = res.data && res.data.pending;  // 202: the other seat must agree first
        const rolling = res.data && res.data.rolling;  // 202: the dice wait for the other seats' elements
        const text = entryRow ? sentence(entryRow) : pending ? t("Waiting for the other seat to agree") + ": " + pending.text : rolling ? t("Waiting for the other seats' dice elements") : t("Done");
        S.result = { type: item.type, text, version: res.data.version, rolling: !!rolling };
        await refresh();
        if (rolling) resultNear(f, text, true);  // the version moves once the dice are drawn
        return;
      }
      if (res.status === 409) {
        $("action-error").textContent = t("Someone acted first: the table was reloaded. Check and try again.");
        $("action-error").scrollIntoView({ block: "nearest" });
        await refresh();
        return;
      }
      resultNear(f, t("Refused") + ": " + errText(res.data), false);
    });
    if (S.result && S.result.type === item.type && S.result.version === S.version) {
      const r = S.result;
      queueMicrotask(() => resultNear(f, "✔ " + r.text, true));
    }
    if (!collapsible) return f;
    const d = el("details", { class: "action-box", "data-type": item.type }, el("summary", {}, item.title || item.type), f);
    d.open = S.open === item.type;
    d.addEventListener("toggle", () => {
      if (!d.open) { if (S.open === item.type) S.open = null; return; }
      S.open = item.type;
      for (const other of document.querySelectorAll("details.action-box")) if (other !== d) other.open = false;
      for (const other of S.forms) other.active = other === entry;
      entry.arm();
      preview();
      refreshSelected();
      if (phone() && S.hexTarget) $("map").scrollIntoView({ block: "start", behavior: "smooth" });
    });
    return d;
  }

  function renderActions(legal) {
    oddsState("idle");  // a preview in flight is dropped: its form is gone
    const box = $("actions");
    S.oddsBox = S.oddsBox || $("odds");  // one odds box, moved into the form being filled
    $("odds-home").append(S.oddsBox);
    S.oddsBox.replaceChildren();
    oddsAsked = { key: null, n: oddsAsked.n + 1 };
    box.replaceChildren();
    // a roll that waited for the other seats' elements: once drawn (the next version),
    // its result stays by its form; refreshOnce words it from the entry
    if (S.result && S.result.rolling && S.version === S.result.version + 1) S.result = { type: S.result.type, text: t("Done"), version: S.version, drawn: true };
    S.forms = [];
    S.hexTarget = null;
    S.pieceForms = legal.some((item) => actorOf(item));
    if (!legal.length) { box.append(el("p", { class: "muted" }, t("Nothing to do now: waiting for the other side."))); setPickHint(); return; }
    const piece = S.piece ? unitById(S.piece) : null;
    if (S.piece && !piece) S.piece = null;
    if (piece) {
      const mine = legal.filter((item) => { const a = actorOf(item); return a && a.ids.includes(piece.id); });
      box.append(el("div", { class: "selected-piece", id: "selected-piece" },
        el("strong", {}, piece.label || piece.id), " ", el("span", { class: "muted" }, "(" + (piece.side || "") + ", " + labelOf(piece.hex) + ")"), " ",
        el("button", { type: "button", class: "small", id: "clear-piece", onclick: () => { S.piece = null; S.spread = null; S.open = null; renderActions(S.view.legal || []); renderMap(); } }, t("Show every action"))));
      if (!mine.length) box.append(el("p", { class: "muted", id: "piece-idle" }, t("This piece has nothing to do now.")));
      if (mine.length === 1 && S.open === null) S.open = mine[0].type;
      for (const item of mine) box.append(renderForm(item, { [actorOf(item).field]: piece.id }, true));
      const opened = S.forms.find((f) => f.type === S.open);
      if (opened) { opened.active = true; opened.arm(); }
    } else {
      for (const item of legal) box.append(renderForm(item, null, false));
    }
    // the result of the last action stays by its form (else on top) until the table moves on
    if (S.result && S.result.version !== S.version) S.result = null;
    if (S.result && !S.forms.some((f) => f.type === S.result.type)) {
      box.prepend(el("p", { class: "form-result ok", id: "last-result" }, "✔ " + S.result.text));
    }
    setPickHint();
  }

  function refusedOdds(o) {
    const keys = Object.keys(o.distribution || {});
    return keys.length === 0 || (keys.length === 1 && keys[0] === "refused");
  }

  async function showOdds(entry, formNode, title) {
    const box = S.oddsBox || $("odds");
    const slot = formNode.querySelector(".submit-row");
    slot.after(box);
    if (!entry.form.complete()) {
      oddsAsked = { key: null, n: oddsAsked.n + 1 };
      box.replaceChildren(el("p", { class: "muted odds-wait" }, t("Fill in the form to see the odds.")));
      return;
    }
    const action = entry.form.collect();
    const key = S.version + ":" + JSON.stringify(action);
    if (key === oddsAsked.key) return;  // already asked (or shown) for exactly this
    const n = oddsAsked.n + 1;
    oddsAsked = { key, n };
    box.replaceChildren(el("p", { class: "muted odds-wait" }, "…"));  // never the odds of an older fill
    oddsState("pending");
    const asked = api("/odds", { method: "POST", body: { action } });
    oddsFlight = asked.then(() => undefined, () => undefined);
    const res = await asked;
    if (oddsAsked.n === n) oddsState("idle");
    if (oddsAsked.n !== n) return;  // a later change asked again: its answer wins
    box.replaceChildren();
    if (!res.ok) { box.append(el("p", { class: "error odds-refused" }, t("Refused") + ": " + errText(res.data))); return; }
    const o = res.data.odds;
    if (!o) { box.append(el("p", { class: "muted" }, t("No dice: nothing to show."))); return; }
    if (refusedOdds(o)) { box.append(el("p", { class: "error odds-refused" }, t("Refused") + ": " + (o.clause ? "[" + o.clause + "] " : "") + (o.title || ""))); return; }
    box.append(el("p", {}, el("strong", {}, o.title || title)));
    const table = el("table", { class: "data odds-table" });
    for (const [outcome, p] of Object.entries(o.distribution || {})) {
      const [num, den] = String(p).split("/").map(Number);
      const pct = den ? (100 * num / den) : num * 100;
      table.append(el("tr", {}, el("td", {}, outcome), el("td", { class: "frac" }, p),
        el("td", { class: "pct" }, pct.toFixed(1) + "%"),
        el("td", { class: "barcell" }, el("span", { class: "pbar", style: "width:" + Math.max(1, pct).toFixed(1) + "%" }))));
    }
    box.append(table);
  }

  function renderUndo(undo) {
    const box = $("undo-box");
    box.replaceChildren();
    if (!undo) return;
    const p = undo.pending;
    if (p) {
      const what = p.text || p.description || p.action_text || p.summary || "";
      const who = p.requested_by || p.by || "";
      if (p.mine) box.append(el("p", { class: "muted undo-wait" }, t("Waiting for the other seat to answer your undo request."), what ? " " + what : ""));
      else {
        const answer = (accept) => async () => {
          const res = await api("/undo/" + (p.request || p.id), { method: "POST", body: { accept } });
          $("action-error").textContent = res.ok ? "" : errText(res.data);
          await refresh();
        };
        box.append(el("p", { class: "undo-ask" }, what ? (who ? who + ": " : "") + what : t("The other seat asks to undo the last action."), " ",
          el("button", { type: "button", id: "undo-accept", onclick: answer(true) }, t("Accept")), " ",
          el("button", { type: "button", id: "undo-decline", onclick: answer(false) }, t("Decline"))));
      }
    } else if (undo.possible) {
      box.append(el("button", { type: "button", class: "small", id: "undo-request", onclick: async () => {
        const res = await api("/undo", { method: "POST", body: { expected_version: S.version } });
        $("action-error").textContent = res.ok ? "" : errText(res.data);
        await refresh();
      } }, t("Ask to undo the last action")));
    }
  }

  // ---- whose move ------------------------------------------------------------
  function renderTurn(seat, view) {
    const box = $("turn");
    const turn = view && view.turn && typeof view.turn === "object" ? view.turn : null;
    box.replaceChildren();
    box.hidden = !turn;
    if (!turn) return;
    const active = turn.active || [], waiting = turn.waiting_for || [];
    const mine = active.includes(seat) || waiting.includes(seat);
    box.className = "turn " + (mine ? "my-move" : "their-move");
    box.append(el("strong", {}, turn.text || [turn.phase, turn.step].filter(Boolean).join(" · ")));
  }

  // ---- view, journal, invites ---------------------------------------------
  function renderPanel(p) {
    const head = el("tr", {}, (p.columns || []).map((c) => el("th", { scope: "col" }, String(c))));
    const body = el("tbody", {}, (p.rows || []).map((row) => el("tr", {}, row.map((c) => el("td", {}, String(c))))));
    const parts = [el("h3", {}, String(p.title || ""))];
    if ((p.rows || []).length) parts.push(el("div", { class: "scroll-x" }, el("table", { class: "data panel-table" }, el("thead", {}, head), body)));
    if (p.note) parts.push(el("p", { class: "note muted" }, String(p.note)));
    else if (!(p.rows || []).length) parts.push(el("p", { class: "note muted" }, "-"));
    return el("section", { class: "panel" }, parts);
  }

  function renderView(v) {
    const box = $("view");
    const wasOpen = !!box.querySelector("details.raw[open]");
    box.replaceChildren();
    const panels = Array.isArray(v.panels) ? v.panels : [];
    for (const p of panels) box.append(renderPanel(p));
    const rest = {};
    for (const [k, value] of Object.entries(v)) if (k !== "panels" && k !== "board") rest[k] = value;
    const raw = el("details", { class: "raw" }, el("summary", {}, t("Everything the server sent you")),
      el("pre", { class: "raw-json" }, JSON.stringify(rest, null, 1)));
    if (wasOpen || !panels.length) raw.open = true;
    box.append(raw);
  }

  // one sentence for an entry: its events' texts (the seat's name once, up front)
  function sentence(e) {
    const texts = (e.events || []).map((x) => String(x.text || x.kind || "")).filter(Boolean);
    let s = texts.join("; ");
    const seat = e.seat || "";
    if (seat && !s.toLowerCase().startsWith(seat.toLowerCase())) s = seat + ": " + s;
    return s;
  }

  function entryNode(e) {
    const dice = Array.isArray(e.dice) && e.dice.length ? e.dice.join(",") : "";
    const origin = e.dice_origin === "entered" ? t("entered") : e.dice_origin === "rolled" ? t("rolled") : "";
    const c = e.commitment;
    const commit = c && dice ? el("span", { class: "commit", title: c.hash + (c.seed ? " / " + c.seed : "") }, " sha256 " + c.hash.slice(0, 10) + "…") : null;
    return el("li", { value: e.seq, class: e.undone ? "undone" : "", "data-seq": e.seq },
      el("span", { class: "sentence" }, sentence(e)),
      dice ? el("span", { class: "dice" }, " · " + t("Dice") + " " + dice + (origin ? " (" + origin + ")" : "")) : null,
      e.undone ? el("em", {}, " (" + t("undone") + ")") : null, commit);
  }

  // Seat events (kind "seat", from /log pages and the view) show under the entry at
  // which they happened; those at entry 0 under the list (docs/server.md "The journal").
  function seatLines(at) {
    return [...S.seatLog.values()].filter((e) => e.at_entry === at).sort((a, b) => a.id - b.id)
      .map((e) => el("div", { class: "seat-line", "data-kind": "seat", "data-event": e.event || e.kind || "" }, e.text));
  }

  function renderJournal() {
    const list = $("journal");
    list.replaceChildren(...[...S.entries.values()].sort((a, b) => b.seq - a.seq).map((e) => {
      const li = entryNode(e);
      li.append(...seatLines(e.seq));
      return li;
    }));
    let start = $("journal-start");
    if (!start) { start = el("div", { id: "journal-start", class: "seat-lines" }); list.after(start); }
    start.replaceChildren(...(S.from <= 0 ? seatLines(0) : []));
    $("older-button").hidden = S.from <= 0;
    list.dataset.from = String(S.from);
  }

  // The journal entries after `since`, merged into those held. The server marks each
  // entry it sends undone or not, and names in `undone_before` the older entries an undo
  // among these cancelled: the page marks those it holds (no second read).
  async function loadLog(since) {
    const lg = await api("/log?since=" + since);
    if (!lg.ok) return false;
    for (const e of lg.data.entries) {
      S.entries.set(e.seq, e);
      S.lastSeq = Math.max(S.lastSeq, e.seq);
    }
    for (const e of lg.data.seat_events || []) S.seatLog.set(e.id, e);
    for (const seq of lg.data.undone_before || []) {
      const held = S.entries.get(seq);
      if (held) held.undone = true;
    }
    S.from = Math.min(S.from, since);
    return lg.data.entries.length > 0 || (lg.data.undone_before || []).length > 0;
  }

  // "Older entries": the JOURNAL_TAIL entries before the oldest held, and their dice checked
  async function loadOlder() {
    if (S.from <= 0) return;
    const since = Math.max(0, S.from - JOURNAL_TAIL);
    const button = $("older-button");
    button.disabled = true;
    try {
      if (!(await loadLog(since))) return;
      renderJournal();
      await verifyDice(null, since || null);
    } finally { button.disabled = false; }
  }

  function renderInvites(seat, seats) {
    const box = $("invites");
    const wasOpen = !!box.querySelector("details.invites[open]");
    box.replaceChildren();
    let links = [];
    try { links = JSON.parse(localStorage.getItem("ordnance:links:" + gid) || "[]"); } catch (e) { links = []; }
    // every other seat: its invitation if this browser made one, and a button to issue a
    // new one (for a player who lost the link: it revokes that seat's old link)
    const others = (seats || []).filter((s) => s !== seat);
    if (!others.length) return;
    const ul = el("ul", { class: "links" });
    for (const other of others) {
      const l = links.find((x) => x.seat === other);
      const input = el("input", { type: "text", readonly: true, value: l ? l.url : "", class: "link", hidden: !l });
      const copy = el("button", { type: "button", class: "small", hidden: !l, onclick: async () => {
        try { await navigator.clipboard.writeText(input.value); copy.textContent = t("Copied"); } catch (e) { /* no clipboard */ }
      } }, t("Copy"));
      const reissue = el("button", { type: "button", class: "small reissue", onclick: async () => {
        const res = await api("/invitations", { method: "POST", body: { seat: other } });
        if (!res.ok) { $("action-error").textContent = errText(res.data); return; }
        const url = location.origin + res.data.link;
        input.value = url; input.hidden = false; copy.hidden = false;
        // a held seat: the link opens it only once its holder agrees or stays away (docs/server.md)
        if (res.status === 202) input.title = t("Opens the seat once its holder agrees, or stays away until") + " " + res.data.due_at;
        const kept = links.filter((x) => x.seat !== other).concat([{ seat: other, url }]);
        try { localStorage.setItem("ordnance:links:" + gid, JSON.stringify(kept)); } catch (e) { /* private mode */ }
      } }, t("New invitation for") + " " + other);
      ul.append(el("li", { "data-seat": other }, el("strong", {}, other), " ", input, copy, " ", reissue));
    }
    const details = el("details", { class: "invites" }, el("summary", {}, t("Invite the other seats")), ul);
    if (wasOpen) details.open = true;
    box.append(details);
  }

  // The requests a refresh makes depend only on the versions it sees, never on timing:
  // the view first, then the journal once (its tail at the first load, afterwards only
  // when the view shows a version past the last entry held), then the dice rolls after
  // the last version checked. A repeated bump, or a stream event that races the page's
  // own action, asks for nothing it already has.
  // ---- seats: requests for a new invitation, what happened to the seats, recovery ----
  // Every seat sees every request and every seat event (docs/server.md "Seats and invitations").
  function renderSeats(v) {
    const box = $("seats-box");
    if (!box) return;
    const events = v.seat_events || [];
    S.seatsMark = events.length ? events[events.length - 1].id : 0;
    const fresh = events.filter((e) => !S.seatLog.has(e.id));
    for (const e of fresh) S.seatLog.set(e.id, Object.assign({}, e, { kind: "seat", event: e.kind }));
    if (fresh.length) renderJournal();
    box.replaceChildren();
    for (const r of v.reissues || []) {
      const li = el("p", { class: "seat-request", "data-request": String(r.request) },
        r.may_accept ? r.requested_by + ": " + t("asks for a new invitation for your seat") + " " : t("Waiting for") + " " + r.seat + ": " + r.requested_by + " " + t("asks for a new invitation for this seat") + " ");
      const answer = (accept) => async () => {
        const res = await api("/reissues/" + r.request, { method: "POST", body: { accept } });
        if (!res.ok) $("action-error").textContent = errText(res.data);
        refresh();
      };
      if (r.may_accept) {
        li.append(el("button", { type: "button", class: "small accept-reissue", onclick: answer(true) }, t("Hand my seat over")), " ",
          el("button", { type: "button", class: "small decline-reissue", onclick: answer(false) }, t("Keep my seat")));
      } else if (r.mine) {
        li.append(el("button", { type: "button", class: "small withdraw-reissue", onclick: answer(false) }, t("Withdraw")));
      }
      box.append(li);
    }
    if (events.length) {
      const ol = el("ol", { class: "seat-events" });
      for (const e of events.slice(-5)) ol.append(el("li", { "data-kind": e.kind }, e.text));
      box.append(el("details", { class: "seat-events", open: (v.reissues || []).length ? true : undefined }, el("summary", {}, t("Seats")), ol));
    }
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem("ordnance:recovery:" + gid) || "null"); } catch (e) { saved = null; }
    if (saved && saved.seat === v.seat && saved.secret) {
      const url = location.origin + "/join/" + encodeURIComponent(gid) + "#recover=" + encodeURIComponent(saved.secret) + "&seat=" + encodeURIComponent(saved.seat);
      box.append(el("details", { class: "recovery" }, el("summary", {}, t("Your recovery link (keep it private: it moves your seat to another device)")),
        el("input", { type: "text", readonly: true, value: url, class: "link recovery-link" })));
    }
  }

  async function refreshOnce() {
    const v = await api("/view");
    if (!v.ok) { $("need-link").hidden = false; $("need-link").textContent = errText(v.data) || t("This page needs a seat link (ask the host)."); return; }
    if (S.view === null) {
      S.from = Math.max(0, v.data.version - JOURNAL_TAIL);
      await loadLog(S.from);
      renderJournal();
    }
    const moved = S.view === null || S.version !== v.data.version;
    S.view = v.data;
    S.version = v.data.version;
    if (!moved) {
      // same version (a repeated bump, an undo request): keep the forms being filled
      renderTurn(v.data.seat, v.data.view);
      renderUndo(v.data.undo);
      renderSeats(v.data);
      try { await OrdnanceDice.sync(api, v.data); } catch (e) { /* dice.js reports on the next check */ }
      return;
    }
    $("seat-name").textContent = t("Your seat") + ": " + v.data.seat + " · " + v.data.title;
    $("version").textContent = t("Version") + " " + v.data.version;
    $("commitment").textContent = t("Next roll is committed as") + " sha256 " + v.data.commitment.hash;
    renderTurn(v.data.seat, v.data.view);
    renderMap();
    renderView(v.data.view);
    renderActions(v.data.legal || []);
    renderUndo(v.data.undo);
    renderInvites(v.data.seat, v.data.seats);
    renderSeats(v.data);
    if (S.lastSeq < S.version && (await loadLog(S.lastSeq))) renderJournal();
    const drawn = S.result && S.result.drawn && S.entries.get(S.version);
    if (drawn) {
      S.result = drawn.seat === v.data.seat ? { type: S.result.type, text: sentence(drawn), version: S.version } : null;
      for (const n of document.querySelectorAll("#actions .form-result.ok")) { n.textContent = S.result ? "✔ " + S.result.text : ""; n.hidden = !S.result; }
    }
    // dice.js: reveal this seat's secret for this version, then recompute the rolls not
    // checked yet (the first time: those of the entries held)
    try {
      const done = await verifyDice(v.data, S.diceSince === null ? S.from : S.diceSince);
      if (done) S.diceSince = done.version;
    } catch (e) { $("verify-result").textContent = String(e); }
    document.body.dataset.version = String(S.version);
  }
  // one refresh at a time; a bump that arrives meanwhile runs one more after it
  async function refresh() {
    if (S.refreshing) { S.again = true; return S.refreshing; }
    S.refreshing = (async () => {
      do { S.again = false; await refreshOnce(); } while (S.again);
    })();
    try { await S.refreshing; } finally { S.refreshing = null; }
  }

  // ---- live stream ----------------------------------------------------------
  async function connect() {
    const tk = await api("/ticket", { method: "POST" });
    if (!tk.ok) { $("live").textContent = t("Reconnecting..."); setTimeout(connect, 3000); return; }
    const es = new EventSource("/api/tables/" + encodeURIComponent(gid) + "/events?ticket=" + encodeURIComponent(tk.data.ticket));
    S.es = es;
    es.addEventListener("open", () => { $("live").textContent = "● " + t("Live"); });
    es.addEventListener("version", (ev) => {
      let v = null, pending = null, mark = null;
      try { const data = JSON.parse(ev.data); v = data.version; pending = data.dice_pending; mark = data.seats; } catch (e) { v = null; }
      // dice.js: a notice may name an action waiting for this seat's dice element; a seat
      // notice (a request for a seat, a reissue) comes at the same version
      if (v === null || v !== S.version || OrdnanceDice.wants(S.view, pending) || (typeof mark === "number" && mark !== S.seatsMark)) refresh();
    });
    es.addEventListener("error", () => {
      $("live").textContent = t("Reconnecting...");
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    });
  }

  // The one call point for checking the dice: dice.js recomputes each roll from the
  // revealed secrets and the chains (never trusting a flag of the server's) and names
  // each that fails. `since`: only the rolls after it (those before stay as checked);
  // none: every roll of the table ("Verify every roll").
  async function verifyDice(view, since) {
    if (view) await OrdnanceDice.sync(api, view);
    return OrdnanceDice.verify(api, $("verify-result"), S.view && S.view.seat, { entries: [...S.entries.values()] }, since || 0);
  }

  document.addEventListener("DOMContentLoaded", () => {
    for (const a of document.querySelectorAll("a.lang")) a.href = "?lang=" + a.dataset.lang + location.hash;
    if (!token) { $("need-link").hidden = false; $("need-link").textContent = t("This page needs a seat link (ask the host)."); return; }
    $("los-button").addEventListener("click", () => {
      S.losPick = true; S.los = null; S.selected = new Set(); $("los-result").textContent = "";
      setPickHint(); renderMap();
    });
    $("zoom-in").addEventListener("click", () => setZoom(S.zoom * 1.25));
    $("zoom-out").addEventListener("click", () => setZoom(S.zoom / 1.25));
    $("zoom-fit").addEventListener("click", fitZoom);
    // two fingers on the board zoom it (one finger pans: the box scrolls)
    const fingers = new Map();
    let pinch = null;
    $("map").addEventListener("pointerdown", (ev) => { if (ev.pointerType === "touch") fingers.set(ev.pointerId, [ev.clientX, ev.clientY]); });
    $("map").addEventListener("pointermove", (ev) => {
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
    for (const kind of ["pointerup", "pointercancel", "pointerleave"]) $("map").addEventListener(kind, lift);
    $("map").addEventListener("wheel", (ev) => { if (!ev.ctrlKey) return; ev.preventDefault(); setZoom(S.zoom * (ev.deltaY < 0 ? 1.1 : 1 / 1.1)); }, { passive: false });
    $("verify-button").addEventListener("click", () => verifyDice(null, 0));
    $("older-button").addEventListener("click", loadOlder);
    refresh().then(connect);
  });
})();
