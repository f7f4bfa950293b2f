// The pure parts of the page's dice half (static/dice.js): the pending action's digest
// with its salt, and the rule that an element the server saw is never offered again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../src/ordnance/server/static/dice.js", import.meta.url), "utf8");

// dice.js is a classic script for the page: run it with a window, a localStorage and t()
function load() {
  const items = new Map();
  const localStorage = {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
  };
  const window = {};
  const context = { window, localStorage, crypto: webcrypto, TextEncoder, t: (s) => s, document: { querySelectorAll: () => [] } };
  window.crypto = webcrypto;
  vm.runInNewContext(SOURCE, context);
  return window.OrdnanceDice;
}

const ACTION = {
  type: "attack", dice: 8, target: "2,0", note: 'é Ω "q" \n\u001f',
  z: [1, null, true, { b: 1, a: 2 }], "Ωk": 1, "ék": 2, "\u{1F600}": 3,
};
// ordnance.server.dice_scheme.action_digest("example", 3, "allies", ACTION, "84" * 32, salt)
const WITH_SALT = "65c7c60edb466cfe4562ecc09bcd98fb5a412abbf97adf322cdf24cc09e46b45";
const NO_SALT = "956b099c29b0f43cddc98f833297ee9ff5af527b6de127a354819ff49b1dc3b7";

test("the digest of an action equals Python's, with its salt and without", () => {
  const D = load();
  assert.equal(D.canonical({ b: [1, "x"], a: null }), '{"a":null,"b":[1,"x"]}');
  assert.equal(D.actionDigest("example", 3, "allies", ACTION, "84".repeat(32), "5a".repeat(32)), WITH_SALT);
  assert.equal(D.actionDigest("example", 3, "allies", ACTION, "84".repeat(32), null), NO_SALT);
  // another salt, another digest: the salt is in what is hashed
  assert.notEqual(D.actionDigest("example", 3, "allies", ACTION, "84".repeat(32), "5b".repeat(32)), WITH_SALT);
  // a number JSON cannot say was an integer in Python is not checked here
  assert.equal(D.actionDigest("example", 3, "allies", { type: "x", f: 0.5 }, "84".repeat(32), null), null);
});

function record(pending, digest) {
  return {
    game_id: "example", seats: ["allies", "axis"], chains: {},
    rolls: [{ seq: 4, version: 3, scheme: D0.SCHEME, hash: "84".repeat(32), seed: null, dice: null,
              elements: { allies: null, axis: null }, without: ["axis"],
              pending: Object.assign({ digest, commit_seq: 7, seat: "allies", awaited: [] }, pending) }],
  };
}
const D0 = load();

test("the page's verifier fails a roll whose digest is not its action's", () => {
  const D = load();
  const ok = D.check(record({ action: ACTION, salt: "5a".repeat(32) }, WITH_SALT), "axis");
  assert.equal(JSON.stringify(ok[0].problems), "[]");
  // the salt dropped, or another action recorded: the digest no longer matches
  for (const pending of [{ action: ACTION, salt: null }, { action: { ...ACTION, target: "3,0" }, salt: "5a".repeat(32) }]) {
    const bad = D.check(record(pending, WITH_SALT), "axis");
    assert.ok(bad[0].problems.some((p) => p.includes("the action's digest is not the digest of the action recorded")), JSON.stringify(bad[0]));
    assert.equal(bad[0].status, "failed");
  }
  // an action hidden from this seat (null, with its salt) is not checked
  assert.equal(JSON.stringify(D.check(record({ action: null, salt: null }, WITH_SALT), "axis")[0].problems), "[]");
});

// the v3 digest: its salt is dice_scheme.seed_salt of the roll's seed ("ab" * 32), and
// both are Python's (seed_hash, seed_salt, action_digest(..., SCHEME_V3))
const SEED = "ab".repeat(32);
const SEED_HASH = "271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a";
const SEED_SALT = "9daccdb2728d75ee0866c16d8d73da7920b7b473e8a4d37b8e2c2206c0616a68";
const V3_DIGEST = "aedd1a35eb73c9d6633298ec53e4925a7aa895f3e1a897f51c600d1b708ea3aa";

function seeded(pending) {
  const rec = record(Object.assign({ action: ACTION, scheme: D0.SCHEME_V3 }, pending), V3_DIGEST);
  Object.assign(rec.rolls[0], { hash: SEED_HASH, seed: SEED });
  return rec;
}

test("the salt is recomputed from the revealed seed, and a salt not from it fails", () => {
  const D = load();
  assert.equal(D.seedSalt(SEED, "example", 3, "allies"), SEED_SALT);
  assert.equal(D.seedSalt("ab".repeat(32), "g1", 3, "a"), "98a6ad0e28d4a4c6ffd90ec732c915204bbdb8e1c92315b496105f05650871c6");
  assert.equal(D.actionDigest("example", 3, "allies", ACTION, SEED_HASH, SEED_SALT, D.SCHEME_V3), V3_DIGEST);
  const ok = D.check(seeded({ salt: SEED_SALT }), "axis")[0];
  assert.equal(JSON.stringify(ok.problems), "[]");
  const bad = D.check(seeded({ salt: "5a".repeat(32) }), "axis")[0];
  assert.equal(bad.status, "failed");
  assert.ok(bad.problems.includes("salt: the published salt is not the one derived from the revealed seed"), JSON.stringify(bad));
});

test("a random salt from before the derived salt is noted, and refused after one", () => {
  const D = load();
  // v2 digest with a random salt (WITH_SALT): accepted, but said to be the operator's choice
  const old = D.check(record({ action: ACTION, salt: "5a".repeat(32) }, WITH_SALT), "axis")[0];
  assert.equal(JSON.stringify(old.problems), "[]");
  assert.ok(old.notes.some((n) => n.startsWith("random salt (before the salt derived from the seed)")));
  // the same roll after a v3 one fails
  const both = seeded({ salt: SEED_SALT });
  both.rolls.push(Object.assign({}, record({ action: ACTION, salt: "5a".repeat(32) }, WITH_SALT).rolls[0], { seq: 5 }));
  const [first, second] = D.check(both, "axis");
  assert.equal(JSON.stringify(first.problems), "[]");
  assert.ok(second.problems.includes("salt: a random salt after rolls whose salt came from the seed"), JSON.stringify(second));
});

test("an element once sent is never offered again, at the same version or a later one", () => {
  const D = load();
  const e = "ab".repeat(32);
  assert.equal(D.sentBefore("g", "axis", e), false);
  D.markSent("g", "axis", e, 1);
  assert.equal(D.sentBefore("g", "axis", e), true); // the refused version itself
  assert.equal(D.sentBefore("g", "axis", "cd".repeat(32)), false); // a fresh chain's element
});

test("an action does not carry an element the server saw and refused", () => {
  const D = load();
  // the page's view at version 1 with this seat's chain in force (anchor = the chain's)
  const view = { game_id: "g2", seat: "allies", version: 1, commitment: { hash: "84".repeat(32) }, dice: null };
  const first = D.actionFields(view);
  assert.equal(JSON.stringify(Object.keys(first)), '["commitment"]'); // no chain known yet: no element
  const withChain = async () => {
    let anchor = null;
    const api = async (path, opts) => { if (path === "/dice/anchor") anchor = opts.body.anchor; return { ok: true }; };
    await D.sync(api, { ...view, dice: { chain: { anchor: "00".repeat(32), from_version: 0 } } });
    return anchor;
  };
  return withChain().then((anchor) => {
    const v = { ...view, dice: { chain: { anchor, last: anchor, from_version: 0 } } };
    const sent = D.actionFields(v).element;
    assert.match(sent, /^[0-9a-f]{64}$/);
    // the action was refused (nothing recorded: the view still shows the same last element)
    assert.equal(D.actionFields(v).element, undefined);
    assert.equal(D.actionFields({ ...v, version: 2 }).element, undefined);
  });
});

test("bytes are written as lowercase hex, every byte value", () => {
  const D = load();
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  assert.equal(D.toHex(all), Buffer.from(all).toString("hex"));
  assert.equal(D.toHex(new Uint8Array(0)), "");
});
