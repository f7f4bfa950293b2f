// The table page: the seat's own view (fetched with the token from the URL
// fragment, which never reaches the server's logs), an SVG hex map, forms for
// the legal actions, the live odds panel, the journal, undo with consent, and
// a live stream of version numbers (refetch on each; resync on reconnect).
"use strict";

(function () {
  const gid = window.GAME_ID;
  const token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
  const S = { version: null, view: null, losPick: null, losHexes: new Set(), es: null };
  const $ = (id) => document.getElementById(id);

  async function api(path, opts) {
    opts = opts || {};
    const headers = Object.assign({ Authorization: "Bearer " + token }, opts.body ? { "Content-Type": "application/json" } : {});
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
  function parseHex(h) { const [q, r] = String(h).split(",").map(Number); return { q, r }; }
  function centre(h) { const { q, r } = parseHex(h); return [SIZE * 1.5 * q, SIZE * SQ3 * (r + q / 2)]; }
  function corners(h, size) {
    const [x, y] = centre(h);
    const pts = [];
    for (let k = 0; k < 6; k++) { const a = Math.PI / 3 * k; pts.push((x + size * Math.cos(a)).toFixed(1) + "," + (y + size * Math.sin(a)).toFixed(1)); }
    return pts.join(" ");
  }
  function svg(tag, attrs, ...kids) {
    const n = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) n.setAttribute(k, v);
    for (const c of kids) n.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return n;
  }

  function renderMap(map) {
    const box = $("map");
    box.replaceChildren();
    if (!map) { box.closest(".map-card").hidden = true; return; }
    box.closest(".map-card").hidden = false;
    const hexes = new Map();
    for (const h of map.hexes || []) hexes.set(h.hex, h);
    for (const list of [map.units, map.markers]) for (const u of list || []) if (!hexes.has(u.hex)) hexes.set(u.hex, { hex: u.hex });
    for (const a of map.arrows || []) for (const h of [a.from, a.to]) if (!hexes.has(h)) hexes.set(h, { hex: h });
    for (const c of map.clusters || []) for (const h of c.hexes || []) if (!hexes.has(h)) hexes.set(h, { hex: h });
    if (!hexes.size) { box.append(el("p", { class: "muted" }, "-")); return; }
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of hexes.keys()) { const [x, y] = centre(h); minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); }
    const pad = SIZE * 1.2;
    const root = svg("svg", { viewBox: [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad].join(" "), class: "hexmap", role: "img" });
    const defs = svg("defs", {}, svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "6", markerHeight: "6", orient: "auto-start-reverse" },
      svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead" })));
    root.append(defs);
    for (const [id, h] of hexes) {
      const poly = svg("polygon", { points: corners(id, SIZE - 1), class: "hex terrain-" + String(h.terrain || "none").replace(/[^a-z0-9-]/gi, "") + (S.losHexes.has(id) ? " los" : ""), "data-hex": id });
      poly.addEventListener("click", () => hexClicked(id));
      const [x, y] = centre(id);
      root.append(svg("g", {}, poly, svg("text", { x, y: y + SIZE * 0.75, class: "coord" }, id)));
    }
    for (const c of map.clusters || []) for (const h of c.hexes || []) root.append(svg("polygon", { points: corners(h, SIZE - 5), class: "cluster cluster-" + c.kind }));
    for (const a of map.arrows || []) {
      const [x1, y1] = centre(a.from); const [x2, y2] = centre(a.to);
      root.append(svg("line", { x1, y1, x2, y2, class: "arrow arrow-" + a.kind, "marker-end": "url(#arrowhead)" }));
    }
    const perHex = new Map();
    for (const m of map.markers || []) {
      const n = perHex.get(m.hex) || 0; perHex.set(m.hex, n + 1);
      const [x, y] = centre(m.hex);
      const mx = x - SIZE * 0.5 + n * 12, my = y - SIZE * 0.45;
      root.append(svg("g", { class: "marker marker-" + m.kind, "data-hex": m.hex },
        svg("rect", { x: mx - 5, y: my - 5, width: 10, height: 10, rx: 2 }),
        svg("title", {}, (m.label || m.kind) + " @ " + m.hex)));
      if (m.label) root.append(svg("text", { x: mx, y: my + 14, class: "mlabel" }, m.label));
    }
    const unitsPerHex = new Map();
    for (const u of map.units || []) {
      const n = unitsPerHex.get(u.hex) || 0; unitsPerHex.set(u.hex, n + 1);
      const [x, y] = centre(u.hex);
      const sideIndex = Math.max(0, ((S.view && S.view.seats) || []).indexOf(u.side));
      root.append(svg("g", { class: "unit side-" + sideIndex, "data-side": u.side, "data-unit": u.id },
        svg("rect", { x: x - 13 + n * 6, y: y - 8 + n * 6, width: 26, height: 18, rx: 3 }),
        svg("text", { x: x + n * 6, y: y + 5 + n * 6, class: "ulabel" }, String(u.label || u.id).slice(0, 6)),
        svg("title", {}, (u.label || u.id) + " (" + (u.side || "") + ")")));
    }
    box.append(root);
  }

  async function hexClicked(id) {
    if (S.losPick === null) return;
    if (S.losPick === true) { S.losPick = id; $("los-result").textContent = id + " -> ?"; return; }
    const from = S.losPick; S.losPick = null;
    const res = await api("/los?from=" + encodeURIComponent(from) + "&to=" + encodeURIComponent(id));
    if (!res.ok) { $("los-result").textContent = errText(res.data); return; }
    const d = res.data;
    S.losHexes = new Set(d.hexes || d.path || []);
    const verdict = d.blocked === true ? "blocked" : d.blocked === false ? "clear" : "";
    const out = $("los-result");
    out.textContent = from + " -> " + id + ": " + [verdict, d.text || d.note || "", (d.hexes || []).join(" ")].filter(Boolean).join(" | ");
    // the game's reasons (Game.los "explanation"), one per line
    for (const line of (Array.isArray(d.explanation) ? d.explanation : [])) out.append(document.createElement("br"), String(line));
    renderMap(S.view && S.view.view.map);
  }

  // ---- actions, odds, undo -------------------------------------------------
  let oddsTimer = null;
  function renderActions(legal) {
    const box = $("actions");
    box.replaceChildren();
    if (!legal.length) { box.append(el("p", { class: "muted" }, t("Nothing to do now: waiting for the other side."))); return; }
    for (const item of legal) {
      const form = schemaForm(item.schema || {}, { type: item.type });
      const diceMode = el("select", { name: "__dice_mode", class: "dice-mode" },
        el("option", { value: "server" }, t("Roll on the server")), el("option", { value: "entered" }, t("Enter dice rolled at the table")));
      const diceInput = el("input", { type: "text", name: "__dice", placeholder: "3,2", inputmode: "numeric", hidden: true, class: "dice-input" });
      diceMode.addEventListener("change", () => { diceInput.hidden = diceMode.value !== "entered"; });
      const f = el("form", { class: "action", "data-type": item.type },
        el("h4", {}, item.title || item.type), form.node,
        el("div", { class: "dice-row" }, el("span", { class: "lbl" }, t("Dice")), diceMode, diceInput),
        el("button", { type: "submit" }, t("Do it")));
      const preview = () => { clearTimeout(oddsTimer); oddsTimer = setTimeout(() => showOdds(form.collect(), item.title || item.type), 150); };
      f.addEventListener("input", preview);
      f.addEventListener("focusin", preview);
      f.addEventListener("submit", async (ev) => {
        ev.preventDefault();
        const body = { action: form.collect(), expected_version: S.version };
        if (diceMode.value === "entered") body.dice = diceInput.value.split(/[\s,]+/).filter(Boolean).map(Number);
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
    const res = await api("/odds", { method: "POST", body: { action } });
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
  function renderView(v) {
    const box = $("view");
    box.replaceChildren();
    for (const [k, value] of Object.entries(v)) {
      if (k === "map") continue;
      box.append(el("section", { class: "viewpart", "data-key": k }, el("h3", {}, k), renderValue(value)));
    }
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

  function renderInvites(seat) {
    const box = $("invites");
    box.replaceChildren();
    let links = [];
    try { links = JSON.parse(localStorage.getItem("ordnance:links:" + gid) || "[]"); } catch (e) { links = []; }
    const others = links.filter((l) => l.seat !== seat);
    if (!others.length) return;
    const ul = el("ul", { class: "links" });
    for (const l of others) {
      const copy = el("button", { type: "button", class: "small", onclick: async () => {
        try { await navigator.clipboard.writeText(l.url); copy.textContent = t("Copied"); } catch (e) { /* no clipboard */ }
      } }, t("Copy"));
      ul.append(el("li", { "data-seat": l.seat }, el("strong", {}, l.seat), " ", el("input", { type: "text", readonly: true, value: l.url, class: "link" }), copy));
    }
    box.append(el("details", { class: "invites" }, el("summary", {}, t("Invite the other seats")), ul));
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
    renderInvites(v.data.seat);
    if (lg.ok) renderJournal(lg.data.entries);
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

  async function verify() {
    const res = await api("/dice");
    const out = $("verify-result");
    if (!res.ok) { out.textContent = errText(res.data); return; }
    let ok = true;
    for (const r of res.data.rolls) {
      if (r.seed === null) continue;
      if (r.verified === false) ok = false;
      if (window.crypto && crypto.subtle) {
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(r.seed));
        const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
        if (hex !== r.hash) ok = false;
      }
    }
    out.textContent = ok ? t("All server rolls check out.") : t("A roll does not match its commitment!");
    out.className = ok ? "ok" : "error";
  }

  document.addEventListener("DOMContentLoaded", () => {
    for (const a of document.querySelectorAll("a.lang")) a.href = "?lang=" + a.dataset.lang + location.hash;
    if (!token) { $("need-link").hidden = false; $("need-link").textContent = t("This page needs a seat link (ask the host)."); return; }
    $("los-button").addEventListener("click", () => { S.losPick = true; S.losHexes = new Set(); $("los-result").textContent = "?"; });
    $("verify-button").addEventListener("click", verify);
    refresh().then(connect);
  });
})();
