// The texts of staff's manual refund on the order page (issue 48). English comes with the code that
// imports this file (the part, loaded on demand for staff); each other language is a chunk of its
// own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/order-refund.json";

export default {
  name: "order-refund",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-order-refund" */ "./te/order-refund.json") },
};
