// The staff board hears every order change (issue 27): a websocket to /ws/staff/orders/ that signs
// in with an admin's token as its first message. `onFollowing()` runs on every (re)connection (the
// board then catches up from the last cursor it saw: nothing committed while the socket was down is
// missed) and `onChanged(cursor)` on each committed change. It reconnects with the cart socket's
// backoff, and stops for good when the server refuses the caller (4401, 4403).
import { getUserInfo } from "./auth";
import { BACKOFF, reconnectDelay } from "./backoff";

export const STAFF_SOCKET_PATH = "/ws/staff/orders/";
const FINAL_CODES = new Set([4401, 4403]);

/** Follow every order; returns a stop function. `onStatus` hears "connecting", "live", "waiting", "stopped". */
export function followStaffOrders(
  { onFollowing, onChanged, onStatus = () => {} },
  {
    WebSocketImpl = typeof WebSocket === "undefined" ? undefined : WebSocket,
    location = typeof window === "undefined" ? undefined : window.location,
    token = () => getUserInfo()?.token,
    random = Math.random,
  } = {},
) {
  if (!WebSocketImpl || !location) return () => {};
  let socket = null;
  let attempt = 0;
  let retryTimer = null;
  let stopped = false;

  function connect() {
    const signIn = token();
    if (stopped || !signIn) return;
    onStatus("connecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const current = new WebSocketImpl(`${scheme}//${location.host}${STAFF_SOCKET_PATH}`);
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
        onStatus("live");
        onFollowing();
      } else if (message?.type === "orderChanged") {
        onChanged(String(message.cursor ?? ""));
      }
    };
    current.onclose = (event) => {
      clearTimeout(connectTimer);
      if (socket !== current) return;
      socket = null;
      if (stopped || FINAL_CODES.has(event?.code)) {
        onStatus("stopped");
        return;
      }
      onStatus("waiting");
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
