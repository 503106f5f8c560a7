// The order page's hook for lib/orderLive.js (issue 26). The socket's code (and the cart socket's
// backoff it reuses, lib/realtime.js) is a chunk of its own, fetched inside the effect: the first
// screen shows the order without it.
import { useEffect, useRef } from "react";

/** `followOrder` for a component: the latest `onChanged` is called; stops on unmount. */
export function useOrderLive(orderId, onChanged) {
  const latest = useRef(onChanged);
  latest.current = onChanged;
  useEffect(() => {
    let stop = null;
    let done = false;
    import(/* webpackChunkName: "order-live" */ "./orderLive").then(({ followOrder }) => {
      if (!done) stop = followOrder(orderId, () => latest.current());
    });
    return () => {
      done = true;
      stop?.();
    };
  }, [orderId]);
}
