// The texts of the order page's after-sale part: the shopper's Cancel order button and its dialog,
// the store credit used, refunds and GST credit notes. English comes with the code that imports
// this file (loaded on demand); Telugu rides in the order page's Telugu chunk (same chunk name:
// a chunk of its own would grow every page's runtime), fetched only on a page in Telugu.
import en from "./en/aftersale.json";

export default {
  name: "aftersale",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-order" */ "./te/aftersale.json") },
};
