// Dates on the order screens, in the shop's own time zone whatever the device's.
// Month names follow the shown language (en-IN or te-IN); the digits stay Western in both.
import { getLanguage } from "../../lib/i18n";

const SHOP_TIME_ZONE = "Asia/Kolkata";
const DATE = { day: "numeric", month: "short", year: "numeric", timeZone: SHOP_TIME_ZONE };
const DATE_TIME = { ...DATE, hour: "numeric", minute: "2-digit" };
const formats = new Map();

function formatter(options) {
  const locale = `${getLanguage()}-IN`;
  const key = `${locale}|${options === DATE ? "date" : "time"}`;
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(locale, options));
  return formats.get(key);
}

function parsed(iso) {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(time) ? new Date(time) : null;
}

/** "28 Nov 2026", or "" for a missing date. */
export function formatDate(iso) {
  const date = parsed(iso);
  return date ? formatter(DATE).format(date) : "";
}

/** "28 Nov 2026, 3:35 pm", or "" for a missing date. */
export function formatDateTime(iso) {
  const date = parsed(iso);
  return date ? formatter(DATE_TIME).format(date) : "";
}

export function packLabel(item) {
  return `${item.quantity} ${item.units}`.trim();
}
