// Which account-drawer tab is open, if any. The drawer outlives the header dropdown that opens it
// (the dropdown closes as the drawer slides in), so its state lives here rather than in the
// dropdown; AccountDrawerHost renders it.
import { useSyncExternalStore } from "react";

export const TABS = Object.freeze({ profile: "profile", orders: "orders" });

let state = { open: false, tab: TABS.profile };
const listeners = new Set();

function set(next) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function showDrawer(tab = TABS.profile) {
  set({ open: true, tab });
}

export function selectDrawerTab(tab) {
  set({ tab });
}

export function closeAccountDrawer() {
  set({ open: false });
}

export function useDrawerState() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
