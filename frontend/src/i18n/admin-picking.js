// The texts of staff's printed sheets for a delivery window (/admin/picking, /admin/picklist,
// /admin/packingslips, /admin/deliverysheet). English comes with the code that imports this file;
// each other language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/admin-picking.json";

export default {
  name: "admin-picking",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-admin-picking" */ "./te/admin-picking.json") },
};
