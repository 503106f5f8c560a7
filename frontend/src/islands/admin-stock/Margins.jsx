// Gross margin over a period by category, pack or day: revenue before GST against each sold line's
// cost at sale (stored when it sold), and what the shelf holds at cost; the same figures as a CSV
// file to the paisa (the server's export).
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { useLanguage, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { namedPackLabel } from "../../lib/packLabel";
import { useApi } from "../../lib/useApi";
import { download } from "../../lib/download";
import { MARGIN_DAYS, MARGIN_GROUPS, marginsPath } from "./stock";
import StockTable from "./StockTable";

function rowName(row, by, language) {
  if (by === "category") return language === "te" && row.categoryTe ? row.categoryTe : row.category;
  if (by === "pack" && row.pack) return namedPackLabel(row.pack, language === "te" && row.pack.nameTe ? row.pack.nameTe : row.pack.name);
  return row.category;
}

export default function Margins() {
  const t = useT();
  const language = useLanguage();
  const [choice, setChoice] = useState({ days: 30, by: "category" });
  const [exportError, setExportError] = useState("");
  const { data, error } = useApi(marginsPath(choice));
  const exportCsv = async () => {
    setExportError("");
    try {
      await download(marginsPath(choice, { csv: true }), `margins-by-${choice.by}-${choice.days}-days.csv`);
    } catch (failure) {
      setExportError(failure.message);
    }
  };
  return (
    <div className="stock-section">
      <h2>{t("admin.stock.margins.title")}</h2>
      <div className="stock-form stock-inline">
        <div className="form-field">
          <label htmlFor="stock-margin-days">{t("admin.stock.margins.period")}</label>
          <select id="stock-margin-days" value={choice.days} onChange={(event) => setChoice({ ...choice, days: Number(event.target.value) })}>
            {MARGIN_DAYS.map((days) => (
              <option key={days} value={days}>
                {t("admin.stock.margins.days", { days })}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="stock-margin-by">{t("admin.stock.margins.by")}</label>
          <select id="stock-margin-by" value={choice.by} onChange={(event) => setChoice({ ...choice, by: event.target.value })}>
            {Object.entries(MARGIN_GROUPS).map(([by, label]) => (
              <option key={by} value={by}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn" onClick={exportCsv}>
          {t("admin.stock.margins.csv")}
        </button>
      </div>
      {exportError && <Message variant="danger">{exportError}</Message>}
      {error && <Message variant="danger">{error}</Message>}
      {!error && !data && <Loader />}
      {data && (
        <>
          <dl className="stock-figures">
            <div className="stock-figures__total">
              <dt>{t("admin.stock.margins.stockValue")}</dt>
              <dd>{formatMoney(data.stockValue)}</dd>
            </div>
            {data.stockUnitsCostUnknown > 0 && <p className="stock-hint">{t("admin.stock.margins.unitsUnknown", { units: data.stockUnitsCostUnknown })}</p>}
          </dl>
          {!data.categories.length && <p className="stock-empty">{t("admin.stock.margins.none")}</p>}
          {data.categories.length > 0 && (
            <StockTable
              headings={[
                t(MARGIN_GROUPS[data.by]),
                t("admin.stock.margins.units"),
                t("admin.stock.margins.revenue"),
                t("admin.stock.margins.cost"),
                t("admin.stock.margins.margin"),
                t("admin.stock.margins.percent"),
              ]}
              rows={data.categories.map((row, index) => ({
                key: `${index}-${row.category}`,
                cells: [
                  rowName(row, data.by, language),
                  row.units,
                  formatMoney(row.revenue),
                  formatMoney(row.cost),
                  formatMoney(row.margin),
                  row.marginPercent === null ? "" : `${row.marginPercent}%`,
                ],
              }))}
            />
          )}
        </>
      )}
    </div>
  );
}
