// The texts the staff screens (/admin/...) share. English comes with the code that imports this
// file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/staff.json";

export default {
  name: "staff",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-staff" */ "./te/staff.json") },
};
