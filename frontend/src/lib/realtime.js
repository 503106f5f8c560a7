// Live prices and stock in the cart (spec sections 1 and 4, DESIGN.md "Realtime"). One websocket
// per page, shared by every island through the cart store: it is open only while the cart has
// lines and the tab is visible. It sends the cart as `clientCart` on connecting and after every
// cart change; each `productUpdate` refreshes the cart lines (and so every island showing them),
// and a changed price is announced in a toast naming the product and its new price. A signed-in
// shopper's `clientCart` carries their token, so the server counts the socket against them as well
// as against their address (realtime/limits.py); a guest's carries none.
import { getUserInfo, USER_INFO_KEY } from "./auth";
import { BACKOFF, reconnectDelay } from "./backoff";
import { applyProductUpdate, CART_KEY, getCart, lineLabel } from "./cart";
import { t } from "./i18n";
import { formatMoney } from "./money";
import { subscribe as subscribeKey } from "./storage";
import { createStore } from "./store";
import { toast } from "./toast";

export const SOCKET_PATH = "/ws/cart/";
// The backoff lives on its own so the staff board's socket takes it without the cart.
export { BACKOFF, reconnectDelay };

// The socket's state, for whoever wants to show it: off | connecting | open | waiting (to retry).
export const realtimeState = createStore({ status: "off", attempt: 0 });
/** The `clientCart` message: only what the server compares, so a 200-line cart stays small. */
export function clientCartMessage(cart = getCart(), userInfo = getUserInfo()) {
  const cartItems = cart.cartItems.map(({ productId, financialId, price, dprice, Discount, countInStock }) => ({
    productId,
    financialId,
    price,
    dprice,
    Discount,
    countInStock,
  }));
  const message = { type: "clientCart", cartItems };
  if (userInfo?.token) message.token = userInfo.token;
  return JSON.stringify(message);
}

function socketUrl(location) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${SOCKET_PATH}`;
}

function announcePriceChanges(lines) {
  for (const line of lines) toast.info(t("cart.priceChanged", { line: lineLabel(line), price: formatMoney(line.dprice) }));
}

let stopCurrent = null;

/**
 * Start the page's realtime connection (idempotent: every island may call it). Returns a stop
 * function, used by tests. `WebSocket`, `document`, `location` and the timers can be replaced.
 */
export function startRealtime({
  WebSocketImpl = typeof WebSocket === "undefined" ? undefined : WebSocket,
  doc = typeof document === "undefined" ? undefined : document,
  location = typeof window === "undefined" ? undefined : window.location,
  random = Math.random,
} = {}) {
  if (stopCurrent) return stopCurrent;
  if (!WebSocketImpl || !doc || !location) return () => {};

  let socket = null;
  let lastSent = null;
  let attempt = 0;
  let retryTimer = null;
  let connectTimer = null;

  const wanted = () => getCart().cartItems.length > 0 && doc.visibilityState !== "hidden";
  const setStatus = (status) => realtimeState.set({ status, attempt });

  function sendCart() {
    if (!socket || socket.readyState !== WebSocketImpl.OPEN) return;
    const message = clientCartMessage();
    if (message === lastSent) return;
    lastSent = message;
    socket.send(message);
  }

  function clearTimers() {
    clearTimeout(retryTimer);
    clearTimeout(connectTimer);
    retryTimer = connectTimer = null;
  }

  function disconnect() {
    clearTimers();
    if (socket) {
      const closing = socket;
      socket = null;
      closing.onopen = closing.onmessage = closing.onclose = closing.onerror = null;
      closing.close(1000);
    }
    attempt = 0;
    setStatus("off");
  }

  function scheduleRetry() {
    const delay = reconnectDelay(attempt, random);
    attempt += 1;
    setStatus("waiting");
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (wanted()) connect();
    }, delay);
  }

  function onMessage(event) {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message?.type === "productUpdate" && message.product) {
      announcePriceChanges(applyProductUpdate(message.product));
    } else if (message?.type === "error") {
      console.warn("Realtime:", message.message);
    }
  }

  function connect() {
    if (socket || retryTimer) return;
    const current = new WebSocketImpl(socketUrl(location));
    socket = current;
    lastSent = null;
    setStatus("connecting");
    connectTimer = setTimeout(() => {
      // No answer within the connect timeout: give up on this attempt and retry.
      if (socket === current && current.readyState !== WebSocketImpl.OPEN) current.close();
    }, BACKOFF.connectTimeoutMs);
    current.onopen = () => {
      clearTimeout(connectTimer);
      attempt = 0;
      setStatus("open");
      sendCart();
    };
    current.onmessage = onMessage;
    current.onclose = () => {
      clearTimeout(connectTimer);
      if (socket !== current) return;
      socket = null;
      if (wanted()) scheduleRetry();
      else setStatus("off");
    };
  }

  function update() {
    if (!wanted()) {
      if (socket || retryTimer) disconnect();
      return;
    }
    if (socket) sendCart();
    else connect();
  }

  const unsubscribeCart = subscribeKey(CART_KEY, update);
  const unsubscribeUser = subscribeKey(USER_INFO_KEY, update);
  doc.addEventListener("visibilitychange", update);
  update();

  stopCurrent = () => {
    unsubscribeCart();
    unsubscribeUser();
    doc.removeEventListener("visibilitychange", update);
    disconnect();
    stopCurrent = null;
  };
  return stopCurrent;
}
