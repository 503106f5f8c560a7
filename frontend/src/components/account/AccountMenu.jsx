// The signed-in user's menu in the header dropdown: name, My Profile, My Orders (both open the
// account drawer), the admin screens for an admin, and Logout.
import { logout } from "../../lib/auth";
import { openAccountDrawer } from "./AccountDrawerHost";
import { TABS } from "../../lib/drawer";

const ADMIN_LINKS = [
  ["/admin/orderlist", "Orders"],
  ["/admin/productlist", "Products"],
  ["/admin/userlist", "Users"],
];

export default function AccountMenu({ userInfo, onClose = () => {} }) {
  const openDrawer = (tab) => {
    openAccountDrawer(tab);
    onClose();
  };
  return (
    <nav className="account-menu" aria-label="Account">
      <p className="account-menu__name">{userInfo.name}</p>
      <button type="button" className="account-menu__item" onClick={() => openDrawer(TABS.profile)}>
        My Profile
      </button>
      <button type="button" className="account-menu__item" onClick={() => openDrawer(TABS.orders)}>
        My Orders
      </button>
      <button type="button" className="account-menu__item" onClick={() => openDrawer(TABS.rewards)}>
        My Rewards
      </button>
      {userInfo.isAdmin && (
        <div className="account-menu__admin">
          <p className="account-menu__section">Admin</p>
          {ADMIN_LINKS.map(([href, label]) => (
            <a key={href} className="account-menu__item" href={href} onClick={onClose}>
              {label}
            </a>
          ))}
        </div>
      )}
      <button
        type="button"
        className="account-menu__item account-menu__logout"
        onClick={() => {
          onClose();
          logout();
        }}
      >
        Logout
      </button>
    </nav>
  );
}
