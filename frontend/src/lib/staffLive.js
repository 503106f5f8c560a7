// The staff board hears every order change (issue 27): a websocket to /ws/staff/orders/ that signs
// in with an admin's token as its first message. `onFollowing()` runs on every (re)connection (the
// board then catches up from the last cursor it saw: nothing committed while the socket was down is
// missed) and `onChanged(cursor)` on each committed change. It reconnects with the cart socket's
// backoff, and stops for good when the server refuses the caller (4401, 4403).
import { followSocket } from "./followSocket";

export const STAFF_SOCKET_PATH = "/ws/staff/orders/";
const FINAL_CODES = new Set([4401, 4403]);

/** Follow every order; returns a stop function. `onStatus` hears "connecting", "live", "waiting", "stopped". */
export function followStaffOrders({ onFollowing, onChanged, onStatus = () => {} }, options = {}) {
  return followSocket(
    {
      path: STAFF_SOCKET_PATH,
      finalCodes: FINAL_CODES,
      onFollowing,
      onChanged: (message) => onChanged(String(message.cursor ?? "")),
      onStatus,
    },
    options,
  );
}
