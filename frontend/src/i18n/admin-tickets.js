// The texts of the staff's ticket queue (/admin/tickets). English comes with the code that imports
// this file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/admin-tickets.json";

export default {
  name: "admin-tickets",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-tickets" */ "./te/admin-tickets.json") },
};
