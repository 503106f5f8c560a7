// The staff dashboard (/admin/dashboard): how the shop did today, in the last 7 or 30 days. Every
// number comes from GET /api/reports/dashboard (backoffice/reports.py defines each one); this page only
// shows them: figures, a line of sales by day, bars by category, payment method and delivery
// slot, each chart with its table, the top and the slowest packs, low stock, the packs with the
// fewest days of cover (the server's figure); the CSV exports come right after the figures.
// Phone first: one column, tables folded under their chart; two columns on a wide screen.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api, errorMessage } from "../../lib/api";
import { formatDate } from "../../lib/dates";
import { localName, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { BarChart, ChartTable, DataTable, LineChart } from "./Charts";
import VitalsSlot from "./VitalsSlot";
import "./admin-dashboard.css";

export const PERIODS = [
  ["today", "admin.dashboard.period.today"],
  ["7d", "admin.dashboard.period.week"],
  ["30d", "admin.dashboard.period.month"],
];

export function readPeriod(search) {
  const period = new URLSearchParams(search).get("period");
  return PERIODS.some(([value]) => value === period) ? period : "today";
}

const METHODS = { cash: "admin.dashboard.method.cash", online: "admin.dashboard.method.online" };
const CHANNELS = {
  website: "admin.dashboard.channel.website",
  counter: "admin.dashboard.channel.counter",
  phone: "admin.dashboard.channel.phone",
  ondc: "admin.dashboard.channel.ondc",
};
const RANGE_FIELDS = [
  ["from", "admin.dashboard.export.from"],
  ["to", "admin.dashboard.export.to"],
];

const shortDay = (iso) => formatDate(iso).split(" ").slice(0, 2).join(" ");
const count = (value) => String(value ?? 0);
// Categories and products by their Telugu names on a Telugu page, as the shop's own pages name them.
const packName = (row) => `${row.brand} ${localName(row).primary} ${row.pack}`;
const categoryName = (row) => localName({ name: row.category, nameTe: row.categoryTe }).primary;

function Figure({ label, value, note }) {
  return (
    <div className="dashboard-figure">
      <dt>{label}</dt>
      <dd>
        <span className="dashboard-figure__value">{value}</span>
        {note && <span className="dashboard-figure__note">{note}</span>}
      </dd>
    </div>
  );
}

function Figures({ data }) {
  const t = useT();
  const tickets = data.tickets;
  return (
    <dl className="dashboard-figures">
      <Figure label={t("admin.dashboard.revenue")} value={formatMoney(data.revenue)} note={t("admin.dashboard.revenueNote", { sales: formatMoney(data.sales) })} />
      <Figure label={t("admin.dashboard.orders")} value={count(data.orders)} />
      <Figure label={t("admin.dashboard.averageBasket")} value={formatMoney(data.averageBasket)} />
      <Figure label={t("admin.dashboard.newCustomers")} value={count(data.newCustomers)} note={t("admin.dashboard.signUps", { count: data.signUps })} />
      <Figure label={t("admin.dashboard.cancellations")} value={count(data.cancellations)} />
      <Figure label={t("admin.dashboard.refunds")} value={formatMoney(data.refunds.amount)} note={t("admin.dashboard.howMany", { count: data.refunds.count })} />
      <Figure label={t("admin.dashboard.creditGiven")} value={formatMoney(data.creditGiven.amount)} note={t("admin.dashboard.howMany", { count: data.creditGiven.count })} />
      {data.ondc?.orders > 0 && (
        <Figure
          label={t("admin.dashboard.ondcFinderFee")}
          value={formatMoney(data.ondc.finderFee)}
          note={t("admin.dashboard.ondcFinderFeeNote", { sales: formatMoney(data.ondc.sales), tcs: formatMoney(data.ondc.tcs) })}
        />
      )}
      <Figure
        label={t("admin.dashboard.ticketsOpen")}
        value={count(tickets.open)}
        note={tickets.oldestAgeHours == null ? "" : t("admin.dashboard.ticketsAge", { hours: tickets.oldestAgeHours, late: tickets.acknowledgeOverdue + tickets.resolveOverdue })}
      />
    </dl>
  );
}

function Section({ title, wide = false, children }) {
  return (
    <section className={`dashboard-section${wide ? " dashboard-section--wide" : ""}`}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function SalesByDay({ rows }) {
  const t = useT();
  const title = t("admin.dashboard.salesByDay");
  return (
    <Section title={title} wide>
      <LineChart title={title} labels={rows.map((row) => shortDay(row.date))} values={rows.map((row) => row.sales)} format={(value) => formatMoney(value).replace(/\.00$/, "")} />
      <ChartTable
        caption={t("admin.dashboard.table")}
        headings={[t("admin.dashboard.day"), t("admin.dashboard.orders"), t("admin.dashboard.sales")]}
        rows={rows.map((row) => [formatDate(row.date), count(row.orders), formatMoney(row.sales)])}
      />
    </Section>
  );
}

function Bars({ title, rows, label, value, format, headings, cells, empty }) {
  const t = useT();
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <p className="dashboard-empty">{empty ?? t("admin.dashboard.nothing")}</p>
      ) : (
        <>
          <BarChart labels={rows.map(label)} values={rows.map(value)} format={format} />
          <ChartTable caption={t("admin.dashboard.table")} headings={headings} rows={rows.map(cells)} />
        </>
      )}
    </Section>
  );
}

function PackTable({ title, headings, rows, empty, note }) {
  const t = useT();
  return (
    <Section title={title}>
      {note && <p className="dashboard-empty">{note}</p>}
      {rows.length === 0 ? (
        <p className="dashboard-empty">{empty ?? t("admin.dashboard.nothing")}</p>
      ) : (
        <DataTable className="table dashboard-packs" headings={headings} rows={rows} />
      )}
    </Section>
  );
}

function todayIso() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}

/** The CSV exports: the server streams them; the file is handed to the browser to save. */
function Exports({ from: first }) {
  const t = useT();
  const [range, setRange] = useState({ from: first, to: todayIso() });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const download = async (name) => {
    setBusy(true);
    setError("");
    try {
      const query = new URLSearchParams(range).toString();
      const text = await api(`/api/reports/${name}.csv?${query}`, { cache: "no-store" });
      const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `${name}-${range.from}-to-${range.to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t("admin.dashboard.export")} wide>
      <div className="dashboard-export">
        {RANGE_FIELDS.map(([name, label]) => (
          <div className="form-field" key={name}>
            <label htmlFor={`export-${name}`}>{t(label)}</label>
            <input id={`export-${name}`} type="date" required value={range[name]} onChange={(event) => setRange({ ...range, [name]: event.target.value })} />
          </div>
        ))}
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => download("orders")}>
          {t("admin.dashboard.export.orders")}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => download("sales-by-pack")}>
          {t("admin.dashboard.export.salesByPack")}
        </button>
      </div>
      {error && <Message variant="danger">{error}</Message>}
    </Section>
  );
}

export default function AdminDashboardPage({ period: initialPeriod = "today" }) {
  const t = useT();
  const [period, setPeriod] = useState(initialPeriod);
  const report = useApi(`/api/reports/dashboard?period=${period}`);
  const data = report.data;
  const choose = (value) => {
    setPeriod(value);
    window.history.replaceState(null, "", value === "today" ? "/admin/dashboard" : `/admin/dashboard?period=${value}`);
  };
  const money = (value) => formatMoney(value);
  return (
    <div className="admin-dashboard">
      <header className="admin-dashboard__head">
        <h1>{t("admin.dashboard.title")}</h1>
        <nav aria-label={t("admin.dashboard.more")}>
          <a href="/admin/books">{t("admin.dashboard.books")}</a>
        </nav>
        <div className="dashboard-periods" role="group" aria-label={t("admin.dashboard.period")}>
          {PERIODS.map(([value, key]) => (
            <button key={value} type="button" className={`btn btn--small${value === period ? " btn--primary" : ""}`} aria-pressed={value === period} onClick={() => choose(value)}>
              {t(key)}
            </button>
          ))}
        </div>
      </header>
      {report.error && <Message variant="danger">{report.error}</Message>}
      {!data && !report.error && <Loader />}
      {data && (
        <>
          <p className="dashboard-range">{data.from === data.to ? formatDate(data.from) : t("admin.dashboard.range", { from: formatDate(data.from), to: formatDate(data.to) })}</p>
          <Figures data={data} />
          {/* Near the top, not under a very long page of charts and tables (issue 45). */}
          <Exports from={data.from} />
          <div className="dashboard-grid">
            <SalesByDay rows={data.salesByDay} />
            <Bars
              title={t("admin.dashboard.salesByCategory")}
              rows={data.salesByCategory}
              label={categoryName}
              value={(row) => row.sales}
              format={money}
              headings={[t("admin.dashboard.category"), t("admin.dashboard.packs"), t("admin.dashboard.sales")]}
              cells={(row) => [categoryName(row), count(row.packs), money(row.sales)]}
            />
            <Bars
              title={t("admin.dashboard.paymentMix")}
              rows={data.paymentMix}
              label={(row) => t(METHODS[row.method])}
              value={(row) => row.sales}
              format={money}
              headings={[t("admin.dashboard.method"), t("admin.dashboard.orders"), t("admin.dashboard.sales")]}
              cells={(row) => [t(METHODS[row.method]), count(row.orders), money(row.sales)]}
            />
            <Bars
              title={t("admin.dashboard.salesByChannel")}
              rows={data.salesByChannel || []}
              label={(row) => t(CHANNELS[row.channel] || row.channel)}
              value={(row) => row.sales}
              format={money}
              headings={[t("admin.dashboard.channel"), t("admin.dashboard.orders"), t("admin.dashboard.sales")]}
              cells={(row) => [t(CHANNELS[row.channel] || row.channel), count(row.orders), money(row.sales)]}
            />
            <Bars
              title={t("admin.dashboard.ordersBySlot")}
              rows={[...data.ordersBySlot.slots, ...(data.ordersBySlot.withoutSlot ? [{ start: "", orders: data.ordersBySlot.withoutSlot }] : [])]}
              label={(row) => (row.start ? `${row.start}–${row.end}` : t("admin.dashboard.noSlot"))}
              value={(row) => row.orders}
              format={count}
              headings={[t("admin.dashboard.slot"), t("admin.dashboard.orders")]}
              cells={(row) => [row.start ? `${row.start}–${row.end}` : t("admin.dashboard.noSlot"), count(row.orders)]}
            />
            <PackTable
              title={t("admin.dashboard.topPacks")}
              headings={[t("admin.dashboard.pack"), t("admin.dashboard.packsSold"), t("admin.dashboard.sales")]}
              rows={data.topPacks.map((row) => [packName(row), count(row.packsSold), money(row.sales)])}
            />
            <PackTable
              title={t("admin.dashboard.slowMovers")}
              headings={[t("admin.dashboard.pack"), t("admin.dashboard.packsSold"), t("admin.dashboard.inStock")]}
              rows={data.slowMovers.map((row) => [packName(row), count(row.packsSold), count(row.inStock)])}
            />
            <PackTable
              title={t("admin.dashboard.lowStock")}
              headings={[t("admin.dashboard.pack"), t("admin.dashboard.inStock")]}
              rows={data.lowStock.map((row) => [packName(row), count(row.inStock)])}
              empty={t("admin.dashboard.lowStockNone")}
            />
            {data.daysOfCover && (
              <PackTable
                title={t("admin.dashboard.daysOfCover")}
                note={t("admin.dashboard.daysOfCoverHint", { days: data.daysOfCover.salesDays })}
                headings={[t("admin.dashboard.pack"), t("admin.dashboard.inStock"), t("admin.dashboard.soldPerDay"), t("admin.dashboard.coverDays")]}
                rows={data.daysOfCover.packs.map((row) => [packName(row), count(row.inStock), String(row.soldPerDay), String(row.days)])}
                empty={t("admin.dashboard.daysOfCoverNone", { days: data.daysOfCover.salesDays })}
              />
            )}
            <VitalsSlot />
          </div>
        </>
      )}
    </div>
  );
}
