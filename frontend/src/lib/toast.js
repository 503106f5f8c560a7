// Toasts: short messages that disappear after 4 seconds (spec section 9).
import { takeFlash } from "./flash";
import { isLeaving } from "./navigation";
import { createStore } from "./store";

export const TOAST_DURATION_MS = 4000;
const toasts = createStore([]);
let nextId = 1;

function show(variant, text) {
  const id = nextId++;
  toasts.set((current) => [...current, { id, variant, text }]);
  setTimeout(() => dismiss(id), TOAST_DURATION_MS);
  return id;
}

export function dismiss(id) {
  toasts.set((current) => (current.some((item) => item.id === id) ? current.filter((item) => item.id !== id) : current));
}

export const toast = {
  success: (text) => show("success", text),
  error: (text) => show("danger", text),
  info: (text) => show("info", text),
};

export function useToasts() {
  return toasts.use();
}

/** Show (as a toast) and forget the message left by the previous page (lib/flash), if any; a page
 * being left keeps it for the next one. */
export function showFlash() {
  if (isLeaving()) return null;
  const message = takeFlash();
  if (message) (message.variant === "danger" ? toast.error : toast.success)(message.text);
  return message;
}
