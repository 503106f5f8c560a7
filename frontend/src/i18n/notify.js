// The texts of "Notify me" (components/NotifyMeButton.jsx), loaded with the button, which comes
// only where a pack is out of stock. English comes with the code that imports this file; each
// other language is a chunk of its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/notify.json";

export default {
  name: "notify",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-notify" */ "./te/notify.json") },
};
