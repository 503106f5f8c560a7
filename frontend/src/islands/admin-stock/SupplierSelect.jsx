// The supplier of a purchase: chosen from the shop's suppliers, or added on the spot (name, GSTIN,
// phone, address, usual lead time). The server checks the GSTIN's check character and reads its
// state code (CGST + SGST or IGST); its refusal is shown under the form.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";

const FIELDS = [
  ["name", "admin.stock.supplier.name", {}],
  ["gstin", "admin.stock.supplier.gstin", { autoCapitalize: "characters", maxLength: 15 }],
  ["phone", "admin.stock.supplier.phone", { type: "tel", inputMode: "tel" }],
  ["address", "admin.stock.supplier.address", {}],
  ["leadTimeDays", "admin.stock.supplier.leadTime", { type: "number", inputMode: "numeric", min: 0, step: 1 }],
];

function SupplierForm({ onAdded, onCancel }) {
  const t = useT();
  const [form, setForm] = useState({ name: "", gstin: "", phone: "", address: "", leadTimeDays: "2" });
  const adding = useSubmit(() => api("/api/inventory/suppliers", { method: "POST", body: form }));
  const add = async (event) => {
    event.preventDefault();
    const result = await adding.submit();
    if (result.ok) onAdded(result.value);
  };
  return (
    <form className="stock-form stock-supplier-form" onSubmit={add} noValidate aria-labelledby="stock-supplier-new">
      <h3 id="stock-supplier-new">{t("admin.stock.supplier.new")}</h3>
      <div className="stock-grid">
        {FIELDS.map(([name, label, props]) => (
          <div className="form-field" key={name}>
            <label htmlFor={`stock-supplier-${name}`}>{t(label)}</label>
            <input id={`stock-supplier-${name}`} value={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.value })} {...props} />
          </div>
        ))}
      </div>
      <div aria-live="polite">{adding.error && <Message variant="danger">{adding.error}</Message>}</div>
      <div className="stock-actions">
        <button type="submit" className="btn btn--primary" disabled={adding.busy}>
          {adding.busy ? t("admin.stock.working") : t("admin.stock.supplier.add")}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t("admin.stock.cancel")}
        </button>
      </div>
    </form>
  );
}

export default function SupplierSelect({ value, onChange }) {
  const t = useT();
  const suppliers = useApi("/api/inventory/suppliers");
  const [adding, setAdding] = useState(false);
  if (suppliers.error) return <Message variant="danger">{suppliers.error}</Message>;
  if (!suppliers.data) return <Loader />;
  return (
    <div className="stock-supplier">
      <div className="form-field">
        <label htmlFor="stock-supplier">{t("admin.stock.supplier.label")}</label>
        <div className="stock-inline">
          <select id="stock-supplier" value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t("admin.stock.supplier.choose")}</option>
            {suppliers.data.map((supplier) => (
              <option key={supplier.id} value={String(supplier.id)}>
                {supplier.name} ({supplier.gstin})
              </option>
            ))}
          </select>
          {!adding && (
            <button type="button" className="btn btn--small" onClick={() => setAdding(true)}>
              {t("admin.stock.supplier.new")}
            </button>
          )}
        </div>
        {!suppliers.data.length && <p className="stock-hint">{t("admin.stock.supplier.none")}</p>}
      </div>
      {adding && (
        <SupplierForm
          onCancel={() => setAdding(false)}
          onAdded={(supplier) => {
            suppliers.setData((all) => [...(all || []), supplier]);
            onChange(String(supplier.id));
            setAdding(false);
          }}
        />
      )}
    </div>
  );
}
