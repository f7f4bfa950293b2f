// The forms: the actions the seat may take (only the selected piece's, most
// likely first), each built from its schema (common.js), aimed by clicking the
// board, sent with the dice the table agreed on, and its result or refusal shown
// under its own button.
import { S } from "./state.js";
import { distance } from "./hexes.js";
import { api, offlineBanner, UNREACHABLE } from "./connection.js";
import { errText, nameCounters, sentence } from "./words.js";
import { labelOf, namedUnits, phone, sideName, pinIcon, refreshSelected, renderMap, setPickHint, showPanel, unitById } from "./board.js";
import { showOdds, resetOdds } from "./odds.js";
import { caughtUp, refresh } from "./main.js";
import { diceWaitText, setDiceWait } from "./waiting.js";

const $ = (id) => document.getElementById(id);
const t = (s) => window.t(s);
const el = (...a) => window.el(...a);

function fieldRole(prop, root) {
  if (!prop) return null;
  const [s] = window.nonNull(prop, root);
  return prop["x-piece"] || s["x-piece"] || null;
}
/** The field naming the acting piece and the pieces it may name. */
export function actorOf(item) {
  const schema = item.schema || {};
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    if (fieldRole(prop, schema) !== "actor") continue;
    const [s] = window.nonNull(prop, schema);
    return { field: name, ids: (s.enum || []).map(String) };
  }
  return null;
}

/** How the table rolls: "server", "entered" or "entered_remote" (the view's dice mode). */
export function diceMode() { return (S.view && S.view.dice && S.view.dice.mode) || "server"; }

function resultNear(node, text, ok, waiting) {
  const out = node.querySelector(".form-result");
  out.textContent = text;
  out.className = "form-result " + (ok ? "ok" : "error");
  // the words of the roll waiting for dice: waiting.js keeps them (and the time left) current
  if (waiting) out.dataset.diceWait = "1"; else delete out.dataset.diceWait;
  out.hidden = !text;
  if (text) out.scrollIntoView({ block: "nearest" });
}

/** A hex as typed into a form: the board's printed number (read back as its id by common.js). */
function printed(id) { return (S.hexLabels && S.hexLabels.get(id)) || id; }

/**
 * The open form aims at what was clicked (a counter, or a hex): its target piece,
 * its first hex field, and a range from the acting piece ("x-range": "actor").
 * True when something was filled (the selection stays as it is).
 */
export function aimAt(hex, unitId) {
  const entry = S.forms.find((f) => f.active && f.open !== false);
  if (!entry) return false;
  const actor = S.piece ? unitById(S.piece) : null;
  const clicked = unitId ? unitById(unitId) : null;
  if (clicked && actor && clicked.side === actor.side && clicked.id !== actor.id && !entry.targetsOwn) return false;
  if (clicked && actor && clicked.id === actor.id) return false;
  let filled = false;
  const changed = [];
  for (const { control } of Object.values(entry.form.fields)) {
    const raw = control.raw || {};
    const s = control.schema || {};
    const node = control.node;
    const fromTarget = raw["x-from-target"] || s["x-from-target"];
    if (fromTarget && clicked && clicked.id !== (actor && actor.id) && clicked[fromTarget] != null) {
      // what the counter clicked says of itself (ASL: vehicle or Gun; an AF): filled, not typed
      if (fillFrom(node, clicked[fromTarget])) { changed.push(node); filled = true; }
      fromCounter(node, clicked, fromTarget);
    } else if (fromTarget && clicked && node.tagName === "INPUT" && node.type !== "checkbox") {
      // the counter does not say: nothing of an earlier counter stays, the player types it
      if (node.value !== "") { node.value = ""; changed.push(node); }
      fromCounter(node, clicked, fromTarget);
    } else if (fieldRole(raw, entry.schema) === "target" && node.tagName === "SELECT" && unitId) {
      const opt = [...node.options].find((o) => o.dataset.raw === unitId);
      if (opt) { node.value = opt.value; changed.push(node); filled = true; }
    } else if ((raw["x-range"] || s["x-range"]) === "actor" && actor && hex) {
      node.value = String(distance(actor.hex, hex));
      changed.push(node); filled = true;
      const shown = node.closest(".field") && node.closest(".field").querySelector(".from-board");
      if (shown) shown.textContent = t("from the board") + ": " + labelOf(actor.hex) + " → " + labelOf(hex);
    }
  }
  if (!filled && hex && !entry.aimsAtPiece) {
    const input = entry.node.querySelector('.hex-input[data-hex="one"]');
    if (input) { input.value = printed(hex); changed.push(input); filled = true; }
  }
  for (const node of changed) node.dispatchEvent(new Event("change", { bubbles: true }));
  if (filled) S.selected = new Set(entry.form.hexes().concat(hex ? [hex] : []));
  return filled;
}

/**
 * The line under a field the clicked counter fills ("x-from-target"): what the
 * counter says (with its other aspect, "KEY_side", when it has one), or that it
 * does not say, so the value is typed from the counter.
 */
function fromCounter(node, clicked, key) {
  const field = node.closest(".field");
  if (!field) return;
  let line = field.querySelector(".from-counter");
  if (!line) { line = el("span", { class: "from-counter muted", "aria-live": "polite" }); field.append(line); }
  const name = clicked.label || clicked.id;
  const value = clicked[key];
  const side = clicked[key + "_side"];
  if (value != null) {
    line.textContent = name + ": " + t("front") + " " + value + (side != null ? ", " + t("side") + " " + side : "") +
      " (" + t("from the counter") + (side != null ? "; " + t("fired at its side or rear? type the side value") : "") + ")";
    line.classList.remove("needed");
  } else if (node.required || conditional(field)) {
    line.textContent = name + ": " + t("not known to the table; type the value printed on the counter.");
    line.classList.toggle("needed", node.required);
  } else {
    line.remove();  // an optional value the counter does not say (a turret AF "if it differs")
  }
}

/** True when the field's value is required under a condition ("x-required-if"). */
function conditional(field) { return field.dataset.conditional === "1"; }

/**
 * A field marked "x-required-if": {"other": [values]} is required while each
 * ``other`` field holds one of its values, null for empty (a game's value that
 * only some choices of another field need, such as an armour value):
 * its mark, its "required" and the form's completeness follow that field.
 */
function conditionalRequired(form) {
  const base = form.complete;
  const conds = [];
  for (const [name, { control, field }] of Object.entries(form.fields)) {
    const cond = (control.raw || {})["x-required-if"] || (control.schema || {})["x-required-if"];
    if (!cond) continue;
    // every key holds one of its values (null: left empty)
    const holds = () => {
      const out = form.collect();
      return Object.entries(cond).every(([other, want]) => [].concat(want).includes(out[other] === undefined ? null : out[other]));
    };
    const lbl = field.querySelector(".lbl");
    field.dataset.conditional = "1";
    const sync = () => {
      const on = holds();
      control.node.required = on;
      if (lbl) lbl.textContent = lbl.textContent.replace(/ \*$/, "") + (on ? " *" : "");
      const line = field.querySelector(".from-counter");
      if (line) line.classList.toggle("needed", on && control.node.value === "");
    };
    conds.push({ name, holds, sync });
  }
  if (!conds.length) return;
  form.complete = () => {
    if (!base()) return false;
    const out = form.collect();
    return conds.every((c) => !c.holds() || (out[c.name] !== undefined && out[c.name] !== ""));
  };
  form.node.addEventListener("change", () => { for (const c of conds) c.sync(); });
  for (const c of conds) c.sync();
}

/** Put ``value`` into a control (a choice by its raw value, else the text); true when it took. */
function fillFrom(node, value) {
  if (node.tagName === "SELECT") {
    const opt = [...node.options].find((o) => o.dataset.raw === String(value));
    if (!opt) return false;
    node.value = opt.value;
    return true;
  }
  if (node.type === "checkbox" || node.type === "radio") return false;
  node.value = String(value);
  return true;
}

function diceControls(item) {
  const rolls = !(item.schema && item.schema["x-dice"] === false);
  if (!rolls) return { rolls, node: null, read: () => null };
  const mode = diceMode();
  if (mode === "server") {
    return { rolls, node: el("p", { class: "dice-row muted" }, t("Dice: rolled on the server")), read: () => null };
  }
  // entered (or entered_remote): the real dice are typed in; the server would refuse a roll of its own
  const id = "d-" + Math.random().toString(36).slice(2);
  const input = el("input", { type: "text", id, name: "__dice", placeholder: "3,2", inputmode: "numeric", class: "dice-input", autocomplete: "off" });
  const node = el("label", { class: "field dice-row", for: id },
    el("span", { class: "lbl" }, t("Dice rolled at the table, in order")),
    el("span", { class: "help" }, t("Every die this action rolls, as the dice showed them, e.g. 3,2.")), input);
  // left empty: sent without dice, which the server accepts only for an action that rolls none
  return { rolls, node, input, read: () => { const d = input.value.split(/[\s,]+/).filter(Boolean).map(Number); return d.length ? d : null; } };
}

// The action last opened, kept for the table in this browser (a reload opens it again).
function rememberOpen() {
  try {
    if (S.open) localStorage.setItem("ordnance:open:" + S.gid, S.open);
    else localStorage.removeItem("ordnance:open:" + S.gid);
  } catch (e) { /* private mode */ }
}

export function renderForm(item, fixed, collapsible) {
  const entry = { active: false, form: null, type: item.type, title: item.title || item.type, schema: item.schema || {} };
  const arm = (input, many) => {
    for (const i of document.querySelectorAll(".hex-input.armed")) i.classList.remove("armed");
    const lbl = input.closest(".field") && input.closest(".field").querySelector(".lbl");
    S.hexTarget = { input, many, label: entry.title + " · " + (lbl ? lbl.textContent.replace(/ \*$/, "") : input.name) };
    input.classList.add("armed");
    setPickHint();
  };
  const onHexField = (input, many) => {
    input.addEventListener("focus", () => arm(input, many));
    const pick = el("button", { type: "button", class: "pick", title: t("Pick on map"), onclick: () => {
      arm(input, many);
      if (phone()) { showPanel("map"); $("map").scrollIntoView({ block: "start" }); }
    } }, pinIcon(), " " + t("Pick on map"));
    return el("span", { class: "pick-box" }, pick, el("span", { class: "picked", "aria-live": "polite" }));
  };
  const form = window.schemaForm(entry.schema, Object.assign({ type: item.type }, fixed || {}), { onHexField });
  entry.form = form;
  conditionalRequired(form);
  const controls = Object.values(form.fields).map((f) => f.control);
  entry.aimsAtPiece = controls.some((c) => fieldRole(c.raw, entry.schema) === "target");
  const ranged = Object.values(form.fields).filter(({ control }) => ((control.raw || {})["x-range"] || (control.schema || {})["x-range"]) === "actor");
  for (const { field } of ranged) field.append(el("span", { class: "from-board muted" }, t("Click the target on the map to fill it.")));
  entry.aims = entry.aimsAtPiece || ranged.length > 0;
  // opening a piece's action arms its first hex field, unless it aims at a piece (click that piece)
  entry.arm = () => {
    const first = form.node.querySelector(".hex-input");
    if (first && !entry.aims) arm(first, first.dataset.hex === "many");
  };
  S.forms.push(entry);
  const dice = diceControls(item);
  const submit = el("button", { type: "submit", disabled: S.diceWait ? true : undefined }, t("Do it"));
  const f = el("form", { class: "action", "data-type": item.type, "aria-label": entry.title },
    collapsible ? null : el("h3", { class: "form-title" }, entry.title), form.node,
    dice.node,
    el("div", { class: "submit-row" }, submit),
    el("p", { class: "form-result", role: "alert", hidden: true }),
    el("div", { class: "odds-brief", hidden: true }));
  entry.node = f;
  // the odds of the action as it stands, asked once per distinct complete action
  // (no timer: what is asked depends on what was filled, never on typing speed)
  const preview = () => showOdds(entry, f, entry.title);
  const activate = () => {
    if (!entry.active) { for (const other of S.forms) other.active = other === entry; refreshSelected(); setPickHint(); }
  };
  f.addEventListener("input", () => { preview(); refreshSelected(); });
  f.addEventListener("change", () => { preview(); refreshSelected(); });
  f.addEventListener("focusin", () => { preview(); activate(); });
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    await S.oddsFlight;
    const body = { action: form.collect(), expected_version: S.version };
    if (dice.input) { const d = dice.read(); if (d) body.dice = d; }
    else if (dice.rolls) Object.assign(body, window.OrdnanceDice.actionFields(S.view)); // dice.js: this seat's part of the roll
    await send(entry, f, submit, body);
  });
  if (S.result && S.result.type === item.type && S.result.version === S.version) {
    const r = S.result;
    queueMicrotask(() => resultNear(f, mark(r) + r.text, r.ok !== false));
  }
  if (!collapsible) return f;
  const d = el("details", { class: "action-box", "data-type": item.type }, el("summary", {}, entry.title), f);
  d.open = S.open === item.type;
  entry.open = d.open;
  // the fold last used, open again with no piece selected: shown, not armed (a click on
  // a piece selects it, as before it was opened)
  let restored = d.open && !S.piece;
  d.addEventListener("toggle", () => {
    entry.open = d.open;
    if (restored) { restored = false; if (d.open) return; }
    if (!d.open) { if (S.open === item.type) { S.open = null; rememberOpen(); } return; }
    S.open = item.type;
    rememberOpen();
    for (const other of document.querySelectorAll("details.action-box")) if (other !== d) other.open = false;
    for (const other of S.forms) other.active = other === entry;
    entry.arm();
    preview();
    refreshSelected();
    setPickHint();
  });
  return d;
}

/** Send an action; a server that does not answer keeps it (S.pending) to send again. */
async function send(entry, f, submit, body) {
  submit.disabled = true;
  let res;
  // the answer carries what the page needs next (`next`: its view, the new entries and
  // rolls), so a notice of this very action asks for nothing (main.js refresh); with
  // wait_dice an action whose dice wait for the other seats' elements is answered once
  // they are drawn (its `next` then holds the roll: no read after the notice), or, past
  // the server's wait, as pending (the page then reads once the notice says it is drawn)
  const sent = Object.assign({}, body, { since: S.lastSeq }, S.diceSince === null ? {} : { dice_since: S.diceSince });
  S.sending = f;
  try { res = await api("/actions?wait_dice=1", { method: "POST", body: sent }); } finally { submit.disabled = !!S.diceWait; S.sending = false; }
  if (res.status === UNREACHABLE) {
    S.pending = { type: entry.type, body };
    offlineBanner();  // now it says the action is kept
    caughtUp();
    resultNear(f, t("Not sent yet: the table server does not answer. This action is kept and sent again when it answers."), false);
    f.dataset.pending = "1";
    return;
  }
  S.pending = null;
  offlineBanner();
  delete f.dataset.pending;
  if (res.ok) {
    $("action-error").textContent = "";
    const entryRow = res.data && res.data.entry;
    const pending = res.data && res.data.pending;  // 202: the other seat must agree first
    const rolling = res.data && res.data.rolling;  // 202: the dice wait for the other seats' elements
    const dropped = res.data && res.data.dropped;  // 200: it waited for its dice and never rolled
    // the result under the form names counters by their labels (the journal keeps the events' texts)
    const text = entryRow ? nameCounters(sentence(entryRow), namedUnits()) : pending ? t("Waiting for the other seat to agree") + ": " + pending.text
      : rolling ? rollingText(rolling) : dropped ? droppedText(dropped) : t("Done");
    // a rolling action becomes the entry of the next version, once the seats' dice are in
    // (a dropped action: its words stay on top, as a result that did not go through)
    S.result = { type: entry.type, text, version: rolling ? res.data.version + 1 : res.data.version, rolling: !!rolling, ok: !dropped };
    await refresh(res.data.next);
    if (rolling && S.result.rolling) resultNear(f, diceWaitText() || text, true, !!S.diceWait);  // the version moves once the dice are drawn
    // the new version may have been drawn already (the undo's own read): say it where it shows now
    if (dropped) showResult();
    return;
  }
  if (res.status === 409) {
    $("action-error").textContent = t("Someone acted first: the table was reloaded. Check and try again.");
    $("action-error").scrollIntoView({ block: "nearest" });
    await refresh();
    await spent(body);
    return;
  }
  if (res.data && res.data.clause === "TABLE-DICE-8") {
    // another action waits for its dice at this version: say so in words, and show that roll
    resultNear(f, t("Not sent: another action is waiting for its dice. Act again once it is rolled."), false);
    await refresh();
    await spent(body);  // once that roll is made (dice.js renews at the next view otherwise)
    return;
  }
  resultNear(f, t("Refused") + ": " + nameCounters(errText(res.data), namedUnits()), false);
  await spent(body);
  caughtUp();  // a notice that came while it was on its way
}

/** An action refused with this seat's dice element: the server did not record it and the
 * page never sends it again (dice.js), so it starts a new chain for the next action. */
async function spent(body) {
  if (!body.element || !S.view) return;
  try { await window.OrdnanceDice.renew(api, S.view, true); } catch (e) { /* the next view renews it */ }
}

/** The words for this seat's action answered as waiting for the other seats' dice. */
function rollingText(rolling) {
  setDiceWait({ by: S.view && S.view.seat, waiting_for: rolling.waiting_for, seconds_left: rolling.seconds_left });
  return diceWaitText() || t("Waiting for the other seats' dice elements");
}

/** The words for an action that waited for its dice and never rolled (the answer's `dropped`). */
function droppedText(dropped) {
  return dropped.reason === "undo" ? t("Not rolled: an undo accepted meanwhile dropped this action before its dice were drawn.")
    : t("Not rolled: the rules refused this action when its dice were drawn.");
}

/** A result's mark: ✔ for what went through, nothing for what did not. */
function mark(r) { return r.ok === false ? "" : "✔ "; }

/** The last result, by its form if the actions shown have it, else on top of them. */
function showResult() {
  const r = S.result;
  const old = document.getElementById("last-result");
  if (old) old.remove();
  if (!r) return;
  const entry = S.forms.find((x) => x.type === r.type);
  if (entry) resultNear(entry.node, mark(r) + r.text, r.ok !== false);
  else $("actions").prepend(lastResult(r));
}

/** The last result on top of the actions (its form is not shown). */
function lastResult(r) {
  return el("p", { class: "form-result " + (r.ok === false ? "error" : "ok"), id: "last-result", role: r.ok === false ? "alert" : null }, mark(r) + r.text);
}

/** The live stream says this seat's action, still on its way, waits for the other seats'
 * dice elements (it is committed): say so under its form until the answer comes. */
export function rollingNotice(wait) {
  if (!S.sending) return;
  if (wait) setDiceWait(wait);
  resultNear(S.sending, diceWaitText() || t("Waiting for the other seats' dice elements"), true, !!wait);
}

/** The rolled entry of a rolling action has arrived: its sentence replaces "waiting". */
export function settleResult() {
  const r = S.result;
  if (!r || !r.rolling || r.version !== S.version) return;
  const e = S.entries.get(r.version);
  if (!e) return;
  r.rolling = false;
  r.text = nameCounters(sentence(e), namedUnits());
  const entry = S.forms.find((f) => f.type === r.type);
  if (entry) resultNear(entry.node, "✔ " + r.text, true);
  else { const top = document.getElementById("last-result"); if (top) top.textContent = "✔ " + r.text; }
}

/** After the server answers again: send the kept action, or say why it is not sent. */
export async function resendPending() {
  const p = S.pending;
  if (!p) return;
  const entry = S.forms.find((f) => f.type === p.type);
  if (p.body.expected_version !== S.version || !entry) {
    S.pending = null;
    offlineBanner();
    const text = t("Not sent: the table moved on while the server could not be reached. Check the board and act again.");
    if (entry) resultNear(entry.node, text, false);
    else $("action-error").textContent = text;
    return;
  }
  await send(entry, entry.node, entry.node.querySelector('button[type="submit"]'), p.body);
}

/**
 * The order of a piece's actions: the one it most likely takes first. An action
 * that rolls against an enemy (fire, attack) comes before moves, and those before
 * bookkeeping (the game's own order otherwise).
 */
export function likelyOrder(items) {
  const rank = (item) => {
    const props = Object.values((item.schema || {}).properties || {});
    const aims = props.some((p) => p && (p["x-piece"] === "target" || p["x-range"] === "actor")) || /fire|attack|shoot/i.test(item.type);
    const rolls = !(item.schema && item.schema["x-dice"] === false);
    if (aims && rolls) return 0;
    if (/move/i.test(item.type)) return 1;
    if (rolls) return 2;
    return 3;
  };
  return items.map((item, i) => [rank(item), i, item]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

export function renderActions(legal) {
  resetOdds();
  const box = $("actions");
  box.replaceChildren();
  S.forms = [];
  S.hexTarget = null;
  S.pieceForms = legal.some((item) => actorOf(item));
  if (!legal.length) {
    box.append(el("p", { class: "muted" }, t("Nothing to do now: waiting for the other side.")));
    if (S.result && S.result.version === S.version) box.prepend(lastResult(S.result));
    setPickHint();
    return;
  }
  const piece = S.piece ? unitById(S.piece) : null;
  if (S.piece && !piece) S.piece = null;
  if (piece) {
    const mine = likelyOrder(legal.filter((item) => { const a = actorOf(item); return a && a.ids.includes(piece.id); }));
    box.append(el("div", { class: "selected-piece", id: "selected-piece" },
      el("strong", {}, piece.label || piece.id), " ", el("span", { class: "muted" }, "(" + sideName(piece.side) + ", " + labelOf(piece.hex) + ")"), " ",
      el("button", { type: "button", class: "small", id: "clear-piece", onclick: () => { S.piece = null; S.spread = null; S.open = null; renderActions(S.view.legal || []); renderMap(); } }, t("Show every action"))));
    if (!mine.length) box.append(el("p", { class: "muted", id: "piece-idle" }, t("This piece has nothing to do now.")));
    // the most likely one opens by itself, unless the one last used is among them
    if (mine.length && !mine.some((item) => item.type === S.open)) S.open = mine[0].type;
    for (const item of mine) box.append(renderForm(item, { [actorOf(item).field]: piece.id }, true));
    const opened = S.forms.find((f) => f.type === S.open);
    if (opened) { opened.active = true; opened.arm(); }
  } else if (S.pieceForms && phone()) {
    // a phone lists the actions that need no piece; a piece's own come with the piece
    const free = legal.filter((item) => !actorOf(item));
    for (const item of free) box.append(renderForm(item, null, true));
    box.append(el("p", { class: "muted", id: "pick-a-piece" }, t("Click a piece on the map to see what it may do.")));
  } else {
    // no piece selected: every action folded under its title (no wall of forms to
    // scroll past), the one last used open again
    for (const item of legal) box.append(renderForm(item, null, true));
  }
  // the result of the last action stays by its form (else on top) until the table moves on
  if (S.result && S.result.version !== S.version && !(S.result.rolling && S.result.version > S.version)) S.result = null;
  if (S.result && !S.forms.some((f) => f.type === S.result.type)) {
    box.prepend(lastResult(S.result));
  }
  setPickHint();
}
