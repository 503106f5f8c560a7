// The owner's books (/admin/books): choose a return period (a month, or a quarter by its last
// month), read GSTR-3B's figures (books/gstr3b.py works out every one: the tax on sales, the input
// tax on purchases, the set-off, what is paid in cash) and download GSTR-1 as the portal's JSON
// or a workbook; for any date range within a financial year, the registers (CSV or Excel) and
// the Tally file. Every refusal (a future period, a range across 1 April) is the server's own
// sentence. Phone first: one column; the downloads wrap. Once GSTR-1 is filed on the portal the
// owner marks it filed here (books/filing.py decides when it may be); the return then shows when it
// was, and any return shows the amendments it carries (invoices of a filed return whose buyer was
// named later: b2ba, and b2csa out of that return's b2cs), as the server lists them.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { formatDateTime, formatMonth } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import { REGISTERS, download, fpOf, monthOfFp, periodQuery, rangeQuery } from "./files";
import "./admin-books.css";

const HEADS = [
  ["igst", "admin.books.igst"],
  ["cgst", "admin.books.cgst"],
  ["sgst", "admin.books.sgst"],
];
const RANGE_FIELDS = [
  ["from", "admin.books.from"],
  ["to", "admin.books.to"],
];

function lastMonth() {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, "0")}`;
}

function HeadsTable({ caption, rows }) {
  const t = useT();
  return (
    <table className="table books-heads">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("admin.books.head")}</th>
          {HEADS.map(([head, label]) => (
            <th scope="col" key={head}>
              {t(label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, figures]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {HEADS.map(([head]) => (
              <td key={head}>{formatMoney(figures[head])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ThreeB({ summary }) {
  const t = useT();
  return (
    <section className="books-section" aria-labelledby="books-3b">
      <h2 id="books-3b">{t("admin.books.threeB")}</h2>
      <dl className="books-figures">
        <div>
          <dt>{t("admin.books.outward")}</dt>
          <dd>{formatMoney(summary.outward.taxableValue)}</dd>
        </div>
        <div>
          <dt>{t("admin.books.exempt")}</dt>
          <dd>{formatMoney(summary.exempt)}</dd>
        </div>
        <div>
          <dt>{t("admin.books.purchases")}</dt>
          <dd>{t("admin.books.purchasesCount", { purchases: summary.purchases, notes: summary.debitNotes })}</dd>
        </div>
      </dl>
      <HeadsTable
        caption={t("admin.books.taxCaption")}
        rows={[
          [t("admin.books.liability"), summary.liability],
          [t("admin.books.inputTax"), summary.inputTax],
          [t("admin.books.cash"), summary.payableInCash],
          [t("admin.books.carried"), summary.carriedForward],
        ]}
      />
    </section>
  );
}

function Amendments({ rows }) {
  const t = useT();
  return (
    <div className="books-amendments">
      <h3>{t("admin.books.amendments")}</h3>
      <p className="books-hint">{t("admin.books.amendmentsHint")}</p>
      <ul>
        {rows.map((row) => (
          <li key={row.invoice}>
            <span className="books-amendment__invoice">{row.invoice}</span>
            <span>{t("admin.books.amendmentOf", { period: formatMonth(monthOfFp(row.originalPeriod)), value: formatMoney(row.value) })}</span>
            <span className="books-amendment__gstin">
              {t("admin.books.amendmentBuyer", { from: row.oldGstin || t("admin.books.consumer"), to: row.newGstin, name: row.buyerName })}
            </span>
            {row.byHand && <strong>{t("admin.books.byHand")}</strong>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Filing({ query, periodName }) {
  const t = useT();
  const state = useApi(`/api/books/gstr1/filing?${query}`);
  const mark = useSubmit(async () => {
    state.setData(await api("/api/books/gstr1/filing", { method: "POST", body: Object.fromEntries(new URLSearchParams(query)) }));
  });
  const filing = state.data;
  if (state.error) return <Message variant="danger">{state.error}</Message>;
  if (!filing) return <Loader />;
  return (
    <div className="books-filing" aria-live="polite">
      {filing.filed ? (
        <p className="books-filed">
          {filing.filed.by
            ? t("admin.books.filedBy", { when: formatDateTime(filing.filed.at), name: filing.filed.by })
            : t("admin.books.filed", { when: formatDateTime(filing.filed.at) })}
        </p>
      ) : (
        <>
          <p className="books-hint">{filing.cannotMark || t("admin.books.markHint")}</p>
          <button type="button" className="btn" disabled={Boolean(filing.cannotMark) || mark.busy} onClick={() => mark.submit()}>
            {mark.busy ? t("admin.books.marking") : t("admin.books.markFiled", { period: periodName })}
          </button>
        </>
      )}
      {mark.error && <Message variant="danger">{mark.error}</Message>}
      {filing.amendments.length > 0 && <Amendments rows={filing.amendments} />}
    </div>
  );
}

function Downloads({ title, children }) {
  return (
    <section className="books-section">
      <h2>{title}</h2>
      <div className="books-downloads">{children}</div>
    </section>
  );
}

export default function AdminBooksPage({ initialMonth = lastMonth() }) {
  const t = useT();
  const [month, setMonth] = useState(initialMonth);
  const [quarterly, setQuarterly] = useState(false);
  const [shown, setShown] = useState({ month: initialMonth, quarterly: false });
  const [range, setRange] = useState({ from: "", to: "" });
  const [busy, setBusy] = useState("");
  const [failure, setFailure] = useState("");
  const [saved, setSaved] = useState("");
  const query = periodQuery(shown.month, shown.quarterly);
  const report = useApi(fpOf(shown.month) ? `/api/books/gstr3b?${query}` : null);
  const summary = report.data?.summary;
  const period = summary ? { from: summary.from, to: summary.to } : null;
  const chosenRange = range.from && range.to ? range : period;

  const show = (event) => {
    event.preventDefault();
    setFailure("");
    setSaved("");
    setRange({ from: "", to: "" });
    setShown({ month, quarterly });
  };
  const save = async (key, path, name) => {
    setBusy(key);
    setFailure("");
    setSaved("");
    try {
      setSaved(t("admin.books.saved", { name: await download(path, name) }));
    } catch (error) {
      setFailure(error.message);
    } finally {
      setBusy("");
    }
  };
  const button = (key, label, path, name, primary = false) => (
    <button type="button" key={key} className={`btn${primary ? " btn--primary" : ""}`} disabled={Boolean(busy)} onClick={() => save(key, path, name)}>
      {busy === key ? t("admin.books.preparing") : label}
    </button>
  );

  return (
    <div className="admin-books">
      <header className="admin-books__head">
        <h1>{t("admin.books.title")}</h1>
        <a href="/admin/dashboard">{t("admin.books.dashboard")}</a>
      </header>
      <form className="books-period" onSubmit={show}>
        <div className="form-field">
          <label htmlFor="books-month">{quarterly ? t("admin.books.quarterEnding") : t("admin.books.month")}</label>
          <input id="books-month" type="month" required value={month} onChange={(event) => setMonth(event.target.value)} />
        </div>
        <label className="books-quarterly">
          <input type="checkbox" checked={quarterly} onChange={(event) => setQuarterly(event.target.checked)} />
          {t("admin.books.quarterly")}
        </label>
        <button type="submit" className="btn btn--primary">
          {t("admin.books.show")}
        </button>
      </form>
      {report.error && <Message variant="danger">{report.error}</Message>}
      {!summary && !report.error && fpOf(shown.month) && <Loader />}
      {summary && (
        <>
          <p className="books-range">{t("admin.books.periodRange", { from: summary.from, to: summary.to })}</p>
          <ThreeB summary={summary} />
          <Downloads title={t("admin.books.returns")}>
            {button("gstr1", t("admin.books.gstr1Json"), `/api/books/gstr1?${query}`, `GSTR1_${summary.fp}.json`, true)}
            {button("gstr1x", t("admin.books.gstr1Excel"), `/api/books/gstr1.xlsx?${query}`, `GSTR1_${summary.fp}.xlsx`)}
            <Filing
              key={query}
              query={query}
              periodName={shown.quarterly ? t("admin.books.quarterOf", { month: formatMonth(shown.month) }) : formatMonth(shown.month)}
            />
          </Downloads>
          <section className="books-section" aria-labelledby="books-registers">
            <h2 id="books-registers">{t("admin.books.registers")}</h2>
            <p className="books-hint">{t("admin.books.rangeHint")}</p>
            <div className="books-range-fields">
              {RANGE_FIELDS.map(([name, label]) => (
                <div className="form-field" key={name}>
                  <label htmlFor={`books-${name}`}>{t(label)}</label>
                  <input id={`books-${name}`} type="date" value={chosenRange[name]} onChange={(event) => setRange({ ...chosenRange, [name]: event.target.value })} />
                </div>
              ))}
            </div>
            <ul className="books-registers">
              {REGISTERS.map(([name, label]) => (
                <li key={name}>
                  <span>{t(label)}</span>
                  <span className="books-downloads">
                    {button(`${name}.csv`, t("admin.books.csv"), `/api/books/registers/${name}.csv?${rangeQuery(chosenRange)}`, `${name}.csv`)}
                    {button(`${name}.xlsx`, t("admin.books.excel"), `/api/books/registers/${name}.xlsx?${rangeQuery(chosenRange)}`, `${name}.xlsx`)}
                  </span>
                </li>
              ))}
              <li>
                <span>{t("admin.books.tally")}</span>
                <span className="books-downloads">{button("tally", t("admin.books.xml"), `/api/books/tally.xml?${rangeQuery(chosenRange)}`, "tally.xml")}</span>
              </li>
            </ul>
          </section>
        </>
      )}
      <div aria-live="polite">
        {failure && <Message variant="danger">{failure}</Message>}
        {saved && <Message variant="success">{saved}</Message>}
      </div>
    </div>
  );
}
