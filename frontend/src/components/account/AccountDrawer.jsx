// The account drawer (spec section 2): 'My Profile' (the profile form and Logout), 'My Orders',
// 'My Rewards' (issue 15: coupons, coins, draw results), 'My alerts' (issue 26: the packs to be
// texted about when back) and 'Store credit' (issue 25: the balance and its ledger).
import { useEffect, useRef } from "react";
import { logout } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import MyOrdersTable from "../orders/MyOrdersTable";
import MyRewards from "../promotions/MyRewards";
import MyAlerts from "./MyAlerts";
import StoreCredit from "./StoreCredit";
import { TABS } from "../../lib/drawer";
import ProfileForm from "./ProfileForm";
import "./account.css";

const TAB_LABELS = [
  [TABS.profile, "account.myProfile"],
  [TABS.orders, "account.myOrders"],
  [TABS.rewards, "account.myRewards"],
  [TABS.alerts, "alerts.title"],
  [TABS.credit, "credit.title"],
];

export default function AccountDrawer({ tab, onTabChange, onClose }) {
  const t = useT();
  const panel = useRef(null);

  useEffect(() => {
    const onKeyDown = (event) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    panel.current?.focus();
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  return (
    <div className="account-drawer">
      <div className="account-drawer__backdrop" onClick={onClose} aria-hidden="true" />
      <aside className="account-drawer__panel" role="dialog" aria-modal="true" aria-label={t("account.label")} tabIndex={-1} ref={panel}>
        <div className="account-drawer__header">
          <div className="account-drawer__tabs" role="tablist">
            {TAB_LABELS.map(([key, label]) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`account-drawer-tab-${key}`}
                aria-selected={tab === key}
                aria-controls={`account-drawer-panel-${key}`}
                className={tab === key ? "account-drawer__tab is-active" : "account-drawer__tab"}
                onClick={() => onTabChange(key)}
              >
                {t(label)}
              </button>
            ))}
          </div>
          <button type="button" className="account-drawer__close" aria-label={t("common.close")} onClick={onClose}>
            ×
          </button>
        </div>
        <div
          className="account-drawer__body"
          role="tabpanel"
          id={`account-drawer-panel-${tab}`}
          aria-labelledby={`account-drawer-tab-${tab}`}
        >
          {tab === TABS.orders && <MyOrdersTable />}
          {tab === TABS.rewards && <MyRewards />}
          {tab === TABS.credit && <StoreCredit />}
          {tab === TABS.alerts && <MyAlerts />}
          {![TABS.orders, TABS.rewards, TABS.credit, TABS.alerts].includes(tab) && (
            <>
              <ProfileForm idPrefix="drawer-profile" headingLevel={2} />
              <button type="button" className="btn btn--danger btn--block account-drawer__logout" onClick={() => logout()}>
                {t("account.logout")}
              </button>
            </>
          )}
        </div>
      </aside>
    </div>
  );
}
