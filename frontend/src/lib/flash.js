// A toast that survives one page load: the forgot-password form says 'Password reset successfully'
// and then goes to /login, where the login screen shows the message. This file keeps and takes the
// message; lib/toast.js shows it (showFlash), so that a page that only leaves a message, and the
// chrome's check at start, do not bring the toasts.
const FLASH_KEY = "flash";

export function flash(variant, text) {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ variant, text }));
  } catch (error) {
    console.error("Could not keep the message for the next page", error);
  }
}

/** Whether the previous page left a message (the chrome then brings its toasts at once). */
export function hasFlash() {
  try {
    return Boolean(window.sessionStorage.getItem(FLASH_KEY));
  } catch {
    return false;
  }
}

/** The message the previous page left, forgotten as it is taken; null when none (or garbage). */
export function takeFlash() {
  let message = null;
  try {
    message = JSON.parse(window.sessionStorage.getItem(FLASH_KEY) || "null");
    window.sessionStorage.removeItem(FLASH_KEY);
  } catch {
    message = null;
  }
  return message?.text ? message : null;
}
