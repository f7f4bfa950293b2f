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
import { renderActions, resendPending, settleResult } from "./forms.js";
import { JOURNAL_TAIL, loadLog, loadOlder, renderInvites, renderJournal, renderSeats, renderTurn, renderUndo, renderView } from "./journal.js";

const $ = (id) => document.getElementById(id);
const t = (s) => window.t(s);

// The requests a refresh makes depend only on the versions it sees, never on timing:
// the view first, then the journal once (its tail at the first load, afterwards only
// when the view shows a version past the last entry held), then the dice rolls after
// the last version checked. A repeated bump, or a stream event that races the page's
// own action, asks for nothing it already has.
async function refreshOnce() {
  const v = await api("/view");
  if (!v.ok) {
    if (v.status !== 0 && !S.seatRefused) { $("need-link").hidden = false; $("need-link").textContent = errText(v.data) || t("This page needs a seat link (ask the host)."); }
    return;
  }
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
    try { await window.OrdnanceDice.sync(api, v.data); } catch (e) { /* dice.js reports on the next check */ }
    return;
  }
  $("seat-name").textContent = t("Your seat") + ": " + ((v.data.seat_names || {})[v.data.seat] || v.data.seat) + " · " + v.data.title;
  $("version").textContent = t("Version") + " " + v.data.version;
  $("commitment").textContent = t("Next roll is committed as") + " sha256 " + v.data.commitment.hash;
  document.body.dataset.dice = (v.data.dice && v.data.dice.mode) || "server";
  renderTurn(v.data.seat, v.data.view);
  renderMap();
  renderView(v.data.view);
  renderActions(v.data.legal || []);
  renderUndo(v.data.undo);
  renderInvites(v.data.seat, v.data.seats);
  renderSeats(v.data);
  if (S.lastSeq < S.version && (await loadLog(S.lastSeq))) renderJournal();
  settleResult();
  // dice.js: reveal this seat's secret for this version, then recompute the rolls not
  // checked yet (the first time: those of the entries held)
  try {
    const done = await verifyDice(v.data, S.diceSince === null ? S.from : S.diceSince);
    if (done) S.diceSince = done.version;
  } catch (e) { $("verify-result").textContent = String(e); }
  document.body.dataset.version = String(S.version);
}

/** One refresh at a time; a bump that arrives meanwhile runs one more after it. */
export async function refresh() {
  if (S.refreshing) { S.again = true; return S.refreshing; }
  S.refreshing = (async () => {
    do { S.again = false; await refreshOnce(); } while (S.again);
  })();
  try { await S.refreshing; } finally { S.refreshing = null; }
}

// The one call point for checking the dice: dice.js recomputes each roll from the
// revealed secrets and the chains (never trusting a flag of the server's) and names
// each that fails. `since`: only the rolls after it (those before stay as checked);
// none: every roll of the table ("Verify every roll").
export async function verifyDice(view, since) {
  const dice = window.OrdnanceDice;
  if (view) await dice.sync(api, view);
  return dice.verify(api, $("verify-result"), S.view && S.view.seat, { entries: [...S.entries.values()] }, since || 0);
}

function start() {
  S.gid = window.GAME_ID;
  S.token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
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
  refresh().then(() => connect((v, pending, mark) => {
    if (v === null || v !== S.version || window.OrdnanceDice.wants(S.view, pending) || (typeof mark === "number" && mark !== S.seatsMark)) refresh();
  }));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
