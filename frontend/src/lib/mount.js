// How an island goes on the page: rendered into its node once the chosen language's texts are
// loaded (lib/i18n.js), at once in English, so a Telugu page never flashes English first.
import { createRoot } from "react-dom/client";
import { whenLanguageReady } from "./i18n";

export function mountIsland(node, element) {
  if (node) whenLanguageReady(() => createRoot(node).render(element));
}
