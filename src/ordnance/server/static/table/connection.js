// The connection to the table server: every request (api), the live stream of
// version numbers, and what the page says when the server cannot be reached
// (a banner; the action being sent is kept and sent again once it answers).
import { S } from "./state.js";
import { errText } from "./words.js";

const $ = (id) => document.getElementById(id);
const t = (s) => window.t(s);

/** Status 0: the server did not answer at all (fetch rejected). */
export const UNREACHABLE = 0;

/** One request to the table's API: {ok, status, data}; never throws. */
export async function api(path, opts) {
  opts = opts || {};
  const headers = Object.assign({ Authorization: "Bearer " + S.token }, opts.body ? { "Content-Type": "application/json" } : {});
  // the game's own texts (journal, panels, form fields, labels, odds titles, LOS) in the page's language
  const lang = document.documentElement.lang;
  if (lang && lang !== "en" && /^\/(view|log|since|odds|los|actions|undo)\b/.test(path)) path += (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(lang);
  let res;
  try {
    // opts.started: the same request, already sent (static/first.js, the first /since)
    res = await (opts.started || fetch("/api/tables/" + encodeURIComponent(S.gid) + path, {
      method: opts.method || "GET", headers, body: opts.body ? JSON.stringify(opts.body) : undefined, cache: "no-store",
    }));
  } catch (e) {
    setOffline(true);
    return { ok: false, status: UNREACHABLE, data: { message: t("The table server cannot be reached.") } };
  }
  if (S.offline) setOffline(false);
  let data = null;
  try { data = await res.json(); } catch (e) { data = { message: res.statusText }; }
  if (res.status === 401 || res.status === 403) seatRefused(data);
  return { ok: res.ok, status: res.status, data };
}

/** The live line and the banner say the truth: live, reconnecting, or refused. */
export function setLive(text, kind) {
  const live = $("live");
  live.textContent = text;
  live.dataset.state = kind;
}

function seatRefused(data) {
  S.seatRefused = data;
  const box = $("need-link");
  box.hidden = false;
  box.textContent = t("This seat link is not valid for this table (it may have been replaced by a new invitation). Ask the host for a new link.") + " " + errText(data);
  setLive(t("Not connected: the link was refused"), "refused");
  document.body.dataset.seat = "refused";
}

let onBack = null;
/** ``fn`` runs each time the server answers again after it could not be reached. */
export function whenBack(fn) { onBack = fn; }

export function setOffline(off) {
  if (S.offline === off) return;
  S.offline = off;
  const banner = $("offline-banner");
  banner.hidden = !off;
  document.body.dataset.connection = off ? "lost" : "ok";
  if (off) {
    setLive(t("Connection lost"), "lost");
    offlineBanner();
    retryLater();
  } else {
    setLive("● " + t("Live"), "live");
    if (onBack) onBack();
  }
}

/** The lost-connection banner: it says an action is kept only when one is (S.pending). */
export function offlineBanner() {
  if (!S.offline) return;
  $("offline-banner").textContent = S.pending
    ? t("Connection lost: the table server does not answer. Your action is kept and will be sent again when it answers.")
    : t("Connection lost: the table server does not answer. The page reconnects by itself once it answers.");
}

// one probe at a time while the server is unreachable: /view answers once it is back
let probing = false;
function retryLater() {
  if (probing) return;
  probing = true;
  setTimeout(async () => {
    probing = false;
    if (!S.offline) return;
    await api("/view");
    if (S.offline) retryLater();
  }, 2000);
}

// consecutive streams that closed without opening (server down, or this seat's
// streams at the server's limit, TABLE-LIVE-1): each retry waits twice as long, up to 30 s
let streamFailures = 0;
/** How long a seat at its limit of live streams waits before it asks again (a tab closed meanwhile frees one). */
export const TOO_MANY_RETRY_MS = 60000;
function retryDelay() {
  const ms = Math.min(30000, 2000 * 2 ** streamFailures);
  streamFailures += 1;
  return ms;
}

/**
 * The live stream: each notice calls ``bump(version, dice_pending, seats, dice_pending_by,
 * request, wait)``; ``wait``: the roll waiting for dice as waiting.js takes it, or null.
 */
export async function connect(bump) {
  if (S.seatRefused) return;
  const tk = await api("/ticket", { method: "POST" });
  if (tk.status === 429) {
    // TABLE-LIVE-1: this seat holds the server's limit of live streams (its other tabs and
    // devices); said in words, asked again seldom, never "Reconnecting..." for ever
    setLive(t("Not live: too many tabs or devices have this seat open. Close one of them; this page then goes live by itself."), "too-many");
    setTimeout(() => connect(bump), TOO_MANY_RETRY_MS);
    return;
  }
  if (!tk.ok) {
    if (tk.status === 401 || tk.status === 403 || tk.status === 404) return; // said in words by seatRefused
    setLive(t("Reconnecting..."), "reconnecting");
    setTimeout(() => connect(bump), retryDelay());
    return;
  }
  const es = new EventSource("/api/tables/" + encodeURIComponent(S.gid) + "/events?ticket=" + encodeURIComponent(tk.data.ticket));
  S.es = es;
  es.addEventListener("open", () => {
    streamFailures = 0;
    if (!S.offline) setLive("● " + t("Live"), "live");
  });
  es.addEventListener("version", (ev) => {
    let v = null, pending = null, mark = null, by = null, request, wait = null;
    try {
      const data = JSON.parse(ev.data);
      v = data.version; pending = data.dice_pending; mark = data.seats; by = data.dice_pending_by; request = data.request;
      if (pending) wait = { by, waiting_for: data.dice_waiting_for || [], seconds_left: data.dice_seconds_left };
    } catch (e) { v = null; }
    bump(v, pending, mark, by, request, wait);
  });
  es.addEventListener("error", () => {
    setLive(t("Reconnecting..."), "reconnecting");
    if (es.readyState === EventSource.CLOSED) {
      setTimeout(() => connect(bump), retryDelay());
      api("/view"); // a server that is down shows the banner
    }
  });
}
