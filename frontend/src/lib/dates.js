// Dates and times a shopper reads, in one place for every island: in the shop's own time zone
// whatever the device's, in the shown language, digits Western in both. English is the browser's
// en-IN ("28 Nov 2026, 3:35 pm"). Telugu is put together here ("28 నవంబర్ 2026, మధ్యాహ్నం 3:35"):
// the browser's te-IN ends a time with "PM" and adds "కి", which the catalogs' sentences then
// suffix again ("{date}న" read "... PMన").
import { getLanguage } from "./i18n";

export const SHOP_TIME_ZONE = "Asia/Kolkata";
const formats = new Map();

function formatter(locale, options) {
  const key = `${locale}|${JSON.stringify(options)}`;
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(locale, { ...options, timeZone: options.timeZone ?? SHOP_TIME_ZONE }));
  return formats.get(key);
}

function parsed(iso) {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(time) ? new Date(time) : null;
}

/** The day's part before a Telugu time, by the hour (0-23) in the shop's time zone. */
export function teluguDayPeriod(hour) {
  if (hour >= 4 && hour < 12) return "ఉదయం";
  if (hour >= 12 && hour < 16) return "మధ్యాహ్నం";
  if (hour >= 16 && hour < 19) return "సాయంత్రం";
  return "రాత్రి";
}

function teluguDate(date) {
  const month = formatter("te-IN", { month: "long" }).format(date);
  const { day, year } = Object.fromEntries(
    formatter("en-IN", { day: "numeric", year: "numeric" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${day} ${month} ${year}`;
}

function teluguTime(date) {
  const parts = Object.fromEntries(
    formatter("en-IN", { hour: "numeric", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const hour = Number(parts.hour) % 24;
  return `${teluguDayPeriod(hour)} ${hour % 12 || 12}:${parts.minute}`;
}

/** "28 Nov 2026" / "28 నవంబర్ 2026", or "" for a missing date. */
export function formatDate(iso, language = getLanguage()) {
  const date = parsed(iso);
  if (!date) return "";
  if (language === "te") return teluguDate(date);
  return formatter("en-IN", { day: "numeric", month: "short", year: "numeric" }).format(date);
}

/** "28 Nov 2026, 3:35 pm" / "28 నవంబర్ 2026, మధ్యాహ్నం 3:35", or "" for a missing date. */
export function formatDateTime(iso, language = getLanguage()) {
  const date = parsed(iso);
  if (!date) return "";
  if (language === "te") return `${teluguDate(date)}, ${teluguTime(date)}`;
  return formatter("en-IN", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }).format(date);
}

/** A month ("2026-11"): "November 2026" / "నవంబర్ 2026". */
export function formatMonth(month, language = getLanguage()) {
  const [year, number] = String(month).split("-").map(Number);
  if (!year || !number) return String(month ?? "");
  return formatter(`${language}-IN`, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, number - 1, 1)));
}
