// The texts of the rewards an order earns, on the order page and in the account panel's My
// Rewards. English comes with the code that imports this file; each other language is a chunk of
// its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/rewards.json";

export default {
  name: "rewards",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-rewards" */ "./te/rewards.json") },
};
