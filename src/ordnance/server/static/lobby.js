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

(function () {
  const games = window.GAMES || [];
  const select = document.getElementById("game");
  const settingsBox = document.getElementById("settings");
  let form = null;

  function showSettings() {
    const g = games.find((x) => x.name === select.value);
    settingsBox.replaceChildren(el("legend", {}, t("Settings")));
    form = schemaForm((g && g.schema) || {}, null, { groups: true });
    settingsBox.append(form.node);
    settingsBox.hidden = !form.node.childElementCount;
    // the creator's own seat (the others get invitations); seats of the default settings
    const seatSelect = document.getElementById("seat");
    if (seatSelect) seatSelect.replaceChildren(...((g && g.seats) || []).map((s) => el("option", { value: s }, s)));
  }
  if (select) { select.addEventListener("change", showSettings); showSettings(); }

  document.getElementById("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = document.getElementById("error");
    err.textContent = "";
    const res = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.assign(
        { game: select.value, settings: form ? form.collect() : {}, dice: document.getElementById("dice-setting").value },
        document.getElementById("seat") && document.getElementById("seat").value ? { seat: document.getElementById("seat").value } : {})),
    });
    let data = {};
    try { data = await res.json(); } catch (e) { data = { message: res.statusText }; }
    if (!res.ok) {
      const detail = Array.isArray(data.detail) ? data.detail.map((d) => (d.loc || []).slice(1).join(".") + ": " + d.msg).join("; ") : "";
      err.textContent = (data.clause ? "[" + data.clause + "] " : "") + (data.message || detail || res.statusText) + (data.hint ? " (" + data.hint + ")" : "");
      err.scrollIntoView({ block: "nearest" });
      return;
    }
    const links = seatLinks(data);
    try { localStorage.setItem("ordnance:links:" + data.game_id, JSON.stringify(links)); } catch (e) { /* private mode */ }
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
