// The payment methods the orders API accepts, and how a shopper reads them (spec sections 7, 9).

export const CASH_OR_UPI = "Cash Or UPI";
export const ONLINE = "Online";

/** 'Cash Or UPI' is what is stored and sent; 'Cash/UPI' is what the shopper reads. */
export const PAYMENT_METHOD_LABELS = { [CASH_OR_UPI]: "Cash/UPI", [ONLINE]: "Online" };

/** The stored method if the server accepts it, else "" (the store's default 'PayPal' counts as unset). */
export function validPaymentMethod(method) {
  return Object.hasOwn(PAYMENT_METHOD_LABELS, method) ? method : "";
}

export function paymentMethodLabel(method) {
  return PAYMENT_METHOD_LABELS[method] ?? method ?? "";
}
