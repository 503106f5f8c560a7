import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { config } from "./lib/config";
import { getLanguage, loadTexts, setLanguage } from "./lib/i18n";
import { AREAS } from "./i18n/areas";

// findBy* and waitFor wait up to 5 s for what a test expects: the library's 1 s is for an idle
// machine, and on the 2-core CI host beside the pytest part an island's render after its mocked
// fetch took longer ("Unable to find role=button" for a button that was on its way).
configure({ asyncUtilTimeout: 5000 });

// A page adds the texts of its islands' areas (lib/mount.js); a test renders any component alone.
loadTexts(AREAS);

// Tests change the server's config in place (Object.assign(config, {...})); each starts afresh.
const initialConfig = structuredClone(config);

afterEach(async () => {
  cleanup();
  // A test that switched to Telugu leaves the next one in English.
  if (getLanguage() !== "en") await setLanguage("en");
  document.cookie = "django_language=; path=/; max-age=0";
  document.documentElement.lang = "en";
  window.localStorage.clear();
  for (const key of Object.keys(config)) delete config[key];
  Object.assign(config, structuredClone(initialConfig));
  delete document.body.dataset.gate;
  delete window[Symbol.for("shop.leavingForLogin")]; // lib/auth LEAVING_FOR_LOGIN
});
