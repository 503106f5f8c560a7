// The texts of the header's account panel (its menu and My Rewards). English comes with the code
// that imports this file; each other language is a chunk of its own, fetched only on a page in
// that language (lib/i18n.js).
import en from "./en/account-panel.json";

export default {
  name: "account-panel",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-account-panel" */ "./te/account-panel.json") },
};
