// The texts of the staff's product list. English comes with the code that imports this file; each
// other language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/admin-products.json";

export default {
  name: "admin-products",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-products" */ "./te/admin-products.json") },
};
