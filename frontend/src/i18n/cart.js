// The texts of the cart page. English comes with the code that imports this file; each other
// language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/cart.json";

export default {
  name: "cart",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-cart" */ "./te/cart.json") },
};
