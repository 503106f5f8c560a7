// The chrome's parts that the first screen does not need before the shopper's first input
// (issue 34: less JavaScript at start). base.html writes the account link and the language
// buttons, which serve until the live ones replace them here; a toast only shows after an action
// (one asked for before this part came waits in lib/toast's store); the service worker and the
// session-expiry watch can wait. islands/chrome/index.jsx loads this at the first input or when
// the browser is idle, at once when the previous page left a message (lib/flash).
import { Suspense, lazy, useEffect } from "react";
import { AccountMenu } from "../../components/Header";
import LanguageSwitch from "../../components/LanguageSwitch";
import Toaster from "../../components/Toaster";
import headerTexts from "../../i18n/header";
import { watchExpiry } from "../../lib/auth";
import { openDropdown } from "../../lib/dropdowns";
import { useInstallOffer } from "../../lib/installOffer";
import { mountIsland } from "../../lib/mount";
import { registerServiceWorker } from "../../lib/serviceWorker";
import { showFlash } from "../../lib/toast";

// Their texts (the header's area, not the chrome's at start), loaded with them (index.jsx).
export const texts = [headerTexts];

const InstallPrompt = lazy(() => import(/* webpackChunkName: "install-prompt" */ "../../components/InstallPrompt"));

export function ChromeLater() {
  useEffect(() => watchExpiry(), []);
  useEffect(() => {
    showFlash();
  }, []);
  useEffect(() => {
    registerServiceWorker();
  }, []);
  const installOffer = useInstallOffer();
  return (
    <>
      {installOffer && (
        <Suspense fallback={null}>
          <InstallPrompt offer={installOffer} />
        </Suspense>
      )}
      <Toaster />
    </>
  );
}

/** Mounts the later parts into base.html's slots and #chrome-later. */
export function mountLater() {
  const mount = (id, element) => mountIsland(document.getElementById(id), element);
  mount("language-slot", <LanguageSwitch />);
  mount("account-slot", <AccountMenu />);
  mount("chrome-later", <ChromeLater />);
}

/** Opens the account menu (mounted or about to be: it reads the open pop-up as it mounts). */
export const openAccount = () => openDropdown("account");
