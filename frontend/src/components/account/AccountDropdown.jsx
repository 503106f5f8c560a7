// The header's user-icon dropdown body. The full login / register / forgot-password panel and the
// account drawer replace this with the accounts screens.
import { logout, useUserInfo } from "../../lib/auth";

export default function AccountDropdown({ onClose = () => {} }) {
  const userInfo = useUserInfo();
  if (!userInfo) {
    return (
      <nav className="account-menu" aria-label="Account">
        <a href={`/login?redirect=${encodeURIComponent(window.location.pathname)}`} onClick={onClose}>Sign In</a>
        <a href="/register" onClick={onClose}>Register</a>
      </nav>
    );
  }
  return (
    <nav className="account-menu" aria-label="Account">
      <span className="account-menu__name">{userInfo.name}</span>
      <a href="/profile" onClick={onClose}>My Profile</a>
      <button type="button" onClick={() => logout()}>Logout</button>
    </nav>
  );
}
