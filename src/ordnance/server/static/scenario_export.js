// The table page's "save the position" button: the seat's own export of the table
// (GET /api/tables/{id}/scenario: only what this seat's view shows), saved as a
// YAML scenario file that the lobby or `ordnance game new --scenario` can load.
"use strict";

(function () {
  const button = document.getElementById("export-button");
  const result = document.getElementById("export-result");
  if (!button) return;
  const gid = window.GAME_ID;
  const token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
  button.addEventListener("click", async () => {
    result.textContent = "";
    result.className = "";
    const res = await fetch("/api/tables/" + encodeURIComponent(gid) + "/scenario", {
      headers: { Authorization: "Bearer " + token }, cache: "no-store",
    });
    let data = {};
    try { data = await res.json(); } catch (e) { data = { message: res.statusText }; }
    if (!res.ok) {
      result.className = "error";
      result.textContent = data.message || res.statusText;
      return;
    }
    const url = URL.createObjectURL(new Blob([data.yaml], { type: "application/yaml" }));
    const link = el("a", { href: url, download: gid + "-" + data.seat + ".yaml", hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    result.className = "ok";
    result.textContent = t("Saved") + ": " + gid + "-" + data.seat + ".yaml";
  });
})();
