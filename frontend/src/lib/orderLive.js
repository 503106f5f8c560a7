// The order page hears its order change (issue 26): a websocket to /ws/orders/{id}/ that signs in
// with the shopper's token as its first message, then calls `onChanged` for every committed change
// of the order (the page reads the order again). It reconnects with the cart socket's backoff
// while the page is open, and stops for good when the server says the caller may not follow the
// order (4401 not signed in, 4404 not theirs): the page keeps what it loaded.
import { followSocket } from "./followSocket";

export const ORDER_SOCKET_PATH = (orderId) => `/ws/orders/${encodeURIComponent(orderId)}/`;
const FINAL_CODES = new Set([4401, 4404]);

/**
 * Follow order `orderId`; returns a stop function. `onChanged()` runs on each `orderChanged`,
 * and once after a reconnection (a change may have committed while the socket was down).
 */
export function followOrder(orderId, onChanged, options = {}) {
  if (!orderId) return () => {};
  let followedBefore = false;
  return followSocket(
    {
      path: ORDER_SOCKET_PATH(orderId),
      finalCodes: FINAL_CODES,
      onFollowing: () => {
        if (followedBefore) onChanged();
        followedBefore = true;
      },
      onChanged: () => onChanged(),
    },
    options,
  );
}
