// The order a shopper pays from its own page or My Orders (the Pay button), kept in this tab until
// the gateway sends them back: /payment/success then opens that order. The checkout's check of the
// saved cart is for an order just placed; an order paid later has no cart left to check, and the
// shopper landed on "Your cart is empty" instead of the paid order (issue 45).
const KEY = "orderBeingPaid";

export function rememberOrderBeingPaid(orderId) {
  try {
    window.sessionStorage.setItem(KEY, String(orderId));
  } catch (error) {
    console.error("Could not keep the order being paid", error);
  }
}

/** The order remembered, once: it is forgotten as it is read. */
export function takeOrderBeingPaid() {
  try {
    const orderId = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return orderId;
  } catch {
    return null;
  }
}
