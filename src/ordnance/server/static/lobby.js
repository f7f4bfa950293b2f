// The lobby: pick a game, fill its settings (form from its JSON schema),
// create the table, then show your seat's link and one invitation per other seat.
"use strict";

(function () {
  const games = window.GAMES || [];
  const select = document.getElementById("game");
  const settingsBox = document.getElementById("settings");
  let form = null;

  function showSettings() {
    const g = games.find((x) => x.name === select.value);
    settingsBox.replaceChildren(el("legend", {}, t("Settings")));
    form = schemaForm((g && g.schema) || {});
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
    const data = await res.json();
    if (!res.ok) {
      err.textContent = (data.clause ? "[" + data.clause + "] " : "") + data.message + (data.hint ? " (" + data.hint + ")" : "");
      return;
    }
    // your own seat's link, then one invitation per other seat (claimed once, by whoever opens it first)
    const links = [{ seat: data.seat, url: location.origin + data.link, own: true }].concat(
      data.invitations.map((s) => ({ seat: s.seat, url: location.origin + s.link })));
    try { localStorage.setItem("ordnance:links:" + data.game_id, JSON.stringify(links)); } catch (e) { /* private mode */ }
    const list = document.getElementById("seat-links");
    list.replaceChildren();
    for (const l of links) {
      const copy = el("button", { type: "button", class: "small", onclick: async () => {
        try { await navigator.clipboard.writeText(l.url); copy.textContent = t("Copied"); } catch (e) { /* no clipboard */ }
      } }, t("Copy"));
      list.append(el("li", { "data-seat": l.seat },
        el("strong", {}, l.seat), " ",
        l.own ? el("a", { href: l.url, class: "play-link" }, t("Play as") + " " + l.seat) : t("Invitation for") + " " + l.seat, " ",
        el("input", { type: "text", readonly: true, value: l.url, class: "link", "aria-label": t("Invite link for") + " " + l.seat }),
        copy));
    }
    document.getElementById("links").hidden = false;
  });
})();
