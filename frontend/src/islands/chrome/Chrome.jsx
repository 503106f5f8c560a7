// The parts of the chrome that float above every page: floating cart, install prompt, toasts.
// It also shows the message the previous page left (lib/flash), starts the session-expiry watch,
// opens the page's one realtime connection for the cart (lib/realtime) and registers the service
// worker.
import { useEffect } from "react";
import FloatingCart from "../../components/FloatingCart";
import InstallPrompt from "../../components/InstallPrompt";
import Toaster from "../../components/Toaster";
import { watchExpiry } from "../../lib/auth";
import { showFlash } from "../../lib/flash";
import { startRealtime } from "../../lib/realtime";
import { registerServiceWorker } from "../../lib/serviceWorker";

export default function Chrome() {
  useEffect(() => watchExpiry(), []);
  useEffect(() => {
    showFlash();
  }, []);
  useEffect(() => {
    startRealtime();
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
