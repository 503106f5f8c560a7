// The books screen's addresses and its file downloads. The server judges every period and range
// (books/periods.py: MMYYYY, a quarter by its last month, not in the future, one financial year);
// this only turns the form's values into the query and hands a file to the browser to save.
export { download } from "../../lib/download";

/** "2026-10" (an <input type="month">) as the return period 102026. */
export function fpOf(month) {
  const [year, number] = String(month || "").split("-");
  return year && number ? `${number}${year}` : "";
}

/** The return period 102026 as the month "2026-10". */
export function monthOfFp(fp) {
  const text = String(fp || "");
  return text.length === 6 ? `${text.slice(2)}-${text.slice(0, 2)}` : "";
}

export function periodQuery(month, quarterly) {
  const query = new URLSearchParams({ period: fpOf(month) });
  if (quarterly) query.set("quarterly", "true");
  return query.toString();
}

export function rangeQuery(range) {
  return new URLSearchParams({ from: range.from, to: range.to }).toString();
}

export const REGISTERS = [
  ["sales", "admin.books.register.sales"],
  ["credit-notes", "admin.books.register.creditNotes"],
  ["purchases", "admin.books.register.purchases"],
  ["debit-notes", "admin.books.register.debitNotes"],
  ["day-book", "admin.books.register.dayBook"],
  ["hsn", "admin.books.register.hsn"],
];
