// Toasts: short messages that disappear after 4 seconds (spec section 9).
import { useSyncExternalStore } from "react";

export const TOAST_DURATION_MS = 4000;
let toasts = [];
let nextId = 1;
const listeners = new Set();

function emit() {
  for (const listener of listeners) listener();
}

function show(variant, text) {
  const id = nextId++;
  toasts = [...toasts, { id, variant, text }];
  emit();
  setTimeout(() => dismiss(id), TOAST_DURATION_MS);
  return id;
}

export function dismiss(id) {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

export const toast = {
  success: (text) => show("success", text),
  error: (text) => show("danger", text),
  info: (text) => show("info", text),
};

export function useToasts() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
