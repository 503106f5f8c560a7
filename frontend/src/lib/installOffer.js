// The browser's first offer to install the shop (`beforeinstallprompt`), caught from the page's
// start: the install prompt that shows it comes later (islands/chrome/ChromeLater.jsx), and the
// browser may offer before that.
import { createStore } from "./store";

const offer = createStore(null);

if (typeof window !== "undefined") {
  const onPrompt = (event) => {
    event.preventDefault();
    offer.set(event);
    window.removeEventListener("beforeinstallprompt", onPrompt);
  };
  window.addEventListener("beforeinstallprompt", onPrompt);
}

/** The offer caught so far, or null; re-renders the component when it comes. */
export function useInstallOffer() {
  return offer.use();
}
