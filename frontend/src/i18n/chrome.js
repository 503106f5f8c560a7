// The texts on every page: the header, search box, floating cart, toasts, install prompt, the
// API's error texts and words several areas share. English comes with the code that imports this
// file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/chrome.json";

export default {
  name: "chrome",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-chrome" */ "./te/chrome.json") },
};
