// ESLint for the React islands (flat config), run by scripts/test next to ruff.
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// Shopper- and staff-facing text lives in the message catalogs (frontend/src/i18n, lib/i18n.js):
// JSX text, a string in braces and the text attributes of an element must not be written
// literally. Text without a letter (₹, ×, ·) may be.
const TEXT_ATTRIBUTES = new Set(["aria-label", "aria-description", "alt", "title", "placeholder", "label"]);
const hasLetters = (text) => /\p{L}/u.test(text);
const i18n = {
  rules: {
    "no-literal-text": {
      meta: { type: "problem", messages: { literal: "Literal text \"{{text}}\": put it in an area of frontend/src/i18n (en/<area>.json and te/<area>.json) and use t()." } },
      create(context) {
        const report = (node, text) => context.report({ node, messageId: "literal", data: { text: text.trim().slice(0, 40) } });
        return {
          JSXText(node) {
            if (hasLetters(node.value)) report(node, node.value);
          },
          JSXExpressionContainer(node) {
            const { expression } = node;
            if (node.parent.type === "JSXAttribute") return;
            if (expression.type === "Literal" && typeof expression.value === "string" && hasLetters(expression.value)) report(node, expression.value);
            if (expression.type === "TemplateLiteral" && expression.quasis.some((quasi) => hasLetters(quasi.value.cooked))) report(node, expression.quasis[0].value.cooked);
          },
          JSXAttribute(node) {
            if (!TEXT_ATTRIBUTES.has(node.name.name) || !node.value) return;
            const value = node.value.type === "JSXExpressionContainer" ? node.value.expression : node.value;
            if (value.type === "Literal" && typeof value.value === "string" && hasLetters(value.value)) report(node, value.value);
            if (value.type === "TemplateLiteral" && value.quasis.some((quasi) => hasLetters(quasi.value.cooked))) report(node, value.quasis[0].value.cooked);
          },
        };
      },
    },
  },
};

export default [
  { ignores: ["frontend/static/**", "static/**", "staticfiles/**", "node_modules/**"] },
  {
    files: ["frontend/src/**/*.{js,jsx}"],
    ...js.configs.recommended,
    plugins: { react, "react-hooks": reactHooks, i18n },
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    settings: { react: { version: "detect" } },
    rules: {
      ...js.configs.recommended.rules,
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      "react/prop-types": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
      "i18n/no-literal-text": "error",
    },
  },
  {
    files: ["frontend/src/**/*.test.{js,jsx}", "frontend/src/test-setup.js", "frontend/src/lib/testing/**"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { "i18n/no-literal-text": "off" },
  },
];
