// What the page writes in words (static/table/words.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { errText, nameCounters, sentence, shortLabel } from "../../src/ordnance/server/static/table/words.js";

const UNITS = [
  { id: "g-pziv-1", label: "Panzer IV (veteran)" },
  { id: "s-t34-1", label: "T-34" },
  { id: "s-t34-10", label: "T-34/85" },
  { id: "hq", label: "hq" },
];

test("odds titles and results name counters, not ids", () => {
  assert.equal(nameCounters("g-pziv-1 attacks s-t34-1: net hits", UNITS), "Panzer IV attacks T-34: net hits");
  // an id inside a longer one is left alone
  assert.equal(nameCounters("s-t34-10 fires", UNITS), "T-34/85 fires");
  assert.equal(nameCounters("Hits of hq's HE fire", UNITS), "Hits of hq's HE fire");
  assert.equal(nameCounters("", UNITS), "");
});

test("a refusal reads clause, message and hint", () => {
  assert.equal(errText({ clause: "WAW-HE-a", message: "no dice", hint: "add Firepower" }), "[WAW-HE-a] no dice (add Firepower)");
  assert.equal(errText({ message: "stale" }), "stale");
  assert.equal(errText(null), "");
});

test("a journal sentence names its seat once", () => {
  assert.equal(sentence({ seat: "us", events: [{ text: "us moves abrams" }, { text: "no mines" }] }), "us moves abrams; no mines");
  assert.equal(sentence({ seat: "soviet", events: [{ text: "T-72 fires" }] }), "soviet: T-72 fires");
  // the server names the seat's side: the page shows that name, never the id
  assert.equal(sentence({ seat: "soviet", seat_name: "Soviets", events: [{ text: "T-72 fires" }] }), "Soviets: T-72 fires");
  assert.equal(sentence({ seat: "us", seat_name: "Americans", events: [{ text: "Americans: woods in 0403" }] }), "Americans: woods in 0403");
});

test("a counter's text fits the counter", () => {
  assert.equal(shortLabel({ id: "x", short: "T34" }), "T34");
  assert.equal(shortLabel({ id: "pz", label: "PzKpfw IVH (CA 2)" }), "PzKpfwIVH");  // squeezed, never the id
  assert.equal(shortLabel({ id: "g-squad-1", label: "German regular squad (4 fig.)" }), "Squad");
  assert.equal(shortLabel({ id: "very-long-id-1", label: "Sturmgeschütz III" }), "Sturmges…");
});
