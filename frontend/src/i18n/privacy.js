// The texts of "Your data" on /profile (components/account/YourData.jsx, DPDP, issue 28). English
// comes with the code that imports this file; each other language is a chunk of its own, fetched
// only on a page in that language (lib/i18n.js).
import en from "./en/privacy.json";

export default {
  name: "privacy",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-privacy" */ "./te/privacy.json") },
};
