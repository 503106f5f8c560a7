// The order page's "Report a problem" section (components/support/ReportProblemLink.jsx), loaded
// with it. English comes with the code that imports this file; each other language is a chunk of
// its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/report-link.json";

export default {
  name: "report-link",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-report-link" */ "./te/report-link.json") },
};
