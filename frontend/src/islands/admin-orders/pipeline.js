// What an admin can do next with an order. The server owns the pipeline: each order answer lists
// the statuses the caller may move it to next (`allowedMoves`); this file only names those moves
// and says which endpoint makes each one (spec section 7, contracts §2). Labels are catalog keys.
import { t } from "../../lib/i18n";

export const STATUS_FILTERS = [
  { value: "", label: "admin.orders.filter.all" },
  { value: "placed", label: "admin.orders.filter.placed" },
  { value: "packed", label: "admin.orders.filter.packed" },
  { value: "dispatched", label: "admin.orders.filter.dispatched" },
  { value: "delivered", label: "admin.orders.filter.delivered" },
  { value: "cancelled", label: "admin.orders.filter.cancelled" },
  { value: "problem", label: "admin.orders.filter.problem" },
];

export const CANCELLED = "cancelled";

const MOVE_LABELS = {
  packed: "admin.orders.move.packed",
  dispatched: "admin.orders.move.dispatched",
  delivered: "admin.orders.move.delivered",
  [CANCELLED]: "admin.orders.move.cancelled",
};

// Named with the order's own page (the Undo there): lib/orderStates.
export { stateName } from "../../lib/orderStates";

/** [{status, label}] for every move the server allows on `order`, in the server's order. */
export function orderMoves(order) {
  return (order.allowedMoves ?? []).map((status) => ({ status, label: MOVE_LABELS[status] ? t(MOVE_LABELS[status]) : t("admin.orders.move.other", { status }) }));
}

/** The API call that moves an order to `status`: delivered and cancelled have their own endpoints. */
export function moveRequest(orderId, status, { reason } = {}) {
  const id = encodeURIComponent(orderId);
  if (status === "delivered") return { path: `/api/orders/${id}/deliver`, method: "PUT" };
  if (status === CANCELLED) return { path: `/api/orders/${id}/cancel`, method: "PUT", body: { reason } };
  return { path: `/api/orders/${id}/status`, method: "PUT", body: { status } };
}

/** The board's API address for a filter, and with `since` the catch-up after that cursor. */
export function boardUrl({ status = "", q = "", date = "", since } = {}) {
  const query = new URLSearchParams();
  if (since !== undefined && since !== null) query.set("since", String(since));
  if (status) query.set("status", status);
  if (q) query.set("q", q);
  if (date) query.set("date", date);
  const text = query.toString();
  return `/api/orders/board${text ? `?${text}` : ""}`;
}

/** The board's own address for a filter (kept in the address bar, so it can be shared). */
export function listUrl({ status = "", q = "", date = "" } = {}) {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (q) query.set("q", q);
  if (date) query.set("date", date);
  const text = query.toString();
  return `/admin/orderlist${text ? `?${text}` : ""}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** {status, q, date} from the board's query string; anything unexpected falls back to all. */
export function readListQuery(search) {
  const query = new URLSearchParams(search);
  const status = query.get("status") ?? "";
  const date = query.get("date") ?? "";
  return {
    status: STATUS_FILTERS.some((filter) => filter.value === status) ? status : "",
    q: (query.get("q") ?? "").slice(0, 100),
    date: DATE.test(date) ? date : "",
  };
}
