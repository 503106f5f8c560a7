// The texts of the order page: tracking, tax invoice, rewards. English comes with the code that
// imports this file; each other language is a chunk of its own, fetched only on a page in that
// language (lib/i18n.js).
import en from "./en/order.json";

export default {
  name: "order",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-order" */ "./te/order.json") },
};
