// The batches near their best-before date: within 7 days (discount or send back now) and within
// 30 (watch), the bands the server set per category, each batch's count and its value at cost.
import { formatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { byBand, sumMoney } from "./stock";
import StockTable, { Loaded } from "./StockTable";

function Band({ title, rows }) {
  const t = useT();
  return (
    <section className="stock-band" aria-label={title}>
      <h3>
        {title} · {formatMoney(sumMoney(rows.map((row) => row.value)))}
      </h3>
      {!rows.length && <p className="stock-empty">{t("admin.stock.expiry.none")}</p>}
      {rows.length > 0 && (
        <StockTable
          headings={[
            t("admin.stock.line.pack"),
            t("admin.stock.line.batch"),
            t("admin.stock.line.bestBefore"),
            t("admin.stock.expiry.daysLeft"),
            t("admin.stock.expiry.count"),
            t("admin.stock.expiry.value"),
          ]}
          rows={rows.map((row) => ({
            key: row.batch.id,
            cells: [
              <>
                {row.pack}
                <span className="stock-secondary">{row.category}</span>
              </>,
              row.batch.batchNumber,
              formatDate(row.batch.bestBefore),
              row.daysLeft,
              row.count,
              row.value === null ? t("admin.stock.costUnknown") : formatMoney(row.value),
            ],
          }))}
        />
      )}
    </section>
  );
}

export default function NearExpiry() {
  const answer = useApi("/api/inventory/near-expiry");
  return <Loaded answer={answer}>{(data) => <Bands data={data} />}</Loaded>;
}

function Bands({ data }) {
  const t = useT();
  const bands = byBand(data.batches);
  return (
    <div className="stock-section">
      <div className="stock-section__head">
        <h2>{t("admin.stock.expiry.title")}</h2>
        <strong>{t("admin.stock.expiry.total", { value: formatMoney(data.value) })}</strong>
      </div>
      <Band title={t("admin.stock.expiry.soon", { days: data.soonDays })} rows={bands.soon} />
      <Band title={t("admin.stock.expiry.watch", { days: data.watchDays })} rows={bands.watch} />
    </div>
  );
}
