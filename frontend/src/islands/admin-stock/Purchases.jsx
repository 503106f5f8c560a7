// The purchases tab: the latest suppliers' invoices (supplier, number, date, total, draft or
// posted); a new one typed in or read from the supplier's CSV file; one opened to read its lines,
// GST and totals as the server worked them out, and to post it.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { formatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import CsvImport from "./CsvImport";
import PurchaseDetail from "./PurchaseDetail";
import PurchaseForm from "./PurchaseForm";
import StatusBadge from "./StatusBadge";

function PurchaseList({ onOpen }) {
  const t = useT();
  const { data, error, loading } = useApi("/api/inventory/purchases");
  if (error) return <Message variant="danger">{error}</Message>;
  if (loading || !data) return <Loader />;
  if (!data.length) return <p className="stock-empty">{t("admin.stock.purchases.empty")}</p>;
  return (
    <ul className="stock-rows" aria-label={t("admin.stock.purchases.title")}>
      {data.map((purchase) => (
        <li key={purchase.id} className="stock-row">
          <span className="stock-row__main">
            <strong>{purchase.supplier.name}</strong>
            <span>{t("admin.stock.purchases.invoice", { number: purchase.invoiceNumber, date: formatDate(purchase.invoiceDate) })}</span>
          </span>
          <span className="stock-row__money">{formatMoney(purchase.totals.total)}</span>
          <StatusBadge status={purchase.status} />
          <button type="button" className="btn btn--small" onClick={() => onOpen(purchase.id)}>
            {t("admin.stock.open")}
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function Purchases() {
  const t = useT();
  const [view, setView] = useState({ mode: "list" });
  const toList = () => setView({ mode: "list" });
  const open = (id) => setView({ mode: "one", id });
  if (view.mode === "new") return <PurchaseForm onSaved={(purchase) => open(purchase.id)} onCancel={toList} />;
  if (view.mode === "import") return <CsvImport onSaved={(purchase) => open(purchase.id)} onCancel={toList} />;
  if (view.mode === "one") return <PurchaseDetail id={view.id} onBack={toList} />;
  return (
    <div className="stock-section">
      <div className="stock-section__head">
        <h2>{t("admin.stock.purchases.title")}</h2>
        <div className="stock-actions">
          <button type="button" className="btn btn--primary" onClick={() => setView({ mode: "new" })}>
            {t("admin.stock.purchases.new")}
          </button>
          <button type="button" className="btn" onClick={() => setView({ mode: "import" })}>
            {t("admin.stock.import.title")}
          </button>
        </div>
      </div>
      <PurchaseList onOpen={open} />
    </div>
  );
}
