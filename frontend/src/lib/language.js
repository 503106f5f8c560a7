// The shopper's language choice beyond this browser: a signed-in customer's choice is also kept
// in their profile (`language` in PUT /api/users/profile), and signing in adopts the profile's.
import { api } from "./api";
import { getUserInfo, setUserInfo } from "./auth";
import { getLanguage, setLanguage } from "./i18n";

async function saveToProfile(code) {
  if (!getUserInfo()) return;
  try {
    // The answer is fresh login info (a new token), like every profile change.
    setUserInfo(await api("/api/users/profile", { method: "PUT", body: { language: code } }));
  } catch (error) {
    // The browser still remembers it; the profile catches up at the next choice.
    console.error("Could not save the language to the profile", error);
  }
}

/**
 * The shopper chose a language (the header's switch): remember it, save it to the profile when
 * signed in, then load the page again so that the server's texts follow too.
 */
export async function chooseLanguage(code, { reload = () => window.location.reload() } = {}) {
  if (code === getLanguage()) return;
  await setLanguage(code);
  await saveToProfile(code);
  reload();
}

/** After signing in (`info` is the login answer): a profile that has a language brings it along. */
export function adoptUserLanguage(info) {
  if ((info?.language === "en" || info?.language === "te") && info.language !== getLanguage()) setLanguage(info.language);
}
