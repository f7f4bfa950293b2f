// Shared helpers for the lobby and the table: translation, DOM building,
// and forms generated from JSON schemas (the games' Pydantic models).
"use strict";

// The pages carry their data in JSON blocks (<script type="application/json">),
// which are never executed: the Content-Security-Policy allows no inline script.
function pageData(id, fallback) {
  const node = document.getElementById(id);
  if (!node) return fallback;
  try { return JSON.parse(node.textContent); } catch (e) { return fallback; }
}
window.I18N = Object.assign({}, pageData("i18n-data", {}), pageData("i18n-page-data", {}));
window.GAMES = pageData("games-data", window.GAMES);
window.GAME_ID = pageData("game-id-data", window.GAME_ID);

function t(s) { return (window.I18N && window.I18N[s]) || s; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "style") node.style.cssText = String(v);  // CSSOM: allowed by the CSP, unlike a style attribute
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function resolveRef(schema, root) {
  let s = schema || {};
  for (let i = 0; i < 10 && s.$ref; i++) {
    const name = s.$ref.split("/").pop();
    s = Object.assign({}, ((root.$defs || root.definitions || {})[name]) || {}, s, { $ref: undefined });
  }
  if (s.allOf && s.allOf.length === 1) s = Object.assign({}, resolveRef(s.allOf[0], root), s, { allOf: undefined });
  return s;
}

function nonNull(schema, root) {
  const s = resolveRef(schema, root);
  const alts = s.anyOf || s.oneOf;
  if (alts) {
    const rest = alts.filter((a) => resolveRef(a, root).type !== "null");
    if (rest.length === 1) return [Object.assign({}, resolveRef(rest[0], root), { title: s.title, description: s.description, default: s.default }), true];
  }
  return [s, false];
}

// Build form fields for an object schema; returns {node, collect(), hexes()}.
// Conventions (ordnance.core.forms): "enum" with a parallel "x-labels" list is a
// choice (a <select>, or checkboxes for a list); "x-hex": "one"|"many" marks hex
// fields, which get a "pick on map" button (opts.onHexField wires it).
function schemaForm(schema, fixed, opts) {
  opts = opts || {};
  const root = schema || {};
  const obj = resolveRef(root, root);
  const props = obj.properties || {};
  const required = new Set(obj.required || []);
  const getters = [];
  const hexInputs = [];
  const box = el("div", { class: "fields" });
  for (const [name, raw] of Object.entries(props)) {
    if (fixed && name in fixed) continue;
    const [s, nullable] = nonNull(raw, root);
    const hexKind = raw["x-hex"] || s["x-hex"];
    const label = s.title || name;
    const id = "f-" + Math.random().toString(36).slice(2);
    const isReq = required.has(name) && !nullable;
    const items = s.type === "array" && s.items ? resolveRef(s.items, root) : null;
    let input;
    let read;
    let extra = null;
    if (s.const !== undefined) {
      getters.push(() => [name, s.const]);
      continue;
    }
    if (s.enum) {
      const labels = s["x-labels"];
      if (s.enum.length === 1 && !labels) { getters.push(() => [name, s.enum[0]]); continue; }
      input = el("select", { id, name });
      if (!isReq) input.append(el("option", { value: "", "data-raw": "" }, "-"));
      s.enum.forEach((v, i) => input.append(el("option", { value: JSON.stringify(v), "data-raw": String(v) }, labels ? String(labels[i]) : String(v))));
      if (s.default !== undefined && s.default !== null) input.value = JSON.stringify(s.default);
      else if (isReq && s.enum.length) input.value = JSON.stringify(s.enum[0]);
      read = () => (input.value === "" ? undefined : JSON.parse(input.value));
    } else if (items && items.enum) {
      const labels = items["x-labels"];
      input = el("div", { id, class: "checks", "data-name": name, role: "group" });
      const boxes = items.enum.map((v, i) => {
        const cb = el("input", { type: "checkbox", name, value: JSON.stringify(v), "data-raw": String(v) });
        input.append(el("label", { class: "check" }, cb, el("span", {}, labels ? String(labels[i]) : String(v))));
        return cb;
      });
      read = () => {
        const picked = boxes.filter((b) => b.checked).map((b) => JSON.parse(b.value));
        return picked.length ? picked : undefined;
      };
    } else if (s.type === "boolean") {
      input = el("input", { id, name, type: "checkbox" });
      input.checked = !!s.default;
      read = () => input.checked;
    } else if (s.type === "integer" || s.type === "number") {
      input = el("input", { id, name, type: "number", step: s.type === "integer" ? "1" : "any",
        min: s.minimum ?? s.exclusiveMinimum, max: s.maximum ?? s.exclusiveMaximum, inputmode: "numeric" });
      if (s.default !== undefined && s.default !== null) input.value = s.default;
      read = () => (input.value === "" ? undefined : Number(input.value));
    } else if (hexKind === "many" || (items && hexKind)) {
      // hexes are "q,r": a list of them is separated by spaces
      input = el("input", { id, name, type: "text", placeholder: "3,2 4,2", class: "hex-input", "data-hex": "many", autocomplete: "off" });
      read = () => {
        const parts = input.value.split(/[\s;]+/).filter(Boolean);
        return parts.length ? parts : undefined;
      };
    } else if (s.type === "array" && items && ["integer", "number", "string"].includes(items.type)) {
      input = el("input", { id, name, type: "text", placeholder: "a, b, c" });
      if (Array.isArray(s.default)) input.value = s.default.join(", ");
      read = () => {
        const parts = input.value.split(/[\s,]+/).filter(Boolean);
        if (!parts.length) return undefined;
        return items.type === "string" ? parts : parts.map(Number);
      };
    } else if (s.type === "string") {
      input = el("input", { id, name, type: "text", placeholder: hexKind ? "3,2" : (s.examples ? String(s.examples[0]) : ""),
        class: hexKind ? "hex-input" : null, "data-hex": hexKind ? "one" : null, autocomplete: hexKind ? "off" : null });
      if (s.default !== undefined && s.default !== null) input.value = s.default;
      read = () => (input.value === "" ? undefined : input.value);
    } else {
      input = el("textarea", { id, name, rows: "2", placeholder: "JSON" });
      if (s.default !== undefined) input.value = JSON.stringify(s.default);
      read = () => {
        if (input.value.trim() === "") return undefined;
        try { return JSON.parse(input.value); } catch (e) { return input.value; }
      };
    }
    if (isReq && input.tagName !== "DIV") input.setAttribute("required", "");
    if (input.dataset && input.dataset.hex) {
      hexInputs.push(input);
      if (opts.onHexField) extra = opts.onHexField(input, input.dataset.hex === "many");
    }
    const control = extra ? el("span", { class: "with-pick" }, input, extra) : input;
    box.append(el(input.tagName === "DIV" ? "div" : "label", { for: input.tagName === "DIV" ? null : id, class: "field", title: s.description || null },
      el("span", { class: "lbl" }, label + (isReq ? " *" : "")), control));
    getters.push(() => [name, read()]);
  }
  return {
    node: box,
    collect() {
      const out = Object.assign({}, fixed || {});
      for (const g of getters) {
        const [k, v] = g();
        if (v !== undefined) out[k] = v;
      }
      return out;
    },
    hexes() {
      return hexInputs.flatMap((i) => i.value.split(/[\s;]+/).filter(Boolean));
    },
  };
}

// Render any JSON value as nested lists/tables (for the seat's generic view).
function renderValue(value, depth) {
  depth = depth || 0;
  if (value === null || value === undefined) return el("span", { class: "muted" }, "-");
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted" }, "[]");
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      const table = el("table", { class: "data" },
        el("thead", {}, el("tr", {}, keys.map((k) => el("th", {}, k)))));
      const body = el("tbody");
      for (const row of value) body.append(el("tr", {}, keys.map((k) => el("td", {}, renderValue(row[k], depth + 1)))));
      table.append(body);
      return table;
    }
    return el("span", {}, value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", "));
  }
  if (typeof value === "object") {
    const dl = el("dl", { class: "kv" });
    for (const [k, v] of Object.entries(value)) dl.append(el("dt", {}, k), el("dd", {}, renderValue(v, depth + 1)));
    return dl;
  }
  return el("span", {}, String(value));
}
