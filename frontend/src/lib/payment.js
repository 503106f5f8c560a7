// Starting an online payment (spec sections 4 and 8): ask the server for the gateway's payment
// session and send the browser to its web payment link. The server takes the amount from the
// order and decides when the order is paid; this module only starts and redirects.
import paymentTexts from "../i18n/payment";
import { api } from "./api";
import { getUserInfo } from "./auth";
import { t } from "./i18n";
import { navigate } from "./navigation";
import { rememberOrderBeingPaid } from "./orderBeingPaid";

// Its texts, loaded with it (the Pay and Place Order buttons load this module when used).
export const texts = [paymentTexts];

// Catalog keys (lib/i18n.js).
export const LINK_NOT_AVAILABLE = "payment.noLink";
export const FAILED_TO_INITIATE = "payment.failed";
export const FAILED_TRY_AGAIN = "payment.failedTryAgain";

const CHECKOUT_START = "/api/payments/initiateJuspayPayment";
const PAY_LATER_START = "/api/payments/initiateJuspayPaymentAtDelivery";

export class PaymentStartError extends Error {
  constructor(message, { alerted = false, cause } = {}) {
    super(message);
    this.name = "PaymentStartError";
    this.alerted = alerted;
    this.leaving = Boolean(cause?.leaving);
  }
}

/** The body both starts send: the order, what is left to pay (its total less store credit) and the customer's phone number. */
export function paymentRequest(order, { cartItems } = {}) {
  const body = {
    order_id: order._id,
    amount: order.amountDue ?? order.totalPrice,
    customerId: order.user?.phoneNo || getUserInfo()?.phoneNo || "",
  };
  if (cartItems) body.cartItems = cartItems;
  return body;
}

/**
 * Start paying `order` and leave for the gateway's page. `checkout` is the new Online order from
 * /placeorder (its cart lines go along); otherwise it is the Pay button of an unpaid order.
 * Throws PaymentStartError with the spec's message when it cannot; `alerted` when the shopper has
 * already been told in an alert.
 */
export async function startPayment(order, { checkout = false, cartItems } = {}) {
  let answer;
  try {
    const path = checkout ? CHECKOUT_START : PAY_LATER_START;
    const body = paymentRequest(order, { cartItems });
    const { sendOnce } = await import("./idempotency"); // at the tap, not with the page
    answer = await sendOnce("payment", body, (headers) => api(path, { method: "POST", body, headers }));
  } catch (error) {
    throw new PaymentStartError(t(FAILED_TRY_AGAIN), { cause: error });
  }
  if (answer?.status !== "NEW") throw new PaymentStartError(t(FAILED_TO_INITIATE));
  const link = answer.payment_links?.web;
  if (!link) {
    window.alert(t(LINK_NOT_AVAILABLE));
    throw new PaymentStartError(t(LINK_NOT_AVAILABLE), { alerted: true });
  }
  if (!checkout) rememberOrderBeingPaid(order._id);
  navigate(link);
  return link;
}
