// The texts of the login and register page. English comes with the code that imports this file;
// each other language is a chunk of its own, fetched only on a page in that language
// (lib/i18n.js).
import en from "./en/login.json";

export default {
  name: "login",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-login" */ "./te/login.json") },
};
