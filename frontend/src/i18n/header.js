// The texts of the header's and the bottom bar's live parts, which the chrome brings after the
// first screen (issue 34): the search box with suggestions, the account menu's label, the language
// switch, the Say Hi popup, toasts and the install prompt. Not in the chrome's area, which every
// page loads at start. English comes with the code that imports this file; each other language is
// a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/header.json";

export default {
  name: "header",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-header" */ "./te/header.json") },
};
