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

// The branch of an "X | None" schema that holds the value, keeping the outer
// title, description, default and x- keys (x-labels, x-hex, x-piece, x-group).
function nonNull(schema, root) {
  const s = resolveRef(schema, root);
  const alts = s.anyOf || s.oneOf;
  if (alts) {
    const rest = alts.filter((a) => resolveRef(a, root).type !== "null");
    if (rest.length === 1) {
      const out = Object.assign({}, resolveRef(rest[0], root));
      for (const [k, v] of Object.entries(s)) if (k !== "anyOf" && k !== "oneOf" && v !== undefined) out[k] = v;
      return [out, true];
    }
  }
  return [s, false];
}

// "heat_he_equiv_h9" -> "Heat he equiv h9": only when a game gave no title
function humanName(name) { const s = String(name).replace(/[_.]+/g, " ").trim(); return s.charAt(0).toUpperCase() + s.slice(1); }

// A hex typed by its printed number (C5, 0305) is sent as its "q,r" id (the board's labels).
function hexOf(text) { return (window.HEX_BY_LABEL && window.HEX_BY_LABEL.get(String(text).toUpperCase())) || text; }

// a hex field's placeholder in the map's own numbering (0302, C5), never the core's "q,r":
// the schema's example when it is a printed id, else the printed id of the example hex,
// else the board's first printed id; "3,2" only where no board is drawn (the lobby)
function hexPlaceholder(s) {
  const ex = Array.isArray(s.examples) ? [].concat(s.examples[0] || [])[0] : undefined;
  const labels = window.HEX_BY_LABEL;
  if (!labels || !labels.size) return ex ? String(ex) : "3,2";
  if (ex && labels.has(String(ex).toUpperCase())) return String(ex);
  for (const [label, hex] of labels) if (hex === String(ex || "3,2")) return label;
  return labels.keys().next().value;
}

function uid() { return "f-" + Math.random().toString(36).slice(2); }

// One control for a schema node. Returns {node, read(), hexInputs}; `path` is the
// form name of the value ("options.elite_scope" inside a nested object).
function buildControl(path, raw, root, opts, isReq) {
  const [s, nullable] = nonNull(raw, root);
  const hexKind = raw["x-hex"] || s["x-hex"];
  const id = uid();
  const items = s.type === "array" && s.items ? resolveRef(s.items, root) : null;
  const labels = s["x-labels"] || raw["x-labels"];
  const hexInputs = [];
  let input;
  let read;
  if (s.const !== undefined) return { fixed: true, read: () => s.const, hexInputs };
  if (s.enum) {
    if (s.enum.length === 1 && !labels && isReq) return { fixed: true, read: () => s.enum[0], hexInputs };
    input = el("select", { id, name: path });
    // a required choice with no default starts on "choose" (never on its first value, which
    // would send a value nobody picked), unless there is only one value to pick
    const pickFirst = isReq && !nullable && s.enum.length === 1;
    if (!pickFirst && (s.default === undefined || s.default === null || !isReq || nullable)) input.append(el("option", { value: "", "data-raw": "" }, isReq && !nullable ? t("Choose…") : "-"));
    s.enum.forEach((v, i) => input.append(el("option", { value: JSON.stringify(v), "data-raw": String(v) }, labels ? String(labels[i]) : String(v))));
    if (s.default !== undefined && s.default !== null) input.value = JSON.stringify(s.default);
    else if (pickFirst) input.value = JSON.stringify(s.enum[0]);
    else input.value = "";
    read = () => (input.value === "" ? undefined : JSON.parse(input.value));
  } else if (items && items.enum) {
    const itemLabels = items["x-labels"];
    input = el("div", { id, class: "checks", "data-name": path, role: "group" });
    const chosen = new Set((Array.isArray(s.default) ? s.default : []).map((v) => JSON.stringify(v)));
    const boxes = items.enum.map((v, i) => {
      const cb = el("input", { type: "checkbox", name: path, value: JSON.stringify(v), "data-raw": String(v) });
      cb.checked = chosen.has(JSON.stringify(v));
      input.append(el("label", { class: "check" }, cb, el("span", {}, itemLabels ? String(itemLabels[i]) : String(v))));
      return cb;
    });
    read = () => {
      const picked = boxes.filter((b) => b.checked).map((b) => JSON.parse(b.value));
      return picked.length ? picked : undefined;
    };
  } else if (s.type === "boolean") {
    input = el("input", { id, name: path, type: "checkbox" });
    input.checked = !!s.default;
    read = () => input.checked;
  } else if (s.type === "integer" || s.type === "number") {
    input = el("input", { id, name: path, type: "number", step: s.type === "integer" ? "1" : "any",
      min: s.minimum ?? s.exclusiveMinimum, max: s.maximum ?? s.exclusiveMaximum, inputmode: "numeric" });
    if (s.default !== undefined && s.default !== null) input.value = s.default;
    read = () => (input.value === "" ? undefined : Number(input.value));
  } else if (hexKind === "many" || (items && hexKind)) {
    // hexes are "q,r": a list of them is separated by spaces
    input = el("input", { id, name: path, type: "text", placeholder: hexPlaceholder(s) + " …", class: "hex-input", "data-hex": "many", autocomplete: "off" });
    read = () => {
      const parts = input.value.split(/[\s;]+/).filter(Boolean).map(hexOf);
      return parts.length ? parts : undefined;
    };
  } else if (s.type === "array" && Array.isArray(s.prefixItems)) {
    // a fixed-length tuple: one box per place
    input = el("div", { id, class: "tuple", "data-name": path });
    const parts = s.prefixItems.map((p, i) => {
      const ps = resolveRef(p, root);
      const box = el("input", { type: ps.type === "integer" ? "number" : "text", name: path + "." + i, "aria-label": (s.title || humanName(path)) + " " + (i + 1) });
      if (Array.isArray(s.default) && s.default[i] !== undefined) box.value = s.default[i];
      input.append(box);
      return [box, ps];
    });
    read = () => {
      const vals = parts.map(([b, ps]) => (ps.type === "integer" ? Number(b.value) : b.value.trim()));
      return vals.every((v) => v === "" || v === 0) ? undefined : vals;
    };
  } else if (s.type === "array" && items && ["integer", "number", "string"].includes(items.type)) {
    input = el("input", { id, name: path, type: "text", placeholder: "a, b, c" });
    if (Array.isArray(s.default)) input.value = s.default.join(", ");
    read = () => {
      const parts = input.value.split(/[\s,]+/).filter(Boolean);
      if (!parts.length) return undefined;
      return items.type === "string" ? parts : parts.map(Number);
    };
  } else if (s.type === "array" && items && (items.properties || items.type === "object")) {
    // a list of records (sides, units...): one small form per row, add/remove rows
    input = el("div", { id, class: "rows", "data-name": path });
    const rows = [];
    const list = el("div", { class: "row-list" });
    const addRow = (value) => {
      const sub = objectFields(items, root, opts, path + "." + rows.length, value);
      const entry = { sub };
      const box = el("fieldset", { class: "row-item" }, sub.node,
        el("button", { type: "button", class: "small remove-row", onclick: () => { rows.splice(rows.indexOf(entry), 1); box.remove(); } }, t("Remove")));
      rows.push(entry);
      list.append(box);
    };
    (Array.isArray(s.default) ? s.default : []).forEach(addRow);
    input.append(list, el("button", { type: "button", class: "small add-row", onclick: () => addRow(undefined) }, t("Add a row")));
    read = () => (rows.length ? rows.map((r) => r.sub.collect()) : undefined);
  } else if (s.type === "object" && s.properties) {
    const sub = objectFields(s, root, opts, path, s.default);
    input = el("div", { id, class: "nested", "data-name": path }, sub.node);
    read = () => sub.collect();
  } else if (s.type === "object" && s.additionalProperties && typeof s.additionalProperties === "object") {
    // a mapping name -> value (sides and their nationality, command per nation...)
    const valueSchema = s.additionalProperties;
    const keyEnum = s.propertyNames ? resolveRef(s.propertyNames, root).enum : null;
    input = el("div", { id, class: "pairs", "data-name": path });
    const pairs = [];
    const list = el("div", { class: "pair-list" });
    const addPair = (key, value) => {
      const k = keyEnum
        ? el("select", { name: path + ".key", "aria-label": t("Name") }, keyEnum.map((v) => el("option", { value: v }, v)))
        : el("input", { type: "text", name: path + ".key", placeholder: t("Name"), "aria-label": t("Name") });
      if (key !== undefined) k.value = key;
      const vs = Object.assign({}, resolveRef(valueSchema, root), { default: value });
      const v = buildControl(path + "." + (key || pairs.length), vs, root, opts, true);
      const entry = { k, v };
      const row = el("div", { class: "pair" }, k, v.node,
        el("button", { type: "button", class: "small remove-row", onclick: () => { pairs.splice(pairs.indexOf(entry), 1); row.remove(); } }, "×"));
      pairs.push(entry);
      list.append(row);
    };
    for (const [k, v] of Object.entries(s.default || {})) addPair(k, v);
    input.append(list, el("button", { type: "button", class: "small add-row", onclick: () => addPair(undefined, undefined) }, t("Add a row")));
    read = () => {
      const out = {};
      for (const { k, v } of pairs) { const key = k.value.trim(); const val = v.read(); if (key && val !== undefined) out[key] = val; }
      return Object.keys(out).length ? out : undefined;
    };
  } else if (s.type === "string" || s.type === undefined && hexKind) {
    const month = s.format === "month";
    input = el("input", { id, name: path, type: month ? "month" : "text", placeholder: hexKind ? hexPlaceholder(s) : (s.examples ? String(s.examples[0]) : ""),
      class: hexKind ? "hex-input" : null, "data-hex": hexKind ? "one" : null, autocomplete: hexKind ? "off" : null });
    if (s.default !== undefined && s.default !== null) input.value = s.default;
    read = () => (input.value === "" ? undefined : (hexKind ? hexOf(input.value.trim()) : input.value));
  } else {
    input = el("textarea", { id, name: path, rows: "2", placeholder: "JSON" });
    if (s.default !== undefined && s.default !== null) input.value = JSON.stringify(s.default);
    read = () => {
      if (input.value.trim() === "") return undefined;
      try { return JSON.parse(input.value); } catch (e) { return input.value; }
    };
  }
  if (isReq && !nullable && ["INPUT", "SELECT", "TEXTAREA"].includes(input.tagName) && input.type !== "checkbox") input.setAttribute("required", "");
  if (input.dataset && input.dataset.hex) hexInputs.push(input);
  return { node: input, read, hexInputs, schema: s, raw };
}

// The fields of an object schema (one labelled control each); `fixed` values are
// sent as they are and not shown. Returns {node, collect(), hexes(), fields}.
function objectFields(schema, root, opts, prefix, values, fixed) {
  const obj = resolveRef(schema, root);
  const props = obj.properties || {};
  const required = new Set(obj.required || []);
  const getters = [];
  const hexInputs = [];
  const fields = {};
  const box = el("div", { class: "fields" });
  const folds = new Map();  // x-group -> its <details>, in order of first use
  const FOLD_TITLES = { rules: "Rule options", scenario: "Scenario details" };
  for (const [name, raw0] of Object.entries(props)) {
    if (fixed && name in fixed) continue;
    let raw = raw0;
    if (values && values[name] !== undefined) raw = Object.assign({}, raw0, { default: values[name] });
    const path = prefix ? prefix + "." + name : name;
    const isReq = required.has(name);
    const c = buildControl(path, raw, root, opts, isReq);
    if (c.fixed) { getters.push(() => [name, c.read()]); continue; }
    const s = c.schema;
    const label = s.title || humanName(name);
    const help = s.description ? el("span", { class: "help" }, s.description) : null;
    if (opts.onHexField) for (const i of c.hexInputs) c.extra = opts.onHexField(i, i.dataset.hex === "many");
    hexInputs.push(...c.hexInputs);
    const control = c.extra ? el("span", { class: "with-pick" }, c.node, c.extra) : c.node;
    const isGroup = ["DIV", "FIELDSET"].includes(c.node.tagName);
    const isCheck = c.node.type === "checkbox";
    const mark = isReq && !(s.default !== undefined) ? " *" : "";
    const field = isCheck
      ? el("label", { for: c.node.id, class: "field check-field", title: s.description || null, "data-field": name },
        control, el("span", { class: "lbl" }, label), help)
      : el(isGroup ? "div" : "label", { for: isGroup ? null : c.node.id, class: "field" + (isGroup ? " group" : ""), title: s.description || null, "data-field": name },
        el("span", { class: "lbl" }, label + mark), help, control);
    fields[name] = { control: c, field, schema: s, raw };
    const group = raw0["x-group"] || s["x-group"];
    if (opts.groups && group) {
      if (!folds.has(group)) folds.set(group, el("details", { class: "rule-options fold-" + group, "data-group": group }, el("summary", {}, t(FOLD_TITLES[group] || humanName(group)))));
      folds.get(group).append(field);
    } else box.append(field);
    getters.push(() => [name, c.read()]);
  }
  for (const key of ["scenario", "rules", ...folds.keys()]) if (folds.has(key) && !folds.get(key).isConnected) box.append(folds.get(key));
  return {
    node: box,
    fields,
    required,
    collect() {
      const out = Object.assign({}, fixed || {});
      for (const g of getters) {
        const [k, v] = g();
        if (v !== undefined) out[k] = v;
      }
      return out;
    },
    hexes() {
      return hexInputs.flatMap((i) => i.value.split(/[\s;]+/).filter(Boolean).map(hexOf));
    },
  };
}

// Build form fields for an action or settings schema; returns {node, collect(), hexes(), complete()}.
// Conventions (ordnance.core.forms): "enum" with a parallel "x-labels" list is a
// choice (a <select>, or checkboxes for a list); "x-hex": "one"|"many" marks hex
// fields, which get a "pick on map" button (opts.onHexField wires it);
// "x-group": "rules" fields fold under "Rule options" (opts.groups).
function schemaForm(schema, fixed, opts) {
  opts = opts || {};
  const root = schema || {};
  const form = objectFields(root, root, opts, "", null, fixed);
  // every required field filled, and one of the schema's "anyOf": [{"required": [...]}] sets
  form.complete = () => {
    const out = form.collect();
    const has = (name) => out[name] !== undefined && out[name] !== "";
    for (const name of form.required) if (!has(name)) return false;
    const alts = Array.isArray(root.anyOf) ? root.anyOf.filter((a) => Array.isArray(a.required)) : [];
    return !alts.length || alts.some((a) => a.required.every(has));
  };
  return form;
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
