// localStorage with JSON values and change notification: every island on the page hears a write
// at once, and other tabs hear it through the browser's `storage` event.
const listeners = new Map();

function notify(key) {
  for (const listener of listeners.get(key) ?? []) listener();
}

export function readJSON(key, fallback) {
  try {
    const raw = window.localStorage.getItem(key);
    return raw == null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

export function readRaw(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeJSON(key, value) {
  try {
    if (value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error(`Could not save ${key}`, error);
  }
  notify(key);
}

export function removeKey(key) {
  writeJSON(key, undefined);
}

export function subscribe(key, listener) {
  if (!listeners.has(key)) listeners.set(key, new Set());
  listeners.get(key).add(listener);
  return () => listeners.get(key).delete(listener);
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === null) for (const key of listeners.keys()) notify(key);
    else notify(event.key);
  });
}
