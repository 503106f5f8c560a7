// Print: a new window holding only the invoice, with its own stylesheet, then the print dialog.
import { getLanguage } from "../../lib/i18n";

const PRINT_STYLES = `
  * { box-sizing: border-box; }
  body { margin: 24px; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #111; }
  h2 { margin: 0 0 4px; font-size: 20px; }
  h3 { margin: 0 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: #555; }
  p { margin: 0 0 2px; }
  .invoice__header { display: flex; justify-content: space-between; gap: 24px; padding-bottom: 12px; border-bottom: 2px solid #111; }
  .invoice__meta, .invoice__totals { display: grid; grid-template-columns: auto auto; align-content: start; gap: 2px 16px; margin: 0; }
  .invoice__meta dt, .invoice__totals dt { font-weight: 600; }
  .invoice__meta dd, .invoice__totals dd { margin: 0; text-align: right; }
  .invoice__parties { display: flex; gap: 32px; margin: 16px 0; }
  table { width: 100%; border-collapse: collapse; margin: 8px 0 16px; }
  th, td { padding: 6px 8px; border-bottom: 1px solid #ccc; text-align: left; }
  th { font-size: 11px; text-transform: uppercase; color: #555; }
  .num { text-align: right; }
  .invoice__totals { width: 260px; margin-left: auto; }
  .invoice__grand-total { font-weight: 700; font-size: 15px; }
  @page { margin: 12mm; }
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
