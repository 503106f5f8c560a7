// The texts of the staff's user edit screen. English comes with the code that imports this file;
// each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/admin-user-edit.json";

export default {
  name: "admin-user-edit",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-user-edit" */ "./te/admin-user-edit.json") },
};
