// The parts of the chrome that float above every page: floating cart, install prompt, toasts.
// It also shows the message the previous page left (lib/flash), starts the session-expiry watch,
// opens the page's one realtime connection for the cart (lib/realtime) and registers the service
// worker.
import { Suspense, lazy, useEffect, useState } from "react";
import FloatingCart from "../../components/FloatingCart";
import Toaster from "../../components/Toaster";
import { watchExpiry } from "../../lib/auth";
import { useCart } from "../../lib/cart";
import { showFlash } from "../../lib/flash";
import { registerServiceWorker } from "../../lib/serviceWorker";

// The realtime connection is for a cart with lines (lib/realtime opens its socket only then), so
// its code comes once the cart has its first line, in this tab or another; from then on it
// follows the cart by itself.
const loadRealtime = () => import(/* webpackChunkName: "realtime" */ "../../lib/realtime");
const InstallPrompt = lazy(() => import(/* webpackChunkName: "install-prompt" */ "../../components/InstallPrompt"));

/** The browser's first offer to install the shop (`beforeinstallprompt`), kept for the prompt. */
function useInstallOffer() {
  const [offer, setOffer] = useState(null);
  useEffect(() => {
    const onPrompt = (event) => {
      event.preventDefault();
      setOffer(event);
      window.removeEventListener("beforeinstallprompt", onPrompt);
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    return () => window.removeEventListener("beforeinstallprompt", onPrompt);
  }, []);
  return offer;
}

export default function Chrome() {
  useEffect(() => watchExpiry(), []);
  useEffect(() => {
    showFlash();
  }, []);
  const installOffer = useInstallOffer();
  const hasLines = useCart().cartItems.length > 0;
  useEffect(() => {
    if (hasLines) loadRealtime().then(({ startRealtime }) => startRealtime());
  }, [hasLines]);
  useEffect(() => {
    registerServiceWorker();
  }, []);
  return (
    <>
      <FloatingCart />
      {installOffer && (
        <Suspense fallback={null}>
          <InstallPrompt offer={installOffer} />
        </Suspense>
      )}
      <Toaster />
    </>
  );
}
