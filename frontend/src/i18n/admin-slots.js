// The texts of staff's delivery plan (/admin/slots). English comes with the code that imports this
// file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/admin-slots.json";

export default {
  name: "admin-slots",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-slots" */ "./te/admin-slots.json") },
};
