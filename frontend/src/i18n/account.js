// The texts signing in, registering and the profile share (login, register, password, phone, OTP,
// address). English comes with the code that imports this file; each other language is a chunk of
// its own, fetched only on a page in that language (lib/i18n.js).
import en from "./en/account.json";

export default {
  name: "account",
  en,
  load: { te: () => import(/* webpackChunkName: "i18n-te-account" */ "./te/account.json") },
};
