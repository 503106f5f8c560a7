// The texts the storefront's pages share: product cards, pager, category and search pages. English
// comes with the code that imports this file; each other language is a chunk of its own, fetched
// only on a page in that language (lib/i18n.js).
import en from "./en/shop.json";

export default {
  name: "shop",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-shop" */ "./te/shop.json") },
};
