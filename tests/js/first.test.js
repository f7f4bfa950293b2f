// The table page's inline first read (static/first.js): a fresh browser draws its dice
// chain and sends the anchor with the first POST /since; dice.js then takes that root
// (the same chain, recomputed by its own SHA-256) and publishes nothing more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createHash, webcrypto } from "node:crypto";
import vm from "node:vm";

const FIRST = readFileSync(new URL("../../src/ordnance/server/static/first.js", import.meta.url), "utf8");
const DICE = readFileSync(new URL("../../src/ordnance/server/static/dice.js", import.meta.url), "utf8");

function storage(entries) {
  const items = new Map(entries);
  return {
    get length() { return items.size; },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    items,
  };
}

// first.js run as the page runs it: the table's path, the seat link's fragment, a fetch
async function page(entries = [], secure = false) {
  const sent = [];
  const localStorage = storage(entries);
  const window = {
    fetch: (url, init) => { sent.push({ url, init, body: JSON.parse(init.body) }); return Promise.resolve({ ok: true }); },
    crypto: webcrypto,
    isSecureContext: secure,
  };
  const context = {
    window, localStorage, crypto: webcrypto, fetch: window.fetch, URLSearchParams, TextEncoder, Promise, JSON,
    location: { pathname: "/t/g1", hash: "#seat=tok" },
    document: { documentElement: { lang: "en" }, querySelectorAll: () => [] },
    t: (s) => s,
  };
  vm.runInNewContext(FIRST, context);
  // the anchor is drawn before the read leaves (asynchronously, crypto.subtle or not)
  for (let i = 0; i < 1000 && !sent.length; i++) await new Promise((r) => setTimeout(r, 2));
  return { window, context, sent, localStorage };
}

function anchorOf(rootHex) {
  let h = Buffer.from(rootHex, "hex");
  for (let i = 0; i < 2048; i++) h = createHash("sha256").update(h).digest();
  return h.toString("hex");
}

for (const secure of [false, true]) test(`a fresh browser sends its chain's anchor with the first read (crypto.subtle: ${secure})`, async () => {
  const { window, sent } = await page([], secure);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].url, "/api/tables/g1/since");
  const { anchor, ...rest } = sent[0].body;
  assert.deepEqual(rest, { version: null, dice_since: null });
  assert.match(anchor, /^[0-9a-f]{64}$/);
  // main.js's first body (without the anchor) takes the request under way, once
  assert.equal((await window.OrdnanceFirstSince.take("tok", { version: null, dice_since: null })).ok, true);
  assert.equal(window.OrdnanceFirstSince.take("tok", { version: null, dice_since: null }), null);
  const root = window.OrdnanceFirstSince.root("g1");
  assert.equal(anchorOf(root), anchor); // SHA-256 applied 2,048 times, as dice.js draws it
  assert.equal(window.OrdnanceFirstSince.root("g1"), null); // handed over once
});

test("a browser holding a chain for this table sends no anchor", async () => {
  const { window, sent } = await page([["ordnance:dice-root:g1:axis", JSON.stringify("ab".repeat(32))]]);
  assert.deepEqual(sent[0].body, { version: null, dice_since: null });
  assert.equal(window.OrdnanceFirstSince.root("g1"), null);
  // another table's chain does not count
  const other = await page([["ordnance:dice-root:g2:axis", JSON.stringify("ab".repeat(32))]]);
  assert.match(other.sent[0].body.anchor, /^[0-9a-f]{64}$/);
});

test("dice.js keeps the first read's root and publishes no other anchor", async () => {
  const first = await page();
  const anchor = first.sent[0].body.anchor;
  const context = Object.assign(first.context, { window: first.window });
  vm.runInNewContext(DICE, context);
  const calls = [];
  const api = async (path) => { calls.push(path); return { ok: true, data: {} }; };
  const view = {
    game_id: "g1", seat: "axis", version: 0, commitment: { hash: "84".repeat(32) },
    dice: { mode: "server", pending: null, chain: { anchor, newest: anchor, from_version: 0, last: null, revealed: null } },
  };
  assert.equal(await first.window.OrdnanceDice.sync(api, view), null);
  assert.deepEqual(calls, []); // the server already shows this page's anchor
  const kept = JSON.parse(first.localStorage.getItem("ordnance:dice-root:g1:axis"));
  assert.equal(anchorOf(kept), anchor); // stored under the seat's key for the next loads
});

test("dice.js publishes its chain if the server does not show the first read's anchor", async () => {
  const first = await page();
  const context = Object.assign(first.context, { window: first.window });
  vm.runInNewContext(DICE, context);
  const calls = [];
  const api = async (path, init) => { calls.push([path, init.body]); return { ok: true, data: {} }; };
  const view = {
    game_id: "g1", seat: "axis", version: 0, commitment: { hash: "84".repeat(32) },
    dice: { mode: "server", pending: null, chain: { anchor: null, newest: null, from_version: 0, last: null, revealed: null } },
  };
  await first.window.OrdnanceDice.sync(api, view);
  assert.deepEqual(calls.map(([path, body]) => [path, body.anchor]), [["/dice/anchor", first.sent[0].body.anchor]]);
});
