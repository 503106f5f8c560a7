// The texts of the counter (/admin/counter). English comes with the code that imports this file;
// Telugu is a chunk of its own, fetched only on a page in Telugu (lib/i18n.js). The receipt prints
// in either language whatever the screen's, so it reads both catalogs (receiptTexts).
import en from "./en/counter.json";

export default {
  name: "counter",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-counter" */ "./te/counter.json") },
};
