// The header's user-icon dropdown body (the chrome renders it, passing onClose): the login /
// register / forgot-password panel for a guest, the account menu for a signed-in user.
import accountTexts from "../../i18n/account";
import accountPanelTexts from "../../i18n/account-panel";
import ordersTexts from "../../i18n/orders";
import rewardsTexts from "../../i18n/rewards";
import storeCreditTexts from "../../i18n/store-credit";
import { useUserInfo } from "../../lib/auth";
import AccountMenu from "./AccountMenu";
import GuestPanel from "./GuestPanel";
import "./account.css";

// Its texts, loaded with it (components/Header.jsx).
export const texts = [accountTexts, accountPanelTexts, ordersTexts, rewardsTexts, storeCreditTexts];

export default function AccountDropdown({ onClose = () => {} }) {
  const userInfo = useUserInfo();
  if (!userInfo) {
    return (
      <div className="account-dropdown">
        <GuestPanel idPrefix="dropdown" />
      </div>
    );
  }
  return <AccountMenu userInfo={userInfo} onClose={onClose} />;
}
