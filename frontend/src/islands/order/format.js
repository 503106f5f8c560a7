// Dates on the order screens, in the shop's own time zone whatever the device's.
const SHOP_TIME_ZONE = "Asia/Kolkata";
const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: SHOP_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: SHOP_TIME_ZONE,
});

function parsed(iso) {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(time) ? new Date(time) : null;
}

/** "28 Nov 2026", or "" for a missing date. */
export function formatDate(iso) {
  const date = parsed(iso);
  return date ? dateFormat.format(date) : "";
}

/** "28 Nov 2026, 3:35 pm", or "" for a missing date. */
export function formatDateTime(iso) {
  const date = parsed(iso);
  return date ? dateTimeFormat.format(date) : "";
}

export function packLabel(item) {
  return `${item.quantity} ${item.units}`.trim();
}
