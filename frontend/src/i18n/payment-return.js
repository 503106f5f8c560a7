// The texts of the payment return page. English comes with the code that imports this file; each
// other language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/payment-return.json";

export default {
  name: "payment-return",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-payment-return" */ "./te/payment-return.json") },
};
