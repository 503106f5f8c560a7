// The signed-in user's menu in the header dropdown: name, My Profile, My Orders, My Rewards, Store
// credit (each opens the account drawer), the staff screens of the user's role (the server's list:
// lib/staff.js), and Logout.
import { logout } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import { openAccountDrawer } from "./AccountDrawerHost";
import { TABS } from "../../lib/drawer";
import { staffPaths } from "../../lib/staff";

const ADMIN_LINKS = [
  ["/admin/orderlist", "admin.nav.orders"],
  ["/admin/productlist", "admin.nav.products"],
  ["/admin/userlist", "admin.nav.users"],
  ["/admin/tickets", "admin.nav.tickets"],
  ["/admin/slots", "admin.nav.slots"],
  ["/admin/picking", "admin.nav.picking"],
  ["/admin/phone-order", "admin.nav.phoneOrder"],
  ["/admin/rider", "admin.nav.rider"],
  ["/admin/dashboard", "admin.nav.dashboard"],
  ["/admin/stock", "admin.nav.stock"],
];

export default function AccountMenu({ userInfo, onClose = () => {} }) {
  const t = useT();
  const allowed = staffPaths(userInfo);
  const staffLinks = ADMIN_LINKS.filter(([href]) => allowed === null || allowed.includes(href));
  const openDrawer = (tab) => {
    openAccountDrawer(tab);
    onClose();
  };
  return (
    <nav className="account-menu" aria-label={t("account.label")}>
      <p className="account-menu__name">{userInfo.name}</p>
      <button type="button" className="account-menu__item" onClick={() => openDrawer(TABS.profile)}>
        {t("account.myProfile")}
      </button>
      <button type="button" className="account-menu__item" onClick={() => openDrawer(TABS.orders)}>
        {t("account.myOrders")}
      </button>
      <button type="button" className="account-menu__item" onClick={() => openDrawer(TABS.rewards)}>
        {t("account.myRewards")}
      </button>
      <button type="button" className="account-menu__item" onClick={() => openDrawer(TABS.alerts)}>
        {t("alerts.title")}
      </button>
      <button type="button" className="account-menu__item" onClick={() => openDrawer(TABS.credit)}>
        {t("credit.title")}
      </button>
      {staffLinks.length > 0 && (
        <div className="account-menu__admin">
          <p className="account-menu__section">{t("admin.nav.title")}</p>
          {staffLinks.map(([href, label]) => (
            <a key={href} className="account-menu__item" href={href} onClick={onClose}>
              {t(label)}
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
        {t("account.logout")}
      </button>
    </nav>
  );
}
