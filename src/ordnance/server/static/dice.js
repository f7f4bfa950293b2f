// Dice every seat helps make (scheme ordnance-dice-v2, docs/server.md "Trust model";
// ordnance-dice-v1 rolls of older tables are still checked).
//
// This file is the page's half of the scheme and its own verifier:
// * it keeps this seat's secret chain root in localStorage (per table and seat),
//   publishes the chain's anchor and reveals the next element only FOR an action
//   waiting for its dice (the view's dice.pending names its digest), never before
//   that action is committed: so nobody who reads the server's database can
//   compute a roll before the action that consumes it is fixed;
// * it recomputes every die the journal shows from the revealed secrets and
//   names each roll that fails, trusting nothing the server says about them.
//
// SHA-256 and HMAC are written out here rather than taken from crypto.subtle:
// crypto.subtle exists only in secure contexts (https or localhost), and a table
// served over plain http on a LAN must still verify. The tests check this code
// against crypto.subtle and against the Python implementation.
"use strict";

const OrdnanceDice = (function () {
  const SCHEME_V1 = "ordnance-dice-v1";
  const SCHEME = "ordnance-dice-v2";
  // a v2 roll whose action digest is salted from the seed (dice_scheme.seed_salt)
  const SCHEME_V3 = "ordnance-dice-v3";
  const CHAIN_LENGTH = 2048; // reveals per chain; a used-up chain is replaced by a new one

  // ---- SHA-256 (FIPS 180-4) and HMAC (RFC 2104) over Uint8Array ----------------
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);
  const W = new Uint32Array(64);

  function sha256(bytes) {
    const len = bytes.length;
    const padded = new Uint8Array(((len + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[len] = 0x80;
    const bits = len * 8;
    const view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
    view.setUint32(padded.length - 4, bits >>> 0);
    let h0 = 0x6a09e667, h1 = 0xbb67ae85, h2 = 0x3c6ef372, h3 = 0xa54ff53a;
    let h4 = 0x510e527f, h5 = 0x9b05688c, h6 = 0x1f83d9ab, h7 = 0x5be0cd19;
    for (let off = 0; off < padded.length; off += 64) {
      for (let i = 0; i < 16; i++) W[i] = view.getUint32(off + 4 * i);
      for (let i = 16; i < 64; i++) {
        const a = W[i - 15], b = W[i - 2];
        const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
        const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
        W[i] = (W[i - 16] + s0 + W[i - 7] + s1) >>> 0;
      }
      let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
      for (let i = 0; i < 64; i++) {
        const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        const ch = (e & f) ^ (~e & g);
        const t1 = (h + S1 + ch + K[i] + W[i]) >>> 0;
        const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        const maj = (a & b) ^ (a & c) ^ (b & c);
        const t2 = (S0 + maj) >>> 0;
        h = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h0 = (h0 + a) >>> 0; h1 = (h1 + b) >>> 0; h2 = (h2 + c) >>> 0; h3 = (h3 + d) >>> 0;
      h4 = (h4 + e) >>> 0; h5 = (h5 + f) >>> 0; h6 = (h6 + g) >>> 0; h7 = (h7 + h) >>> 0;
    }
    const out = new Uint8Array(32);
    const ov = new DataView(out.buffer);
    [h0, h1, h2, h3, h4, h5, h6, h7].forEach((x, i) => ov.setUint32(4 * i, x));
    return out;
  }

  function hmacSha256(key, msg) {
    if (key.length > 64) key = sha256(key);
    const k = new Uint8Array(64);
    k.set(key);
    const inner = new Uint8Array(64 + msg.length);
    const outer = new Uint8Array(64 + 32);
    for (let i = 0; i < 64; i++) { inner[i] = k[i] ^ 0x36; outer[i] = k[i] ^ 0x5c; }
    inner.set(msg, 64);
    outer.set(sha256(inner), 64);
    return sha256(outer);
  }

  const utf8 = (s) => new TextEncoder().encode(s);
  // bytes to lowercase hex through a table (a fresh page draws 2,049 of them for its chain)
  const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
  const toHex = (b) => { let s = ""; for (let i = 0; i < b.length; i++) s += HEX[b[i]]; return s; };
  const isHex = (s) => typeof s === "string" && /^[0-9a-f]{64}$/.test(s);
  function fromHex(s) {
    const out = new Uint8Array(s.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
    return out;
  }
  // One chain step. Remembered (a pure function of its input): a page that checks the
  // same chain again at every version hashes each element once, not once per check.
  const steps = new Map();
  function step(hex) {
    let out = steps.get(hex);
    if (out === undefined) {
      out = toHex(sha256(fromHex(hex)));
      if (steps.size > 50000) steps.clear();
      steps.set(hex, out);
    }
    return out;
  }
  const seedHash = (seed) => toHex(sha256(utf8(seed)));

  // ---- the derivation -----------------------------------------------------------
  function byteCompare(a, b) {
    const x = utf8(a), y = utf8(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  }

  // v2 (with the pending action's digest) or, without a digest, the v1 message
  function message(gameId, version, elements, digest) {
    const lines = digest ? [SCHEME, gameId, String(version), digest] : [SCHEME_V1, gameId, String(version)];
    for (const seat of Object.keys(elements).sort(byteCompare)) lines.push(seat + "=" + (elements[seat] || "-"));
    return utf8(lines.join("\n") + "\n");
  }

  // faces of dice with these sides: HMAC-SHA256(seed, message || block) bytes, rejection sampling
  function derive(seed, gameId, version, elements, sides, digest) {
    const key = utf8(seed);
    const msg = message(gameId, version, elements, digest);
    const buf = new Uint8Array(msg.length + 4);
    buf.set(msg);
    let block = 0, stream = new Uint8Array(0), pos = 0;
    const next = () => {
      if (pos >= stream.length) {
        new DataView(buf.buffer).setUint32(msg.length, block++);
        stream = hmacSha256(key, buf); pos = 0;
      }
      return stream[pos++];
    };
    return sides.map((s) => {
      const limit = 256 - (256 % s);
      for (;;) { const b = next(); if (b < limit) return (b % s) + 1; }
    });
  }

  // ---- the pending action's digest (docs/server.md, "The derivation", step 1) ----------
  // Python's json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False):
  // keys in code point order (= UTF-8 byte order), strings as JSON.stringify writes
  // them. null when the value holds a number other than a safe integer (Python may
  // have written 2.0 where JSON gives 2): that digest is not checked here.
  function canonical(value) {
    if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
    if (typeof value === "number") return Number.isSafeInteger(value) ? String(value) : null;
    const parts = [];
    if (Array.isArray(value)) {
      for (const v of value) { const c = canonical(v); if (c === null) return null; parts.push(c); }
      return "[" + parts.join(",") + "]";
    }
    if (typeof value !== "object") return null;
    for (const k of Object.keys(value).sort(byteCompare)) {
      const c = canonical(value[k]);
      if (c === null) return null;
      parts.push(JSON.stringify(k) + ":" + c);
    }
    return "{" + parts.join(",") + "}";
  }

  // The salt of the action `seat` commits at `version` (v3): HMAC-SHA256 keyed by the
  // roll's seed, so fixed before the action and unknown until the seed is revealed.
  function seedSalt(seed, gameId, version, seat) {
    return toHex(hmacSha256(utf8(seed), utf8(["ordnance-dice-v3-salt", gameId, String(version), seat].join("\n") + "\n")));
  }

  // The digest of `action` by `seat` at `version` with seed hash `hash` and `salt`
  // (null: an action committed before salts, whose payload has no "salt") under the
  // digest's `scheme` (v2 when not given), or null when it cannot be written
  // canonically here.
  function actionDigest(gameId, version, seat, action, hash, salt, scheme) {
    const payload = { action, game_id: gameId, hash, scheme: scheme || SCHEME, seat, version };
    if (salt != null) payload.salt = salt;
    const text = canonical(payload);
    return text === null ? null : toHex(sha256(utf8(text)));
  }

  // ---- this seat's chain and memory -------------------------------------------------
  const store = {
    get(key, dflt) { try { const v = localStorage.getItem(key); return v === null ? dflt : JSON.parse(v); } catch (e) { return dflt; } },
    set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ } },
  };
  const chains = {};
  function myChain(gid, seat, fresh) {
    const key = "ordnance:dice-root:" + gid + ":" + seat;
    if (chains[key] && !fresh) return chains[key];
    let root = fresh ? null : store.get(key, null);
    if (!isHex(root)) {
      const bytes = new Uint8Array(32);
      crypto.getRandomValues(bytes);
      root = toHex(bytes);
      store.set(key, root);
    }
    const chain = [fromHex(root)];
    for (let i = 0; i < CHAIN_LENGTH; i++) chain.push(sha256(chain[i]));
    const hexes = chain.map(toHex);
    const index = new Map(hexes.map((h, i) => [h, i]));
    return (chains[key] = { anchor: hexes[CHAIN_LENGTH], after: (last) => { const i = index.get(last); return i ? hexes[i - 1] : null; } });
  }
  function remember(kind, gid, seat, version, value) {
    const key = "ordnance:dice-" + kind + ":" + gid + ":" + seat;
    const map = store.get(key, {});
    map[version] = value;
    const keys = Object.keys(map).map(Number).sort((a, b) => a - b);
    while (keys.length > 500) delete map[keys.shift()];
    store.set(key, map);
  }
  const memory = (kind, gid, seat) => store.get("ordnance:dice-" + kind + ":" + gid + ":" + seat, {});

  // An element is sent once, at any version, the same one included: if the server saw
  // it but did not record it (a refused reveal or action), the page never offers it
  // again. Sent again at a later version, it would let the operator fit a seed to it;
  // sent again at the same version (for this action, or for another the operator put
  // in its place), it would let the operator, who has read it, choose between the roll
  // with it and the roll without it, or pick the action that suits the dice. So the
  // page starts a new chain instead; a chain anchored after the commitment cannot serve
  // the action waiting now, which goes without this seat (marked) or waits (dice_wait).
  function sentBefore(gid, seat, element) {
    const sent = store.get("ordnance:dice-sent:" + gid + ":" + seat, null);
    return !!sent && sent.element === element;
  }
  function markSent(gid, seat, element, version) {
    store.set("ordnance:dice-sent:" + gid + ":" + seat, { element, version });
  }

  // After each view: remember the commitment shown, publish the anchor, and answer the
  // reveal this seat owes the action waiting for its element (dice.pending.reveal): the
  // page sends it with its next request (POST /since), never before that action is
  // committed: an element in the database before the action is chosen would let its
  // reader foresee the roll.
  const poked = new Set();
  async function sync(api, view) {
    const gid = view.game_id, seat = view.seat, d = view.dice;
    // the first commitment shown for a version is the one kept (a later view of the
    // same version, e.g. while an action waits for its dice, must not replace it)
    if (!memory("seen", gid, seat)[view.version]) remember("seen", gid, seat, view.version, view.commitment.hash);
    // entered dice are offered only at a table made for them (TABLE-DICE-1)
    for (const o of document.querySelectorAll('select.dice-mode option[value="entered"]')) o.hidden = !d || (d.mode !== "entered" && d.mode !== "entered_remote");
    if (!d || !d.chain || !window.crypto || !crypto.getRandomValues) return null;
    const p = d.pending;
    // a go-ahead roll is drawn lazily: ask once its deadline has passed (any request does it)
    if (p && p.seconds_left != null && !poked.has(p.digest)) {
      poked.add(p.digest);
      setTimeout(() => { api("/view"); }, Math.ceil(p.seconds_left * 1000) + 250);
    }
    const chain = myChain(gid, seat);
    if (!p) { await renew(api, view, false); return null; }
    // d.chain is the chain in force for the waiting action (published before its commitment);
    // d.chain.newest the seat's newest anchor, which serves the next actions
    if ((d.chain.newest || d.chain.anchor) !== chain.anchor) { await api("/dice/anchor", { method: "POST", body: { anchor: chain.anchor } }); return null; }
    if (!p || !p.reveal || d.chain.revealed || d.chain.from_version > view.version) return null;
    // the chain in force is an older one this page no longer holds: this roll goes without
    // this seat (marked); the newest chain serves the next one
    if (d.chain.anchor !== chain.anchor) return null;
    const element = chain.after(d.chain.last);
    if (!element || sentBefore(gid, seat, element)) {
      await api("/dice/anchor", { method: "POST", body: { anchor: myChain(gid, seat, true).anchor } });
      return null;
    }
    return revealBody(view, element, p.digest);
  }

  // With no action waiting: make the chain this seat's next action sends its element
  // from one the server has, and `view` say so. A chain the server lacks (a fresh page)
  // is published; a new one is started and published when the chain's next element was
  // sent already and the server did not record it (the action that carried it was
  // refused: an element is sent once) or the chain is used up. `refused`: the page has
  // just been refused the action that carried it; otherwise an element sent at this
  // very version is left alone (the action kept while the server was unreachable is
  // sent again with it). The view's chain is then brought up to date from the answer, so
  // the seat's very next action carries its element without another read.
  async function renew(api, view, refused) {
    const gid = view.game_id, seat = view.seat, d = view.dice;
    if (!d || !d.chain || d.pending || !window.crypto || !crypto.getRandomValues) return;
    let chain = myChain(gid, seat);
    const next = d.chain.anchor === chain.anchor && !d.chain.revealed ? chain.after(d.chain.last) : undefined;
    const sent = store.get("ordnance:dice-sent:" + gid + ":" + seat, null);
    const spent = next === null || (next !== undefined && sentBefore(gid, seat, next) && (refused || !(sent.version >= view.version)));
    if ((d.chain.newest || d.chain.anchor) === chain.anchor && !spent) return;
    if (spent) chain = myChain(gid, seat, true);
    const res = await api("/dice/anchor", { method: "POST", body: { anchor: chain.anchor } });
    if (res.ok && res.data && res.data.anchor === chain.anchor && Number.isInteger(res.data.from_version)) {
      // what the server's view now says of this seat's chain: in force, nothing revealed from it
      view.dice.chain = { anchor: chain.anchor, newest: chain.anchor, from_version: res.data.from_version, last: chain.anchor, revealed: null };
    }
  }

  // Whether the action waiting in `view` waits for this seat's element that this page
  // cannot send: it was sent already (the server did not record it) or the chain in force
  // is one this page no longer holds. The roll then goes ahead without it at its deadline.
  function cannotSend(view) {
    const d = view && view.dice, p = d && d.pending;
    if (!p || !p.reveal || !d.chain || d.chain.revealed || d.chain.from_version > view.version) return false;
    if (!window.crypto || !crypto.getRandomValues) return true;
    const chain = myChain(view.game_id, view.seat);
    if (d.chain.anchor !== chain.anchor) return true;
    const element = chain.after(d.chain.last);
    return !element || sentBefore(view.game_id, view.seat, element);
  }

  // The reveal of `element` for the action with digest `digest` at the view's version,
  // as POST /since (or /dice/reveal) takes it; marked sent: an element is sent once.
  function revealBody(view, element, digest) {
    markSent(view.game_id, view.seat, element, view.version);
    return { version: view.version, commitment: view.commitment.hash, element, pending: digest };
  }

  // A live notice names an action of seat `by` waiting for its dice (`digest`) at the
  // version this page's view shows, taken before it was committed: the reveal this seat
  // sends with its one request for it (null: the page reads its view first, and sync
  // answers the reveal). The same chain checks as sync's, on the same view's chain.
  function revealFor(view, digest, by) {
    const d = view && view.dice;
    if (!d || !d.chain || d.pending || !digest || by === view.seat || !window.crypto || !crypto.getRandomValues) return null;
    const chain = myChain(view.game_id, view.seat);
    if (d.chain.anchor !== chain.anchor || (d.chain.newest || d.chain.anchor) !== chain.anchor) return null;
    if (d.chain.revealed || d.chain.from_version > view.version) return null;
    const element = chain.after(d.chain.last);
    if (!element || sentBefore(view.game_id, view.seat, element)) return null;
    return revealBody(view, element, digest);
  }

  // What became of a reveal sent (res: the api() answer of the request that carried it).
  function revealed(view, body, res) {
    const gid = view.game_id, seat = view.seat;
    remember(res.ok ? "revealed" : "refused", gid, seat, body.version, res.ok ? body.element : res.status);
    if (res.ok) remember("revealed-for", gid, seat, body.version, body.pending);
  }

  // Whether a live notice names an action this page has not seen waiting yet.
  function wants(view, digest) {
    const p = view && view.dice && view.dice.pending;
    return !!digest && (!p || p.digest !== digest);
  }

  // The words for a roll drawn without some seats' elements: whoever holds every input
  // it used could have foreseen it, the operator (the seed) with the seats whose elements
  // it used (`seats`: the roll's seats; without them, the acting seat, whose element an
  // older caller took as the one used). When the silent seat is the acting one, the
  // party is the operator with the other seats, never the acting seat. `names`: the
  // view's seat_names (seat -> the side's name in the page's language), as every other
  // text of the page names a side; a seat without one by its id.
  function withoutText(silent, actor, seats, names) {
    const used = seats ? seats.filter((s) => !silent.includes(s)) : [actor || "-"];
    const named = (list) => list.map((s) => (names && names[s]) || s).join(", ");
    if (!used.length) return t("rolled without the element of {seats}: the operator alone could have foreseen it").replace("{seats}", named(silent));
    return t("rolled without the element of {seats}: the operator and {actor} together could have foreseen it")
      .replace("{seats}", named(silent)).replace("{actor}", named(used));
  }

  // Fields an action sends: the commitment this seat saw and its element for this version.
  function actionFields(view) {
    const out = { commitment: view.commitment.hash };
    const d = view.dice;
    if (d && d.chain && d.chain.anchor && d.chain.from_version <= view.version) {
      const key = "ordnance:dice-root:" + view.game_id + ":" + view.seat;
      const chain = chains[key];
      // an element already revealed at this version was sent: it is not sent again
      const element = !d.chain.revealed && chain && chain.anchor === d.chain.anchor ? chain.after(d.chain.last) : null;
      if (element && !sentBefore(view.game_id, view.seat, element)) {
        markSent(view.game_id, view.seat, element, view.version);
        out.element = element;
      }
    }
    return out;
  }

  // ---- verification ---------------------------------------------------------------
  function chainReveals(record) {
    const good = new Map(), broken = new Map();
    for (const [seat, list] of Object.entries(record.chains || {})) {
      if (!record.seats.includes(seat)) { broken.set(seat, seat + " is not a seat of this table"); continue; }
      list.forEach((c, i) => {
        if (broken.has(seat)) return;
        // a next anchor with an order number (seq) may share its first version with this chain
        const after = list[i + 1];
        const until = after ? (Number.isInteger(after.seq) ? after.from_version + 1 : after.from_version) : Infinity;
        let previous = c.anchor, lastVersion = c.from_version - 1;
        if (!isHex(previous)) { broken.set(seat, seat + ": the anchor is not 64 hex digits"); return; }
        for (const r of c.reveals) {
          if (!(r.version > lastVersion && r.version < until)) { broken.set(seat, seat + ": a reveal for version " + r.version + " is out of order"); return; }
          if (!isHex(r.element) || step(r.element) !== previous) { broken.set(seat, seat + ": the element for version " + r.version + " does not hash to the previous one"); return; }
          if (good.has(seat + "\n" + r.version)) { broken.set(seat, seat + ": two elements for version " + r.version); return; }
          good.set(seat + "\n" + r.version, Object.assign({ anchorSeq: Number.isInteger(c.seq) ? c.seq : null }, r));
          previous = r.element; lastVersion = r.version;
        }
      });
    }
    return { good, broken };
  }

  // Check every roll of a record; `shown` maps seq -> the dice the journal shows;
  // `names`: the view's seat_names, for the notes' words (see withoutText).
  function check(record, seat, shown, names) {
    const { good, broken } = chainReveals(record);
    const seen = memory("seen", record.game_id, seat);
    const mine = memory("revealed", record.game_id, seat);
    const refused = memory("refused", record.game_id, seat);
    let derivedSince = null; // the version of the first roll salted from its seed
    return record.rolls.map((roll) => {
      const res = { seq: roll.seq, version: roll.version, status: "ok", problems: [], absent: [] };
      const fail = (p) => { res.problems.push(p); };
      if ((roll.scheme !== SCHEME && roll.scheme !== SCHEME_V1) || !roll.elements) { fail(t("no dice record for this roll")); res.status = "failed"; return res; }
      if (!isHex(roll.hash)) { fail(t("commitment missing")); res.status = "failed"; return res; }
      // v2: the roll's action was committed (its digest) before any element it used
      const v2 = roll.scheme === SCHEME, pend = roll.pending;
      if (v2 && !(pend && isHex(pend.digest) && Number.isInteger(pend.commit_seq))) { fail(t("order") + ": " + t("the roll has no commitment of its action")); res.status = "failed"; return res; }
      const digest = v2 ? pend.digest : null;
      const pscheme = v2 ? (pend.scheme || SCHEME) : null;
      if (v2 && pscheme !== SCHEME && pscheme !== SCHEME_V3) { fail(t("order") + ": " + t("the roll has no commitment of its action")); res.status = "failed"; return res; }
      // v3: the salt is the one derived from the revealed seed; a random (v2) salt is
      // the server's choice: noted, and refused after a roll salted from its seed
      if (pscheme === SCHEME_V3) {
        if (derivedSince === null) derivedSince = roll.version;
        if (roll.seed != null && pend.action && pend.salt !== seedSalt(roll.seed, record.game_id, roll.version, pend.seat)) fail(t("salt") + ": " + t("the published salt is not the one derived from the revealed seed"));
      } else if (v2 && pend.salt != null) {
        if (derivedSince !== null) fail(t("salt") + ": " + t("a random salt after rolls whose salt came from the seed"));
        else res.notes = [t("random salt (before the salt derived from the seed): the operator chose it")];
      }
      // where the record holds the action (and its salt), the digest is the action's
      if (v2 && pend.action && (pend.salt == null || isHex(pend.salt))) {
        const expected = actionDigest(record.game_id, roll.version, pend.seat, pend.action, roll.hash, pend.salt, pscheme);
        if (expected !== null && expected !== digest) fail(t("order") + ": " + t("the action's digest is not the digest of the action recorded"));
      }
      if (seen[roll.version] && seen[roll.version] !== roll.hash) fail(t("hash mismatch") + ": " + t("the commitment differs from the one shown to you before the roll"));
      const seats = Object.keys(roll.elements);
      if (seats.length !== record.seats.length || !record.seats.every((s) => s in roll.elements)) fail(t("chain mismatch") + ": " + t("the roll's seats are not the table's seats"));
      for (const s of record.seats) {
        const e = roll.elements[s], found = good.get(s + "\n" + roll.version), revealed = found ? found.element : undefined;
        if (v2 && e != null && found && (found.pending !== digest || !Number.isInteger(found.seq) || found.seq <= pend.commit_seq)) fail(t("order") + ": " + t("the element of") + " " + s + " " + t("was revealed before the action was committed"));
        // the chain it came from was anchored before the commitment (not picked after it)
        if (v2 && e != null && found && found.anchorSeq != null && found.anchorSeq >= pend.commit_seq) fail(t("order") + ": " + t("the element of") + " " + s + " " + t("comes from a chain anchored after the action was committed"));
        // every other seat whose element the roll lacks is named in its `without`
        if (v2 && e == null && s !== pend.seat && !(roll.without || []).includes(s)) fail(t("order") + ": " + t("the element of") + " " + s + " " + t("is missing from the roll but not named as missing"));
        if (v2 && s === seat && e != null) {
          const mineFor = memory("revealed-for", record.game_id, seat)[roll.version];
          if (mineFor && mineFor !== digest) fail(t("order") + ": " + t("your secret was revealed for another action"));
        }
        if (broken.has(s)) fail(t("chain mismatch") + ": " + broken.get(s));
        else if (e == null && revealed) fail(t("chain mismatch") + ": " + s + " " + t("revealed an element but the roll left it out"));
        else if (e != null && e !== revealed) fail(t("chain mismatch") + ": " + t("the element of") + " " + s + " " + t("is not the one its chain revealed"));
        if (s === seat && mine[roll.version] && e !== mine[roll.version]) fail(t("chain mismatch") + ": " + t("your own secret for this version was left out"));
        if (s === seat && refused[roll.version] && e == null) res.notes = (res.notes || []).concat([t("the server refused your secret for this version")]);
        if (e == null) res.absent.push(s);
      }
      if (v2 && res.absent.length) { res.notes = (res.notes || []).concat([withoutText(res.absent, pend.seat, seats, names)]); res.without = res.absent.slice(); }
      if (roll.seed == null || roll.dice == null) { res.status = res.problems.length ? "failed" : "hidden"; return res; }
      if (seedHash(roll.seed) !== roll.hash) fail(t("hash mismatch") + ": " + t("the seed does not hash to the published commitment"));
      const sides = roll.sides || [];
      if (!Array.isArray(roll.dice) || sides.length !== roll.dice.length || sides.some((s) => !(s >= 2 && s <= 256))) { fail(t("die value mismatch") + ": " + t("the dice and their sides do not match")); res.status = "failed"; return res; }
      const derived = derive(roll.seed, record.game_id, roll.version, roll.elements, sides, digest);
      const lists = [roll.dice];
      if (shown && shown[roll.seq]) lists.push(shown[roll.seq]);
      for (const list of lists) {
        for (let i = 0; i < Math.max(list.length, derived.length); i++) {
          if (list[i] !== derived[i]) { fail(t("die value mismatch") + ": " + t("die") + " #" + (i + 1) + " " + t("shows") + " " + list[i] + ", " + t("the secrets give") + " " + derived[i]); break; }
        }
      }
      res.derived = derived;
      if (res.problems.length) res.status = "failed";
      return res;
    });
  }

  // What this page has checked, per table and seat: seq -> result. A roll's check never
  // changes once made (its record is written with the roll), so a later call asks the
  // server only for the rolls after the last version it has, and keeps the rest.
  const checked = new Map();

  // Recompute the rolls of the entries after `since` (every roll when `since` is 0 or
  // not given: GET /dice, the "Verify every roll" button), keep what was checked before,
  // mark each journal line and summarise. `log` is the journal the page shows (fetched
  // again when not given). Returns the results and the version the record reached.
  // The record of the rolls after `since`, page by page (each page is bounded: its
  // next_since is the cursor of the next one); chains merged by anchor, reveals by version.
  async function readRecord(api, since, first) {
    let rec = first ? { ok: true, data: first } : await api("/dice?since=" + since + "&limit=500");
    if (!rec.ok) return rec;
    const record = rec.data;
    for (let pages = 1; rec.data.next_since != null && pages < 10000; pages++) {
      rec = await api("/dice?since=" + rec.data.next_since + "&limit=500");
      if (!rec.ok) return rec;
      record.rolls = record.rolls.concat(rec.data.rolls);
      for (const [s, list] of Object.entries(rec.data.chains || {})) {
        const held = (record.chains[s] = record.chains[s] || []);
        for (const c of list) {
          const same = held.find((x) => x.anchor === c.anchor && x.from_version === c.from_version);
          if (!same) { held.push(c); continue; }
          const known = new Set(same.reveals.map((r) => r.version));
          same.reveals = same.reveals.concat(c.reveals.filter((r) => !known.has(r.version))).sort((a, b) => a.version - b.version);
          if (!c.omitted) delete same.omitted;
        }
      }
      record.version = rec.data.version; record.next = rec.data.next;
    }
    return { ok: true, data: record };
  }

  // `first`: the record's first page when the page already has it (the `dice` of an
  // answer of POST /since or of an action's `next`): only the pages after it are read.
  // `names`: the view's seat_names (the sides by their names in the notes).
  async function verify(api, out, seat, log, since, first, names) {
    since = since > 0 ? since : 0;
    const [rec, lg] = await Promise.all([readRecord(api, since, first), log ? { ok: true, data: log } : api("/log")]);
    if (!rec.ok || !lg.ok) { out.textContent = t("Cannot read the dice record") + ": " + ((rec.data && rec.data.message) || ""); out.className = "error"; return null; }
    const record = rec.data;
    const from = record.since || 0;
    const key = record.game_id + "\n" + seat;
    if (!checked.has(key) || !from) checked.set(key, new Map());
    const done = checked.get(key);
    const shown = {};
    for (const e of lg.data.entries) if (e.seq > from && e.dice_origin === "rolled" && e.dice && e.dice.length) shown[e.seq] = e.dice;
    const listed = new Set(record.rolls.map((r) => r.seq));
    const fresh = check(record, seat, shown, names);
    for (const seq of Object.keys(shown)) {
      if (!listed.has(Number(seq))) fresh.push({ seq: Number(seq), status: "failed", problems: [t("no dice record for this roll")], absent: [] });
    }
    for (const r of fresh) done.set(r.seq, r);
    const results = [...done.values()].sort((a, b) => a.seq - b.seq);
    const failed = results.filter((r) => r.status === "failed");
    const ok = results.filter((r) => r.status === "ok");
    out.replaceChildren();
    // each journal line says how its dice checked (data-dice, drawn by CSS, so the
    // journal's text stays what the server sent)
    for (const li of document.querySelectorAll("#journal li")) {
      const r = done.get(Number(li.getAttribute("value")));
      if (!r) { delete li.dataset.dice; continue; }
      li.dataset.dice = r.status;
      if (r.problems.length) li.title = r.problems.join("; ");
      if (r.without && r.without.length) li.dataset.diceNote = (r.notes || []).join("; "); else delete li.dataset.diceNote;
    }
    const summary = failed.length
      ? t("Rolls that fail") + ": " + failed.map((r) => "#" + r.seq).join(", ")
      : ok.length ? t("Every roll recomputed from the revealed secrets") + " (" + ok.length + ")" : t("No roll to recompute yet.");
    out.append(el("span", { class: failed.length ? "error" : "ok", id: "verify-summary" }, summary));
    const list = el("ul", { class: "dice-checks", id: "verify-list" });
    for (const r of results) {
      const parts = ["#" + r.seq + ": " + (r.status === "ok" ? t("ok") : r.status === "hidden" ? t("hidden from you") : t("FAILS"))];
      if (r.notes) parts.push(...r.notes);
      if (r.absent.length && !r.without) parts.push(t("no secret from") + " " + r.absent.map((s) => (names && names[s]) || s).join(", ") + " (" + t("weaker: the server and the other seats made this roll") + ")");
      parts.push(...r.problems);
      list.append(el("li", { "data-seq": r.seq, class: "dice-" + r.status }, parts.join(" · ")));
    }
    out.append(list);
    out.className = failed.length ? "error" : "ok";
    return { results, version: record.version };
  }

  return { SCHEME, SCHEME_V1, SCHEME_V3, seedSalt, sha256, canonical, actionDigest, sentBefore, markSent, cannotSend, hmacSha256, toHex, fromHex, utf8, seedHash, message, derive, sync, renew, revealFor, revealed, wants, withoutText, actionFields, check, verify };
})();
window.OrdnanceDice = OrdnanceDice;
