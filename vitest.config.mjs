import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    environment: "jsdom",
    // Each worker keeps jsdom loaded and gives every test file a fresh VM context of its own:
    // setting up jsdom for every file in a new worker took most of the suite's time.
    pool: "vmThreads",
    include: ["frontend/src/**/*.test.{js,jsx}"],
    setupFiles: ["frontend/src/test-setup.js"],
    restoreMocks: true,
  },
});
