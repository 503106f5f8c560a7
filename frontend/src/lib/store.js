// The one subscribe-and-notify store every shared piece of browser state is built on (cart,
// login info, toasts, header pop-ups, account drawer, realtime). A store holds one value;
// `set` replaces it and tells every subscriber; `use(selector)` reads it in a component.
import { useSyncExternalStore } from "react";
import { readJSON, readRaw, subscribe as subscribeKey, writeJSON } from "./storage";

const identity = (value) => value;

/**
 * A store over `initial`. With `read`/`write` the value lives elsewhere (localStorage): `get`
 * reads it through `read`, `set` hands it to `write`, and whoever owns that place calls
 * `notify` when it changed.
 *
 * A page the server rendered (frontend/ssr) is hydrated with what the server knew: `initial` (no
 * cart, no login: the browser's own state comes in the render after hydration, so the markup
 * matches). A store whose value the server sets for its render (the language shown) passes
 * `server: "current"`.
 */
export function createStore(initial, { read, write, server = "initial" } = {}) {
  let state = initial;
  const listeners = new Set();
  const get = read ?? (() => state);

  function notify() {
    for (const listener of [...listeners]) listener();
  }

  function set(next) {
    const value = typeof next === "function" ? next(get()) : next;
    if (write) {
      write(value);
      return;
    }
    if (Object.is(value, state)) return;
    state = value;
    notify();
  }

  function subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** The value (or `selector` of it) in a component, re-rendering when it changes. */
  function use(selector = identity) {
    return useSyncExternalStore(
      subscribe,
      () => selector(get()),
      () => selector(server === "current" ? get() : initial),
    );
  }

  return { get, set, subscribe, notify, use };
}

/**
 * A store kept in one localStorage key: every island on the page and every other tab sees each
 * write. The parsed value is cached per raw string, so a snapshot stays the same object until
 * the stored text changes.
 */
export function createStoredStore(key, fallback) {
  let cachedRaw = null;
  let cachedValue = fallback;
  const read = () => {
    const raw = readRaw(key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedValue = raw == null ? fallback : readJSON(key, fallback);
    }
    return cachedValue;
  };
  const store = createStore(fallback, { read, write: (value) => writeJSON(key, value) });
  subscribeKey(key, store.notify);
  return store;
}
