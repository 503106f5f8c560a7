// The live board's bookkeeping, apart from React: merging a catch-up into the rows, grouping the
// rows by delivery window, the tab title's badge. What an order is (its state, payment, moves) is
// the server's answer; nothing here decides it.

/** The rows after a catch-up: every changed order's old row goes, its new one comes if it fits the filter. */
export function mergeChanges(rows, { changed = [], orders = [] }) {
  const gone = new Set([...changed, ...orders.map((order) => order._id)]);
  const merged = [...rows.filter((row) => !gone.has(row._id)), ...orders];
  return merged.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)) || String(b._id).localeCompare(String(a._id)));
}

/** Today's date in the shop's time zone, "2026-11-26". */
export function shopToday(now = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const NO_SLOT = "none";

// Late windows first (an earlier day with orders still in the shop: the server's `late`, oldest
// first), then today's, then the days to come, then earlier days (latest first), then no slot.
function rank(group, today) {
  if (group.key === NO_SLOT) return [3, "", ""];
  if (group.late) return [-1, group.date, group.start];
  if (group.date === today) return [0, group.start, ""];
  if (group.date > today) return [1, group.date, group.start];
  return [2, String(99999999 - Number(group.date.replaceAll("-", ""))), group.start];
}

/**
 * [{key, label, date, start, today, late, orders}] for the rows, one group per delivery window and
 * day (the slot's label is the server's), in the order staff work through them.
 */
export function groupByWindow(rows, today = shopToday()) {
  const groups = new Map();
  for (const order of rows) {
    const slot = order.deliverySlot;
    const key = slot ? `${slot.date}|${slot.start}|${slot.end}` : NO_SLOT;
    if (!groups.has(key)) {
      groups.set(key, { key, label: slot?.label ?? "", date: slot?.date ?? "", start: slot?.start ?? "", today: slot?.date === today, late: false, orders: [] });
    }
    const group = groups.get(key);
    group.orders.push(order);
    group.late ||= Boolean(order.late);
  }
  return [...groups.values()].sort((a, b) => {
    const [x, y] = [rank(a, today), rank(b, today)];
    return x[0] - y[0] || x[1].localeCompare(y[1]) || x[2].localeCompare(y[2]);
  });
}

/** "(3) Orders": the page's title with the count of new orders not yet seen. */
export function titleWithBadge(title, count) {
  const plain = String(title).replace(/^\(\d+\) /, "");
  return count > 0 ? `(${count}) ${plain}` : plain;
}
