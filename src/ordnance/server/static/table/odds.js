// The odds panel: the figures of the action being filled (Game.odds), asked once
// per distinct complete action. #odds carries data-state="pending" while a
// preview is in flight, and an action waits for a preview already sent, so no
// preview is answered from a later state (what a page asks never depends on speed).
import { S } from "./state.js";
import { api } from "./connection.js";
import { errText, nameCounters } from "./words.js";
import { fractionValue, oddsFigures, percent, refused } from "./figures.js";
import { phone, showPanel, units } from "./board.js";

const $ = (id) => document.getElementById(id);
const t = (s) => window.t(s);
const el = (...a) => window.el(...a);

const oddsState = (state) => { const o = $("odds"); if (o) o.dataset.state = state; };
const box = () => { S.oddsBox = S.oddsBox || $("odds"); return S.oddsBox; };

/** The forms were drawn again: the one odds box goes home, a preview in flight is dropped. */
export function resetOdds() {
  oddsState("idle");
  $("odds-home").append(box());
  $("odds-none").hidden = false;
  box().replaceChildren();
  S.oddsAsked = { key: null, n: S.oddsAsked.n + 1 };
}

// the page's own figures, drawn when the game declares no headline of its own
const HEADLINE = { at_least_one: "Chance of at least one", mean: "Average", most_likely: "Most likely" };

function bar(p, cls) {
  const pct = 100 * fractionValue(p);
  return el("span", { class: "pbar " + (cls || ""), style: "width:" + Math.max(1, pct).toFixed(1) + "%" });
}

function distTable(entries, caption, cls) {
  const named = (k) => nameCounters(k, units());
  return el("table", { class: "data odds-table " + (cls || "") },
    caption ? el("caption", {}, caption) : null,
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Outcome")), el("th", { scope: "col" }, t("Chance")),
      el("th", { scope: "col" }, "%"), el("th", { scope: "col" }, el("span", { class: "sr-only" }, t("Bar"))))),
    el("tbody", {}, entries.map(([outcome, p]) => el("tr", {}, el("td", {}, t(named(outcome))), el("td", { class: "frac" }, String(p)),
      el("td", { class: "pct" }, percent(p)), el("td", { class: "barcell" }, bar(p))))));
}

/** The AP/APCR/APDS/HEAT comparison as a bar chart: each ammunition's hit and kill chance. */
function comparisonChart(chart) {
  const series = chart.series || {};
  const rowsOf = (chart.x || []).map((ammo, i) => el("div", { class: "chart-row", "data-ammo": ammo, role: "listitem" },
    el("span", { class: "chart-x" }, ammo),
    el("span", { class: "chart-bars" },
      el("span", { class: "chart-bar hit", "data-series": "p_hit", "aria-label": ammo + " " + t("Chance to hit") + " " + percent(series.p_hit[i]) }, bar(series.p_hit[i], "hit"), el("span", { class: "chart-val" }, t("hit") + " " + percent(series.p_hit[i]) + " (" + series.p_hit[i] + ")")),
      el("span", { class: "chart-bar kill", "data-series": "p_kill", "aria-label": ammo + " " + t("Chance to kill") + " " + percent(series.p_kill[i]) }, bar(series.p_kill[i], "kill"), el("span", { class: "chart-val" }, t("kill") + " " + percent(series.p_kill[i]) + " (" + series.p_kill[i] + ")")))));
  return el("figure", { class: "odds-chart", id: "odds-chart" },
    el("figcaption", {}, t("The same shot with each ammunition")),
    el("div", { role: "list" }, rowsOf));
}

function draw(o, title) {
  const b = box();
  const f = oddsFigures(o);
  const named = (s) => nameCounters(s, units());
  b.replaceChildren(el("p", { class: "odds-title" }, el("strong", {}, named(o.title || title))));
  if (f.shotRefused) b.append(el("p", { class: "error odds-refused shot-refused" }, t("The shot itself is refused") + ": " + (f.shotRefused.clause ? "[" + f.shotRefused.clause + "] " : "") + f.shotRefused.message));
  if (f.headline.length) {
    b.append(el("dl", { class: "odds-headline" }, f.headline.flatMap((h) => [
      el("dt", {}, (h.title || t(HEADLINE[h.key] || h.key)) + (h.outcome ? ": " + t(named(h.outcome)) : "")),
      el("dd", { "data-figure": h.key }, typeof h.value === "number" && h.key === "mean" ? h.value.toFixed(2) : percent(h.value) + (typeof h.value === "string" ? " (" + h.value + ")" : "")),
    ])));
  }
  if (f.outcomes) b.append(distTable(f.outcomes, t("Every outcome of the shot"), "shot-outcomes"));
  if (f.chart) {
    b.append(comparisonChart(f.chart));
    for (const [ammo, why] of f.compareRefused) b.append(el("p", { class: "muted compare-refused" }, ammo + ": " + why));
  }
  if (f.distribution.length) b.append(distTable(f.distribution, f.outcomes ? t("Ammunition and malfunction check") : null, "main-dist"));
  for (const tb of f.tables) b.append(distTable(tb.rows, tb.title ? tb.title + (tb.sub ? ": " + named(tb.sub) : "") : t(named(tb.key)), "extra-dist"));
  if (f.facts.length) b.append(el("dl", { class: "kv odds-facts" }, f.facts.flatMap(([k, v, title]) => [el("dt", { "data-key": k }, title || t(k)), el("dd", {}, named(String(v)))])));
}

export async function showOdds(entry, formNode, title) {
  const b = box();
  // under the button its result (or refusal), then the odds; a phone shows the headline
  // there and the whole answer on its own Odds panel
  const brief = formNode.querySelector(".odds-brief");
  if (phone()) { $("odds-phone").append(b); brief.hidden = false; }
  else { formNode.querySelector(".form-result").after(b); brief.hidden = true; }
  $("odds-none").hidden = true;
  if (entry.schema && entry.schema["x-dice"] === false) {
    // an action that rolls no die (a move, "Done") has no odds: nothing to ask the server
    brief.replaceChildren();
    S.oddsAsked = { key: null, n: S.oddsAsked.n + 1 };
    b.replaceChildren(el("p", { class: "muted" }, t("No dice: nothing to show.")));
    return;
  }
  if (!entry.form.complete()) {
    brief.replaceChildren();
    S.oddsAsked = { key: null, n: S.oddsAsked.n + 1 };
    b.replaceChildren(el("p", { class: "muted odds-wait" }, t("Fill in the form to see the odds.")));
    return;
  }
  const action = entry.form.collect();
  const key = S.version + ":" + JSON.stringify(action);
  if (key === S.oddsAsked.key) return;  // already asked (or shown) for exactly this
  const n = S.oddsAsked.n + 1;
  S.oddsAsked = { key, n };
  brief.replaceChildren();
  b.replaceChildren(el("p", { class: "muted odds-wait" }, "…"));  // never the odds of an older fill
  oddsState("pending");
  const asked = api("/odds", { method: "POST", body: { action } });
  S.oddsFlight = asked.then(() => undefined, () => undefined);
  const res = await asked;
  if (S.oddsAsked.n === n) oddsState("idle");
  if (S.oddsAsked.n !== n) return;  // a later change asked again: its answer wins
  b.replaceChildren();
  if (!res.ok) { b.append(el("p", { class: "error odds-refused" }, t("Refused") + ": " + errText(res.data))); return; }
  const o = res.data.odds;
  if (!o) { b.append(el("p", { class: "muted" }, t("No dice: nothing to show."))); return; }
  if (refused(o)) { b.append(el("p", { class: "error odds-refused" }, t("Refused") + ": " + (o.clause ? "[" + o.clause + "] " : "") + nameCounters(o.title || "", units()))); return; }
  draw(o, title);
  if (phone()) {
    const head = b.querySelector(".odds-headline");
    const brief = formNode.querySelector(".odds-brief");
    brief.replaceChildren(head ? head.cloneNode(true) : "",
      el("button", { type: "button", class: "small odds-more", onclick: () => { showPanel("odds"); window.scrollTo(0, 0); } }, t("Every figure of the odds")));
  }
}
