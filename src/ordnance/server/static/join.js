// An invitation link (/join/<game>#invite=<code>): claim the seat once. The
// server answers a fresh token for this browser only; the page keeps it in
// localStorage and moves on to the seat's own link (/t/<game>#seat=<token>),
// replacing the invitation in the history (a claimed invitation is spent).
// A recovery link (/join/<game>#recover=<secret>&seat=<seat>) moves the seat to
// this browser: the old device's token stops working, a new secret is kept here.
// The claim carries this browser's token for the table, if it holds one, so the
// server refuses a seated player claiming an invitation meant for another (TABLE-SEAT-4).
"use strict";

(function () {
  const gid = window.GAME_ID;
  const params = new URLSearchParams(location.hash.slice(1));
  const code = params.get("invite") || "";
  const secret = params.get("recover") || "";
  const status = document.getElementById("join-status");
  const error = document.getElementById("join-error");

  function fail(text) { status.textContent = ""; error.textContent = text; }

  function held() {
    try {
      const saved = JSON.parse(localStorage.getItem("ordnance:seat:" + gid) || "null");
      const token = saved && saved.url ? new URLSearchParams(new URL(saved.url).hash.slice(1)).get("seat") : null;
      return token || null;
    } catch (e) { return null; }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    if (!code && !secret) { fail(t("This invitation link is incomplete (ask for a new one).")); return; }
    const headers = { "Content-Type": "application/json" };
    let path = "/claim";
    let body = { invitation: code };
    if (secret) {
      path = "/seats/" + encodeURIComponent(params.get("seat") || "") + "/recover";
      body = { secret };
    } else if (held()) headers.Authorization = "Bearer " + held();
    const res = await fetch("/api/tables/" + encodeURIComponent(gid) + path, {
      method: "POST", headers, cache: "no-store", body: JSON.stringify(body),
    });
    let data = {};
    try { data = await res.json(); } catch (e) { data = { message: res.statusText }; }
    if (!res.ok) {
      fail((data.clause ? "[" + data.clause + "] " : "") + (data.message || "") + (data.hint ? " (" + data.hint + ")" : ""));
      return;
    }
    try {
      localStorage.setItem("ordnance:seat:" + gid, JSON.stringify({ seat: data.seat, url: location.origin + data.link }));
      localStorage.setItem("ordnance:recovery:" + gid, JSON.stringify({ seat: data.seat, secret: data.recovery }));
    } catch (e) { /* private mode */ }
    location.replace(data.link);
  });
})();
