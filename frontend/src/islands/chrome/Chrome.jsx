// The parts of the chrome that float above every page: floating cart, install prompt, toasts.
// It also shows the message the previous page left (lib/flash), starts the session-expiry watch
// and registers the service worker.
import { useEffect } from "react";
import FloatingCart from "../../components/FloatingCart";
import InstallPrompt from "../../components/InstallPrompt";
import Toaster from "../../components/Toaster";
import { watchExpiry } from "../../lib/auth";
import { showFlash } from "../../lib/flash";
import { registerServiceWorker } from "../../lib/serviceWorker";

export default function Chrome() {
  useEffect(() => watchExpiry(), []);
  useEffect(() => {
    showFlash();
  }, []);
  useEffect(() => {
    registerServiceWorker();
  }, []);
  return (
    <>
      <FloatingCart />
      <InstallPrompt />
      <Toaster />
    </>
  );
}
