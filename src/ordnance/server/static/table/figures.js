// The figures of an odds answer (pure; no DOM): what the odds panel draws, in
// order: the headline figures first, then the distribution, then every other
// table or number the answer holds (ASL: the ammunition comparison as a chart).

/** "289/432" -> 0.6689...; "1" -> 1; a number stays a number. */
export function fractionValue(p) {
  if (typeof p === "number") return p;
  const [num, den] = String(p).split("/").map(Number);
  if (den === undefined) return num;
  return den ? num / den : 0;
}

/** A chance as a percentage to 0.1; one that may happen never reads 0.0% (nor a miss 100.0%). */
export function percent(p) {
  const v = 100 * fractionValue(p);
  if (v > 0 && v < 0.05) return "<0.1%";
  if (v < 100 && v >= 99.95) return ">99.9%";
  return v.toFixed(1) + "%";
}

/** [[outcome, p], ...] of a mapping of fractions, in the answer's order. */
export function rows(dist) {
  return Object.entries(dist || {}).filter(([, p]) => typeof p === "string" || typeof p === "number");
}

function isDistribution(v) {
  return v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0
    && Object.values(v).every((p) => typeof p === "string" && /^\d+(\/\d+)?$/.test(p));
}

/** The chance of at least one / the mean, when every outcome is a count ("0", "1", ...). */
function countFigures(dist) {
  const entries = rows(dist);
  if (!entries.length || !entries.every(([k]) => /^\d+$/.test(k))) return null;
  let atLeastOne = 0, mean = 0;
  for (const [k, p] of entries) { const v = fractionValue(p); if (Number(k) >= 1) atLeastOne += v; mean += Number(k) * v; }
  return { atLeastOne, mean };
}

/** True when the answer is a refusal rather than odds (nothing to draw as a bar). */
export function refused(o) {
  const keys = Object.keys((o && o.distribution) || {});
  return keys.length === 0 || (keys.length === 1 && keys[0] === "refused");
}

const SKIP = new Set(["title", "distribution", "compare", "whole_shot", "clause", "labels", "headline"]);

/** The title of figure ``key`` the game declared (``o.labels``), else null. */
export function label(o, key) {
  const labels = (o && o.labels) || {};
  return Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : null;
}

/**
 * Everything the panel shows for an odds answer ``o``:
 * { headline: [{key, value, title, outcome}], distribution: [[k, p]], outcomes: [[k, p]] | null,
 *   chart: {x, series: {p_hit, p_kill}} | null, compareRefused: [[ammo, message]],
 *   tables: [{key, title, sub, rows}], facts: [[key, value, title]], shotRefused: {message, clause} | null }.
 * ``value`` of a headline is a fraction string, or a number for a mean. ``title`` is the
 * game's own name of the figure (``o.labels``, declared with its odds model), null when
 * it declared none; the page's own figures (at least one, mean, most likely) have none.
 */
export function oddsFigures(o) {
  const out = { headline: [], distribution: rows(o.distribution), outcomes: null, chart: null,
    compareRefused: [], tables: [], facts: [], shotRefused: null };
  const whole = o.whole_shot;
  if (whole && whole.refused) out.shotRefused = { message: whole.refused, clause: whole.clause || null };
  // the game's headline figures, in its order: a chance, or a chance per name (a unit)
  const heads = new Set(Array.isArray(o.headline) ? o.headline : []);
  for (const k of heads) {
    const v = o[k];
    if (typeof v === "string" || typeof v === "number") out.headline.push({ key: k, value: v, title: label(o, k) });
    else if (isDistribution(v)) for (const [sub, p] of rows(v)) out.headline.push({ key: k, value: p, title: label(o, k), outcome: sub });
  }
  if (whole && whole.outcomes) out.outcomes = rows(whole.outcomes);
  if (o.compare && o.compare.chart) {
    out.chart = o.compare.chart;
    out.compareRefused = Object.entries(o.compare.refused || {}).map(([a, r]) => [a, (r.clause ? "[" + r.clause + "] " : "") + (r.message || "")]);
  }
  if (!out.headline.length) {
    const counts = countFigures(o.distribution);
    if (counts) {
      out.headline.push({ key: "at_least_one", value: counts.atLeastOne });
      out.headline.push({ key: "mean", value: counts.mean });
    } else if (out.distribution.length > 1) {
      const [k, p] = out.distribution.reduce((a, b) => (fractionValue(b[1]) > fractionValue(a[1]) ? b : a));
      out.headline.push({ key: "most_likely", value: p, outcome: k });
    }
  }
  // every other figure under the title the game declared (the key only when it declared none)
  for (const [k, v] of Object.entries(o)) {
    if (SKIP.has(k) || heads.has(k)) continue;
    const title = label(o, k);
    if (isDistribution(v)) out.tables.push({ key: k, title, rows: rows(v) });
    else if (v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every(isDistribution)) {
      for (const [sub, dist] of Object.entries(v)) out.tables.push({ key: k + ": " + sub, title, sub, rows: rows(dist) });
    } else if (v === null || ["string", "number", "boolean"].includes(typeof v)) out.facts.push([k, v, title]);
    else if (Array.isArray(v) && v.every((x) => x === null || ["string", "number"].includes(typeof x))) out.facts.push([k, v.length ? v.join(", ") : "—", title]);
  }
  return out;
}
