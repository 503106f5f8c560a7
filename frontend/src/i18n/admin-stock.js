// The texts of the manager's stock screens (/admin/stock). English comes with the code that imports
// this file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/admin-stock.json";

export default {
  name: "admin-stock",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-stock" */ "./te/admin-stock.json") },
};
