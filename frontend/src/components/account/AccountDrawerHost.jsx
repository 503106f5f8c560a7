// Renders the account drawer in its own root at the end of <body>, created the first time the
// drawer opens, so that closing the header dropdown does not take the drawer with it.
import { createRoot } from "react-dom/client";
import { useUserInfo } from "../../lib/auth";
import AccountDrawer from "./AccountDrawer";
import { closeAccountDrawer, selectDrawerTab, showDrawer, TABS, useDrawerState } from "../../lib/drawer";

export function DrawerHost() {
  const { open, tab } = useDrawerState();
  const userInfo = useUserInfo();
  if (!open || !userInfo) return null;
  return <AccountDrawer tab={tab} onTabChange={selectDrawerTab} onClose={closeAccountDrawer} />;
}

let root = null;

export function openAccountDrawer(tab = TABS.profile) {
  if (!root) {
    const node = document.createElement("div");
    node.id = "account-drawer-root";
    document.body.appendChild(node);
    root = createRoot(node);
    root.render(<DrawerHost />);
  }
  showDrawer(tab);
}
