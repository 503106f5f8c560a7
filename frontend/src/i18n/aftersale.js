// The texts of after the sale: the shopper's Cancel order button and its dialog, the GST credit
// notes on the order page, and store credit at checkout. English comes with the code that imports
// this file; Telugu is a chunk of its own, fetched only on a page in Telugu (lib/i18n.js).
import en from "./en/aftersale.json";

export default {
  name: "aftersale",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-aftersale" */ "./te/aftersale.json") },
};
