// The invoice (spec section 2 "Order details", issue 16 "GST tax invoice"): the shop's GSTIN and
// state, food-licence (FSSAI) number and support contacts, the customer, the place of supply, each
// line with its HSN code, GST rate, taxable value and tax (CGST + SGST, or IGST), the summary per
// rate and the total in words. Every figure and the split come from the server (`order.gst`,
// orders/tax.py); this component only lays them out. An order placed before GST was recorded has
// `gst: null` and shows the plain invoice it always had.
import { forwardRef } from "react";
import { config } from "../../lib/config";
import { localName, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { paymentMethodLabel } from "../../lib/paymentMethods";
import { packLabel } from "./format";
import { formatDate } from "../../lib/dates";

const percent = (rate) => `${rate}%`;

/** The tax columns of this invoice: CGST and SGST within the state, IGST across states. */
function taxColumns(gst, t) {
  return gst.interstate
    ? [{ key: "igst", label: t("invoice.igst") }]
    : [
        { key: "cgst", label: t("invoice.cgst") },
        { key: "sgst", label: t("invoice.sgst") },
      ];
}

/** A line's product in the shown language (the Telugu name as sold, with the English beside it), its brand and pack. */
/** A line's name as the invoice and the credit note show it: Telugu first on a Telugu page, the English beside it. */
export function ItemName({ item }) {
  const { primary, secondary } = localName(item);
  return (
    <>
      <span>{primary}</span>
      <span className="invoice__item-pack">
        {secondary && (
          <>
            <span lang="en">{secondary}</span> ·{" "}
          </>
        )}
        {item.brand} · {packLabel(item)}
      </span>
    </>
  );
}

function PlainLines({ order, t }) {
  return (
    <table className="table invoice__items">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t("invoice.item")}</th>
          <th scope="col">{t("product.brand")}</th>
          <th scope="col">{t("invoice.pack")}</th>
          <th scope="col" className="num">{t("invoice.qty")}</th>
          <th scope="col" className="num">{t("invoice.price")}</th>
          <th scope="col" className="num">{t("orders.total")}</th>
        </tr>
      </thead>
      <tbody>
        {order.orderItems.map((item, index) => (
          <tr key={item.financialId ?? index}>
            <td>{index + 1}</td>
            <td className="invoice__item-name">{localName(item).primary}</td>
            <td>{item.brand}</td>
            <td>{packLabel(item)}</td>
            <td className="num">{item.qty}</td>
            <td className="num">{formatMoney(item.price)}</td>
            <td className="num">{formatMoney(item.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TaxLines({ order, gst, t }) {
  const columns = taxColumns(gst, t);
  const labels = {
    hsn: t("invoice.hsn"),
    qty: t("invoice.qty"),
    price: t("invoice.price"),
    rate: t("invoice.gstRate"),
    taxable: t("invoice.taxableValue"),
    amount: t("invoice.amount"),
  };
  return (
    <table className="table invoice__items invoice__lines">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t("invoice.item")}</th>
          <th scope="col">{labels.hsn}</th>
          <th scope="col" className="num">{labels.qty}</th>
          <th scope="col" className="num">{labels.price}</th>
          <th scope="col" className="num">{labels.rate}</th>
          <th scope="col" className="num">{labels.taxable}</th>
          {columns.map((column) => (
            <th scope="col" className="num" key={column.key}>
              {column.label}
            </th>
          ))}
          <th scope="col" className="num">{labels.amount}</th>
        </tr>
      </thead>
      <tbody>
        {order.orderItems.map((item, index) => (
          <tr key={item.financialId ?? index}>
            <td className="invoice__line-number">{index + 1}</td>
            <td className="invoice__item-name">
              <ItemName item={item} />
            </td>
            <td data-label={labels.hsn}>{item.hsnCode || "—"}</td>
            <td className="num" data-label={labels.qty}>{item.qty}</td>
            <td className="num" data-label={labels.price}>{formatMoney(item.price)}</td>
            <td className="num" data-label={labels.rate}>{percent(item.gstRate)}</td>
            <td className="num" data-label={labels.taxable}>{formatMoney(item.taxableValue)}</td>
            {columns.map((column) => (
              <td className="num" data-label={column.label} key={column.key}>
                {formatMoney(item[column.key])}
              </td>
            ))}
            <td className="num invoice__line-amount" data-label={labels.amount}>{formatMoney(item.lineTotal)}</td>
          </tr>
        ))}
        {gst.delivery && (
          <tr>
            <td className="invoice__line-number">{order.orderItems.length + 1}</td>
            <td className="invoice__item-name">{t("invoice.delivery")}</td>
            <td data-label={labels.hsn}>{t("invoice.sac", { code: gst.deliverySac })}</td>
            <td className="num" data-label={labels.qty}>1</td>
            <td className="num" data-label={labels.price}>{formatMoney(gst.delivery.total)}</td>
            <td className="num" data-label={labels.rate}>{percent(gst.delivery.rate)}</td>
            <td className="num" data-label={labels.taxable}>{formatMoney(gst.delivery.taxableValue)}</td>
            {columns.map((column) => (
              <td className="num" data-label={column.label} key={column.key}>
                {formatMoney(gst.delivery[column.key])}
              </td>
            ))}
            <td className="num invoice__line-amount" data-label={labels.amount}>{formatMoney(gst.delivery.total)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** The summary per GST rate, and the whole invoice's totals as its last row. */
function RateSummary({ gst, t }) {
  const columns = taxColumns(gst, t);
  const cells = (row) => (
    <>
      <td className="num">{formatMoney(row.taxableValue)}</td>
      {columns.map((column) => (
        <td className="num" key={column.key}>
          {formatMoney(row[column.key])}
        </td>
      ))}
      <td className="num">{formatMoney(row.tax)}</td>
      <td className="num">{formatMoney(row.total)}</td>
    </>
  );
  return (
    <table className="table invoice__summary" aria-label={t("invoice.summary")}>
      <caption>{t("invoice.summary")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("invoice.gstRate")}</th>
          <th scope="col" className="num">{t("invoice.taxableValue")}</th>
          {columns.map((column) => (
            <th scope="col" className="num" key={column.key}>
              {column.label}
            </th>
          ))}
          <th scope="col" className="num">{t("invoice.totalTax")}</th>
          <th scope="col" className="num">{t("invoice.amount")}</th>
        </tr>
      </thead>
      <tbody>
        {gst.rates.map((row) => (
          <tr key={row.rate}>
            <th scope="row">{percent(row.rate)}</th>
            {cells(row)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t("orders.total")}</th>
          {cells(gst.totals)}
        </tr>
      </tfoot>
    </table>
  );
}

const Invoice = forwardRef(function Invoice({ order }, ref) {
  const t = useT();
  const address = order.shippingAddress ?? {};
  const gst = order.gst ?? null;
  return (
    <article className="invoice printable" ref={ref} aria-label={t("invoice.label")}>
      <h2 className="invoice__title">{gst ? t("invoice.taxInvoice") : t("invoice.label")}</h2>
      <header className="invoice__header">
        <div className="invoice__shop">
          <p className="invoice__shop-name">{config.storeName}</p>
          {config.legalName && <p>{config.legalName}</p>}
          {config.storeAddress && <p>{config.storeAddress}</p>}
          <p>{t("invoice.gst", { number: gst?.storeGstin ?? config.gstNumber })}</p>
          {gst && <p>{t("invoice.state", { state: gst.storeState, code: gst.storeStateCode })}</p>}
          <p>{t("invoice.fssai", { number: config.fssaiNumber })}</p>
          <p>{t("invoice.phone", { phone: config.supportPhone })}</p>
          <p>{t("invoice.email", { email: config.supportEmail })}</p>
        </div>
        <dl className="invoice__meta">
          <dt>{t("invoice.number")}</dt>
          <dd>{order.invoiceNumber}</dd>
          <dt>{t("invoice.orderId")}</dt>
          <dd>{order._id}</dd>
          <dt>{t("orders.date")}</dt>
          <dd>{formatDate(order.createdAt)}</dd>
          {order.deliverySlot && (
            <>
              <dt>{t("invoice.deliverySlot")}</dt>
              <dd className="invoice__slot">{order.deliverySlot.label}</dd>
            </>
          )}
          {gst && (
            <>
              <dt>{t("invoice.placeOfSupply")}</dt>
              <dd>{t("invoice.stateName", { state: gst.placeOfSupply, code: gst.placeOfSupplyCode })}</dd>
            </>
          )}
        </dl>
      </header>

      <section className="invoice__parties">
        <div>
          <h3>{t("invoice.billTo")}</h3>
          {order.buyer ? (
            <>
              <p className="invoice__buyer-name">{order.buyer.name}</p>
              {/* Two lines, not four: a 25-line business invoice still prints on one A4 page. */}
              <p>
                {t("invoice.buyerGstin", { number: order.buyer.gstin })} · {t("invoice.buyerStateCode", { code: order.buyer.stateCode })}
              </p>
              <p>
                {t("invoice.orderedBy", { name: order.user?.name ?? "" })} · {t("invoice.phone", { phone: order.user?.phoneNo ?? "" })}
              </p>
            </>
          ) : (
            <>
              <p>{order.user?.name}</p>
              <p>{t("invoice.phone", { phone: order.user?.phoneNo ?? "" })}</p>
            </>
          )}
        </div>
        <div>
          <h3>{t("invoice.shippingAddress")}</h3>
          <p>{address.street}</p>
          <p>
            {address.city} {address.postalCode}
          </p>
        </div>
        <div>
          <h3>{t("payment.title")}</h3>
          <p>{paymentMethodLabel(order.paymentMethod)}</p>
        </div>
      </section>

      <div className="table-scroll">{gst ? <TaxLines order={order} gst={gst} t={t} /> : <PlainLines order={order} t={t} />}</div>

      <div className="invoice__bottom">
        {gst && (
          <div className="table-scroll invoice__summary-wrap">
            <RateSummary gst={gst} t={t} />
          </div>
        )}
        <dl className="invoice__totals">
          <dt>{t("placeOrder.itemsPrice")}</dt>
          <dd>{formatMoney(order.itemsPrice)}</dd>
          <dt>{t("placeOrder.shippingPrice")}</dt>
          <dd>{formatMoney(order.shippingPrice)}</dd>
          {gst && (
            <>
              <dt>{t("invoice.taxIncluded")}</dt>
              <dd>{formatMoney(gst.totals.tax)}</dd>
            </>
          )}
          <dt>{t("orders.total")}</dt>
          <dd className="invoice__grand-total">{formatMoney(order.totalPrice)}</dd>
        </dl>
      </div>

      {/* The server writes the amount in English words (no Telugu number words yet): marked as English. */}
      {order.totalInWords && (
        <p className="invoice__words">
          <strong>{t("invoice.inWords")}</strong> <span>{order.totalInWords}</span>
        </p>
      )}
      <p className="invoice__note">
        {gst ? (gst.interstate ? t("invoice.interstate") : t("invoice.intrastate")) : t("invoice.noTax")}
      </p>
    </article>
  );
});

export default Invoice;
