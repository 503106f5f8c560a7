// One purchase: the supplier, each line with its taxable value and GST (CGST + SGST inside the
// state, IGST from another: the server's split, inventory/tax.py), the invoice's totals, and Post.
// Posting happens once; a second try (another screen posted it first) shows the server's refusal.
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import StatusBadge from "./StatusBadge";
import StockTable from "./StockTable";

function taxHeads(interstate) {
  return interstate ? [["igst", "admin.stock.igst"]] : [["cgst", "admin.stock.cgst"], ["sgst", "admin.stock.sgst"]];
}

function Lines({ purchase }) {
  const t = useT();
  const heads = taxHeads(purchase.interstate);
  return (
    <StockTable
      caption={t("admin.stock.purchase.lines")}
      headings={[
        t("admin.stock.line.pack"),
        t("admin.stock.line.qty"),
        t("admin.stock.line.unitCost"),
        t("admin.stock.line.gstRate"),
        t("admin.stock.purchase.taxable"),
        ...heads.map(([, label]) => t(label)),
        t("admin.stock.purchase.total"),
        t("admin.stock.line.batch"),
        t("admin.stock.line.bestBefore"),
        t("admin.stock.line.mrp"),
      ]}
      rows={purchase.lines.map((line) => ({
        key: line.id,
        cells: [
          line.pack,
          line.qty,
          formatMoney(line.unitCost),
          `${line.gstRate}%`,
          formatMoney(line.taxableValue),
          ...heads.map(([key]) => formatMoney(line[key])),
          formatMoney(line.total),
          line.batchNumber,
          formatDate(line.bestBefore),
          formatMoney(line.mrp),
        ],
      }))}
    />
  );
}

function Totals({ purchase }) {
  const t = useT();
  const rows = [["taxableValue", "admin.stock.purchase.taxable"], ...taxHeads(purchase.interstate), ["total", "admin.stock.purchase.total"]];
  return (
    <dl className="stock-figures" aria-label={t("admin.stock.purchase.totals")}>
      {rows.map(([key, label]) => (
        <div key={key} className={key === "total" ? "stock-figures__total" : undefined}>
          <dt>{t(label)}</dt>
          <dd>{formatMoney(purchase.totals[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function PurchaseDetail({ id, onBack }) {
  const t = useT();
  const { data: purchase, error, loading, setData } = useApi(`/api/inventory/purchases/${id}`);
  const posting = useSubmit(async () => setData(await api(`/api/inventory/purchases/${id}/post`, { method: "POST" })));
  const back = (
    <button type="button" className="btn btn--small" onClick={onBack}>
      {t("admin.stock.back")}
    </button>
  );
  if (error) return <>{back}<Message variant="danger">{error}</Message></>;
  if (loading || !purchase) return <Loader />;
  const { supplier } = purchase;
  return (
    <article className="stock-section stock-purchase">
      <div className="stock-section__head">
        <h2>{t("admin.stock.purchases.invoice", { number: purchase.invoiceNumber, date: formatDate(purchase.invoiceDate) })}</h2>
        <StatusBadge status={purchase.status} />
      </div>
      {back}
      <p className="stock-supplier">
        <strong>{supplier.name}</strong> · {t("admin.stock.supplier.gstinIs", { gstin: supplier.gstin })} ·{" "}
        {purchase.interstate ? t("admin.stock.purchase.interstate") : t("admin.stock.purchase.intrastate")}
      </p>
      <Lines purchase={purchase} />
      <Totals purchase={purchase} />
      <div aria-live="polite">
        {posting.error && <Message variant="danger">{posting.error}</Message>}
        {purchase.status === "posted" && <Message variant="success">{t("admin.stock.purchase.postedAt", { at: formatDateTime(purchase.postedAt) })}</Message>}
      </div>
      {purchase.status === "draft" && (
        <div className="stock-actions">
          <p className="stock-hint">{t("admin.stock.purchase.postHint")}</p>
          <button type="button" className="btn btn--primary" disabled={posting.busy} onClick={() => posting.submit()}>
            {posting.busy ? t("admin.stock.working") : t("admin.stock.purchase.post")}
          </button>
        </div>
      )}
    </article>
  );
}
