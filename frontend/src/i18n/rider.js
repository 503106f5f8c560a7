// The texts of the rider's round on their phone (/admin/rider). English comes with the code that
// imports this file; each other language is a chunk of its own (lib/i18n.js).
import en from "./en/rider.json";

export default {
  name: "rider",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-rider" */ "./te/rider.json") },
};
