// The texts of the shopper's report-a-problem page (/order/{id}/report) and its tickets, and of the
// order page's way to it (components/support/ReportProblemLink.jsx). English
// comes with the code that imports this file; each other language is a chunk of its own, fetched
// only on a page in that language (lib/i18n.js).
import en from "./en/report-problem.json";

export default {
  name: "report-problem",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-report-problem" */ "./te/report-problem.json") },
};
