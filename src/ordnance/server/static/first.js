// The table page's first read, started while the page's modules are still loading.
//
// The seat's token is in the URL fragment, which never reaches the server, so the
// HTML cannot carry the seat's view: the page must ask for it (POST /since, version
// null: the view, the journal's tail and its dice record). This tiny script, loaded
// async ahead of the modules, sends that request at once; table/main.js takes its
// answer for its first refresh (OrdnanceFirstSince.take), so the server's time
// overlaps the modules' download and evaluation instead of following them. Exactly
// the request main.js would have sent: same body, headers and language.
"use strict";
(function () {
  const m = /^\/t\/([^/?#]+)/.exec(location.pathname);
  const token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
  if (!m || !token || !window.fetch) return;
  const lang = document.documentElement.lang;
  const url = "/api/tables/" + m[1] + "/since" + (lang && lang !== "en" ? "?lang=" + encodeURIComponent(lang) : "");
  const body = { version: null, dice_since: null };
  let started = fetch(url, {
    method: "POST", cache: "no-store", body: JSON.stringify(body),
    headers: { Authorization: "Bearer " + token, "Content-Type": "application/json" },
  });
  started.catch(() => { /* taken by main.js, which reports it like any failed request */ });
  window.OrdnanceFirstSince = {
    // the fetch already under way, once, for the same token and body; null otherwise
    take(tokenNow, bodyNow) {
      const same = started && tokenNow === token && JSON.stringify(bodyNow) === JSON.stringify(body);
      const out = same ? started : null;
      started = null;
      return out;
    },
  };
})();
