// How an island goes on the page: rendered into its node once the chosen language's texts of the
// chrome and of the island's own area (`texts`, frontend/src/i18n/<area>.js) are loaded
// (lib/i18n.js), at once in English, so a Telugu page never flashes English first.
//
// A node the server rendered (frontend/ssr: the island's own components, `data-ssr` on the node)
// is hydrated: React takes over the markup that is already painted instead of drawing it again.
// Either way the first render is a transition, so React builds it in slices of a few
// milliseconds, yielding to the browser between them (issue 34: no task of 50 ms or more).
import { createElement, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { whenTextsReady } from "./i18n";

/** A hydration the server's markup did not match: React drew the island again (said once, in the console). */
function reportMismatch(error, info) {
  document.documentElement.dataset.hydrationMismatch = "1";
  console.error("hydration mismatch: the island was drawn again", error, info?.componentStack);
}

/** Marks the node `data-mounted` once the island's first render is on the page (hydrated or
 * drawn): what the browser tests and bench/long_tasks.py wait for. */
function Mounted({ node, children }) {
  useEffect(() => {
    node.dataset.mounted = "";
  }, [node]);
  return children;
}

export function mountIsland(node, element, texts = []) {
  if (!node) return;
  const island = createElement(Mounted, { node }, element);
  whenTextsReady(texts, () =>
    startTransition(() => {
      if ("ssr" in node.dataset) hydrateRoot(node, island, { onRecoverableError: reportMismatch });
      else createRoot(node).render(island);
    }),
  );
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
