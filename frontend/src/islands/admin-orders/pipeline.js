// What an admin can do next with an order: the one pipeline step that may follow its status
// (placed → packed → dispatched → delivered), and the call that makes it.

export const STATUS_FILTERS = [
  { value: "", label: "All" },
  { value: "placed", label: "Placed" },
  { value: "packed", label: "Packed" },
  { value: "dispatched", label: "Dispatched" },
  { value: "delivered", label: "Delivered" },
];

const NEXT_STEP = {
  placed: { status: "packed", label: "Mark as Packed" },
  packed: { status: "dispatched", label: "Mark as Dispatched" },
  dispatched: { status: "delivered", label: "Mark as Delivered" },
};

/** The order's pipeline status, from `status` or, failing that, its flags. */
export function currentStatus(order) {
  if (order.status) return order.status;
  if (order.isDelivered) return "delivered";
  if (order.isDispatched) return "dispatched";
  if (order.isPacked) return "packed";
  return "placed";
}

/** {status, label} of the next step, or null once delivered. */
export function nextStep(order) {
  return NEXT_STEP[currentStatus(order)] ?? null;
}

/** The API call that moves an order to `status`: delivered has its own endpoint (spec section 7). */
export function stepRequest(orderId, status) {
  const id = encodeURIComponent(orderId);
  if (status === "delivered") return { path: `/api/orders/${id}/deliver`, method: "PUT" };
  return { path: `/api/orders/${id}/status`, method: "PUT", body: { status } };
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
