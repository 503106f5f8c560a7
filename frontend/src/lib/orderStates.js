// How staff name an order and its states in messages, the same on the live board and on the order's
// own page (catalog keys of the admin-orders area).
import { t } from "./i18n";

const STATE_NAMES = {
  placed: "admin.orders.state.placed",
  packed: "admin.orders.state.packed",
  dispatched: "admin.orders.state.dispatched",
  delivered: "admin.orders.state.delivered",
  cancelled: "admin.orders.state.cancelled",
};

/** "packed" as the staff read it in the shown language. */
export function stateName(status) {
  return STATE_NAMES[status] ? t(STATE_NAMES[status]) : status;
}

/** An order in staff's messages: its invoice number. */
export const orderName = (order) => order.invoiceNumber || order._id;
