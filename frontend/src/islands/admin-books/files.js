// The books screen's addresses and its file downloads. The server judges every period and range
// (books/periods.py: MMYYYY, a quarter by its last month, not in the future, one financial year);
// this only turns the form's values into the query and hands a file to the browser to save.
import { ApiError, errorMessage } from "../../lib/api";
import { getUserInfo } from "../../lib/auth";

/** "2026-10" (an <input type="month">) as the return period 102026. */
export function fpOf(month) {
  const [year, number] = String(month || "").split("-");
  return year && number ? `${number}${year}` : "";
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

function filenameOf(response, fallback) {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
  return match ? match[1] : fallback;
}

/** GET `path` with the session's token and save the answer as a file; throws the server's message. */
export async function download(path, fallbackName) {
  const info = getUserInfo();
  const headers = info?.token ? { Authorization: `Bearer ${info.token}` } : {};
  let response;
  try {
    response = await fetch(path, { headers, credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new Error(errorMessage(new ApiError(0, "", null)));
  }
  if (!response.ok) {
    let data = null;
    try {
      data = JSON.parse(await response.text());
    } catch {
      data = null;
    }
    throw new Error(errorMessage(new ApiError(response.status, data?.message || response.statusText, data)));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filenameOf(response, fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return link.download;
}
