// The live parts of the fixed header. Its markup (logo → /, the search form, the account link,
// the bottom bar) is written once, in templates/base.html, and works without JavaScript; the
// chrome island mounts these components into its slots: the search box (SearchBox.jsx), the user
// icon whose dropdown holds the accounts panel, and on / the delivery checker while the page is
// at the very top (delivery/HeaderDelivery.jsx). The panel and the checker are loaded on demand
// so the first load stays small.
import { Suspense, lazy, useRef } from "react";
import { useUserInfo } from "../lib/auth";
import { useDropdown } from "../lib/dropdowns";
import { useEscape, useOutsideClick } from "../lib/hooks";
import { textsLoaded, useT } from "../lib/i18n";
import Loader from "./Loader";
import { UserIcon } from "./icons";

const loadAccountDropdown = () => import(/* webpackChunkName: "account-dropdown" */ "./account/AccountDropdown").then(textsLoaded);
const AccountDropdown = lazy(loadAccountDropdown);

export function AccountMenu() {
  const t = useT();
  const userInfo = useUserInfo();
  const [isOpen, , close, toggle] = useDropdown("account");
  const ref = useRef(null);
  useOutsideClick(ref, close, isOpen);
  useEscape(close, isOpen);

  return (
    <div className="account" ref={ref}>
      <button
        type="button"
        className="icon-button account__toggle"
        aria-label={userInfo ? t("account.labelNamed", { name: userInfo.name }) : t("account.label")}
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-controls="account-dropdown"
        onClick={toggle}
        onPointerEnter={loadAccountDropdown}
        onFocus={loadAccountDropdown}
      >
        <UserIcon />
        {userInfo && <span className="account__dot" aria-hidden="true" />}
      </button>
      {isOpen && (
        <div id="account-dropdown" className="dropdown account__dropdown">
          <Suspense fallback={<Loader />}>
            <AccountDropdown onClose={close} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
