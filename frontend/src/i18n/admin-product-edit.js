// The texts of the staff's product edit screen. English comes with the code that imports this
// file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/admin-product-edit.json";

export default {
  name: "admin-product-edit",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-product-edit" */ "./te/admin-product-edit.json") },
};
