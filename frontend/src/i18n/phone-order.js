// The texts of the cashier's phone and WhatsApp order screen (/admin/phone-order). English comes with
// the code that imports this file; each other language is a chunk of its own (lib/i18n.js).
import en from "./en/phone-order.json";

export default {
  name: "phone-order",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-phone-order" */ "./te/phone-order.json") },
};
