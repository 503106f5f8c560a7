// The texts about orders that checkout, the order page, the account panel, the profile and the
// staff's order list share. English comes with the code that imports this file; each other
// language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/orders.json";

export default {
  name: "orders",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-orders" */ "./te/orders.json") },
};
