// The roll waiting for the seats' dice elements (docs/server.md "An action that rolls"):
// one line on top of the page, whatever panel is shown, naming whose element it waits
// for and the time left (ticking), and every "Do it" off while it waits (the server
// takes no other action at that version, TABLE-DICE-8). From the view's dice.pending
// (so a reload mid-wait shows it as before) or, while this seat's own action is on
// its way, from the live notice of it.
import { S } from "./state.js";
import { waitingText } from "./words.js";

const $ = (id) => document.getElementById(id);
const t = (s) => window.t(s);

let ticking = null;

/**
 * The roll waiting now: ``w`` {by, waiting_for, seconds_left, unsent} (the view's
 * dice.pending with `seat` as `by`, or a notice's fields; ``unsent``: this page cannot
 * send the element awaited from its seat), or null when none waits.
 */
export function setDiceWait(w) {
  S.diceWait = w ? {
    by: w.by, waiting_for: w.waiting_for || [], unsent: !!w.unsent,
    until: w.seconds_left === null || w.seconds_left === undefined ? null : performance.now() + 1000 * w.seconds_left,
  } : null;
  drawDiceWait();
  lockSubmits();
  if (ticking !== null) { clearInterval(ticking); ticking = null; }
  if (S.diceWait && S.diceWait.until !== null) ticking = setInterval(drawDiceWait, 1000);
}

/** The view's roll waiting at its version, as setDiceWait takes it (null: none). */
export function pendingOf(view) {
  const p = view && view.dice && view.dice.pending;
  if (!p) return null;
  // this seat's element, awaited, that this page cannot send (sent already, or a chain it lost)
  const dice = window.OrdnanceDice;
  const unsent = !!(dice && dice.cannotSend && dice.cannotSend(view));
  return { by: p.seat, waiting_for: p.waiting_for, seconds_left: p.seconds_left, unsent };
}

/** The words for the roll waiting now (null: none waits). */
export function diceWaitText() {
  const w = S.diceWait;
  if (!w) return null;
  const left = w.until === null ? null : Math.max(0, (w.until - performance.now()) / 1000);
  return waitingText(w, S.view && S.view.seat, S.view && S.view.seat_names, left, t);
}

function drawDiceWait() {
  const box = $("dice-wait");
  const text = diceWaitText();
  if (text === null) delete document.body.dataset.diceWait;
  else document.body.dataset.diceWait = "1";
  if (box) { box.textContent = text || ""; box.hidden = text === null; }
  // the line under the form of this seat's waiting action says the same
  for (const n of document.querySelectorAll(".form-result[data-dice-wait]")) {
    if (text === null) delete n.dataset.diceWait;
    else n.textContent = text;
  }
  if (text === null && ticking !== null) { clearInterval(ticking); ticking = null; }
}

/** Every "Do it" off while a roll waits (on again once it is drawn or dropped). */
export function lockSubmits() {
  for (const b of document.querySelectorAll('form.action button[type="submit"]')) {
    b.disabled = !!S.diceWait;
    if (S.diceWait) b.title = t("Wait until the roll waiting for dice is made"); else b.removeAttribute("title");
  }
}
