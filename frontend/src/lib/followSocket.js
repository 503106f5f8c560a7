// One authenticated order socket for the order page (lib/orderLive, issue 26) and the staff board
// (lib/staffLive, issue 27): it connects to `path`, signs in with the caller's access token as its
// first message (`{"type": "follow", "token": ...}`: no token in the URL, where access logs would
// keep it), calls `onFollowing()` on every `following` (each (re)connection) and
// `onChanged(message)` on each `orderChanged`. It reconnects with the cart socket's backoff
// (lib/backoff), and stops for good when the server closes with one of `finalCodes`.
import { getUserInfo } from "./auth";
import { BACKOFF, reconnectDelay } from "./backoff";

/** Returns a stop function. `onStatus` hears "connecting", "live", "waiting", "stopped". */
export function followSocket(
  { path, finalCodes, onFollowing, onChanged, onStatus = () => {} },
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
    const current = new WebSocketImpl(`${scheme}//${location.host}${path}`);
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
        onChanged(message);
      }
    };
    current.onclose = (event) => {
      clearTimeout(connectTimer);
      if (socket !== current) return;
      socket = null;
      if (stopped || finalCodes.has(event?.code)) {
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
