// A toast that survives one page load: the forgot-password form says 'Password reset successfully'
// and then goes to /login, where the login screen shows the message.
import { toast } from "./toast";

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

/** Show (as a toast) and forget the message left by the previous page, if any. */
export function showFlash() {
  let message = null;
  try {
    message = JSON.parse(window.sessionStorage.getItem(FLASH_KEY) || "null");
    window.sessionStorage.removeItem(FLASH_KEY);
  } catch {
    message = null;
  }
  if (!message?.text) return null;
  (message.variant === "danger" ? toast.error : toast.success)(message.text);
  return message;
}
