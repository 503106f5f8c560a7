// The texts of the staff's order list. English comes with the code that imports this file; each
// other language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/admin-orders.json";

export default {
  name: "admin-orders",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-orders" */ "./te/admin-orders.json") },
};
