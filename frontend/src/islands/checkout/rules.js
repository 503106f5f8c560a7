// The checkout's rules of spec sections 4 and 5, kept out of the screens so they read plainly.

export const CASH_OR_UPI = "Cash Or UPI";
export const ONLINE = "Online";

/** What the shopper reads for each method the server accepts ('Cash Or UPI' is shown as 'Cash/UPI'). */
export const PAYMENT_METHOD_LABELS = { [CASH_OR_UPI]: "Cash/UPI", [ONLINE]: "Online" };

/** The stored method if the server accepts it, else "" (the store's default 'PayPal' counts as unset). */
export function validPaymentMethod(method) {
  return Object.hasOwn(PAYMENT_METHOD_LABELS, method) ? method : "";
}

export function paymentMethodLabel(method) {
  return PAYMENT_METHOD_LABELS[method] ?? method;
}

/** An address can be shipped to once street, city and postal code are all filled in. */
export function isAddressComplete(address) {
  return Boolean(address && ["street", "city", "postalCode"].every((field) => String(address[field] ?? "").trim()));
}

export function addressLine(address) {
  return `${address.street}, ${address.city} ${address.postalCode}`;
}
