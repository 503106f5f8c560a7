// The texts of "Buy again" (components/orders/BuyAgainButton.jsx), loaded with the button once the
// orders are shown. English comes with the code that imports this file; each other language is a
// chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/buy-again.json";

export default {
  name: "buy-again",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-buy-again" */ "./te/buy-again.json") },
};
