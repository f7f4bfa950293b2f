// The journal in sentences (a tail of it, older entries on demand), the seat's
// view as plain tables, whose move it is, undo with consent, and invitations.
import { S } from "./state.js";
import { api } from "./connection.js";
import { errText, nameCounters, sentence } from "./words.js";
import { namedUnits, sideName } from "./board.js";
import { refresh, verifyDice } from "./main.js";

const $ = (id) => document.getElementById(id);
const t = (s) => window.t(s);
const el = (...a) => window.el(...a);

// The journal the page holds is a tail: the first load reads the entries after
// version - JOURNAL_TAIL (so a table of 20k entries opens with one small read,
// docs/server.md "What the page fetches"), later reads only those after the last
// one seen, and "Older entries" adds the JOURNAL_TAIL before the oldest held.
export const JOURNAL_TAIL = 100;

export function renderTurn(seat, view) {
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

// This seat's own request the other seat declined at the version shown (a seat event:
// so also after a reload), else null.
function declinedMine(v) {
  const events = (v && v.seat_events) || [];
  const mine = events.filter((e) => e.kind === "request_declined" && e.seat === v.seat);
  const last = mine[mine.length - 1];
  return last && last.at_entry === v.version ? last : null;
}

export function renderUndo(undo, v) {
  const box = $("undo-box");
  box.replaceChildren();
  const no = undo && !undo.pending ? declinedMine(v) : null;
  if (no) box.append(el("p", { class: "undo-declined", role: "status" }, no.text));
  // a request waiting for this seat's answer marks the Journal tab (a phone shows one panel)
  const tab = document.querySelector('#panel-tabs [data-panel="journal"]');
  const asked = !!(undo && undo.pending && !undo.pending.mine);
  if (tab) { if (asked) tab.dataset.attention = "1"; else delete tab.dataset.attention; }
  if (!undo) return;
  const p = undo.pending;
  if (p) {
    const what = p.text || p.description || p.action_text || p.summary || "";
    const who = sideName(p.requested_by || p.by || "");
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

function renderPanel(p) {
  const head = el("tr", {}, (p.columns || []).map((c) => el("th", { scope: "col" }, String(c))));
  const body = el("tbody", {}, (p.rows || []).map((row) => el("tr", {}, row.map((c) => el("td", {}, String(c))))));
  const parts = [el("h3", {}, String(p.title || ""))];
  if ((p.rows || []).length) parts.push(el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": String(p.title || "") }, el("table", { class: "data panel-table" }, el("thead", {}, head), body)));
  if (p.note) parts.push(el("p", { class: "note muted" }, String(p.note)));
  else if (!(p.rows || []).length) parts.push(el("p", { class: "note muted" }, "-"));
  return el("section", { class: "panel" }, parts);
}

export function renderView(v) {
  const box = $("view");
  const wasOpen = !!box.querySelector("details.raw[open]");
  box.replaceChildren();
  const panels = Array.isArray(v.panels) ? v.panels : [];
  for (const p of panels) box.append(renderPanel(p));
  const rest = {};
  for (const [k, value] of Object.entries(v)) if (k !== "panels" && k !== "board") rest[k] = value;
  const raw = el("details", { class: "raw" }, el("summary", {}, t("Everything the server sent you")),
    el("pre", { class: "raw-json", tabindex: "0" }, JSON.stringify(rest, null, 1)));
  if (wasOpen || !panels.length) raw.open = true;
  box.append(raw);
}

function entryNode(e) {
  const dice = Array.isArray(e.dice) && e.dice.length ? e.dice.join(",") : "";
  const origin = e.dice_origin === "entered" ? t("entered") : e.dice_origin === "rolled" ? t("rolled") : "";
  const c = e.commitment;
  const commit = c && dice ? el("span", { class: "commit", title: c.hash + (c.seed ? " / " + c.seed : "") }, " sha256 " + c.hash.slice(0, 10) + "…") : null;
  return el("li", { value: e.seq, class: e.undone ? "undone" : "", "data-seq": e.seq },
    el("span", { class: "sentence" }, nameCounters(sentence(e), namedUnits())),
    dice ? el("span", { class: "dice" }, " · " + t("Dice") + " " + dice + (origin ? " (" + origin + ")" : "")) : null,
    e.undone ? el("em", {}, " (" + t("undone") + ")") : null, commit);
}

// Seat events (kind "seat", from /log pages and the view) show under the entry at
// which they happened; those at entry 0 under the list (docs/server.md "The journal").
function seatLines(at) {
  return [...S.seatLog.values()].filter((e) => e.at_entry === at).sort((a, b) => a.id - b.id)
    .map((e) => el("div", { class: "seat-line", "data-kind": "seat", "data-event": e.event || "" }, e.text));
}

export function renderJournal() {
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
export async function loadLog(since) {
  const lg = await api("/log?since=" + since);
  if (!lg.ok) return false;
  return mergeLog(lg.data, since);
}

// One page of the log (from /log, or the `log` of a /since answer) merged into what the
// page holds; true when it changed anything shown.
export function mergeLog(data, since) {
  const lg = { data };
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
export async function loadOlder() {
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

export function renderInvites(seat, seats) {
  const box = $("invites");
  const wasOpen = !!box.querySelector("details.invites[open]");
  box.replaceChildren();
  let links = [];
  try { links = JSON.parse(localStorage.getItem("ordnance:links:" + S.gid) || "[]"); } catch (e) { links = []; }
  // every other seat: its invitation if this browser made one, and a button to issue a
  // new one (for a player who lost the link: it revokes that seat's old link)
  const others = (seats || []).filter((s) => s !== seat);
  if (!others.length) return;
  const ul = el("ul", { class: "links" });
  for (const other of others) {
    const l = links.find((x) => x.seat === other);
    const input = el("input", { type: "text", readonly: true, value: l ? l.url : "", class: "link", hidden: !l, "aria-label": t("Invitation for") + " " + other });
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
      try { localStorage.setItem("ordnance:links:" + S.gid, JSON.stringify(kept)); } catch (e) { /* private mode */ }
    } }, t("New invitation for") + " " + other);
    ul.append(el("li", { "data-seat": other }, el("strong", {}, other), " ", input, copy, " ", reissue));
  }
  const details = el("details", { class: "invites" }, el("summary", {}, t("Invite the other seats")), ul);
  if (wasOpen) details.open = true;
  box.append(details);
}

// ---- seats: requests for a new invitation, what happened to the seats, recovery ----
// Every seat sees every request and every seat event (docs/server.md "Seats and invitations").
export function renderSeats(v) {
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
  try { saved = JSON.parse(localStorage.getItem("ordnance:recovery:" + S.gid) || "null"); } catch (e) { saved = null; }
  if (saved && saved.seat === v.seat && saved.secret) {
    const url = location.origin + "/join/" + encodeURIComponent(S.gid) + "#recover=" + encodeURIComponent(saved.secret) + "&seat=" + encodeURIComponent(saved.seat);
    box.append(el("details", { class: "recovery" }, el("summary", {}, t("Your recovery link (keep it private: it moves your seat to another device)")),
      el("input", { type: "text", readonly: true, value: url, class: "link recovery-link", "aria-label": t("Your recovery link (keep it private: it moves your seat to another device)") })));
  }
}
