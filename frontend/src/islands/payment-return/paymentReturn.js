// Where /payment/success sends the shopper (spec section 2, "Payment return screens"). The order
// page shows what the server knows about the payment; this screen only tidies the browser's cart.
import { t } from "../../lib/i18n";
import { takeOrderBeingPaid } from "../../lib/orderBeingPaid";
import { readJSON } from "../../lib/storage";

// Catalog keys (lib/i18n.js).
export const PAYMENT_NOT_SUCCESSFUL = "paymentReturn.notSuccessful";
export const INCOMPLETE_ORDER = "paymentReturn.incomplete";
export const PROCESSING_FAILED = "paymentReturn.failed";
const SAVED_ORDER_KEYS = ["cartItems", "shippingAddress", "itemsPrice", "shippingPrice", "totalPrice"];

/** `{next, error?, clearCart?}` for the page's query string. */
export function paymentReturnStep(search) {
  const orderId = new URLSearchParams(search).get("orderId")?.trim();
  const paidLater = takeOrderBeingPaid();
  if (!orderId) return { next: "/payment", error: t(PAYMENT_NOT_SUCCESSFUL) };
  // An order paid from its page: straight back to it, the shopper's cart (a new one) left alone.
  if (paidLater === orderId) return { next: `/order/${encodeURIComponent(orderId)}` };
  if (SAVED_ORDER_KEYS.some((key) => readJSON(key, null) == null)) return { next: "/cart", error: t(INCOMPLETE_ORDER) };
  return { next: `/order/${encodeURIComponent(orderId)}`, clearCart: true };
}
