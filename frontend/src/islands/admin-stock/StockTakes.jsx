// Stock takes: start one for a category (or every pack), then the count sheet: one row per pack
// with the count the shelf should hold and a box for what is counted. Saved counts come back with
// each difference and its value at cost (the server's, against the pack's count when it was
// counted, so sales made meanwhile stay sold); each line carries a reason from the server's list
// (breakage, theft or loss, expired...; a count correction unless chosen), which its adjustment
// keeps; posting puts every difference right at once. The sheet prints on A4 with empty boxes to
// count on paper, and downloads as CSV with the reasons.
import { useEffect, useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { download } from "../../lib/download";
import { localName, useLanguage, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import StatusBadge from "./StatusBadge";
import StockTable from "./StockTable";
import { countsBody, sheetEntries, sheetSummary, stockTakePath } from "./stock";

function Difference({ line }) {
  if (line.difference === null || line.difference === undefined) return "";
  const sign = line.difference > 0 ? "+" : "";
  return <span className={line.difference ? "stock-diff stock-diff--off" : "stock-diff"}>{`${sign}${line.difference}`}</span>;
}

function Summary({ sheet }) {
  const t = useT();
  const summary = sheetSummary(sheet.lines);
  return (
    <dl className="stock-figures" aria-label={t("admin.stock.take.summary")}>
      <div>
        <dt>{t("admin.stock.take.countedOf")}</dt>
        <dd>{t("admin.stock.take.countedFigure", { counted: summary.counted, packs: summary.packs })}</dd>
      </div>
      <div>
        <dt>{t("admin.stock.take.differing")}</dt>
        <dd>{summary.differing}</dd>
      </div>
      <div className="stock-figures__total">
        <dt>{t("admin.stock.take.valueAtCost")}</dt>
        <dd>{formatMoney(summary.value)}</dd>
      </div>
      {summary.costUnknown > 0 && <p className="stock-hint">{t("admin.stock.take.costUnknown", { count: summary.costUnknown })}</p>}
    </dl>
  );
}

function ReasonCell({ line, open, entry, reasons, onChange }) {
  const t = useT();
  if (!open) return line.difference ? line.reasonLabel : "";
  return (
    <select className="stock-reason" aria-label={t("admin.stock.take.reasonOf", { pack: line.pack })} value={entry?.reason ?? ""} onChange={(event) => onChange(event.target.value)}>
      {reasons.map((reason) => (
        <option key={reason.value} value={reason.value}>
          {reason.label}
        </option>
      ))}
    </select>
  );
}

function CountSheet({ id, onBack }) {
  const t = useT();
  const sheet = useApi(stockTakePath(id));
  const [entries, setEntries] = useState({});
  const [exportError, setExportError] = useState("");
  const data = sheet.data;
  useEffect(() => {
    if (data) setEntries(sheetEntries(data.lines));
  }, [data]);
  const saving = useSubmit(async () => sheet.setData(await api(stockTakePath(id), { method: "PUT", body: countsBody(entries) })));
  const posting = useSubmit(async () => sheet.setData(await api(`${stockTakePath(id)}/post`, { method: "POST" })));
  const enter = (financialId, change) => setEntries({ ...entries, [financialId]: { ...entries[financialId], ...change } });
  const exportCsv = async () => {
    setExportError("");
    try {
      await download(stockTakePath(id, { csv: true }), `stock-take-${id}.csv`);
    } catch (failure) {
      setExportError(failure.message);
    }
  };
  if (sheet.error) return <Message variant="danger">{sheet.error}</Message>;
  if (!data) return <Loader />;
  const open = data.status === "counting";
  const failure = saving.error || posting.error || exportError;
  return (
    <article className="stock-section printable">
      <div className="stock-section__head">
        <h2>{t("admin.stock.take.sheet", { category: data.category ?? t("admin.stock.take.everyPack"), id: data.id })}</h2>
        <StatusBadge status={data.status} />
      </div>
      <p className="stock-hint">{t("admin.stock.take.started", { at: formatDateTime(data.startedAt) })}</p>
      <div className="stock-actions no-print">
        <button type="button" className="btn btn--small" onClick={onBack}>
          {t("admin.stock.back")}
        </button>
        <button type="button" className="btn btn--small" onClick={() => window.print()}>
          {t("admin.stock.print")}
        </button>
        <button type="button" className="btn btn--small" onClick={exportCsv}>
          {t("admin.stock.take.csv")}
        </button>
      </div>
      {!data.lines.length && <p className="stock-empty">{t("admin.stock.take.noPacks")}</p>}
      {data.lines.length > 0 && (
        <StockTable
          className="stock-sheet"
          scroll={false}
          headings={[
            t("admin.stock.line.pack"),
            t("admin.stock.take.expected"),
            t("admin.stock.take.counted"),
            t("admin.stock.take.difference"),
            t("admin.stock.take.reason"),
            t("admin.stock.take.value"),
          ]}
          rows={data.lines.map((line) => ({
            key: line.financialId,
            cells: [
              line.pack,
              line.expected,
              open ? (
                <input
                  className="stock-count"
                  type="number"
                  inputMode="numeric"
                  min="0"
                  step="1"
                  aria-label={t("admin.stock.take.countOf", { pack: line.pack })}
                  value={entries[line.financialId]?.counted ?? ""}
                  onChange={(event) => enter(line.financialId, { counted: event.target.value })}
                />
              ) : (
                (line.counted ?? "")
              ),
              <Difference key="difference" line={line} />,
              <ReasonCell key="reason" line={line} open={open} entry={entries[line.financialId]} reasons={data.reasons} onChange={(reason) => enter(line.financialId, { reason })} />,
              line.value === null || line.difference === null ? "" : formatMoney(line.value),
            ],
          }))}
        />
      )}
      <Summary sheet={data} />
      <div aria-live="polite">
        {failure && <Message variant="danger">{failure}</Message>}
        {!open && <Message variant="success">{t("admin.stock.take.postedAt", { at: formatDateTime(data.postedAt) })}</Message>}
      </div>
      {open && (
        <div className="stock-actions no-print">
          <button type="button" className="btn" disabled={saving.busy || posting.busy} onClick={() => saving.submit()}>
            {saving.busy ? t("admin.stock.working") : t("admin.stock.take.save")}
          </button>
          <button type="button" className="btn btn--primary" disabled={saving.busy || posting.busy} onClick={() => posting.submit()}>
            {posting.busy ? t("admin.stock.working") : t("admin.stock.take.post")}
          </button>
          <p className="stock-hint">{t("admin.stock.take.postHint")}</p>
        </div>
      )}
    </article>
  );
}

function StartTake({ onStarted }) {
  const t = useT();
  const language = useLanguage();
  const categories = useApi("/api/inventory/categories");
  const [category, setCategory] = useState("");
  const starting = useSubmit(() => api("/api/inventory/stock-takes", { method: "POST", body: { categoryId: category === "" ? null : Number(category) } }));
  const start = async (event) => {
    event.preventDefault();
    const result = await starting.submit();
    if (result.ok) onStarted(result.value.id);
  };
  if (categories.error) return <Message variant="danger">{categories.error}</Message>;
  if (!categories.data) return <Loader />;
  return (
    <form className="stock-form stock-inline" onSubmit={start}>
      <div className="form-field">
        <label htmlFor="stock-take-category">{t("admin.stock.take.category")}</label>
        <select id="stock-take-category" value={category} onChange={(event) => setCategory(event.target.value)}>
          <option value="">{t("admin.stock.take.everyPack")}</option>
          {categories.data.categories.map((row) => (
            <option key={row.id} value={String(row.id)}>
              {localName(row, language).primary}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--primary" disabled={starting.busy}>
        {starting.busy ? t("admin.stock.working") : t("admin.stock.take.start")}
      </button>
      {starting.error && <Message variant="danger">{starting.error}</Message>}
    </form>
  );
}

export default function StockTakes() {
  const t = useT();
  const [takeId, setTakeId] = useState(null);
  const takes = useApi(takeId ? null : "/api/inventory/stock-takes");
  if (takeId) return <CountSheet id={takeId} onBack={() => setTakeId(null)} />;
  return (
    <div className="stock-section">
      <h2>{t("admin.stock.take.title")}</h2>
      <StartTake onStarted={setTakeId} />
      {takes.error && <Message variant="danger">{takes.error}</Message>}
      {!takes.error && !takes.data && <Loader />}
      {takes.data && !takes.data.length && <p className="stock-empty">{t("admin.stock.take.empty")}</p>}
      {takes.data?.length > 0 && (
        <ul className="stock-rows" aria-label={t("admin.stock.take.latest")}>
          {takes.data.map((take) => (
            <li key={take.id} className="stock-row">
              <span className="stock-row__main">
                <strong>{take.category ?? t("admin.stock.take.everyPack")}</strong>
                <span>{formatDateTime(take.startedAt)}</span>
              </span>
              <span>{t("admin.stock.take.countedFigure", { counted: take.counted, packs: take.packs })}</span>
              <StatusBadge status={take.status} />
              <button type="button" className="btn btn--small" onClick={() => setTakeId(take.id)}>
                {t("admin.stock.open")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
