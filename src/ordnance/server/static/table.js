// The table page: the seat's own view (fetched with the token from the URL
// fragment, which never reaches the server's logs), an SVG hex map, forms for
// the legal actions, the live odds panel, the journal, undo with consent, and
// a live stream of version numbers (refetch on each; resync on reconnect).
"use strict";

(function () {
  const gid = window.GAME_ID;
  const token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
  const S = { version: null, view: null, losPick: null, los: null, selected: new Set(), forms: [], hexTarget: null, es: null };
  const $ = (id) => document.getElementById(id);

  async function api(path, opts) {
    opts = opts || {};
    const headers = Object.assign({ Authorization: "Bearer " + token }, opts.body ? { "Content-Type": "application/json" } : {});
    // the game's own texts (journal, panels, form fields, labels, odds titles, LOS) in the page's language
    const lang = document.documentElement.lang;
    if (lang && lang !== "en" && /^\/(view|log|odds|los)\b/.test(path)) path += (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(lang);
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

  // ---- map ---------------------------------------------------------------
  const SIZE = 30;
  const SQ3 = Math.sqrt(3);
  // axial neighbour across edge k (between corners k and k+1) of a flat-top hex
  const EDGE_NEIGHBOUR = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
  const MARKER_LOOK = {
    smoke: ["circle", "S"], smoke2: ["circle", "S2"], smoke1: ["circle", "S1"], "dispersed-smoke": ["circle", "DS"],
    wp: ["circle", "WP"], mines: ["triangle", "M"], "munition-token": ["square", "?"],
  };
  const KIND_NAMES = {"smoke": "Smoke", "smoke2": "Smoke 2", "smoke1": "Smoke 1", "dispersed-smoke": "Dispersed smoke", "wp": "WP", "mines": "Mines!", "munition-token": "Munitions token", "canister": "Canister cluster", "smoke-area": "Smoke area", "minefield": "Minefield"};
  function kindName(kind) { return t(KIND_NAMES[kind] || kind); }
  function parseHex(h) { const [q, r] = String(h).split(",").map(Number); return { q, r }; }
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
  function markerGlyph(m) {
    const look = MARKER_LOOK[m.kind] || ["square", "•"];
    if (m.kind === "munition-token") {
      const known = /^(HE|AP-B|AP-C|Smoke)\b/.exec(m.label || "");
      return [look[0], known ? (known[1] === "Smoke" ? "Sm" : known[1].replace("AP-", "")) : "?"];
    }
    return look;
  }
  function drawGlyph(shape, x, y, r) {
    if (shape === "circle") return svg("circle", { cx: x, cy: y, r });
    if (shape === "triangle") return svg("polygon", { points: [[x, y - r], [x + r, y + r * 0.8], [x - r, y + r * 0.8]].map((p) => p.join(",")).join(" ") });
    return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2 });
  }
  function sideIndex(side) { return Math.max(0, ((S.view && S.view.seats) || []).indexOf(side)); }

  function renderMap(map) {
    const box = $("map");
    box.replaceChildren();
    $("legend").replaceChildren();
    if (!map) { box.closest(".map-card").hidden = true; return; }
    box.closest(".map-card").hidden = false;
    const hexes = new Map();
    for (const h of map.hexes || []) hexes.set(h.hex, h);
    for (const list of [map.units, map.markers]) for (const u of list || []) if (!hexes.has(u.hex)) hexes.set(u.hex, { hex: u.hex });
    for (const a of map.arrows || []) for (const h of [a.from, a.to]) if (!hexes.has(h)) hexes.set(h, { hex: h });
    for (const c of map.clusters || []) for (const h of c.hexes || []) if (!hexes.has(h)) hexes.set(h, { hex: h });
    if (S.los) for (const h of S.los.hexes) if (!hexes.has(h)) hexes.set(h, { hex: h });
    for (const h of S.selected) if (!hexes.has(h) && /^-?\d+,-?\d+$/.test(h)) hexes.set(h, { hex: h });
    if (!hexes.size) { box.append(el("p", { class: "muted" }, t("Nothing on the map yet: pick hexes by their q,r numbers."))); return; }
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of hexes.keys()) { const [x, y] = centre(h); minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); }
    const pad = SIZE * 1.2;
    const root = svg("svg", { viewBox: [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad].map((v) => v.toFixed(1)).join(" "), class: "hexmap", role: "img" });
    root.append(svg("defs", {}, svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" },
      svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead" }))));
    const terrains = new Set();
    for (const [id, h] of hexes) {
      const terrain = String(h.terrain || "none").replace(/[^a-z0-9-]/gi, "");
      if (h.terrain) terrains.add(h.terrain);
      const poly = svg("polygon", { points: corners(id, SIZE - 1), class: "hex terrain-" + terrain, "data-hex": id });
      const [x, y] = centre(id);
      root.append(svg("g", { class: "hexcell", "data-hex": id }, poly, svg("text", { x, y: y + SIZE * 0.78, class: "coord" }, id)));
    }
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
        svg("title", {}, a.kind + ": " + a.from + " → " + a.to)));
    }
    const perHex = new Map();
    const kinds = new Set();
    for (const m of map.markers || []) {
      kinds.add(m.kind);
      const n = perHex.get(m.hex) || 0; perHex.set(m.hex, n + 1);
      const [x, y] = centre(m.hex);
      const mx = x - SIZE * 0.45 + n * 13, my = y - SIZE * 0.5;
      const [shape, text] = markerGlyph(m);
      root.append(svg("g", { class: "marker marker-" + m.kind + " mk mk-" + m.kind, "data-hex": m.hex }, drawGlyph(shape, mx, my, 6.5),
        svg("text", { x: mx, y: my + 2.5, class: "mglyph" }, text), svg("title", {}, (m.label || m.kind) + " @ " + m.hex)));
    }
    const unitsPerHex = new Map();
    const sides = new Set();
    for (const u of map.units || []) {
      sides.add(u.side);
      const n = unitsPerHex.get(u.hex) || 0; unitsPerHex.set(u.hex, n + 1);
      const [x, y] = centre(u.hex);
      const ox = n * 5, oy = n * 5;
      root.append(svg("g", { class: "unit side-" + sideIndex(u.side), "data-side": u.side, "data-unit": u.id, "data-hex": u.hex },
        svg("rect", { x: x - 20 + ox, y: y - 9 + oy, width: 40, height: 19, rx: 3 }),
        svg("text", { x: x + ox, y: y + 4.5 + oy, class: "ulabel", textLength: shortLabel(u).length > 6 ? 36 : null,
          lengthAdjust: shortLabel(u).length > 6 ? "spacingAndGlyphs" : null }, shortLabel(u)),
        svg("title", {}, u.id + ": " + (u.label || u.id) + " (" + (u.side || "") + ") @ " + u.hex)));
    }
    for (const h of S.selected) {
      if (!hexes.has(h)) continue;
      root.append(svg("polygon", { points: corners(h, SIZE - 2), class: "selected-hex", "data-selected": h }));
    }
    root.addEventListener("click", (ev) => {
      const g = ev.target.closest("[data-hex]");
      if (g) hexClicked(g.getAttribute("data-hex"), g.getAttribute("data-unit"));
    });
    box.append(root);
    renderLegend(sides, kinds, terrains, map);
  }

  function renderLegend(sides, kinds, terrains, map) {
    const items = [];
    for (const side of [...sides].sort((a, b) => sideIndex(a) - sideIndex(b))) {
      items.push(el("span", { class: "key" }, el("span", { class: "swatch unit-swatch side-" + sideIndex(side) }), side));
    }
    for (const kind of Object.keys(MARKER_LOOK)) {
      if (!kinds.has(kind)) continue;
      const [shape, text] = MARKER_LOOK[kind];
      const icon = svg("svg", { viewBox: "-8 -8 16 16", class: "icon" }, svg("g", { class: "mk mk-" + kind }, drawGlyph(shape, 0, 0, 6.5), svg("text", { x: 0, y: 2.5, class: "mglyph" }, text)));
      items.push(el("span", { class: "key" }, icon, kindName(kind)));
    }
    if ((map.arrows || []).length) items.push(el("span", { class: "key" }, el("span", { class: "swatch drift-swatch" }), t("drift")));
    for (const c of new Set((map.clusters || []).map((c) => c.kind))) items.push(el("span", { class: "key" }, el("span", { class: "swatch cluster-swatch cluster-" + c }), kindName(c)));
    for (const tr of [...terrains].sort()) if (tr !== "clear") items.push(el("span", { class: "key" }, el("span", { class: "swatch terrain-swatch terrain-" + String(tr).replace(/[^a-z0-9-]/gi, "") }), tr));
    if (S.los) items.push(el("span", { class: "key" }, el("span", { class: "swatch los-swatch" }), t("line of sight")),
      el("span", { class: "key" }, el("span", { class: "swatch blocked-swatch" }), t("blocks the line")));
    if (S.selected.size) items.push(el("span", { class: "key" }, el("span", { class: "swatch selected-swatch" }), t("picked for the form")));
    $("legend").append(...items);
  }

  function setPickHint() {
    const hint = $("pick-hint");
    if (S.losPick !== null) { hint.textContent = S.losPick === true ? t("LOS: click the firing hex") : t("LOS: now click the target hex"); hint.hidden = false; return; }
    if (S.hexTarget) { hint.textContent = t("Click a hex on the map to fill") + ": " + S.hexTarget.label; hint.hidden = false; return; }
    hint.hidden = true;
  }

  function refreshSelected() {
    S.selected = new Set(S.forms.flatMap((f) => (f.active ? f.form.hexes() : [])));
    renderMap(S.view && S.view.view.map);
  }

  async function hexClicked(id, unitId) {
    if (S.losPick !== null) {
      if (S.losPick === true) { S.losPick = id; S.selected = new Set([id]); $("los-result").textContent = id + " → ?"; setPickHint(); renderMap(S.view.view.map); return; }
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
      out.replaceChildren(el("strong", { class: d.blocked ? "error" : "ok" }, from + " → " + id + (verdict ? ": " + verdict : "")),
        " ", String(d.text || d.note || "").replace(/^(blocked|clear)(: )?/, ""));
      const why = Array.isArray(d.explanation) ? d.explanation : [];
      if (why.length) out.append(el("details", { class: "why" }, el("summary", {}, t("Why")), el("ul", {}, why.map((line) => el("li", {}, String(line))))));
      renderMap(S.view && S.view.view.map);
      return;
    }
    const target = S.hexTarget;
    if (!target) {
      $("los-result").textContent = id + (unitId ? " · " + unitId : "");
      return;
    }
    if (target.many) target.input.value = (target.input.value.trim() + " " + id).trim();
    else target.input.value = id;
    // a unit clicked on the map also fills the form's unit choice, when it may be chosen
    const form = target.input.closest("form");
    if (unitId && form) {
      for (const sel of form.querySelectorAll("select")) {
        const opt = [...sel.options].find((o) => o.dataset.raw === unitId);
        if (opt && sel.value === "" ) { sel.value = opt.value; break; }
      }
    }
    target.input.dispatchEvent(new Event("input", { bubbles: true }));
    if (!target.many) { S.hexTarget = null; target.input.classList.remove("armed"); setPickHint(); }
    refreshSelected();
    if (window.matchMedia("(max-width: 800px)").matches) target.input.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  // ---- actions, odds, undo -------------------------------------------------
  // Odds previews: debounced while a form is edited; #odds carries
  // data-state="pending" from the first edit until the last preview has been
  // answered, a preview never outlives its form (re-render, submit), and an
  // action waits for a preview already sent, so no preview can see a later state.
  let oddsTimer = null, oddsSeq = 0, oddsBusy = 0, oddsFlight = Promise.resolve();
  const oddsIdle = () => { if (oddsTimer === null && oddsBusy === 0) $("odds").dataset.state = "idle"; };
  const cancelPreview = () => { clearTimeout(oddsTimer); oddsTimer = null; oddsIdle(); };
  function renderActions(legal) {
    cancelPreview();
    const box = $("actions");
    box.replaceChildren();
    S.forms = [];
    S.hexTarget = null;
    setPickHint();
    if (!legal.length) { box.append(el("p", { class: "muted" }, t("Nothing to do now: waiting for the other side."))); return; }
    for (const item of legal) {
      const entry = { active: false, form: null };
      const arm = (input, many) => {
        for (const i of document.querySelectorAll(".hex-input.armed")) i.classList.remove("armed");
        const lbl = input.closest(".field") && input.closest(".field").querySelector(".lbl");
        S.hexTarget = { input, many, label: (item.title || item.type) + " · " + (lbl ? lbl.textContent.replace(/ \*$/, "") : input.name) };
        input.classList.add("armed");
        setPickHint();
      };
      const onHexField = (input, many) => {
        input.addEventListener("focus", () => arm(input, many));
        return el("button", { type: "button", class: "pick", title: t("Pick on map"), onclick: () => {
          arm(input, many);
          if (window.matchMedia("(max-width: 800px)").matches) $("map").scrollIntoView({ block: "start", behavior: "smooth" });
        } }, pinIcon(), " " + t("Pick on map"));
      };
      const form = schemaForm(item.schema || {}, { type: item.type }, { onHexField });
      entry.form = form;
      S.forms.push(entry);
      const diceMode = el("select", { name: "__dice_mode", class: "dice-mode" },
        el("option", { value: "server" }, t("Roll on the server")), el("option", { value: "entered" }, t("Enter dice rolled at the table")));
      const diceInput = el("input", { type: "text", name: "__dice", placeholder: "3,2", inputmode: "numeric", hidden: true, class: "dice-input" });
      diceMode.addEventListener("change", () => { diceInput.hidden = diceMode.value !== "entered"; });
      const f = el("form", { class: "action", "data-type": item.type },
        el("h4", {}, item.title || item.type), form.node,
        el("div", { class: "dice-row" }, el("span", { class: "lbl" }, t("Dice")), diceMode, diceInput),
        el("button", { type: "submit" }, t("Do it")));
      const preview = () => {
        clearTimeout(oddsTimer);
        $("odds").dataset.state = "pending";
        oddsTimer = setTimeout(() => { oddsTimer = null; oddsFlight = showOdds(form.collect(), item.title || item.type); }, 150);
      };
      const activate = () => {
        if (!entry.active) { for (const other of S.forms) other.active = other === entry; refreshSelected(); }
      };
      f.addEventListener("input", () => { preview(); refreshSelected(); });
      f.addEventListener("change", () => { preview(); refreshSelected(); });
      f.addEventListener("focusin", () => { preview(); activate(); });
      f.addEventListener("submit", async (ev) => {
        ev.preventDefault();
        cancelPreview();
        await oddsFlight;
        const body = { action: form.collect(), expected_version: S.version };
        if (diceMode.value === "entered") body.dice = diceInput.value.split(/[\s,]+/).filter(Boolean).map(Number);
        else Object.assign(body, OrdnanceDice.actionFields(S.view)); // dice.js: this seat's part of the roll
        const res = await api("/actions", { method: "POST", body });
        if (res.ok) { $("action-error").textContent = ""; await refresh(); return; }
        $("action-error").textContent = res.status === 409
          ? t("Someone acted first: the table was reloaded. Check and try again.")
          : t("Refused") + ": " + errText(res.data);
        if (res.status === 409) await refresh();
      });
      box.append(f);
    }
  }

  async function showOdds(action, title) {
    const seq = ++oddsSeq;
    oddsBusy++;
    try { await renderOdds(action, title, seq); } finally { oddsBusy--; oddsIdle(); }
  }

  async function renderOdds(action, title, seq) {
    const res = await api("/odds", { method: "POST", body: { action } });
    if (seq !== oddsSeq) return; // a newer preview was asked for: show that one
    const box = $("odds");
    box.replaceChildren();
    if (!res.ok) { box.append(el("p", { class: "muted" }, errText(res.data))); return; }
    const o = res.data.odds;
    if (!o) { box.append(el("p", { class: "muted" }, t("No dice: nothing to show."))); return; }
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
    if (undo.pending) {
      if (undo.pending.mine) box.append(el("p", { class: "muted" }, t("Waiting for the other seat to answer your undo request.")));
      else {
        const answer = (accept) => async () => {
          const res = await api("/undo/" + undo.pending.request, { method: "POST", body: { accept } });
          $("action-error").textContent = res.ok ? "" : errText(res.data);
          await refresh();
        };
        box.append(el("p", { class: "undo-ask" }, t("The other seat asks to undo the last action."), " ",
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
    for (const [k, value] of Object.entries(v)) if (k !== "panels") rest[k] = value;
    const raw = el("details", { class: "raw" }, el("summary", {}, t("Everything the server sent you")),
      el("pre", { class: "raw-json" }, JSON.stringify(rest, null, 1)));
    if (wasOpen || !panels.length) raw.open = true;
    box.append(raw);
  }

  function renderJournal(entries) {
    const list = $("journal");
    list.replaceChildren();
    for (const e of entries.slice().reverse()) {
      const texts = e.events.map((x) => x.text || x.kind).join("; ");
      const dice = e.dice === null ? t("Hidden from you") : (e.dice.length ? e.dice.join(",") : "");
      const origin = e.dice_origin === "entered" ? t("entered") : e.dice_origin === "rolled" ? t("rolled") : "";
      const c = e.commitment;
      const commit = c ? el("span", { class: "commit", title: c.hash }, " " + t("commitment") + " " + c.hash.slice(0, 10) + "…" + (c.seed ? " " + t("seed") + " " + c.seed : "")) : null;
      list.append(el("li", { value: e.seq, class: e.undone ? "undone" : "" },
        el("span", { class: "seat" }, e.seat || "-"), ": ", texts,
        dice ? el("span", { class: "dice" }, " [" + dice + (origin ? " " + origin : "") + "]") : null,
        e.undone ? el("em", {}, " (" + t("undone") + ")") : null, commit));
    }
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
        const kept = links.filter((x) => x.seat !== other).concat([{ seat: other, url }]);
        try { localStorage.setItem("ordnance:links:" + gid, JSON.stringify(kept)); } catch (e) { /* private mode */ }
      } }, t("New invitation for") + " " + other);
      ul.append(el("li", { "data-seat": other }, el("strong", {}, other), " ", input, copy, " ", reissue));
    }
    const details = el("details", { class: "invites" }, el("summary", {}, t("Invite the other seats")), ul);
    if (wasOpen) details.open = true;
    box.append(details);
  }

  async function refresh() {
    const [v, lg] = await Promise.all([api("/view"), api("/log")]);
    if (!v.ok) { $("need-link").hidden = false; $("need-link").textContent = errText(v.data) || t("This page needs a seat link (ask the host)."); return; }
    S.view = v.data;
    S.version = v.data.version;
    $("seat-name").textContent = t("Your seat") + ": " + v.data.seat + " · " + v.data.title;
    $("version").textContent = t("Version") + " " + v.data.version;
    $("commitment").textContent = t("Next roll is committed as") + " sha256 " + v.data.commitment.hash;
    renderMap(v.data.view.map);
    renderView(v.data.view);
    renderActions(v.data.legal || []);
    renderUndo(v.data.undo);
    renderInvites(v.data.seat, v.data.seats);
    if (lg.ok) renderJournal(lg.data.entries);
    // dice.js: reveal this seat's secret for this version, then recompute every roll shown
    try { await OrdnanceDice.sync(api, v.data); await OrdnanceDice.verify(api, $("verify-result"), v.data.seat, lg.ok ? lg.data : null); } catch (e) { $("verify-result").textContent = String(e); }
    document.body.dataset.version = String(S.version);
  }

  // ---- live stream ----------------------------------------------------------
  async function connect() {
    const tk = await api("/ticket", { method: "POST" });
    if (!tk.ok) { $("live").textContent = t("Reconnecting..."); setTimeout(connect, 3000); return; }
    const es = new EventSource("/api/tables/" + encodeURIComponent(gid) + "/events?ticket=" + encodeURIComponent(tk.data.ticket));
    S.es = es;
    es.addEventListener("open", () => { $("live").textContent = "● " + t("Live"); });
    es.addEventListener("version", () => { refresh(); });
    es.addEventListener("error", () => {
      $("live").textContent = t("Reconnecting...");
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    });
  }

  function verify() { return OrdnanceDice.verify(api, $("verify-result"), S.view && S.view.seat); }

  document.addEventListener("DOMContentLoaded", () => {
    for (const a of document.querySelectorAll("a.lang")) a.href = "?lang=" + a.dataset.lang + location.hash;
    if (!token) { $("need-link").hidden = false; $("need-link").textContent = t("This page needs a seat link (ask the host)."); return; }
    $("los-button").addEventListener("click", () => {
      S.losPick = true; S.los = null; S.selected = new Set(); $("los-result").textContent = "";
      setPickHint(); renderMap(S.view && S.view.view.map);
    });
    $("verify-button").addEventListener("click", verify);
    refresh().then(connect);
  });
})();
