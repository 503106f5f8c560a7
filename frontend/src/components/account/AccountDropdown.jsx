// The header's user-icon dropdown body (the chrome renders it, passing onClose): the login /
// register / forgot-password panel for a guest, the account menu for a signed-in user.
import { useUserInfo } from "../../lib/auth";
import AccountMenu from "./AccountMenu";
import GuestPanel from "./GuestPanel";
import "./account.css";

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
