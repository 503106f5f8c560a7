// The live parts of the fixed header. Its markup (logo → /, the search form, the account link,
// the bottom bar) is written once, in templates/base.html, and works without JavaScript; the
// chrome island mounts these components into its slots: the search box (SearchBox.jsx), the user
// icon whose dropdown holds the accounts panel, and on / the delivery checker while the page is
// at the very top. The panel and the checker are loaded on demand so the first load stays small.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useUserInfo } from "../lib/auth";
import { useDropdown } from "../lib/dropdowns";
import { useAtTop, useOutsideClick } from "../lib/hooks";
import { useT } from "../lib/i18n";
import Loader from "./Loader";
import { UserIcon } from "./icons";

const loadAccountDropdown = () => import(/* webpackChunkName: "account-dropdown" */ "./account/AccountDropdown");
const AccountDropdown = lazy(loadAccountDropdown);
const DeliveryChecker = lazy(() => import(/* webpackChunkName: "delivery-checker" */ "./delivery/DeliveryChecker"));

export function AccountMenu() {
  const t = useT();
  const userInfo = useUserInfo();
  const [isOpen, , close, toggle] = useDropdown("account");
  const ref = useRef(null);
  useOutsideClick(ref, close, isOpen);
  useEffect(() => {
    if (!isOpen) return undefined;
    const onKey = (event) => event.key === "Escape" && close();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [isOpen, close]);

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

/** Keeps --delivery-h equal to the checker's height, the room the home page reserves for it. */
function useReservedHeight(ref, active) {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(() => {
      // Folded away (scrolled) it measures 0; the room stays reserved for the way back up. While
      // the checker's code loads the wrapper is empty: the room stays as the stylesheet reserves it.
      if (element.offsetHeight > 0 && element.childElementCount > 0) {
        document.documentElement.style.setProperty("--delivery-h", `${Math.ceil(element.offsetHeight)}px`);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
}

/** The delivery checker under the header bar on /, shown while the page is at the very top. */
export function HeaderDelivery() {
  const showChecker = useAtTop();
  // Once shown, the checker stays mounted (hidden while scrolled) so that what the shopper typed
  // and the answer are still there back at the top.
  const [checkerLoaded, setCheckerLoaded] = useState(showChecker);
  useEffect(() => {
    if (showChecker) setCheckerLoaded(true);
  }, [showChecker]);
  const deliveryRef = useRef(null);
  useReservedHeight(deliveryRef, checkerLoaded);
  if (!checkerLoaded) return null;
  return (
    <div className="site-header__delivery" ref={deliveryRef} hidden={!showChecker}>
      <Suspense fallback={null}>
        <DeliveryChecker />
      </Suspense>
    </div>
  );
}
