// ESLint for the page's scripts (flat config; `make test` runs it after `npm ci`).
import js from "@eslint/js";
import globals from "globals";

// what common.js and dice.js (classic scripts) give every page
const pageGlobals = {
  t: "readonly", el: "readonly", schemaForm: "readonly", nonNull: "readonly", resolveRef: "readonly",
  hexOf: "readonly", hexPlaceholder: "readonly", humanName: "readonly", buildControl: "readonly",
  objectFields: "readonly", renderValue: "readonly", pageData: "readonly", uid: "readonly",
  OrdnanceDice: "readonly",
};

export default [
  { ignores: ["node_modules/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["src/ordnance/server/static/table/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser, ...pageGlobals } },
    rules: { "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }] },
  },
  {
    files: ["src/ordnance/server/static/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser, ...pageGlobals } },
    rules: { "no-unused-vars": "off", "no-redeclare": "off" },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
