// The texts of the checkout steps. English comes with the code that imports this file; each other
// language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/checkout.json";

export default {
  name: "checkout",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-checkout" */ "./te/checkout.json") },
};
