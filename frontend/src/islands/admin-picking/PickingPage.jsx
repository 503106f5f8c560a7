// Staff's printed sheets for one delivery window on one date (issue 27): the chooser
// (/admin/picking), the pick list (/admin/picklist), the packing slips (/admin/packingslips) and
// the delivery sheet (/admin/deliverysheet), each ?window=<id>&date=YYYY-MM-DD. The page is the same
// shell for everyone; the sheets come from the admin-only API (backoffice/picking.py), which sums,
// orders and prices everything: this file only lays the answers out. Printing is the page's own
// (admin-picking.css: A4, a page per packing slip), so the Print button needs no inline style or
// script that the Content-Security-Policy would refuse.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { localName, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import "./admin-picking.css";

export const SHEETS = {
  picklist: { path: "/admin/picklist", api: "/api/orders/picklist", title: "admin.picking.pickList" },
  packingslips: { path: "/admin/packingslips", api: "/api/orders/packing-slips", title: "admin.picking.packingSlips" },
  deliverysheet: { path: "/admin/deliverysheet", api: "/api/orders/delivery-sheet", title: "admin.picking.deliverySheet" },
};
const CHOOSER = "/admin/picking";

const STATES = {
  paid: "admin.picking.state.paid",
  cash_due: "admin.picking.state.cashDue",
  online_unpaid: "admin.picking.state.onlineUnpaid",
};
const SUBSTITUTIONS = {
  call: "admin.picking.substitution.call",
  replace: "admin.picking.substitution.replace",
  remove: "admin.picking.substitution.remove",
};

/** `?window=3&date=2026-11-27` → {window: "3", date: "2026-11-27"} ("" when missing). */
export function readSheetQuery(search) {
  const query = new URLSearchParams(search);
  return { window: query.get("window") ?? "", date: query.get("date") ?? "" };
}

export const sheetUrl = (sheet, windowId, date) =>
  `${SHEETS[sheet].path}?${new URLSearchParams({ window: windowId, date }).toString()}`;

function localToday() {
  const now = new Date();
  const pad = (number) => String(number).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Monday is 0, as the server counts (orders.models.Weekday). */
const weekdayOf = (iso) => (new Date(`${iso}T12:00:00`).getDay() + 6) % 7;

function Chooser() {
  const t = useT();
  const [date, setDate] = useState(localToday);
  const plan = useApi("/api/slots/windows");
  const windows = (plan.data?.windows ?? []).filter((row) => date && row.weekday === weekdayOf(date));
  return (
    <section className="picking picking--chooser">
      <h1>{t("admin.picking.title")}</h1>
      <div className="form-field picking__date">
        <label htmlFor="picking-date">{t("admin.picking.date")}</label>
        <input id="picking-date" type="date" required value={date} onChange={(event) => setDate(event.target.value)} />
      </div>
      <h2>{t("admin.picking.windows")}</h2>
      {plan.loading && !plan.data ? (
        <Loader />
      ) : plan.error ? (
        <Message variant="danger">{plan.error}</Message>
      ) : windows.length === 0 ? (
        <Message>{t("admin.picking.noWindows")}</Message>
      ) : (
        <ul className="picking__windows">
          {windows.map((row) => (
            <li key={row._id} className="picking__window">
              <strong>
                {row.weekdayLabel} {row.start}–{row.end}
              </strong>
              <span className="picking__links">
                {Object.entries(SHEETS).map(([sheet, { title }]) => (
                  <a key={sheet} className="btn" href={sheetUrl(sheet, row._id, date)}>
                    {t(title)}
                  </a>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Toolbar({ sheet, windowId, date }) {
  const t = useT();
  return (
    <nav className="picking__toolbar" aria-label={t("admin.picking.title")}>
      <a className="btn" href={CHOOSER}>
        {t("admin.picking.allWindows")}
      </a>
      {Object.entries(SHEETS)
        .filter(([other]) => other !== sheet)
        .map(([other, { title }]) => (
          <a key={other} className="btn" href={sheetUrl(other, windowId, date)}>
            {t(title)}
          </a>
        ))}
      <button type="button" className="btn btn--primary" onClick={() => window.print()}>
        {t("admin.picking.print")}
      </button>
    </nav>
  );
}

function ProductName({ line }) {
  const { primary, secondary } = localName(line);
  return (
    <>
      {primary}
      {secondary && <span className="picking__secondary">{secondary}</span>}
    </>
  );
}

/** The columns a pick list and a packing slip share: a box to tick, the product, brand, pack and packs. */
function PackHeadings() {
  const t = useT();
  return (
    <>
      <th className="picking__tick">{t("admin.picking.picked")}</th>
      <th>{t("admin.picking.product")}</th>
      <th>{t("admin.picking.brand")}</th>
      <th>{t("admin.picking.pack")}</th>
      <th className="picking__number">{t("admin.picking.packs")}</th>
    </>
  );
}

function PackCells({ line, packs }) {
  return (
    <>
      <td className="picking__tick">
        <span className="picking__box" aria-hidden="true" />
      </td>
      <td>
        <ProductName line={line} />
      </td>
      <td>{line.brand}</td>
      <td className="picking__nowrap">{line.pack}</td>
      <td className="picking__number picking__big">{packs}</td>
    </>
  );
}

function PickList({ data }) {
  const t = useT();
  return (
    <>
      <p className="picking__summary">{t("admin.picking.summary", { orders: data.orders, packs: data.packs })}</p>
      <div className="picking__shelf">
        <table className="table picking__table picking__picks">
          <thead>
            <tr>
              <PackHeadings />
              <th className="picking__number">{t("admin.picking.orders")}</th>
            </tr>
          </thead>
          {data.categories.map((category) => (
            <tbody key={category.name || "other"}>
              <tr className="picking__category">
                <th colSpan={6} scope="rowgroup">
                  <h2>
                    {category.name ? localName(category).primary : t("admin.picking.otherShelf")} <span className="picking__count">({category.packs})</span>
                  </h2>
                </th>
              </tr>
              {category.lines.map((line) => (
                <tr key={`${line._id}-${line.brand}-${line.pack}`}>
                  <PackCells line={line} packs={line.packs} />
                  <td className="picking__number">{line.orders}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </>
  );
}

function Address({ stop }) {
  return (
    <>
      {stop.street}, {stop.city} {stop.postalCode}
    </>
  );
}

function PackingSlips({ data, slot }) {
  const t = useT();
  return data.slips.map((slip) => (
    <article key={slip._id} className="picking__slip" aria-label={t("admin.picking.slipTitle", { number: slip.number, customer: slip.customer })}>
      <header className="picking__slip-head">
        <h2>{t("admin.picking.slipTitle", { number: slip.number, customer: slip.customer })}</h2>
        <p className="picking__slot">{slot}</p>
      </header>
      <dl className="picking__facts">
        <div>
          <dt>{t("admin.picking.phone")}</dt>
          <dd>{slip.phoneNo}</dd>
        </div>
        <div>
          <dt>{t("admin.picking.address")}</dt>
          <dd>
            <Address stop={slip} />
          </dd>
        </div>
        <div>
          <dt>{t("admin.picking.invoice")}</dt>
          <dd>{slip.invoiceNumber}</dd>
        </div>
        <div>
          <dt>{t("admin.picking.payment")}</dt>
          <dd>
            {t(STATES[slip.paymentState])}
            {slip.toCollect > 0 && ` · ${t("admin.picking.toCollect")} ${formatMoney(slip.toCollect)}`}
          </dd>
        </div>
      </dl>
      <p className="picking__note">{t("admin.picking.ifUnavailable", { choice: t(SUBSTITUTIONS[slip.substitutionPreference]) })}</p>
      <table className="table picking__table">
        <thead>
          <tr>
            <PackHeadings />
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line, index) => (
            <tr key={index}>
              <PackCells line={line} packs={line.qty} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className="picking__total">{t("admin.picking.slipPacks", { packs: slip.packs })}</p>
    </article>
  ));
}

function DeliverySheet({ data }) {
  const t = useT();
  return (
    <>
      <p className="picking__summary">
        {t("admin.picking.stops", { count: data.count })} · {t("admin.picking.totalToCollect")} {formatMoney(data.toCollect)}
      </p>
      <table className="table picking__table picking__route">
        <thead>
          <tr>
            <th className="picking__number">{t("admin.picking.stop")}</th>
            <th>{t("admin.picking.customer")}</th>
            <th>{t("admin.picking.address")}</th>
            <th>{t("admin.picking.payment")}</th>
            <th className="picking__number">{t("admin.picking.toCollect")}</th>
            <th className="picking__sign">{t("admin.picking.receivedBy")}</th>
          </tr>
        </thead>
        <tbody>
          {data.stops.map((stop) => (
            <tr key={stop._id}>
              <td className="picking__number picking__big">{stop.number}</td>
              <td>
                <strong>{stop.customer}</strong>
                <a className="picking__phone" href={`tel:${stop.phoneNo}`}>
                  {stop.phoneNo}
                </a>
                <span className="picking__secondary">{stop.invoiceNumber}</span>
              </td>
              <td>
                <Address stop={stop} />
              </td>
              <td>{t(STATES[stop.paymentState])}</td>
              <td className="picking__number picking__big picking__nowrap">{formatMoney(stop.toCollect)}</td>
              <td className="picking__sign" />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>{t("admin.picking.totalToCollect")}</th>
            <td className="picking__number picking__big picking__nowrap">{formatMoney(data.toCollect)}</td>
            <td className="picking__sign" />
          </tr>
        </tfoot>
      </table>
    </>
  );
}

const BODIES = { picklist: PickList, packingslips: PackingSlips, deliverysheet: DeliverySheet };

function Sheet({ sheet, windowId, date }) {
  const t = useT();
  const ready = Boolean(windowId && date);
  const answer = useApi(ready ? `${SHEETS[sheet].api}?${new URLSearchParams({ window: windowId, date }).toString()}` : null);
  const Body = BODIES[sheet];
  const data = answer.data;
  const empty = data && (data.categories ?? data.slips ?? data.stops).length === 0;
  return (
    <section className="picking">
      <Toolbar sheet={sheet} windowId={windowId} date={date} />
      <div className="printable">
        <header className="picking__head">
          <h1>{t(SHEETS[sheet].title)}</h1>
          {data && <p className="picking__slot">{data.slot}</p>}
        </header>
        {!ready ? (
          <Message>{t("admin.picking.chooseFirst")}</Message>
        ) : answer.error ? (
          <Message variant="danger">{answer.error}</Message>
        ) : !data ? (
          <Loader />
        ) : empty ? (
          <Message>{t("admin.picking.empty")}</Message>
        ) : (
          <Body data={data} slot={data.slot} />
        )}
      </div>
    </section>
  );
}

export default function PickingPage({ sheet, windowId = "", date = "" }) {
  return sheet in SHEETS ? <Sheet sheet={sheet} windowId={windowId} date={date} /> : <Chooser />;
}
