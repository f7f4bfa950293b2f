// What the page writes in words (static/table/words.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { clockText, errText, nameCounters, sentence, shortLabel, waitingText } from "../../src/ordnance/server/static/table/words.js";

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
  // a line introducing a counter by label and id does not name it twice
  assert.equal(nameCounters("soviet: T-34 s-t34-1 placed in 0403; s-t34-1 moves", UNITS), "soviet: T-34 s-t34-1 placed in 0403; T-34 moves");
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

test("a countdown reads m:ss, rounded up, never below 0:00", () => {
  assert.equal(clockText(42), "0:42");
  assert.equal(clockText(41.2), "0:42");
  assert.equal(clockText(0.2), "0:01");
  assert.equal(clockText(60), "1:00");
  assert.equal(clockText(125), "2:05");
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(-3), "0:00");
  assert.equal(clockText(null), "0:00");
});

test("a waiting roll names whose element it waits for, by seat name, and the time left", () => {
  const t = (s) => s;
  const names = { axis: "German", allies: "Soviet" };
  // the acting seat: the awaited side and the time left (TABLE-DICE-7)
  assert.equal(waitingText({ by: "allies", waiting_for: ["axis"] }, "allies", names, 42, t), "Waiting for German to roll (0:42 left)");
  // a table that waits as long as it takes: no countdown
  assert.equal(waitingText({ by: "allies", waiting_for: ["axis"] }, "allies", names, null, t), "Waiting for German to roll");
  // the awaited seat itself
  assert.equal(waitingText({ by: "allies", waiting_for: ["axis"] }, "axis", names, 5, t), "Soviet's action is waiting for your dice element (0:05 left)");
  // the awaited seat whose page sent its element already: the roll goes ahead without it
  assert.equal(waitingText({ by: "allies", waiting_for: ["axis"], unsent: true }, "axis", names, 5, t), "Soviet's action rolls without your dice element: this page has sent it already (at the deadline, in 0:05)");
  assert.equal(waitingText({ by: "allies", waiting_for: ["axis"], unsent: true }, "axis", names, 0, t), "Soviet's action rolls without your dice element: this page has sent it already (time is up)");
  // a third seat, and a seat without a name
  assert.equal(waitingText({ by: "allies", waiting_for: ["axis", "neutral"] }, "other", names, 61, t), "Soviet's action is waiting for German, neutral to roll (1:01 left)");
  // past the deadline: it goes without them
  assert.equal(waitingText({ by: "allies", waiting_for: ["axis"] }, "allies", names, 0, t), "Waiting for German to roll (time is up: it rolls without them)");
  // every element in: being drawn, no countdown
  assert.equal(waitingText({ by: "allies", waiting_for: [] }, "allies", names, 30, t), "Rolling your dice…");
  assert.equal(waitingText({ by: "allies", waiting_for: [] }, "axis", names, 30, t), "Soviet's action is rolling…");
});

test("the waiting words go through the page's translator", () => {
  const ru = { "Waiting for {seats} to roll": "Ждём броска: {seats}", "{time} left": "осталось {time}" };
  const t = (s) => ru[s] || s;
  assert.equal(waitingText({ by: "a", waiting_for: ["b"] }, "a", { b: "Немцы" }, 42, t), "Ждём броска: Немцы (осталось 0:42)");
});
