// Shared helpers for the lobby and the table: translation, DOM building,
// and forms generated from JSON schemas (the games' Pydantic models).
"use strict";

function t(s) { return (window.I18N && window.I18N[s]) || s; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
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

// Build form fields for an object schema; returns {node, collect()}.
function schemaForm(schema, fixed) {
  const root = schema || {};
  const obj = resolveRef(root, root);
  const props = obj.properties || {};
  const required = new Set(obj.required || []);
  const getters = [];
  const box = el("div", { class: "fields" });
  for (const [name, raw] of Object.entries(props)) {
    if (fixed && name in fixed) continue;
    const [s, nullable] = nonNull(raw, root);
    const label = s.title || name;
    const id = "f-" + Math.random().toString(36).slice(2);
    const isReq = required.has(name) && !nullable;
    let input;
    let read;
    if (s.const !== undefined) {
      getters.push(() => [name, s.const]);
      continue;
    }
    if (s.enum) {
      if (s.enum.length === 1) { getters.push(() => [name, s.enum[0]]); continue; }
      input = el("select", { id, name });
      if (!isReq) input.append(el("option", { value: "" }, "-"));
      for (const v of s.enum) input.append(el("option", { value: JSON.stringify(v) }, String(v)));
      if (s.default !== undefined) input.value = JSON.stringify(s.default);
      read = () => (input.value === "" ? undefined : JSON.parse(input.value));
    } else if (s.type === "boolean") {
      input = el("input", { id, name, type: "checkbox" });
      input.checked = !!s.default;
      read = () => input.checked;
    } else if (s.type === "integer" || s.type === "number") {
      input = el("input", { id, name, type: "number", step: s.type === "integer" ? "1" : "any",
        min: s.minimum ?? s.exclusiveMinimum, max: s.maximum ?? s.exclusiveMaximum, inputmode: "numeric" });
      if (s.default !== undefined && s.default !== null) input.value = s.default;
      read = () => (input.value === "" ? undefined : Number(input.value));
    } else if (s.type === "array" && s.items && ["integer", "number", "string"].includes(resolveRef(s.items, root).type)) {
      const itemType = resolveRef(s.items, root).type;
      input = el("input", { id, name, type: "text", placeholder: "a, b, c" });
      if (Array.isArray(s.default)) input.value = s.default.join(", ");
      read = () => {
        const parts = input.value.split(/[\s,]+/).filter(Boolean);
        if (!parts.length) return undefined;
        return itemType === "string" ? parts : parts.map(Number);
      };
    } else if (s.type === "string") {
      input = el("input", { id, name, type: "text", placeholder: s.examples ? String(s.examples[0]) : (s.pattern ? "" : "") });
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
    if (isReq) input.setAttribute("required", "");
    box.append(el("label", { for: id, title: s.description || null },
      el("span", { class: "lbl" }, label + (isReq ? " *" : "")), input));
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
