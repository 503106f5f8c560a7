// The texts of the staff dashboard (/admin/dashboard). English comes with the code that imports this
// file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/admin-dashboard.json";

export default {
  name: "admin-dashboard",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-dashboard" */ "./te/admin-dashboard.json") },
};
