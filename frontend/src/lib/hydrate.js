// How a shopper page's island goes on the page (home, category, search, product and the cart:
// the islands the server renderer draws, frontend/ssr): as lib/mount.js's mountIsland, once the
// chosen language's texts are loaded; but a node the server rendered (`data-ssr`) is hydrated:
// React takes over the markup that is already painted instead of drawing it again. Apart from
// mount.js so that the pages the server does not render (and the chrome) do not carry it.
// Either way the first render is a transition, so React builds it in slices of a few
// milliseconds, yielding to the browser between them (issue 34: no task of 50 ms or more).
import { createElement, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { whenTextsReady } from "./i18n";

/** A hydration the server's markup did not match: React drew the island again (said once, in the console). */
function reportMismatch(error, info) {
  document.documentElement.dataset.hydrationMismatch = "1";
  console.error("hydration mismatch", error, info?.componentStack);
}

/** Marks the node `data-mounted` once the island's first render is on the page (hydrated or
 * drawn): what the browser tests and bench/long_tasks.py wait for. */
function Mounted({ node, children }) {
  useEffect(() => {
    node.dataset.mounted = "";
  }, [node]);
  return children;
}

export function mountPageIsland(node, element, texts = []) {
  if (!node) return;
  const island = createElement(Mounted, { node }, element);
  whenTextsReady(texts, () =>
    startTransition(() => {
      if ("ssr" in node.dataset) hydrateRoot(node, island, { onRecoverableError: reportMismatch });
      else createRoot(node).render(island);
    }),
  );
}
