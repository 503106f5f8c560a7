// The islands' texts in English or Telugu (issue 16). The message catalogs are split by area
// (frontend/src/i18n/<area>.js: chrome, shop, account, orders, staff, delivery; the texts in
// i18n/<language>/<area>.json), keyed by what the text is for ("cart.empty"), so a page ships only
// the texts of its islands: the chrome's area is on every page, each island passes its own to
// mountIsland (lib/mount.js), a lazy part loads its own with loadTexts(). English is bundled with
// the code that imports an area; Telugu is a chunk per area fetched only when chosen, so English
// pages carry no Telugu. The choice lives in the `django_language` cookie (Django's
// LocaleMiddleware reads it, so the server's pages and API messages follow) and in localStorage
// `lang`.
//
//   const t = useT();                       // in a component: re-renders when the language changes
//   t("cart.subtotal", { count: 3 })        // "{name}" placeholders; {one, other} plural entries
//   rich(t("register.terms"), { terms: <a href=...>...</a> })  // elements in a sentence
//   t("key") outside React reads the current language.
//
// Money and numbers keep the Indian format in both languages (lib/money.js: ₹1,234.50).
import { Fragment, createElement } from "react";
import chromeTexts from "../i18n/chrome";
import { createStore } from "./store";

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "te", name: "తెలుగు" },
];
export const DEFAULT_LANGUAGE = "en";
export const LANGUAGE_COOKIE = "django_language";
export const LANGUAGE_KEY = "lang";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const isLanguage = (code) => LANGUAGES.some((language) => language.code === code);

// Each language's texts of the areas added so far, merged into one catalog per language. English
// comes with each area; every other language is fetched on demand, an area at a time.
const areas = new Map();
const catalogs = { en: {} };
const en = catalogs.en;

function fill(text, vars) {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
}

function lookup(messages, key, vars) {
  let entry = messages[key];
  if (entry && typeof entry === "object") entry = vars?.count === 1 ? entry.one : entry.other;
  return typeof entry === "string" ? fill(entry, vars) : null;
}

/** The translate function of one catalog; a key the catalog lacks falls back to English. */
function translator(messages) {
  return (key, vars) => {
    const text = lookup(messages, key, vars) ?? lookup(en, key, vars);
    if (text !== null) return text;
    if (typeof console !== "undefined") console.warn(`i18n: no text for "${key}"`);
    return key;
  };
}

function readCookie() {
  if (typeof document === "undefined") return null;
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : null;
}

function readStored() {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** The cookie (what the server used for this page), then local storage, then the page's <html lang>. */
function initialLanguage() {
  if (typeof document === "undefined") return DEFAULT_LANGUAGE;
  for (const code of [readCookie(), readStored(), document.documentElement.lang]) {
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

function remember(code) {
  if (typeof document === "undefined") return;
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  try {
    window.localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    // Private mode: the cookie alone remembers it.
  }
  document.documentElement.lang = code;
}

// The language shown now and its translate function; `t` is a new function for each language, so
// hooks that list it as a dependency run again on a change.
// A page the server rendered in Telugu hydrates in Telugu: `server: "current"` (lib/store.js).
const shown = createStore({ language: DEFAULT_LANGUAGE, t: translator(en) }, { server: "current" });
let chosen = DEFAULT_LANGUAGE;
let loading = Promise.resolve();

/** Fetches `area`'s texts in `code` once (English is there already), merged into that catalog. */
function loadArea(area, code) {
  const loads = area.loaded;
  if (code === DEFAULT_LANGUAGE) return Promise.resolve();
  loads[code] ??= area.load[code]().then((module) => {
    catalogs[code] = { ...catalogs[code], ...module.default };
  });
  return loads[code];
}

/** Loads `code`'s texts of every area added so far, then shows them (a new `t`, so hooks run again). */
function show(code) {
  chosen = code;
  loading = Promise.all([...areas.values()].map((area) => loadArea(area, code)))
    .then(() => {
      if (chosen === code) shown.set({ language: code, t: translator(catalogs[code] ?? en) });
    })
    .catch((error) => {
      // A catalog that cannot be fetched (offline) leaves the page in English, still usable.
      console.error(`Could not load the ${code} texts`, error);
    });
  return loading;
}

/**
 * Adds areas' texts (frontend/src/i18n/<area>.js) to the page: their English at once, the chosen
 * language's fetched. The promise settles once they can be shown (at once in English).
 */
export function loadTexts(list = []) {
  const added = list.filter((area) => !areas.has(area.name));
  if (!added.length) return loading;
  for (const area of added) {
    areas.set(area.name, { ...area, loaded: {} });
    Object.assign(en, area.en);
  }
  // English needs no new `t`: the one shown reads the merged catalog, and nothing showed these keys yet.
  return chosen === DEFAULT_LANGUAGE ? loading : show(chosen);
}

/**
 * The server renderer (frontend/ssr/islands.jsx): shows `code` at once, with `messages` (its texts
 * of every area the island shows; English is bundled), for the one synchronous render that follows.
 */
export function showForServer(code, messages = {}) {
  chosen = isLanguage(code) ? code : DEFAULT_LANGUAGE;
  if (chosen !== DEFAULT_LANGUAGE) catalogs[chosen] = { ...catalogs[chosen], ...messages };
  shown.set({ language: chosen, t: translator(catalogs[chosen] ?? en) });
}

/** The language chosen in this browser (local storage, else the cookie), or null when none was chosen here. */
export function storedLanguage() {
  const code = readStored() ?? readCookie();
  return isLanguage(code) ? code : null;
}

/** The chosen language's code ("en" or "te"), even while its catalog is still loading. */
export function getLanguage() {
  return chosen;
}

/**
 * Choose a language: remembered in the cookie and local storage, set as <html lang>, and every
 * useT() component re-renders once its catalog is loaded (the returned promise).
 */
export function setLanguage(code) {
  if (!isLanguage(code)) return loading;
  remember(code);
  return show(code);
}

/** Translate `key` in the current language (outside components; components use useT()). */
export function t(key, vars) {
  return shown.get().t(key, vars);
}

/** The translate function of the current language, re-rendering the component when it changes. */
export function useT() {
  return shown.use((state) => state.t);
}

/**
 * A translated sentence with elements in it (links, emphasis): each "{name}" that t() left in
 * `text` becomes `nodes[name]`, so each language orders the sentence its own way.
 */
export function rich(text, nodes) {
  return text
    .split(/(\{\w+\})/)
    .filter(Boolean)
    .map((part, index) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return createElement(Fragment, { key: index }, name && name in nodes ? nodes[name] : part);
    });
}

/** The language shown now, re-rendering the component when it changes. */
export function useLanguage() {
  return shown.use((state) => state.language);
}

/** For a part loaded on demand (React.lazy): its module, once the texts it names (`texts`) are there. */
export function textsLoaded(module) {
  return loadTexts(module.texts).then(() => module);
}

/**
 * Runs `callback` once the chosen language's texts of the areas (and of those added before) are
 * there: at once in English, so English pages never wait.
 */
export function whenTextsReady(list, callback) {
  const ready = loadTexts(list);
  if (chosen === DEFAULT_LANGUAGE) callback();
  else ready.then(callback);
}

/**
 * The name to show for a product or category: the Telugu name (`nameTe`) in Telugu when it has
 * one, else the English name. `secondary` is the English name shown beside it, or null.
 */
export function localName(item, language = chosen) {
  const name = item?.name ?? "";
  const telugu = typeof item?.nameTe === "string" ? item.nameTe.trim() : "";
  if (language === "te" && telugu && telugu !== name) return { primary: telugu, secondary: name };
  return { primary: name, secondary: null };
}

// Another tab switched: follow it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_KEY && isLanguage(event.newValue) && event.newValue !== chosen) {
      document.documentElement.lang = event.newValue;
      show(event.newValue);
    }
  });
}

loadTexts([chromeTexts]);
const first = initialLanguage();
if (first !== DEFAULT_LANGUAGE) show(first);
