// The calculators page: one form per calculator, generated from its JSON Schema
// (GET /api/calculators gives the same); the answer drawn by its hint (a
// distribution as bars, a comparison as grouped bars, a table), refusals
// beside the field. The question lives in the fragment (#name?field=value...),
// so the address can be shared. Knows no game.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("calc-data").textContent);
  const pick = document.getElementById("calc-pick");
  const form = document.getElementById("calc-form");
  const help = document.getElementById("calc-help");
  const errorBox = document.getElementById("calc-error");
  const answerBox = document.getElementById("calc-answer");
  const SVG = "http://www.w3.org/2000/svg";
  const byName = Object.fromEntries(data.calculators.map((c) => [c.name, c]));

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function frac(p) {
    if (typeof p === "number") return p;
    const [n, d] = String(p).split("/");
    return Number(n) / Number(d || 1);
  }
  function kind(prop) {
    const options = prop.anyOf ? prop.anyOf.filter((x) => x.type !== "null") : [prop];
    const one = options[0] || {};
    return { type: one.type || "string", enum: one.enum, items: one.items };
  }

  function buildForm(calc, values) {
    form.replaceChildren();
    help.textContent = calc.help;
    const props = calc.schema.properties || {};
    const required = new Set(calc.schema.required || []);
    for (const [name, prop] of Object.entries(props)) {
      const k = kind(prop);
      const label = el("label", { "data-field": name }, (prop.title || name) + " ");
      let input;
      if (k.enum) {
        input = el("select", { name });
        if (!required.has(name)) input.append(el("option", { value: "" }, "-"));
        for (const v of k.enum) input.append(el("option", { value: v }, v));
      } else if (k.type === "boolean") {
        input = el("input", { name, type: "checkbox" });
      } else {
        input = el("input", { name, type: k.type === "integer" || k.type === "number" ? "number" : "text" });
      }
      input.title = prop.description || "";
      const given = values[name] !== undefined ? values[name] : prop.default;
      if (given !== undefined && given !== null) {
        if (k.type === "boolean") input.checked = given === true || given === "true";
        else input.value = Array.isArray(given) ? given.join("; ") : given;
      }
      const problem = el("span", { class: "error field-error", "data-error-for": name });
      problem.hidden = true;
      label.append(input, problem);
      if (prop.description) label.append(el("small", {}, " " + prop.description));
      form.append(label);
    }
    form.append(el("button", { type: "submit", id: "calc-ask" }, t("Ask")));
  }

  function question(calc) {
    const props = calc.schema.properties || {};
    const out = {};
    for (const [name, prop] of Object.entries(props)) {
      const input = form.elements[name];
      if (!input) continue;
      const k = kind(prop);
      if (k.type === "boolean") {
        if (input.checked !== (prop.default === true)) out[name] = input.checked;
        continue;
      }
      const text = input.value.trim();
      if (text === "") continue;
      if (k.type === "array") {
        // numbers: "3, 2"; words and hexes ("2,0", "Motor Rifle Infantry"): one per ";"
        const numbers = k.items && (k.items.type === "integer" || k.items.type === "number");
        out[name] = prop["x-parsed"] ? text : text.split(numbers ? /[\s,;]+/ : /\s*;\s*/)
          .filter(Boolean).map((x) => numbers ? Number(x) : x);
      } else if (k.type === "integer" || k.type === "number") {
        out[name] = Number(text);
      } else {
        out[name] = text;
      }
    }
    return out;
  }

  function toHash(name, q) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) params.set(k, Array.isArray(v) ? v.join(";") : String(v));
    return "#" + name + (params.toString() ? "?" + params.toString() : "");
  }
  function fromHash() {
    const raw = decodeURIComponent(location.hash.slice(1));
    const [name, query] = raw.split("?");
    const values = {};
    for (const [k, v] of new URLSearchParams(query || "")) values[k] = v;
    return { name, values };
  }

  function bars(entries, title, xlabel) {
    // entries: [[label, p]]; one bar each
    const w = Math.max(320, entries.length * 56 + 60), h = 220, base = 180;
    const box = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img", class: "calc-chart" });
    box.append(svg("title", {}, title));
    const top = Math.max(...entries.map(([, p]) => frac(p)), 1e-9);
    entries.forEach(([label, p], i) => {
      const x = 40 + i * 56, bh = (frac(p) / top) * 150;
      const bar = svg("rect", { x, y: base - bh, width: 40, height: bh, fill: "#4a6fa5", class: "calc-bar" });
      bar.append(svg("title", {}, `${label}: ${p}`));
      box.append(bar);
      box.append(svg("text", { x: x + 20, y: base + 14, "text-anchor": "middle", "font-size": 11 }, label));
      box.append(svg("text", { x: x + 20, y: base - bh - 4, "text-anchor": "middle", "font-size": 10 },
        (frac(p) * 100).toFixed(1) + "%"));
    });
    if (xlabel) box.append(svg("text", { x: w / 2, y: h - 4, "text-anchor": "middle", "font-size": 11 }, xlabel));
    return box;
  }
  function grouped(comp, title) {
    const colours = ["#4a6fa5", "#c0504d", "#9bbb59", "#8064a2"];
    const n = comp.series.length, group = n * 26 + 20;
    const w = Math.max(320, comp.x.length * group + 60), h = 240, base = 190;
    const box = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img", class: "calc-chart" });
    box.append(svg("title", {}, title));
    comp.x.forEach((label, i) => {
      const gx = 40 + i * group;
      comp.series.forEach((s, j) => {
        const p = s.values[i], bh = frac(p) * 160;
        const bar = svg("rect", { x: gx + j * 26, y: base - bh, width: 22, height: bh, fill: colours[j % 4], class: "calc-bar" });
        bar.append(svg("title", {}, `${label} ${s.name}: ${p}`));
        box.append(bar);
      });
      box.append(svg("text", { x: gx + (n * 26) / 2, y: base + 14, "text-anchor": "middle", "font-size": 11 }, label));
    });
    comp.series.forEach((s, j) => {
      box.append(svg("rect", { x: 40 + j * 90, y: h - 22, width: 12, height: 12, fill: colours[j % 4] }));
      box.append(svg("text", { x: 56 + j * 90, y: h - 12, "font-size": 11 }, s.name));
    });
    return box;
  }
  function table(t) {
    const tbl = el("table", { class: "calc-table" });
    if (t.title) tbl.append(el("caption", {}, t.title));
    const head = el("tr");
    for (const c of t.columns) head.append(el("th", {}, c));
    tbl.append(head);
    for (const row of t.rows) {
      const tr = el("tr");
      for (const c of row) tr.append(el("td", {}, String(c)));
      tbl.append(tr);
    }
    return tbl;
  }

  function show(answer) {
    answerBox.replaceChildren(el("h2", {}, answer.title));
    if (answer.comparison) answerBox.append(grouped(answer.comparison, answer.title));
    if (answer.distribution) {
      answerBox.append(bars(Object.entries(answer.distribution), answer.title, answer.xlabel));
      const odds = { columns: [answer.xlabel || t("outcome"), t("exact")], rows: Object.entries(answer.distribution) };
      answerBox.append(table(odds));
    }
    if (answer.table) answerBox.append(table(answer.table));
    for (const line of answer.lines || []) answerBox.append(el("p", {}, line));
  }
  function refuse(body) {
    errorBox.hidden = false;
    errorBox.textContent = (body.clause ? `[${body.clause}] ` : "") + (body.message || "refused");
    for (const p of body.problems || (body.field ? [{ field: body.field, message: body.message, clause: body.clause }] : [])) {
      const top = String(p.field).split(".")[0];
      const slot = form.querySelector(`[data-error-for="${top}"]`);
      if (slot) {
        slot.hidden = false;
        slot.textContent = (p.clause ? `[${p.clause}] ` : "") + p.message + (p.value ? ` (${p.value})` : "");
      }
    }
  }

  async function ask(calc, q) {
    errorBox.hidden = true;
    for (const slot of form.querySelectorAll("[data-error-for]")) { slot.hidden = true; slot.textContent = ""; }
    const lang = data.lang && data.lang !== "en" ? `?lang=${encodeURIComponent(data.lang)}` : "";
    const res = await fetch(`/api/calculators/${encodeURIComponent(data.game)}/${encodeURIComponent(calc.name)}${lang}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(q),
    });
    const body = await res.json();
    if (res.ok) show(body); else { answerBox.replaceChildren(); refuse(body); }
  }

  function open(name, values, run) {
    const calc = byName[name] || data.calculators[0];
    if (!calc) return;
    pick.value = calc.name;
    buildForm(calc, Object.keys(values).length ? values : (calc.example || {}));
    answerBox.replaceChildren();
    errorBox.hidden = true;
    if (run) ask(calc, question(calc));
  }

  pick.addEventListener("change", () => open(pick.value, {}, false));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const calc = byName[pick.value];
    const q = question(calc);
    history.replaceState(null, "", toHash(calc.name, q));
    ask(calc, q);
  });
  const start = fromHash();
  open(start.name, start.values, Boolean(start.name));
})();
