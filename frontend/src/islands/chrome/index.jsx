// The chrome island, on every page. templates/base.html writes the header, the bottom bar and
// the footer once, working without JavaScript; this island mounts the live parts into their
// slots (the search box, the language choice, the account menu, the Say Hi popup) and adds the
// floating parts in #chrome-root and #chrome-later. What the first screen needs comes with the
// page (the floating cart, the search form's loader); the rest at the shopper's first input or
// when the browser is idle (ChromeLater.jsx), so that it is not JavaScript at start (issue 34).
import "../../styles/index.css";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { hasFlash } from "../../lib/flash";
import "../../lib/installOffer";
import { textsLoaded, whenTextsReady } from "../../lib/i18n";
import { mountIsland, whenIdleOrInput } from "../../lib/mount";
import { pickLanguage } from "../../lib/pickLanguage";
import Chrome from "./Chrome";

const mount = (id, element) => mountIsland(document.getElementById(id), element);

// The search box with suggestions comes when the shopper first reaches for the search form (a
// pointer over it, a touch, the focus), not with the page: the form base.html writes searches
// without it and looks the same. It takes the form's place in one synchronous render, with what
// was typed meanwhile and the focus, unless the form was sent already (the page is leaving).
const searchSlot = document.getElementById("search-slot");
const searchForm = searchSlot?.querySelector("form");
const searchInput = searchForm?.querySelector("input");
if (searchInput) {
  const events = ["pointerover", "touchstart", "focusin"];
  let sent = false;
  searchForm.addEventListener("submit", () => (sent = true));
  const start = () => {
    events.forEach((type) => searchSlot.removeEventListener(type, start));
    import(/* webpackChunkName: "search-box" */ "../../components/SearchBox").then(({ default: SearchBox, texts }) =>
      whenTextsReady(texts, () => {
        if (sent) return;
        const focused = document.activeElement === searchInput;
        flushSync(() => createRoot(searchSlot).render(<SearchBox takeOver={searchInput} focused={focused} />));
      }),
    );
  };
  events.forEach((type) => searchSlot.addEventListener(type, start, { passive: true }));
  if (document.activeElement === searchInput) start();
}

// The account menu, the language choice, toasts, the flash message, the install prompt, the
// session-expiry watch and the service worker: once, at the first input or when idle.
let later = null;
const startLater = () =>
  (later ??= import(/* webpackChunkName: "chrome-later" */ "./ChromeLater")
    .then(textsLoaded)
    .then((module) => {
      module.mountLater();
      return module;
    }));
// Until they come, base.html's account link and language buttons answer a click as the live ones
// will: the account menu opens (it comes with the click), the language is chosen.
document.querySelector("#account-slot a")?.addEventListener("click", (event) => {
  event.preventDefault();
  startLater().then(({ openAccount }) => openAccount());
});
document.querySelector("#language-slot [data-static]")?.addEventListener("click", (event) => {
  const code = event.target.closest("button[lang]")?.lang;
  if (code) pickLanguage(code);
});
// A message the previous page left shows as the page starts, as before; read in a task of its own
// (see below).
setTimeout(() => {
  if (hasFlash()) startLater();
});
// Say Hi's popup button is not needed for the first screen (base.html's WhatsApp link works until
// then): it comes at the first input or when the browser is idle.
// The same moment brings lib/vitals.js, which measures the shopper's Core Web Vitals and sends
// them when the page is hidden (issue 34, field data; it starts itself). web-vitals reads what
// the browser buffered since the page began, so starting late loses nothing but early inputs.
whenIdleOrInput(() => {
  startLater();
  import(/* webpackChunkName: "say-hi-button" */ "../../components/SayHi")
    .then(textsLoaded)
    .then(({ default: SayHi }) => mount("say-hi-slot", <SayHi />));
  import(/* webpackChunkName: "vitals" */ "../../lib/vitals");
});
mount("chrome-root", <Chrome />);

// The splash fades out by itself (CSS); take it out of the page once it has (on a slow phone this
// script may run after it did).
// This and the flash check above each run in a task of their own, after this script's: the page's
// first storage read and the splash's animation state (which makes the browser compute the whole
// page's style) would otherwise lengthen the task that evaluates React and the chrome (issue 34:
// each task under 50 ms at 4x CPU slowdown).
setTimeout(() => {
  const splash = document.getElementById("splash");
  if (splash?.getAnimations?.().some((animation) => animation.playState === "finished")) splash.remove();
  else splash?.addEventListener("animationend", () => splash.remove(), { once: true });
});
