// How an island goes on the page: rendered into its node once the chosen language's texts of the
// chrome and of the island's own area (`texts`, frontend/src/i18n/<area>.js) are loaded
// (lib/i18n.js), at once in English, so a Telugu page never flashes English first.
// The first render is a transition, so React builds it in slices of a few milliseconds. The
// shopper pages the server renders hydrate instead: lib/hydrate.js.
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { whenTextsReady } from "./i18n";

export function mountIsland(node, element, texts = []) {
  if (node) whenTextsReady(texts, () => startTransition(() => createRoot(node).render(element)));
}

const INPUTS = ["pointerdown", "keydown", "touchstart", "scroll"];

/** Calls `start` once: at the shopper's first input, or when the browser is first idle (within
 * `timeout` ms), whichever comes first. For what the first screen does not need. */
export function whenIdleOrInput(start, { timeout = 3000 } = {}) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    INPUTS.forEach((type) => window.removeEventListener(type, once, true));
    start();
  };
  INPUTS.forEach((type) => window.addEventListener(type, once, { capture: true, passive: true }));
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(once, { timeout });
  else window.setTimeout(once, timeout);
}
