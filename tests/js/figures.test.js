// The odds panel's figures (static/table/figures.js): what is drawn, in order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fractionValue, oddsFigures, percent, refused } from "../../src/ordnance/server/static/table/figures.js";

// the /odds answer of a T-34/85 firing AP at a vehicle at range 4, AF 8 (ASL C8)
const ASL = {
  title: "t34: ordinary shot, malfunction on DR >= 12",
  distribution: { malfunction: "1/36", "no malfunction": "35/36" },
  whole_shot: { p_hit: "11/12", p_kill: "289/432", outcomes: { burn: "227/1296", eliminated: "40/81", "no hit": "1/12" } },
  p_hit: "11/12",
  p_kill: "289/432",
  compare: {
    chart: { kind: "bar", x: ["AP", "APCR"], series: { p_hit: ["11/12", "5/18"], p_kill: ["289/432", "175/648"] } },
    rows: [], refused: { HEAT: { message: "HEAT is used", clause: "ASL-8.9-e" } }, target: "vehicle", af: 8, range: 4, shots: 1,
  },
  // added by the server from the game's odds model (core.shapes.Figure)
  labels: { p_hit: "Chance to hit", p_kill: "Chance to kill" },
  headline: ["p_hit", "p_kill"],
};

test("fractions read exactly as their value", () => {
  assert.equal(fractionValue("1/4"), 0.25);
  assert.equal(fractionValue("1"), 1);
  assert.equal(fractionValue("0/1"), 0);
  assert.equal(percent("289/432"), "66.9%");
  // a chance that is there, however small, never reads as none (or as certain)
  assert.equal(percent("1/4374"), "<0.1%");
  assert.equal(percent("4373/4374"), ">99.9%");
  assert.equal(percent("0"), "0.0%");
  assert.equal(percent("1"), "100.0%");
});

test("an ASL shot heads with hit and kill, then every outcome and the ammunition chart", () => {
  const f = oddsFigures(ASL);
  assert.deepEqual(f.headline.map((h) => [h.key, h.value]), [["p_hit", "11/12"], ["p_kill", "289/432"]]);
  assert.deepEqual(f.outcomes.map(([k]) => k), ["burn", "eliminated", "no hit"]);
  assert.deepEqual(f.chart.x, ["AP", "APCR"]);
  assert.deepEqual(f.chart.series.p_kill, ["289/432", "175/648"]);
  assert.deepEqual(f.compareRefused, [["HEAT", "[ASL-8.9-e] HEAT is used"]]);
  // the depletion / malfunction check is still drawn, after the headline
  assert.deepEqual(f.distribution.map(([k]) => k), ["malfunction", "no malfunction"]);
  assert.equal(f.shotRefused, null);
});

test("a refused whole shot is said, with its clause", () => {
  const f = oddsFigures({ title: "x", distribution: { used: "1/2", "not-available": "1/2" }, whole_shot: { refused: "no AF", clause: "ASL-C7" } });
  assert.deepEqual(f.shotRefused, { message: "no AF", clause: "ASL-C7" });
});

test("a count distribution heads with the chance of at least one and the mean", () => {
  const f = oddsFigures({ title: "hits", distribution: { 0: "1/4", 1: "1/2", 2: "1/4" }, attack_dice: 4, hit_on: 5, munitions: ["AP", "HE"] });
  assert.equal(f.headline[0].key, "at_least_one");
  assert.equal(f.headline[0].value, 0.75);
  assert.equal(f.headline[1].key, "mean");
  assert.equal(f.headline[1].value, 1);
  assert.deepEqual(f.facts, [["attack_dice", 4, null], ["hit_on", 5, null], ["munitions", "AP, HE", null]]);
});

test("other outcomes head with the most likely one; nested tables are drawn too", () => {
  const f = oddsFigures({ title: "m", distribution: { safe: "5/6", hit: "1/6" }, units: { t72: { 0: "1/2", 1: "1/2" } }, outcomes: { a: "1/3", b: "2/3" } });
  assert.deepEqual(f.headline, [{ key: "most_likely", value: "5/6", outcome: "safe" }]);
  assert.deepEqual(f.tables.map((x) => x.key), ["units: t72", "outcomes"]);
});

test("the game's headline and titles come with the answer: no key is shown as a name", () => {
  // a Tide of Iron attack on a vehicle, as the server answers it (labels from ToIAttackOdds)
  const f = oddsFigures({
    title: "T-34/76 attacks Panther: net hits", distribution: { 0: "1/2", 1: "1/2" },
    p_kill: "1/8", attack_dice: 5, hit_on: 5, munitions: [], p_damage: "1/2",
    after: { undamaged: "1/2", "lightly damaged": "3/8", destroyed: "1/8" },
    labels: { p_kill: "Chance to destroy the target", p_damage: "Chance to damage the vehicle", after: "The target after the attack",
      attack_dice: "Attack dice (black)", hit_on: "Each attack die hits on", munitions: "Munitions revealed" },
    headline: ["p_kill", "p_damage"],
  });
  assert.deepEqual(f.headline.map((h) => [h.key, h.title, h.value]), [
    ["p_kill", "Chance to destroy the target", "1/8"], ["p_damage", "Chance to damage the vehicle", "1/2"]]);
  assert.deepEqual(f.tables.map((x) => x.title), ["The target after the attack"]);
  assert.deepEqual(f.facts, [["attack_dice", 5, "Attack dice (black)"], ["hit_on", 5, "Each attack die hits on"], ["munitions", "—", "Munitions revealed"]]);
});

test("a headline of one chance per unit gives a line per unit", () => {
  const f = oddsFigures({ title: "HE", distribution: { 0: "1/2", 1: "1/2" }, harmed: { t72: "1/2", bmp: "1/4" },
    labels: { harmed: "Chance each unit is harmed" }, headline: ["harmed"] });
  assert.deepEqual(f.headline.map((h) => [h.outcome, h.value]), [["t72", "1/2"], ["bmp", "1/4"]]);
  assert.equal(f.tables.length, 0);
});

test("a refusal is never drawn as odds", () => {
  assert.equal(refused({ distribution: { refused: "1/1" } }), true);
  assert.equal(refused({ distribution: {} }), true);
  assert.equal(refused({ distribution: { 0: "1/1" } }), false);
});
