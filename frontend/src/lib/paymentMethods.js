// The payment methods on offer come from the server (config.paymentMethods: only the methods
// switched on); this file only says how a shopper reads them (spec sections 7, 9).
import { config } from "./config";
import { t } from "./i18n";

export const CASH_OR_UPI = "Cash Or UPI";
export const ONLINE = "Online";

/** 'Cash Or UPI' is what is stored and sent; 'Cash/UPI' is what the shopper reads (catalog keys). */
export const PAYMENT_METHOD_LABELS = { [CASH_OR_UPI]: "payment.method.cash", [ONLINE]: "payment.method.online" };

/** The values of the methods the server offers now. */
export function offeredMethods(methods = config.paymentMethods) {
  return (methods ?? []).map((method) => method.value);
}

/** The stored method if the server offers it, else "" (the store's default 'PayPal' counts as unset). */
export function validPaymentMethod(method, methods = config.paymentMethods) {
  return offeredMethods(methods).includes(method) ? method : "";
}

export function paymentMethodLabel(method) {
  const offered = config.paymentMethods?.find((candidate) => candidate.value === method);
  return PAYMENT_METHOD_LABELS[method] ? t(PAYMENT_METHOD_LABELS[method]) : (offered?.label ?? method ?? "");
}
