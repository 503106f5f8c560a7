// Print: a new window holding only the invoice, with its own stylesheet, then the print dialog.
// Loaded when the shopper asks to print (islands/order/OrderPage.jsx opens the window first).
import { getLanguage } from "../../lib/i18n";

const PRINT_STYLES = `
  * { box-sizing: border-box; }
  body { margin: 24px; font: 11px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Telugu", Arial, sans-serif; color: #111; }
  h2 { margin: 0 0 4px; font-size: 18px; }
  h3 { margin: 0 0 1px; font-size: 9.5px; text-transform: uppercase; letter-spacing: .04em; color: #555; }
  p { margin: 0; }
  .invoice__title { text-align: center; font-size: 14px; letter-spacing: .08em; text-transform: uppercase; margin: 0 0 4px; }
  .invoice__shop-name { font-size: 15px; font-weight: 700; column-span: all; }
  .invoice__shop { columns: 2; column-gap: 16px; }
  .invoice__header { display: flex; justify-content: space-between; gap: 24px; padding-bottom: 6px; border-bottom: 2px solid #111; }
  .invoice__meta, .invoice__totals { display: grid; grid-template-columns: auto auto; align-content: start; gap: 0 16px; margin: 0; }
  .invoice__meta { flex: none; }
  .invoice__meta dt, .invoice__totals dt { font-weight: 600; }
  .invoice__meta dd, .invoice__totals dd { margin: 0; text-align: right; }
  .invoice__parties { display: flex; gap: 32px; margin: 6px 0; }
  table { width: 100%; border-collapse: collapse; margin: 2px 0 6px; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  th, td { padding: 3px 5px; border-bottom: 1px solid #ccc; text-align: left; vertical-align: top; }
  th { font-size: 9px; text-transform: uppercase; color: #555; vertical-align: bottom; }
  .num { text-align: right; white-space: nowrap; }
  th.num { white-space: normal; }
  .invoice__lines th, .invoice__lines td { padding: 1.5px 4px; font-size: 10px; line-height: 1.15; }
  .invoice__lines th { font-size: 8.5px; }
  .invoice__item-pack { margin-left: 5px; color: #555; font-size: 9px; white-space: nowrap; }
  .invoice__bottom { display: flex; align-items: flex-start; gap: 16px; break-inside: avoid; }
  .invoice__summary-wrap { flex: 1; }
  .invoice__summary th, .invoice__summary td { padding: 0.5px 5px; font-size: 9.5px; }
  .invoice__summary caption { text-align: left; font-weight: 600; padding-bottom: 1px; }
  .invoice__summary tfoot th, .invoice__summary tfoot td { font-weight: 700; color: #111; }
  .invoice__totals { width: 220px; margin-left: auto; }
  .invoice__grand-total { font-weight: 700; font-size: 13px; }
  .invoice__words { margin: 4px 0 1px; }
  .invoice__note { font-size: 9px; color: #555; }
  @page { size: A4; margin: 9mm; }
  @media print { body { margin: 0; } }
`;

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The whole printable page around an invoice's markup. */
export function printableDocument(title, invoiceHtml) {
  return `<!doctype html><html lang="${getLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${PRINT_STYLES}</style></head><body>${invoiceHtml}</body></html>`;
}

/** Write the invoice element into `printWindow` (opened by the click) and print it. */
export function printInvoice(printWindow, element, title) {
  printWindow.document.open();
  printWindow.document.write(printableDocument(title, element.outerHTML));
  printWindow.document.close();
  printWindow.focus();
  printWindow.print();
}
