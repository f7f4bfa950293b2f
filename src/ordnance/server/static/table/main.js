// The table page: the seat's own view (fetched with the token from the URL
// fragment, which never reaches the server's logs), the game's whole board as
// SVG, actions picked by clicking a piece, the live odds of a complete action,
// the journal in sentences, undo with consent, and a live stream of version
// numbers (each bump fetches the view once and the journal entries after the
// last one seen).
//
// Everything comes from the Game protocol's conventions (docs/architecture.md):
// view.board, view.map, view.turn, legal[].schema with x-labels, x-hex,
// x-piece, x-range and x-dice. A new game needs no code here.
//
// Modules, by concern (one state object, state.js): board.js (the map and its
// clicks), forms.js (the actions), odds.js (the odds panel; figures.js its
// pure part), journal.js (journal, view panels, undo, invitations),
// connection.js (requests, the live stream, the lost-connection banner);
// hexes.js and words.js are pure. Dice verification stays in dice.js
// (window.OrdnanceDice: sync, verify, actionFields).
import { S } from "./state.js";
import { api, connect, whenBack } from "./connection.js";
import { errText } from "./words.js";
import { fitZoom, pinchZoom, renderMap, setPickHint, setZoom, showPanel } from "./board.js";
import { renderActions, resendPending, rollingNotice, settleResult } from "./forms.js";
import { loadOlder, mergeLog, renderInvites, renderJournal, renderSeats, renderTurn, renderUndo, renderView } from "./journal.js";
import { pendingOf, setDiceWait } from "./waiting.js";

const $ = (id) => document.getElementById(id);
const t = (s) => window.t(s);

// What a refresh asks for depends only on the versions the page holds, never on
// timing: one request, POST /since with the last entry held and the last version whose
// rolls were checked, answers the view, the entries after it (the journal's tail at the
// first load) and the dice record of the rolls not yet checked. An action's answer
// carries the same (`next`), so the acting page asks for nothing more; a seat awaited
// by a roll sends its reveal in that one request. A live notice the page has already
// caught up with (its own action, a repeated bump) asks for nothing.
function sinceBody(reveal) {
  const body = { version: S.view === null ? null : S.lastSeq, dice_since: S.diceSince };
  if (reveal) body.reveal = reveal;
  return body;
}

// Show one answer of /since (or an action's `next`). Returns the reveal this seat owes
// the action its view shows waiting, if any (sent with the next request).
async function show(next) {
  const v = next.view;
  const first = S.view === null;
  let fresh = false;
  if (next.log) {
    if (first) S.from = next.log.before ? next.log.before - 1 : 0;
    fresh = mergeLog(next.log, first ? S.from : S.lastSeq);
  }
  const moved = first || S.version !== v.version;
  S.view = v;
  S.version = v.version;
  if (first) renderJournal();  // after the view: its sentences name the view's counters
  let owed = null;
  if (!moved) {
    // same version (a repeated bump, an undo request): keep the forms being filled
    renderTurn(v.seat, v.view);
    renderUndo(v.undo, v);
    renderSeats(v);
    setDiceWait(pendingOf(v));
    try { owed = await window.OrdnanceDice.sync(api, v); } catch (e) { /* dice.js reports on the next check */ }
    return owed;
  }
  $("seat-name").textContent = t("Your seat") + ": " + ((v.seat_names || {})[v.seat] || v.seat) + " · " + v.title;
  $("version").textContent = t("Version") + " " + v.version;
  $("commitment").textContent = t("Next roll is committed as") + " sha256 " + v.commitment.hash;
  document.body.dataset.dice = (v.dice && v.dice.mode) || "server";
  renderTurn(v.seat, v.view);
  renderMap();
  renderView(v.view);
  renderActions(v.legal || []);
  setDiceWait(pendingOf(v));  // after the forms: their "Do it" stays off while a roll waits
  renderUndo(v.undo, v);
  renderInvites(v.seat, v.seats);
  renderSeats(v);
  if (fresh && !first) renderJournal();
  settleResult();
  // dice.js: the anchor if the server lacks it and the reveal this seat owes, then
  // recompute the rolls not checked yet (the first time: those of the entries held)
  // (the anchor, when one is published, travels while the rolls are recomputed: sync
  // records the commitment shown before its first await, which the check reads)
  const syncing = window.OrdnanceDice.sync(api, v).catch(() => null); // reported on the next check
  try {
    // no new roll: the journal's lines keep the marks of the rolls checked before
    const record = next.dice || { game_id: v.game_id, version: v.version, since: Math.max(1, v.version), seats: [], chains: {}, rolls: [], next_since: null };
    const done = await verifyDice(null, record.since, record);
    if (done) S.diceSince = Math.max(S.diceSince || 0, done.version);
  } catch (e) { $("verify-result").textContent = String(e); }
  owed = await syncing;
  document.body.dataset.version = String(S.version);
  return owed;
}

/** The consent request (an undo) the page shows waiting for an answer, else null. */
function heldRequest() {
  const p = S.view && S.view.undo && S.view.undo.pending;
  return p ? p.request : null;
}

/** Whether a live notice tells of something the page does not show yet. */
function behind(n) {
  if (n.v === null) return true;
  if (n.v > S.version) return true;
  if (n.v === S.version && window.OrdnanceDice.wants(S.view, n.pending)) return true;
  // the roll shown waiting no longer waits at this version (its rules refused it when drawn)
  if (n.v === S.version && !n.pending && S.view && S.view.dice && S.view.dice.pending) return true;
  // an undo asked or declined keeps the version: the notice names the request waiting
  if (n.v === S.version && n.request !== undefined && n.request !== heldRequest()) return true;
  return typeof n.mark === "number" && n.mark !== S.seatsMark;
}

/**
 * The reveal a notice of a roll waiting for this seat's element asks for, sent with the
 * one read. Only for a roll at the version the page shows: a notice of a later version
 * (a page whose stream came back after missing some) reads that version first, and its
 * view's dice.pending asks for the reveal (sync); an element sent for the version shown
 * would be refused as stale and spent (an element is sent once).
 */
function revealOf(n) {
  return n.v === S.version ? window.OrdnanceDice.revealFor(S.view, n.pending, n.by) : null;
}

/**
 * One refresh at a time. `next`: an answer already in hand (an action's `next`), shown
 * without a request. A notice that arrives meanwhile is looked at once it is done.
 */
export async function refresh(next, notice) {
  if (S.refreshing) {
    if (next) S.queued = next;
    S.again = true;
    return S.refreshing;
  }
  S.refreshing = (async () => {
    // a notice of a roll waiting for this seat's element: the reveal goes with the read
    let reveal = notice && !next ? revealOf(notice) : null;
    for (let rounds = 0; rounds < 20; rounds++) {
      S.again = false;
      let data = next || S.queued;
      next = S.queued = null;
      if (!data) {
        const body = sinceBody(reveal);
        // the first read: static/first.js sent it while the modules loaded
        const early = S.view === null && window.OrdnanceFirstSince ? window.OrdnanceFirstSince.take(S.token, body) : null;
        const res = await api("/since", { method: "POST", body, started: early });
        if (reveal) window.OrdnanceDice.revealed(S.view, reveal, res);
        if (!res.ok) {
          if (reveal && res.status !== 0 && !S.seatRefused) { reveal = null; continue; } // refused: read again
          if (res.status !== 0 && !S.seatRefused) { $("need-link").hidden = false; $("need-link").textContent = errText(res.data) || t("This page needs a seat link (ask the host)."); }
          return;
        }
        data = res.data;
      }
      reveal = await show(data);
      if (reveal) continue;
      const n = S.notice;
      S.notice = null;
      if (n && behind(n)) { reveal = revealOf(n); continue; }
      if (!S.again && !S.queued) return;
    }
  })();
  try { await S.refreshing; } finally { S.refreshing = null; }
}

/** A live notice: read what changed, unless the page is sending (its answer tells). */
function noticed(v, pending, mark, by, request, wait) {
  S.notice = { v, pending, mark, by, request };
  if (S.sending && pending && S.view && by === S.view.seat) rollingNotice(wait);  // its answer waits for the dice
  // a request asked or answered meanwhile (an undo while this seat's roll waits, its
  // answer held back for the draw): read it now, the answer's `next` comes after
  const asked = S.sending && v === S.version && request !== undefined && request !== heldRequest();
  if ((S.sending && !asked) || S.refreshing) return;
  caughtUp();
}

/** After an action was answered without `next` (a refusal): the notice kept meanwhile. */
export function caughtUp() {
  const n = S.notice;
  if (!n || !behind(n)) { S.notice = null; return; }
  S.notice = null;
  refresh(null, n);
}

// The one call point for checking the dice: dice.js recomputes each roll from the
// revealed secrets and the chains (never trusting a flag of the server's) and names
// each that fails. `since`: only the rolls after it (those before stay as checked);
// none: every roll of the table ("Verify every roll"). `first`: the record's first
// page, when an answer carried it.
export async function verifyDice(view, since, first) {
  const dice = window.OrdnanceDice;
  if (view) await dice.sync(api, view);
  return dice.verify(api, $("verify-result"), S.view && S.view.seat, { entries: [...S.entries.values()] }, since || 0, first, S.view && S.view.seat_names);
}

function start() {
  S.gid = window.GAME_ID;
  S.token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
  try { S.open = localStorage.getItem("ordnance:open:" + S.gid) || null; } catch (e) { S.open = null; }
  for (const a of document.querySelectorAll("a.lang")) a.href = "?lang=" + a.dataset.lang + location.hash;
  for (const b of document.querySelectorAll("#panel-tabs [data-panel]")) b.addEventListener("click", () => { showPanel(b.dataset.panel); window.scrollTo(0, 0); });
  showPanel(S.panel);
  if (!S.token) { $("need-link").hidden = false; $("need-link").textContent = t("This page needs a seat link (ask the host)."); return; }
  $("los-button").addEventListener("click", () => {
    S.losPick = true; S.los = null; S.selected = new Set(); $("los-result").textContent = "";
    setPickHint(); renderMap();
  });
  $("zoom-in").addEventListener("click", () => setZoom(S.zoom * 1.25));
  $("zoom-out").addEventListener("click", () => setZoom(S.zoom / 1.25));
  $("zoom-fit").addEventListener("click", fitZoom);
  pinchZoom($("map"));
  $("verify-button").addEventListener("click", () => verifyDice(null, 0));
  $("older-button").addEventListener("click", loadOlder);
  // the server answers again: read the table, then send the action kept meanwhile (or say why not)
  whenBack(async () => { await refresh(); await resendPending(); });
  document.body.dataset.connection = "ok";
  // dice.js: a notice may name an action waiting for this seat's dice element; a seat
  // notice (a request for a seat, a reissue) comes at the same version
  refresh().then(() => connect(noticed));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
