// The texts of the staff's packing panel on the order page (short picks and substitutions). English
// comes with the code that imports this file (the panel, loaded on demand); each other language is
// a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/packing.json";

export default {
  name: "packing",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-packing" */ "./te/packing.json") },
};
