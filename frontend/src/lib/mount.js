// How an island goes on the page: rendered into its node once the chosen language's texts of the
// chrome and of the island's own area (`texts`, frontend/src/i18n/<area>.js) are loaded
// (lib/i18n.js), at once in English, so a Telugu page never flashes English first.
// The first render is a transition: React then builds the island in slices of a few
// milliseconds, yielding to the browser between them, instead of in one long task that would
// hold a phone's main thread (and the shopper's first tap) for hundreds of milliseconds.
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { whenTextsReady } from "./i18n";

export function mountIsland(node, element, texts = []) {
  if (node) whenTextsReady(texts, () => startTransition(() => createRoot(node).render(element)));
}
