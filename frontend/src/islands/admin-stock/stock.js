// The stock screens' plain logic: what the forms send and how the answers are read. Every rule of
// a purchase, its GST, a count or a reorder is the server's (inventory/entry.py, tax.py,
// stock_takes.py, selectors.py); this only shapes what was typed into the API's bodies and adds up
// figures the server already worked out, in paise so no rupee is lost to floating point.
import { namedPackLabel } from "../../lib/packLabel";

export const TAB_LABELS = {
  purchases: "admin.stock.tab.purchases",
  take: "admin.stock.tab.take",
  expiry: "admin.stock.tab.expiry",
  reorder: "admin.stock.tab.reorder",
  margins: "admin.stock.tab.margins",
};
export const TABS = Object.keys(TAB_LABELS);
// A purchase's and a stock take's states as the server names them (inventory/models.py).
export const STATUS_LABELS = { draft: "admin.stock.status.draft", posted: "admin.stock.status.posted", counting: "admin.stock.status.counting" };
export const MARGIN_DAYS = [7, 30, 90, 365];
// The groupings the margins answer knows (inventory/selectors.py GROUPINGS).
export const MARGIN_GROUPS = { category: "admin.stock.margins.by.category", pack: "admin.stock.margins.by.pack", day: "admin.stock.margins.by.day" };

/** The tab named in the address (#take), else the first. */
export function tabOf(hash) {
  const name = String(hash || "").replace(/^#/, "");
  return TABS.includes(name) ? name : TABS[0];
}

let lineKeys = 0;

/** A purchase line as the form holds it, every field as typed. */
export function emptyLine() {
  lineKeys += 1;
  return { key: lineKeys, financialId: "", pack: "", qty: "", unitCost: "", gstRate: "", batchNumber: "", bestBefore: "", mrp: "", packedOn: "" };
}

/** The body of POST /api/inventory/purchases from the form: values as typed (the server reads
 * numbers and numeric strings alike and judges each one); a blank packed date is none. */
export function purchaseBody({ supplierId, invoiceNumber, invoiceDate, lines }) {
  return {
    supplierId: supplierId === "" ? null : Number(supplierId),
    invoiceNumber,
    invoiceDate,
    lines: lines.map((line) => ({
      financialId: line.financialId,
      qty: line.qty,
      unitCost: line.unitCost,
      gstRate: line.gstRate,
      batchNumber: line.batchNumber,
      bestBefore: line.bestBefore,
      mrp: line.mrp,
      packedOn: line.packedOn || null,
    })),
  };
}

/** The multipart body of POST /api/inventory/purchases/import. */
export function importBody({ supplierId, invoiceNumber, invoiceDate, file }) {
  const body = new FormData();
  body.append("supplierId", supplierId);
  body.append("invoiceNumber", invoiceNumber);
  body.append("invoiceDate", invoiceDate);
  if (file) body.append("file", file);
  return body;
}

/** The refused line's number (from 1) that the server names with its message, or null. */
export function refusedLine(error) {
  const line = error?.data?.line;
  return Number.isInteger(line) ? line : null;
}

/** The packs of a product search's answer (GET /api/products?keyword=) as choices. */
export function packChoices(answer) {
  const products = Array.isArray(answer) ? answer : answer?.products || [];
  return products.flatMap((product) =>
    (product.details || []).flatMap((detail) =>
      (detail.financials || []).map((pack) => ({
        financialId: String(pack._id),
        label: namedPackLabel({ ...pack, brand: detail.brand }, product.name),
      })),
    ),
  );
}

const paise = (value) => Math.round(Number(value) * 100);

/** The sum of the server's amounts (numbers or "12.50"), skipping the unknown ones (null). */
export function sumMoney(values) {
  return values.filter((value) => value !== null && value !== undefined && value !== "").reduce((total, value) => total + paise(value), 0) / 100;
}

/** The count sheet's lines as the form holds them: {financialId: {counted: "12", reason: "damaged"}},
 * from the server's lines (a line not counted yet shows an empty box and the server's reason). */
export function sheetEntries(lines) {
  return Object.fromEntries(lines.map((line) => [line.financialId, { counted: line.counted ?? "", reason: line.reason }]));
}

/** The count sheet's entries as the body of PUT .../stock-takes/<id>: a cleared count is sent as
 * none (not counted yet); the reason as chosen (the server judges it and knows the default). */
export function countsBody(entries) {
  return {
    counts: Object.entries(entries).map(([financialId, { counted, reason }]) => ({
      financialId,
      counted: counted === "" || counted === null || counted === undefined ? null : counted,
      reason: reason || null,
    })),
  };
}

export function stockTakePath(id, { csv = false } = {}) {
  return `/api/inventory/stock-takes/${id}${csv ? "?export=csv" : ""}`;
}

/** What a count sheet adds up to, from the server's lines: packs counted, packs that differ, and
 * the differences' value at cost (those whose cost is known). */
export function sheetSummary(lines) {
  const counted = lines.filter((line) => line.counted !== null && line.counted !== undefined);
  const differing = counted.filter((line) => line.difference);
  return {
    packs: lines.length,
    counted: counted.length,
    differing: differing.length,
    value: sumMoney(differing.map((line) => line.value)),
    costUnknown: differing.filter((line) => line.value === null).length,
  };
}

/** The near-expiry batches split into the server's two bands, soonest first as it sent them. */
export function byBand(batches) {
  return {
    soon: batches.filter((row) => row.band === "soon"),
    watch: batches.filter((row) => row.band === "watch"),
  };
}

export function marginsPath({ days, by }, { csv = false } = {}) {
  const query = new URLSearchParams({ days: String(days), by });
  if (csv) query.set("export", "csv");
  return `/api/inventory/margins?${query}`;
}
