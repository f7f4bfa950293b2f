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

export function percent(p) { return (100 * fractionValue(p)).toFixed(1) + "%"; }

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

const SKIP = new Set(["title", "distribution", "p_hit", "p_kill", "compare", "whole_shot", "clause"]);

/**
 * Everything the panel shows for an odds answer ``o``:
 * { headline: [{key, value}], distribution: [[k, p]], outcomes: [[k, p]] | null,
 *   chart: {x, series: {p_hit, p_kill}} | null, compareRefused: [[ammo, message]],
 *   tables: [{key, rows}], facts: [[key, value]], shotRefused: {message, clause} | null }.
 * ``value`` of a headline is a fraction string, or a number for a mean.
 */
export function oddsFigures(o) {
  const out = { headline: [], distribution: rows(o.distribution), outcomes: null, chart: null,
    compareRefused: [], tables: [], facts: [], shotRefused: null };
  const whole = o.whole_shot;
  if (whole && whole.refused) out.shotRefused = { message: whole.refused, clause: whole.clause || null };
  if (o.p_hit !== undefined) out.headline.push({ key: "p_hit", value: o.p_hit });
  if (o.p_kill !== undefined) out.headline.push({ key: "p_kill", value: o.p_kill });
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
  for (const [k, v] of Object.entries(o)) {
    if (SKIP.has(k)) continue;
    if (isDistribution(v)) out.tables.push({ key: k, rows: rows(v) });
    else if (v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every(isDistribution)) {
      for (const [sub, dist] of Object.entries(v)) out.tables.push({ key: k + ": " + sub, rows: rows(dist) });
    } else if (v === null || ["string", "number", "boolean"].includes(typeof v)) out.facts.push([k, v]);
    else if (Array.isArray(v) && v.every((x) => x === null || ["string", "number"].includes(typeof x))) out.facts.push([k, v.join(", ")]);
  }
  return out;
}
