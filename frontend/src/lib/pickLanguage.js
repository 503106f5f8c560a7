// The header's language buttons, live (components/LanguageSwitch.jsx) or still base.html's
// (islands/chrome/index.jsx answers their click until the chrome mounts the live ones).

/** The shopper chose `code`: remembered, saved to the profile, the page loaded again
 * (lib/language.js, which comes with the click). */
export function pickLanguage(code) {
  return import(/* webpackChunkName: "language" */ "./language").then(({ chooseLanguage }) => chooseLanguage(code));
}
