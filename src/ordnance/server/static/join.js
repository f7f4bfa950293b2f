// An invitation link (/join/<game>#invite=<code>): claim the seat once. The
// server answers a fresh token for this browser only; the page keeps it in
// localStorage and moves on to the seat's own link (/t/<game>#seat=<token>),
// replacing the invitation in the history (a claimed invitation is spent).
"use strict";

(function () {
  const gid = window.GAME_ID;
  const code = new URLSearchParams(location.hash.slice(1)).get("invite") || "";
  const status = document.getElementById("join-status");
  const error = document.getElementById("join-error");

  function fail(text) { status.textContent = ""; error.textContent = text; }

  document.addEventListener("DOMContentLoaded", async () => {
    if (!code) { fail(t("This invitation link is incomplete (ask for a new one).")); return; }
    const res = await fetch("/api/tables/" + encodeURIComponent(gid) + "/claim", {
      method: "POST", headers: { "Content-Type": "application/json" }, cache: "no-store",
      body: JSON.stringify({ invitation: code }),
    });
    let data = {};
    try { data = await res.json(); } catch (e) { data = { message: res.statusText }; }
    if (!res.ok) {
      fail((data.clause ? "[" + data.clause + "] " : "") + (data.message || "") + (data.hint ? " (" + data.hint + ")" : ""));
      return;
    }
    try { localStorage.setItem("ordnance:seat:" + gid, JSON.stringify({ seat: data.seat, url: location.origin + data.link })); } catch (e) { /* private mode */ }
    location.replace(data.link);
  });
})();
