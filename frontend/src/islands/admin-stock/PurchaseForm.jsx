// A new purchase typed from the supplier's invoice: the supplier (chosen, or added here), the
// invoice's number and date, and its lines (a pack found by name, quantity, cost before GST, GST
// rate, batch, best-before, MRP). Saving enters it as a draft; the server checks every value and
// works out the GST, so a refusal (a price above the MRP, with the figures) is its own sentence,
// shown beside the form and against the line it names.
import { useState } from "react";
import Message from "../../components/Message";
import { api, errorMessage } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useSubmit } from "../../lib/useSubmit";
import SupplierSelect from "./SupplierSelect";
import { emptyLine, packChoices, purchaseBody, refusedLine } from "./stock";

function PackPicker({ line, index, onPick }) {
  const t = useT();
  const [text, setText] = useState("");
  const [choices, setChoices] = useState(null);
  const [error, setError] = useState("");
  const find = async () => {
    if (!text.trim()) return;
    setError("");
    try {
      setChoices(packChoices(await api(`/api/products?keyword=${encodeURIComponent(text.trim())}&pageSize=8`)));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const id = `stock-pack-${index}`;
  return (
    <div className="form-field stock-pack">
      <label htmlFor={id}>{t("admin.stock.line.pack")}</label>
      {line.financialId && <p className="stock-pack__chosen">{line.pack}</p>}
      <div className="stock-inline">
        <input
          id={id}
          type="search"
          value={text}
          placeholder={t("admin.stock.line.packSearch")}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              find();
            }
          }}
        />
        <button type="button" className="btn btn--small" onClick={find}>
          {t("admin.stock.line.find")}
        </button>
      </div>
      {error && <Message variant="danger">{error}</Message>}
      {choices && !choices.length && <p className="stock-hint">{t("admin.stock.line.noPack", { text })}</p>}
      {choices?.length > 0 && (
        <ul className="stock-choices">
          {choices.map((choice) => (
            <li key={choice.financialId}>
              <button
                type="button"
                className="btn btn--small"
                onClick={() => {
                  onPick(choice);
                  setChoices(null);
                  setText("");
                }}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const FIELDS = [
  ["qty", "admin.stock.line.qty", { type: "number", inputMode: "numeric", min: 1, step: 1 }],
  ["unitCost", "admin.stock.line.unitCost", { inputMode: "decimal" }],
  ["gstRate", "admin.stock.line.gstRate", { type: "number", inputMode: "numeric", min: 0, step: 1 }],
  ["batchNumber", "admin.stock.line.batch", {}],
  ["bestBefore", "admin.stock.line.bestBefore", { type: "date" }],
  ["mrp", "admin.stock.line.mrp", { inputMode: "decimal" }],
  ["packedOn", "admin.stock.line.packedOn", { type: "date" }],
];

function LineFields({ line, index, refused, onChange, onRemove }) {
  const t = useT();
  return (
    <fieldset className={`stock-line${refused ? " stock-line--refused" : ""}`}>
      <legend>{t("admin.stock.line.title", { line: index + 1 })}</legend>
      <PackPicker line={line} index={index} onPick={(choice) => onChange({ financialId: choice.financialId, pack: choice.label })} />
      <div className="stock-grid">
        {FIELDS.map(([name, label, props]) => (
          <div className="form-field" key={name}>
            <label htmlFor={`stock-${name}-${index}`}>{t(label)}</label>
            <input id={`stock-${name}-${index}`} value={line[name]} onChange={(event) => onChange({ [name]: event.target.value })} {...props} />
          </div>
        ))}
      </div>
      {refused && <Message variant="danger">{refused}</Message>}
      {onRemove && (
        <button type="button" className="btn btn--small" onClick={onRemove}>
          {t("admin.stock.line.remove")}
        </button>
      )}
    </fieldset>
  );
}

export default function PurchaseForm({ onSaved, onCancel, today = new Date().toISOString().slice(0, 10) }) {
  const t = useT();
  const [form, setForm] = useState({ supplierId: "", invoiceNumber: "", invoiceDate: today });
  const [lines, setLines] = useState(() => [emptyLine()]);
  const [failedLine, setFailedLine] = useState(null);
  const saving = useSubmit(async () => {
    setFailedLine(null);
    try {
      return await api("/api/inventory/purchases", { method: "POST", body: purchaseBody({ ...form, lines }) });
    } catch (failure) {
      setFailedLine(refusedLine(failure));
      throw failure;
    }
  });
  const change = (key, changes) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...changes } : line)));
  const save = async (event) => {
    event.preventDefault();
    const result = await saving.submit();
    if (result.ok) onSaved(result.value);
  };
  return (
    <div className="stock-section">
      <div className="stock-section__head">
        <h2>{t("admin.stock.purchases.new")}</h2>
        <button type="button" className="btn btn--small" onClick={onCancel}>
          {t("admin.stock.back")}
        </button>
      </div>
      <SupplierSelect value={form.supplierId} onChange={(supplierId) => setForm({ ...form, supplierId })} />
      <form className="stock-form" onSubmit={save} noValidate>
        <div className="stock-grid">
          <div className="form-field">
            <label htmlFor="stock-invoice-number">{t("admin.stock.purchase.invoiceNumber")}</label>
            <input id="stock-invoice-number" value={form.invoiceNumber} onChange={(event) => setForm({ ...form, invoiceNumber: event.target.value })} />
          </div>
          <div className="form-field">
            <label htmlFor="stock-invoice-date">{t("admin.stock.purchase.invoiceDate")}</label>
            <input id="stock-invoice-date" type="date" value={form.invoiceDate} onChange={(event) => setForm({ ...form, invoiceDate: event.target.value })} />
          </div>
        </div>
        {lines.map((line, index) => (
          <LineFields
            key={line.key}
            line={line}
            index={index}
            refused={failedLine === index + 1 ? saving.error : ""}
            onChange={(changes) => change(line.key, changes)}
            onRemove={lines.length > 1 ? () => setLines((all) => all.filter((other) => other.key !== line.key)) : null}
          />
        ))}
        <button type="button" className="btn" onClick={() => setLines((all) => [...all, emptyLine()])}>
          {t("admin.stock.line.add")}
        </button>
        <p className="stock-hint">{t("admin.stock.purchase.saveHint")}</p>
        <div aria-live="polite">{saving.error && <Message variant="danger">{saving.error}</Message>}</div>
        <button type="submit" className="btn btn--primary" disabled={saving.busy}>
          {saving.busy ? t("admin.stock.working") : t("admin.stock.purchase.save")}
        </button>
      </form>
    </div>
  );
}
