// The texts of the product page. English comes with the code that imports this file; each other
// language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/product.json";

export default {
  name: "product",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-product" */ "./te/product.json") },
};
