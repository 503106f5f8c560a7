import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { config } from "./lib/config";

// Tests change the server's config in place (Object.assign(config, {...})); each starts afresh.
const initialConfig = structuredClone(config);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  for (const key of Object.keys(config)) delete config[key];
  Object.assign(config, structuredClone(initialConfig));
  delete document.body.dataset.gate;
  delete window[Symbol.for("shop.leavingForLogin")]; // lib/auth LEAVING_FOR_LOGIN
});
