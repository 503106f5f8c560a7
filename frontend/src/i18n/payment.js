// The texts of starting an online payment (lib/payment.js, loaded with the Pay and Place Order
// buttons' payment). English comes with the code that imports this file; each other language is a
// chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/payment.json";

export default {
  name: "payment",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-payment" */ "./te/payment.json") },
};
