import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The islands run on Preact's React compatibility layer (webpack.config.js): the tests run the same,
// Testing Library included: its ES module build, inlined, so that its `react` is Preact's too.
const testingLibrary = fileURLToPath(
  new URL("./node_modules/@testing-library/react/dist/@testing-library/react.esm.js", import.meta.url),
);
const preact = {
  "@testing-library/react": testingLibrary,
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
  "react-dom/test-utils": "preact/test-utils",
  "react-dom/client": "preact/compat/client",
  "react-dom": "preact/compat",
  react: "preact/compat",
};

export default defineConfig({
  esbuild: { jsx: "automatic" },
  resolve: { alias: preact },
  test: {
    environment: "jsdom",
    // Each worker keeps jsdom loaded and gives every test file a fresh VM context of its own:
    // setting up jsdom for every file in a new worker took most of the suite's time.
    pool: "vmThreads",
    include: ["frontend/src/**/*.test.{js,jsx}"],
    setupFiles: ["frontend/src/test-setup.js"],
    restoreMocks: true,
    server: { deps: { inline: [/@testing-library/] } },
  },
});
