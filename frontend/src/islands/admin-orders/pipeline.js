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
];

export const CANCELLED = "cancelled";

const MOVE_LABELS = {
  packed: "admin.orders.move.packed",
  dispatched: "admin.orders.move.dispatched",
  delivered: "admin.orders.move.delivered",
  [CANCELLED]: "admin.orders.move.cancelled",
};

const STATE_NAMES = {
  placed: "admin.orders.state.placed",
  packed: "admin.orders.state.packed",
  dispatched: "admin.orders.state.dispatched",
  delivered: "admin.orders.state.delivered",
};

/** "packed" as the staff read it in the shown language. */
export function stateName(status) {
  return STATE_NAMES[status] ? t(STATE_NAMES[status]) : status;
}

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

/** The API's list address for a page and a status filter (the server chooses the page size). */
export function apiListUrl({ page = 1, status = "" } = {}) {
  const query = new URLSearchParams({ pageNumber: String(page) });
  if (status) query.set("status", status);
  return `/api/orders?${query}`;
}

/** The list's own address for a page and a status filter. */
export function listUrl({ page = 1, status = "" } = {}) {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("pageNumber", String(page));
  const text = query.toString();
  return `/admin/orderlist${text ? `?${text}` : ""}`;
}

/** {page, status} from the list's query string; anything unexpected falls back to page 1, all. */
export function readListQuery(search) {
  const query = new URLSearchParams(search);
  const page = Number.parseInt(query.get("pageNumber") ?? "1", 10);
  const status = query.get("status") ?? "";
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: STATUS_FILTERS.some((filter) => filter.value === status) ? status : "",
  };
}
