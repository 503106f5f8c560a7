// Dates and times a shopper reads, in one place for every island: in the shop's own time zone
// whatever the device's, in the shown language, digits Western in both. English is the browser's
// en-IN ("28 Nov 2026, 3:35 pm"). Telugu is put together here ("28 నవంబర్ 2026, మధ్యాహ్నం 3:35"):
// the browser's te-IN ends a time with "PM" and adds "కి", which the catalogs' sentences then
// suffix again ("{date}న" read "... PMన"). The server's twin is common/dates.py.
import { getLanguage } from "./i18n";

const ZONE = "Asia/Kolkata";
const DAY = { day: "numeric", month: "short", year: "numeric" };
const PERIODS = [[4, "రాత్రి"], [12, "ఉదయం"], [16, "మధ్యాహ్నం"], [19, "సాయంత్రం"], [24, "రాత్రి"]];

const format = (locale, options, date, timeZone = ZONE) => new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);

function parsed(iso) {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(time) ? new Date(time) : null;
}

/** The day's part before a Telugu time, by the hour (0-23) in the shop's time zone. */
export const teluguDayPeriod = (hour) => PERIODS.find(([until]) => hour < until)[1];

function telugu(date, withTime) {
  const parts = new Intl.DateTimeFormat("en-IN", { ...DAY, hour: "numeric", minute: "2-digit", hourCycle: "h23", timeZone: ZONE }).formatToParts(date);
  const { day, year, hour, minute } = Object.fromEntries(parts.map((part) => [part.type, part.value]));
  const text = `${day} ${format("te-IN", { month: "long" }, date)} ${year}`;
  return withTime ? `${text}, ${teluguDayPeriod(hour % 24)} ${hour % 12 || 12}:${minute}` : text;
}

/** "28 Nov 2026" / "28 నవంబర్ 2026", or "" for a missing date. */
export function formatDate(iso, language = getLanguage()) {
  const date = parsed(iso);
  if (!date) return "";
  return language === "te" ? telugu(date, false) : format("en-IN", DAY, date);
}

/** "28 Nov 2026, 3:35 pm" / "28 నవంబర్ 2026, మధ్యాహ్నం 3:35", or "" for a missing date. */
export function formatDateTime(iso, language = getLanguage()) {
  const date = parsed(iso);
  if (!date) return "";
  return language === "te" ? telugu(date, true) : format("en-IN", { ...DAY, hour: "numeric", minute: "2-digit" }, date);
}

/** A month ("2026-11"): "November 2026" / "నవంబర్ 2026". */
export function formatMonth(month, language = getLanguage()) {
  const [year, number] = String(month).split("-").map(Number);
  if (!year || !number) return String(month ?? "");
  return format(`${language}-IN`, { month: "long", year: "numeric" }, new Date(Date.UTC(year, number - 1, 1)), "UTC");
}
