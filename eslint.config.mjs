// ESLint for the React islands (flat config), run by scripts/test next to ruff.
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default [
  { ignores: ["frontend/static/**", "static/**", "staticfiles/**", "node_modules/**"] },
  {
    files: ["frontend/src/**/*.{js,jsx}"],
    ...js.configs.recommended,
    plugins: { react, "react-hooks": reactHooks },
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
    },
  },
  {
    files: ["frontend/src/**/*.test.{js,jsx}", "frontend/src/test-setup.js", "frontend/src/lib/testing/**"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
];
