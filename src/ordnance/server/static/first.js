// The table page's first read, started while the page's modules are still loading.
//
// The seat's token is in the URL fragment, which never reaches the server, so the
// HTML cannot carry the seat's view: the page must ask for it (POST /since, version
// null: the view, the journal's tail and its dice record). This tiny script, loaded
// async ahead of the modules, sends that request at once; table/main.js takes its
// answer for its first refresh (OrdnanceFirstSince.take), so the server's time
// overlaps the modules' download and evaluation instead of following them. Exactly
// the request main.js would have sent: same body (with, in a fresh browser, the
// seat's new dice anchor, below), headers and language.
"use strict";
(function () {
  const m = /^\/t\/([^/?#]+)/.exec(location.pathname);
  const token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
  if (!m || !token || !window.fetch) return;
  const lang = document.documentElement.lang;
  const url = "/api/tables/" + m[1] + "/since" + (lang && lang !== "en" ? "?lang=" + encodeURIComponent(lang) : "");
  const plain = { version: null, dice_since: null }; // main.js's first body
  const body = Object.assign({}, plain);
  // A browser holding no dice chain for this table (a fresh one) would publish a new
  // chain's anchor once its view came (static/dice.js sync): it draws the chain now and
  // sends the anchor with this read instead (one round trip less). An anchor is public
  // and serves only the actions committed after it; the root stays in this page
  // (dice.js stores it under the seat's key, recomputes the chain and checks it).
  let root = null, anchored = null;
  try {
    const prefix = "ordnance:dice-root:" + m[1] + ":";
    let held = false;
    for (let i = 0; i < localStorage.length; i++) if ((localStorage.key(i) || "").startsWith(prefix)) held = true;
    if (!held && window.crypto && crypto.getRandomValues) {
      root = crypto.getRandomValues(new Uint8Array(32));
      // crypto.subtle (https or localhost) hashes natively; the script's own SHA-256 elsewhere
      const mine = root;
      anchored = window.isSecureContext && crypto.subtle
        ? subtleAnchor(mine).catch(() => anchorOf(mine))
        : Promise.resolve().then(() => anchorOf(mine));
    }
  } catch (e) { root = anchored = null; /* no storage: dice.js anchors as before */ }
  const send = () => fetch(url, {
    method: "POST", cache: "no-store", body: JSON.stringify(body),
    headers: { Authorization: "Bearer " + token, "Content-Type": "application/json" },
  });
  let started = anchored ? anchored.then((a) => { body.anchor = a; return send(); }) : send();
  started.catch(() => { /* taken by main.js, which reports it like any failed request */ });
  window.OrdnanceFirstSince = {
    // the root of the chain whose anchor went with the first read, once (null: none)
    root(gid) {
      const out = root && gid === m[1] ? Array.from(root, (b) => (b < 16 ? "0" : "") + b.toString(16)).join("") : null;
      root = null;
      return out;
    },
    // the fetch already under way, once, for the same token and body; null otherwise
    take(tokenNow, bodyNow) {
      const same = started && tokenNow === token && JSON.stringify(bodyNow) === JSON.stringify(plain);
      const out = same ? started : null;
      started = null;
      return out;
    },
  };

  async function subtleAnchor(bytes) {
    let h = bytes;
    for (let i = 0; i < 2048; i++) h = new Uint8Array(await crypto.subtle.digest("SHA-256", h));
    return Array.from(h, (b) => (b < 16 ? "0" : "") + b.toString(16)).join("");
  }

  // SHA-256 (FIPS 180-4) applied 2,048 times to 32 bytes (one block each time):
  // the chain's anchor, as static/dice.js computes it (tests/js check the two agree).
  function anchorOf(bytes) {
    const K = [];
    for (let n = 2, found = 0; found < 64; n++) {
      let prime = true;
      for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
      if (prime) K[found++] = (Math.cbrt(n) % 1) * 0x100000000 >>> 0;
    }
    const W = new Uint32Array(64), H = new Uint32Array(8);
    let x = Uint32Array.from({ length: 8 }, (_, i) => (bytes[4 * i] << 24 | bytes[4 * i + 1] << 16 | bytes[4 * i + 2] << 8 | bytes[4 * i + 3]) >>> 0);
    const r = (v, n) => (v >>> n) | (v << (32 - n));
    for (let step = 0; step < 2048; step++) {
      W.set(x); W[8] = 0x80000000; W.fill(0, 9, 15); W[15] = 256;
      for (let i = 16; i < 64; i++) {
        const a = W[i - 15], b = W[i - 2];
        W[i] = W[i - 16] + (r(a, 7) ^ r(a, 18) ^ (a >>> 3)) + W[i - 7] + (r(b, 17) ^ r(b, 19) ^ (b >>> 10));
      }
      H.set([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
      let [a, b, c, d, e, f, g, h] = H;
      for (let i = 0; i < 64; i++) {
        const t1 = (h + (r(e, 6) ^ r(e, 11) ^ r(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) >>> 0;
        const t2 = ((r(a, 2) ^ r(a, 13) ^ r(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        h = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      x = Uint32Array.from([a, b, c, d, e, f, g, h], (v, i) => v + H[i]);
    }
    return Array.from(x, (v) => v.toString(16).padStart(8, "0")).join("");
  }
})();
