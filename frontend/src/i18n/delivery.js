// The texts of the home page's delivery checker. English comes with the code that imports this
// file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/delivery.json";

export default {
  name: "delivery",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-delivery" */ "./te/delivery.json") },
};
