// Which account-drawer tab is open, if any. The drawer outlives the header dropdown that opens it
// (the dropdown closes as the drawer slides in), so its state lives here rather than in the
// dropdown; AccountDrawerHost renders it.
import { createStore } from "./store";

export const TABS = Object.freeze({ profile: "profile", orders: "orders", rewards: "rewards", credit: "credit", alerts: "alerts" });

const drawer = createStore({ open: false, tab: TABS.profile });
const change = (next) => drawer.set((state) => ({ ...state, ...next }));

export function showDrawer(tab = TABS.profile) {
  change({ open: true, tab });
}

export function selectDrawerTab(tab) {
  change({ tab });
}

export function closeAccountDrawer() {
  change({ open: false });
}

export function useDrawerState() {
  return drawer.use();
}
