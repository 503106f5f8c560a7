// Print: a new window holding only the invoice, with its own stylesheet, then the print dialog.
import { getLanguage } from "../../lib/i18n";

const PRINT_STYLES = `
  * { box-sizing: border-box; }
  body { margin: 24px; font: 12px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Telugu", Arial, sans-serif; color: #111; }
  h2 { margin: 0 0 4px; font-size: 18px; }
  h3 { margin: 0 0 2px; font-size: 10.5px; text-transform: uppercase; letter-spacing: .04em; color: #555; }
  p { margin: 0 0 1px; }
  .invoice__title { text-align: center; font-size: 15px; letter-spacing: .08em; text-transform: uppercase; margin: 0 0 6px; }
  .invoice__shop-name { font-size: 16px; font-weight: 700; }
  .invoice__header { display: flex; justify-content: space-between; gap: 24px; padding-bottom: 8px; border-bottom: 2px solid #111; }
  .invoice__meta, .invoice__totals { display: grid; grid-template-columns: auto auto; align-content: start; gap: 1px 16px; margin: 0; }
  .invoice__meta dt, .invoice__totals dt { font-weight: 600; }
  .invoice__meta dd, .invoice__totals dd { margin: 0; text-align: right; }
  .invoice__parties { display: flex; gap: 32px; margin: 8px 0; }
  table { width: 100%; border-collapse: collapse; margin: 4px 0 8px; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  th, td { padding: 4px 6px; border-bottom: 1px solid #ccc; text-align: left; vertical-align: top; }
  th { font-size: 10px; text-transform: uppercase; color: #555; }
  .num { text-align: right; white-space: nowrap; }
  .invoice__lines th, .invoice__lines td { padding: 3px 5px; font-size: 11px; }
  .invoice__item-pack { margin-left: 6px; color: #555; font-size: 10px; }
  .invoice__bottom { display: flex; align-items: flex-start; gap: 16px; break-inside: avoid; }
  .invoice__summary-wrap { flex: 1; }
  .invoice__summary th, .invoice__summary td { padding: 2px 5px; font-size: 10.5px; }
  .invoice__summary caption { text-align: left; font-weight: 600; padding-bottom: 2px; }
  .invoice__summary tfoot th, .invoice__summary tfoot td { font-weight: 700; color: #111; }
  .invoice__totals { width: 230px; margin-left: auto; }
  .invoice__grand-total { font-weight: 700; font-size: 14px; }
  .invoice__words { margin: 6px 0 2px; }
  .invoice__note { font-size: 10px; color: #555; }
  @page { size: A4; margin: 10mm; }
  @media print { body { margin: 0; } }
`;

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The whole printable page around an invoice's markup. */
export function printableDocument(title, invoiceHtml) {
  return `<!doctype html><html lang="${getLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${PRINT_STYLES}</style></head><body>${invoiceHtml}</body></html>`;
}

/** Open the invoice element in a print-ready window and print it. False when pop-ups are blocked. */
export function printInvoice(element, title) {
  const printWindow = window.open("", "_blank", "width=900,height=700");
  if (!printWindow) return false;
  printWindow.document.open();
  printWindow.document.write(printableDocument(title, element.outerHTML));
  printWindow.document.close();
  printWindow.focus();
  printWindow.print();
  return true;
}
