// Where /payment/success sends the shopper (spec section 2, "Payment return screens"). The order
// page shows what the server knows about the payment; this screen only tidies the browser's cart.
import { readJSON } from "../../lib/storage";

export const PAYMENT_NOT_SUCCESSFUL = "Payment was not successful.";
export const INCOMPLETE_ORDER = "Incomplete order details. Please try again.";
export const PROCESSING_FAILED = "Failed to process your order. Please try again.";
const SAVED_ORDER_KEYS = ["cartItems", "shippingAddress", "itemsPrice", "shippingPrice", "totalPrice"];

/** `{next, error?, clearCart?}` for the page's query string. */
export function paymentReturnStep(search) {
  const orderId = new URLSearchParams(search).get("orderId")?.trim();
  if (!orderId) return { next: "/payment", error: PAYMENT_NOT_SUCCESSFUL };
  if (SAVED_ORDER_KEYS.some((key) => readJSON(key, null) == null)) return { next: "/cart", error: INCOMPLETE_ORDER };
  return { next: `/order/${encodeURIComponent(orderId)}`, clearCart: true };
}
