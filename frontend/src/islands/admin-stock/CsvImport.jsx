// A purchase read from the supplier's CSV file (the columns: inventory/csv_import.py). The server
// reads the whole file before entering anything: a bad row is refused with its line number, and
// nothing is entered; a good file becomes a draft purchase to check and post like any other.
import { useState } from "react";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useSubmit } from "../../lib/useSubmit";
import SupplierSelect from "./SupplierSelect";
import { importBody } from "./stock";

export default function CsvImport({ onSaved, onCancel, today = new Date().toISOString().slice(0, 10) }) {
  const t = useT();
  const [form, setForm] = useState({ supplierId: "", invoiceNumber: "", invoiceDate: today, file: null });
  const importing = useSubmit(() => api("/api/inventory/purchases/import", { method: "POST", body: importBody(form) }));
  const send = async (event) => {
    event.preventDefault();
    const result = await importing.submit();
    if (result.ok) onSaved(result.value);
  };
  return (
    <div className="stock-section">
      <div className="stock-section__head">
        <h2>{t("admin.stock.import.title")}</h2>
        <button type="button" className="btn btn--small" onClick={onCancel}>
          {t("admin.stock.back")}
        </button>
      </div>
      <p className="stock-hint">{t("admin.stock.import.columns")}</p>
      <SupplierSelect value={form.supplierId} onChange={(supplierId) => setForm({ ...form, supplierId })} />
      <form className="stock-form" onSubmit={send} noValidate>
        <div className="stock-grid">
          <div className="form-field">
            <label htmlFor="stock-import-number">{t("admin.stock.purchase.invoiceNumber")}</label>
            <input id="stock-import-number" value={form.invoiceNumber} onChange={(event) => setForm({ ...form, invoiceNumber: event.target.value })} />
          </div>
          <div className="form-field">
            <label htmlFor="stock-import-date">{t("admin.stock.purchase.invoiceDate")}</label>
            <input id="stock-import-date" type="date" value={form.invoiceDate} onChange={(event) => setForm({ ...form, invoiceDate: event.target.value })} />
          </div>
          <div className="form-field">
            <label htmlFor="stock-import-file">{t("admin.stock.import.file")}</label>
            <input id="stock-import-file" type="file" accept=".csv,text/csv" onChange={(event) => setForm({ ...form, file: event.target.files?.[0] || null })} />
          </div>
        </div>
        <div aria-live="polite">{importing.error && <Message variant="danger">{importing.error}</Message>}</div>
        <button type="submit" className="btn btn--primary" disabled={importing.busy}>
          {importing.busy ? t("admin.stock.working") : t("admin.stock.import.send")}
        </button>
      </form>
    </div>
  );
}
