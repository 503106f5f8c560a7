// The texts of the home page: banners, offers, featured categories, budget packs. English comes
// with the code that imports this file; each other language is a chunk of its own, fetched only on
// a page in that language (lib/i18n.js).
import en from "./en/home.json";

export default {
  name: "home",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-home" */ "./te/home.json") },
};
