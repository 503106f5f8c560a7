// The batches near their best-before date: within 7 days (discount or send back now) and within
// 30 (watch), the bands the server set per category, each batch's count and its value at cost.
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { formatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { byBand, sumMoney } from "./stock";

function Band({ title, rows }) {
  const t = useT();
  return (
    <section className="stock-band" aria-label={title}>
      <h3>
        {title} · {formatMoney(sumMoney(rows.map((row) => row.value)))}
      </h3>
      {!rows.length && <p className="stock-empty">{t("admin.stock.expiry.none")}</p>}
      {rows.length > 0 && (
        <div className="stock-scroll">
          <table className="table stock-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.stock.line.pack")}</th>
                <th scope="col">{t("admin.stock.line.batch")}</th>
                <th scope="col">{t("admin.stock.line.bestBefore")}</th>
                <th scope="col">{t("admin.stock.expiry.daysLeft")}</th>
                <th scope="col">{t("admin.stock.expiry.count")}</th>
                <th scope="col">{t("admin.stock.expiry.value")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.batch.id}>
                  <th scope="row">
                    {row.pack}
                    <span className="stock-secondary">{row.category}</span>
                  </th>
                  <td>{row.batch.batchNumber}</td>
                  <td>{formatDate(row.batch.bestBefore)}</td>
                  <td>{row.daysLeft}</td>
                  <td>{row.count}</td>
                  <td>{row.value === null ? t("admin.stock.costUnknown") : formatMoney(row.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function NearExpiry() {
  const t = useT();
  const { data, error } = useApi("/api/inventory/near-expiry");
  if (error) return <Message variant="danger">{error}</Message>;
  if (!data) return <Loader />;
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
