// What the page writes in words (pure; no DOM): refusals, journal sentences, and
// counters named by their labels rather than their ids.

/** A refusal in one line: "[clause] message (hint)". */
export function errText(d) {
  d = d || {};
  return (d.clause ? "[" + d.clause + "] " : "") + (d.message || d.detail || "") + (d.hint ? " (" + d.hint + ")" : "");
}

/** One sentence for a journal entry: its events' texts, the seat's name once, up front. */
export function sentence(e) {
  const texts = (e.events || []).map((x) => String(x.text || x.kind || "")).filter(Boolean);
  let s = texts.join("; ");
  // the seat by the name the server gives its side (never its id)
  const seat = e.seat_name || e.seat || "";
  if (seat && !s.toLowerCase().startsWith(seat.toLowerCase())) s = seat + ": " + s;
  return s;
}

function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

/**
 * ``text`` with every counter id (a whole word) replaced by the counter's label:
 * "g-pziv-1 attacks s-t34-1: net hits" -> "Panzer IV attacks T-34: net hits".
 * Longer ids first, so an id that is part of another is not replaced inside it; an id
 * written just after its label is left as it is.
 */
export function nameCounters(text, units) {
  let out = String(text || "");
  const named = (units || []).filter((u) => u && u.id && u.label && u.label !== u.id);
  named.sort((a, b) => String(b.id).length - String(a.id).length);
  for (const u of named) {
    const label = String(u.label).split(" (")[0];
    // an id right after its own label is the game introducing it ("T-72 sv-t72-1 placed"):
    // kept, or the line would read "T-72 T-72 placed"
    out = out.replace(new RegExp("(^|[^\\w-])" + escapeRe(String(u.id)) + "(?![\\w-])", "g"),
      (m, pre, at, whole) => (whole.slice(0, at + pre.length).endsWith(label + " ") ? m : pre + label));
  }
  return out;
}

/**
 * A counter's text on the board (at most 9 letters): the game's "short", else its
 * label without remarks, squeezed ("PzKpfw IVH" -> "PzKpfwIVH") or by its last word
 * ("German regular squad" -> "Squad"), else cut; never its id, which players do not read.
 */
export function shortLabel(u) {
  if (u.short) return String(u.short);
  const text = String(u.label || u.id).split(" (")[0];
  if (text.length <= 9) return text;
  const squeezed = text.replace(/\s+/g, "");
  if (squeezed.length <= 9) return squeezed;
  const words = text.split(/\s+/);
  const last = words[words.length - 1];
  if (words.length > 1 && last.length >= 4 && last.length <= 9 && /^\p{L}/u.test(last)) return last[0].toUpperCase() + last.slice(1);
  return text.slice(0, 8) + "…";
}

/** Seconds as a countdown, "m:ss", rounded up (0.2 s left still reads 0:01); never below 0:00. */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(Number(seconds) || 0));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

/**
 * What a roll waiting for the seats' dice elements says to ``seat``: whose action it
 * is, whose element it waits for (by their seat names) and the time left before it may
 * roll without them (``left``: seconds, null when the table waits as long as it takes).
 * ``w``: {by, waiting_for, unsent} (the view's dice.pending seat and waiting_for, or a
 * notice's; ``unsent``: the element awaited from ``seat`` cannot be sent from this page);
 * ``t``: the page's translator.
 */
export function waitingText(w, seat, names, left, t) {
  const name = (s) => (names && names[s]) || s;
  const waiting = w.waiting_for || [];
  const others = waiting.filter((s) => s !== seat).map(name);
  const me = waiting.includes(seat);
  let text;
  if (w.by === seat) text = others.length ? t("Waiting for {seats} to roll").replace("{seats}", others.join(", ")) : t("Rolling your dice…");
  // this page's element was sent already (or its chain is lost): the roll goes without it
  else if (me && w.unsent) {
    text = t("{actor}'s action rolls without your dice element: this page has sent it already").replace("{actor}", name(w.by));
    if (left !== null && left !== undefined) text += " (" + (left > 0 ? t("at the deadline, in {time}").replace("{time}", clockText(left)) : t("time is up")) + ")";
    return text;
  } else if (me) text = t("{actor}'s action is waiting for your dice element").replace("{actor}", name(w.by));
  else if (others.length) text = t("{actor}'s action is waiting for {seats} to roll").replace("{actor}", name(w.by)).replace("{seats}", others.join(", "));
  else text = t("{actor}'s action is rolling…").replace("{actor}", name(w.by));
  if (left !== null && left !== undefined && waiting.length) {
    text += " (" + (left > 0 ? t("{time} left").replace("{time}", clockText(left)) : t("time is up: it rolls without them")) + ")";
  }
  return text;
}
