// The lobby: pick a game, fill its settings (form from its JSON schema: common
// settings first, rule options folded), create the table, then show your seat's
// link and one invitation link per other seat.
"use strict";

// The create answer, in either shape: {seats: [{seat, link}]} (one link per seat)
// or {seat, token|link, invitations: [{seat, link|url|token}]} (yours + invitations).
function seatLinks(data) {
  const abs = (link) => (/^https?:/.test(link) ? link : location.origin + link);
  const byToken = (token) => "/t/" + encodeURIComponent(data.game_id) + "#seat=" + encodeURIComponent(token);
  const out = [];
  if (Array.isArray(data.seats) && data.seats.length && typeof data.seats[0] === "object") {
    for (const s of data.seats) out.push({ seat: s.seat, url: abs(s.link || s.url || byToken(s.token)), own: false });
  }
  const mine = data.seat || (data.creator && data.creator.seat);
  const myToken = data.token || (data.creator && data.creator.token);
  const myLink = data.link || (data.creator && data.creator.link);
  if (mine && (myToken || myLink) && !out.some((l) => l.seat === mine)) out.unshift({ seat: mine, url: abs(myLink || byToken(myToken)), own: true });
  for (const inv of data.invitations || data.invites || []) {
    if (out.some((l) => l.seat === inv.seat)) continue;
    out.push({ seat: inv.seat, url: abs(inv.link || inv.url || byToken(inv.token)), own: false });
  }
  if (mine) for (const l of out) l.own = l.seat === mine;
  else if (out.length) out[0].own = true;
  return out;
}

// A problem of a scenario file, as the server words it: "line 12: units[0].hex: ...".
function problemText(p) {
  return (p.line ? t("line") + " " + p.line + ": " : "") + (p.field ? p.field + ": " : "") + p.message;
}

// An error answer in words (the clause, the message, the hint, and each problem).
function answerText(data, fallback) {
  const detail = Array.isArray(data.detail) ? data.detail.map((d) => (d.loc || []).slice(1).join(".") + ": " + d.msg).join("; ") : "";
  return (data.clause ? "[" + data.clause + "] " : "") + (data.message || detail || fallback) + (data.hint ? " (" + data.hint + ")" : "");
}

async function readAnswer(res) {
  try { return await res.json(); } catch (e) { return { message: res.statusText }; }
}

(function () {
  const games = window.GAMES || [];
  const select = document.getElementById("game");
  const settingsBox = document.getElementById("settings");
  const pick = document.getElementById("scenario-pick");
  const upload = document.getElementById("scenario-file");
  const problemsBox = document.getElementById("scenario-problems");
  const summaryBox = document.getElementById("scenario-summary");
  const createButton = document.getElementById("create-button");
  let form = null;
  // the scenario the table starts from: {summary, document} once the server checked it
  let chosen = null;
  let broken = false;  // an uploaded file with problems: no table until it is fixed or dropped

  const game = () => games.find((x) => x.name === (select && select.value));

  function showSeats() {
    // the creator's own seat (the others get invitations): the scenario's sides, or the game's
    const seatSelect = document.getElementById("seat");
    const g = game();
    const names = chosen ? chosen.sides.map((s) => s.id) : (g && g.seats) || [];
    if (seatSelect) seatSelect.replaceChildren(...names.map((s) => el("option", { value: s }, s)));
  }

  function showSettings() {
    const g = game();
    settingsBox.replaceChildren(el("legend", {}, t("Settings")));
    form = schemaForm((g && g.schema) || {}, null, { groups: true });
    settingsBox.append(form.node);
    settingsBox.hidden = !form.node.childElementCount || !!chosen;
    showSeats();
  }

  function showScenario() {
    settingsBox.hidden = !!chosen || !(form && form.node.childElementCount);
    if (createButton) createButton.disabled = broken;
    summaryBox.hidden = !chosen;
    summaryBox.replaceChildren();
    if (chosen) {
      const c = chosen;
      const facts = [c.date, c.theatre, c.sample ? t("sample values") : null].filter(Boolean).join(" · ");
      // append() would write a null part as the text "null": keep only the parts there are
      summaryBox.append(...[
        el("h3", { class: "scenario-title" }, c.title),
        facts ? el("p", { class: "scenario-facts" }, facts) : null,
        c.description ? el("p", {}, c.description) : null,
        c.library ? el("p", { class: "scenario-library" }, t("Counter library") + ": " + c.library) : null,
        el("p", { class: "scenario-sides" }, t("Sides") + ": " + c.sides.map((s) => s.id + (s.nationality !== s.id ? " (" + s.nationality + ")" : "")).join(", ")),
        c.map ? el("p", { class: "scenario-map" }, t("Map") + ": " + c.map.title + ", " + c.map.columns + " × " + c.map.rows) : null,
        c.units.length ? el("table", { class: "scenario-units" },
          el("tr", {}, el("th", {}, t("Unit")), el("th", {}, t("Side")), el("th", {}, t("Hex"))),
          c.units.map((u) => el("tr", { "data-unit": u.id }, el("td", {}, u.id), el("td", {}, u.side),
            el("td", {}, u.hex || (unplacedWhy(u.id) !== null ? t("unplaced") : ""))))) : null,
        // a VASL save's Guns that no hex of the table's board holds, with the reason
        (c.unplaced || []).length ? el("div", { class: "scenario-unplaced" },
          el("p", {}, t("Not placed") + ": " + c.unplaced.length),
          el("ul", {}, c.unplaced.map((u) => el("li", { "data-unplaced": u.gun }, u.gun + (u.name ? " (" + u.name + ")" : "") + ": " + u.why)))) : null,
      ].filter(Boolean));
    }
    showSeats();
  }

  function unplacedWhy(id) {
    const u = ((chosen && chosen.unplaced) || []).find((x) => x.gun === id);
    return u ? u.why : null;
  }

  function showProblems(data, fallback) {
    const problems = Array.isArray(data.problems) && data.problems.length && data.problems[0].message !== undefined ? data.problems : null;
    problemsBox.replaceChildren(...(problems
      ? problems.map((p) => el("li", { "data-line": p.line || "", "data-field": p.field || "" }, problemText(p)))
      : [el("li", {}, answerText(data, fallback))]));
    problemsBox.hidden = false;
  }

  function clearProblems() { problemsBox.hidden = true; problemsBox.replaceChildren(); }

  async function loadSamples() {
    pick.replaceChildren(pick.options[0] || el("option", { value: "" }, t("No scenario: the settings below")));
    if (!select) return;
    const res = await fetch("/api/scenarios?game=" + encodeURIComponent(select.value));
    if (!res.ok) return;
    const data = await readAnswer(res);
    for (const s of data.scenarios || []) pick.append(el("option", { value: s.name }, s.title));
  }

  function reset() {
    chosen = null; broken = false;
    if (upload) upload.value = "";
    if (pick) pick.value = "";
    clearProblems();
    showScenario();
  }

  if (select) {
    select.addEventListener("change", () => { reset(); showSettings(); loadSamples(); });
    showSettings();
    loadSamples();
  }

  pick.addEventListener("change", async () => {
    const name = pick.value;
    chosen = null; broken = false; upload.value = ""; clearProblems();
    if (name) {
      const res = await fetch("/api/scenarios/" + name.split("/").map(encodeURIComponent).join("/"));
      const data = await readAnswer(res);
      if (res.ok) chosen = data; else showProblems(data, res.statusText);
    }
    showScenario();
  });

  const libraryInput = document.getElementById("counter-library");
  // a new counter library re-reads the VASL save already chosen
  if (libraryInput) libraryInput.addEventListener("change", () => {
    const file = upload.files && upload.files[0];
    if (file && /\.vsav$/i.test(file.name)) upload.dispatchEvent(new Event("change"));
  });

  upload.addEventListener("change", async () => {
    const file = upload.files && upload.files[0];
    chosen = null; broken = false; pick.value = ""; clearProblems();
    if (file) {
      const name = encodeURIComponent(file.name.slice(0, 120));
      // a VASL save (.vsav): its Guns come back as an ASL scenario (docs/asl.md)
      const vasl = /\.vsav$/i.test(file.name) && games.some((g) => g.name === "asl");
      if (vasl && select.value !== "asl") { select.value = "asl"; showSettings(); loadSamples(); }
      // with a counter library beside the save: both in one form (docs/asl.md, "In the lobby")
      const library = vasl && libraryInput && libraryInput.files && libraryInput.files[0];
      const send = () => {
        if (!library) return { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file };
        const parts = new FormData();
        parts.append("save", file);
        parts.append("library", library);
        return { method: "POST", body: parts };
      };
      const ask = (date) => fetch(vasl ? "/api/vasl/check?file=" + name + (date ? "&date=" + encodeURIComponent(date) : "")
        : "/api/scenarios/check?game=" + encodeURIComponent(select.value) + "&file=" + name, send());
      let res = await ask(null);
      let data = await readAnswer(res);
      const date = vasl && form ? form.collect().date : null;  // a save without a date: the settings' date
      if (!res.ok && vasl && data.clause === "ASL-8.2-c" && date) { res = await ask(date); data = await readAnswer(res); }
      if (res.ok) chosen = library ? { ...data, library: library.name } : data;
      else { broken = true; showProblems(data, res.statusText); }
    }
    showScenario();
  });

  document.getElementById("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = document.getElementById("error");
    err.textContent = "";
    if (broken) { err.textContent = t("Fix the scenario file first, or drop it."); return; }
    const seat = document.getElementById("seat") && document.getElementById("seat").value;
    const body = { game: select.value, dice: document.getElementById("dice-setting").value };
    if (chosen) { body.scenario = chosen.document; body.settings = {}; } else body.settings = form ? form.collect() : {};
    if (seat) body.seat = seat;
    const res = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await readAnswer(res);
    if (!res.ok) {
      if (chosen && Array.isArray(data.problems) && data.problems.length && data.problems[0].message !== undefined) showProblems(data, res.statusText);
      err.textContent = answerText(data, res.statusText);
      err.scrollIntoView({ block: "nearest" });
      return;
    }
    const links = seatLinks(data);
    try {
      localStorage.setItem("ordnance:links:" + data.game_id, JSON.stringify(links));
      // the creator's own seat: its token and recovery secret stay in this browser
      localStorage.setItem("ordnance:seat:" + data.game_id, JSON.stringify({ seat: data.seat, url: location.origin + data.link }));
      localStorage.setItem("ordnance:recovery:" + data.game_id, JSON.stringify({ seat: data.seat, secret: data.recovery }));
    } catch (e) { /* private mode */ }
    const list = document.getElementById("seat-links");
    list.replaceChildren();
    for (const l of links) {
      const copy = el("button", { type: "button", class: "small", onclick: async () => {
        try { await navigator.clipboard.writeText(l.url); copy.textContent = t("Copied"); } catch (e) { /* no clipboard */ }
      } }, t("Copy"));
      list.append(el("li", { "data-seat": l.seat, class: l.own ? "own" : "invite" },
        el("strong", {}, l.seat), " ",
        l.own ? el("a", { href: l.url, class: "play-link" }, t("Play as") + " " + l.seat) : t("Invitation for") + " " + l.seat, " ",
        el("input", { type: "text", readonly: true, value: l.url, class: "link", "aria-label": t("Invite link for") + " " + l.seat }),
        copy));
    }
    const box = document.getElementById("links");
    box.hidden = false;
    box.scrollIntoView({ block: "start" });
  });
})();
