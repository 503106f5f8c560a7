// The staff queue's address and its filter: /admin/tickets?status=open&pageNumber=2 (shareable),
// and the API list it shows. "open" by default: the tickets waiting for staff.
import { withQuery } from "../../lib/listPages";

export const STATUS_FILTERS = [
  { value: "open", label: "admin.tickets.filter.open" },
  { value: "approved", label: "admin.tickets.filter.approved" },
  { value: "rejected", label: "admin.tickets.filter.rejected" },
  { value: "resolved", label: "admin.tickets.filter.resolved" },
  { value: "all", label: "admin.tickets.filter.all" },
];

export function readQueueQuery(search) {
  const query = new URLSearchParams(search);
  const page = Number.parseInt(query.get("pageNumber") ?? "1", 10);
  const status = query.get("status") ?? "open";
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: STATUS_FILTERS.some((filter) => filter.value === status) ? status : "open",
  };
}

export function queueUrl({ page = 1, status = "open" } = {}) {
  return withQuery("/admin/tickets", { status: status === "open" ? "" : status, pageNumber: page });
}

export function apiQueueUrl({ page = 1, status = "open" } = {}) {
  return withQuery("/api/support/tickets", { status: status === "all" ? "" : status, pageNumber: page });
}

/** How long a ticket has waited (or waited, once decided): {key, vars} for the catalog. */
export function ageText(seconds) {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return { key: "admin.tickets.ageDays", vars: { days, hours: hours % 24 } };
  if (hours > 0) return { key: "admin.tickets.ageHours", vars: { hours, minutes: minutes % 60 } };
  return { key: "admin.tickets.ageMinutes", vars: { minutes } };
}
