// The order page hears its order change (issue 26): a websocket to /ws/orders/{id}/ that signs in
// with the shopper's token as its first message, then calls `onChanged` for every committed change
// of the order (the page reads the order again). It reconnects with the cart socket's backoff
// while the page is open, and stops for good when the server says the caller may not follow the
// order (4401 not signed in, 4404 not theirs): the page keeps what it loaded.
import { getUserInfo } from "./auth";
import { BACKOFF, reconnectDelay } from "./realtime";

export const ORDER_SOCKET_PATH = (orderId) => `/ws/orders/${encodeURIComponent(orderId)}/`;
const FINAL_CODES = new Set([4401, 4404]);

/**
 * Follow order `orderId`; returns a stop function. `onChanged()` runs on each `orderChanged`,
 * and once after a reconnection (a change may have committed while the socket was down).
 */
export function followOrder(
  orderId,
  onChanged,
  {
    WebSocketImpl = typeof WebSocket === "undefined" ? undefined : WebSocket,
    location = typeof window === "undefined" ? undefined : window.location,
    token = () => getUserInfo()?.token,
    random = Math.random,
  } = {},
) {
  if (!WebSocketImpl || !location || !orderId) return () => {};
  let socket = null;
  let attempt = 0;
  let retryTimer = null;
  let stopped = false;
  let followedBefore = false;

  function connect() {
    const signIn = token();
    if (stopped || !signIn) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const current = new WebSocketImpl(`${scheme}//${location.host}${ORDER_SOCKET_PATH(orderId)}`);
    socket = current;
    const connectTimer = setTimeout(() => {
      if (socket === current && current.readyState !== WebSocketImpl.OPEN) current.close();
    }, BACKOFF.connectTimeoutMs);
    current.onopen = () => {
      clearTimeout(connectTimer);
      current.send(JSON.stringify({ type: "follow", token: signIn }));
    };
    current.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message?.type === "following") {
        attempt = 0;
        if (followedBefore) onChanged();
        followedBefore = true;
      } else if (message?.type === "orderChanged") {
        onChanged();
      }
    };
    current.onclose = (event) => {
      clearTimeout(connectTimer);
      if (socket !== current) return;
      socket = null;
      if (stopped || FINAL_CODES.has(event?.code)) return;
      const delay = reconnectDelay(attempt, random);
      attempt += 1;
      retryTimer = setTimeout(connect, delay);
    };
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    if (socket) {
      const closing = socket;
      socket = null;
      closing.onopen = closing.onmessage = closing.onclose = null;
      closing.close(1000);
    }
  };
}
