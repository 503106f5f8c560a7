// The part of the chrome that floats above every page from its start: the floating cart, which
// shows the cart's lines and total on the first screen. It also opens the page's one realtime
// connection for the cart (lib/realtime). What the first screen does not need (toasts, the
// message the previous page left, the install prompt, the session-expiry watch, the service
// worker) comes later: ChromeLater.jsx.
import { useEffect } from "react";
import FloatingCart from "../../components/FloatingCart";
import { useCart } from "../../lib/cart";

// The realtime connection is for a cart with lines (lib/realtime opens its socket only then), so
// its code comes once the cart has its first line, in this tab or another; from then on it
// follows the cart by itself.
const loadRealtime = () => import(/* webpackChunkName: "realtime" */ "../../lib/realtime");

export default function Chrome() {
  const hasLines = useCart().cartItems.length > 0;
  useEffect(() => {
    if (hasLines) loadRealtime().then(({ startRealtime }) => startRealtime());
  }, [hasLines]);
  return <FloatingCart />;
}
