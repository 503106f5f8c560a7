import { useSyncExternalStore } from "react";
import { readJSON, readRaw, subscribe } from "./storage";

// A React hook over one localStorage key. The parsed value is cached per raw string so that
// useSyncExternalStore sees a stable snapshot between writes.
export function createStoredValue(key, fallback) {
  let cachedRaw;
  let cachedValue = fallback;
  const read = () => {
    const raw = readRaw(key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedValue = raw == null ? fallback : readJSON(key, fallback);
    }
    return cachedValue;
  };
  const listen = (listener) => subscribe(key, listener);
  const useValue = () => useSyncExternalStore(listen, read, () => fallback);
  return { read, listen, useValue };
}
