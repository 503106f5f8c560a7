// The texts of the staff's low-stock banner (components/admin/LowStockBanner.jsx). English comes with
// the code that imports this file; Telugu is a chunk of its own, fetched only on a Telugu page.
import en from "./en/low-stock.json";

export default {
  name: "low-stock",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-low-stock" */ "./te/low-stock.json") },
};
