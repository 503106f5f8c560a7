// The texts of the owner's books screen (/admin/books). English comes with the code that imports
// this file; each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/admin-books.json";

export default {
  name: "admin-books",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-books" */ "./te/admin-books.json") },
};
