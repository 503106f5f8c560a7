// The shopper's language choice beyond this browser: a signed-in customer's choice is also kept
// in their profile (`language` in PUT /api/users/profile), and signing in adopts the profile's.
import { api } from "./api";
import { getUserInfo, setUserInfo } from "./auth";
import { getLanguage, isLanguage, setLanguage, storedLanguage } from "./i18n";
import { reload } from "./navigation";

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
export async function chooseLanguage(code) {
  if (code === getLanguage()) return;
  await setLanguage(code);
  await saveToProfile(code);
  reload();
}

/**
 * After signing in (`info` is the login answer). A language chosen in this browser is the
 * shopper's latest word: the profile takes it. Otherwise the profile's language comes along.
 */
export async function adoptUserLanguage(info) {
  const chosenHere = storedLanguage();
  if (chosenHere) {
    if (chosenHere !== info?.language) await saveToProfile(chosenHere);
  } else if (isLanguage(info?.language) && info.language !== getLanguage()) {
    await setLanguage(info.language);
  }
}
