// The texts of the shopper's store credit (components/account/StoreCredit.jsx), in the account
// drawer and on /profile. English comes with the code that imports this file; each other language
// is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/store-credit.json";

export default {
  name: "store-credit",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-store-credit" */ "./te/store-credit.json") },
};
