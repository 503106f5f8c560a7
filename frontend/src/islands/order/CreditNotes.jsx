// The order's GST credit notes (orders/credit_notes.py) and refunds (payments), under the invoice:
// each note laid out like the invoice (its own number, the original invoice, the lines given back
// with their taxable value and CGST + SGST or IGST, the total in words) and printable the same
// way. Every figure is the server's. Loaded on demand, only for an order that has any.
import { Fragment, useRef } from "react";
import aftersaleTexts from "../../i18n/aftersale";
import orderTexts from "../../i18n/order";
import { config } from "../../lib/config";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { formatDate, packLabel } from "./format";

export const texts = [aftersaleTexts, orderTexts];

function CreditNote({ note, order, onPrint }) {
  const t = useT();
  const ref = useRef(null);
  const columns = note.interstate
    ? [{ key: "igst", label: t("invoice.igst") }]
    : [
        { key: "cgst", label: t("invoice.cgst") },
        { key: "sgst", label: t("invoice.sgst") },
      ];
  return (
    <div className="credit-note-wrap">
      <div className="order-page__toolbar">
        <button type="button" className="btn" onClick={() => onPrint(ref.current, t("creditNote.printTitle", { number: note.number }))}>
          {t("creditNote.print")}
        </button>
      </div>
      <article className="invoice credit-note" ref={ref} aria-label={`${t("creditNote.title")} ${note.number}`}>
        <h2 className="invoice__title">{t("creditNote.title")}</h2>
        <header className="invoice__header">
          <div className="invoice__shop">
            <p className="invoice__shop-name">{config.storeName}</p>
            <p>{t("invoice.gst", { number: order.gst?.storeGstin ?? config.gstNumber })}</p>
            <p>{t("invoice.billTo")}: {order.user?.name}</p>
          </div>
          <dl className="invoice__meta">
            <dt>{t("creditNote.number")}</dt>
            <dd>{note.number}</dd>
            <dt>{t("creditNote.date")}</dt>
            <dd>{formatDate(note.createdAt)}</dd>
            <dt>{t("creditNote.invoice")}</dt>
            <dd>{note.invoiceNumber}</dd>
            <dt>{t("invoice.orderId")}</dt>
            <dd>{order._id}</dd>
            {note.placeOfSupply && (
              <>
                <dt>{t("invoice.placeOfSupply")}</dt>
                <dd>{note.placeOfSupply}</dd>
              </>
            )}
          </dl>
        </header>
        <p className="credit-note__reason">{t("creditNote.reason", { reason: note.reason })}</p>
        <div className="table-scroll">
          <table className="table invoice__items invoice__lines">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("invoice.item")}</th>
                <th scope="col">{t("invoice.hsn")}</th>
                <th scope="col" className="num">{t("invoice.qty")}</th>
                <th scope="col" className="num">{t("invoice.price")}</th>
                <th scope="col" className="num">{t("invoice.gstRate")}</th>
                <th scope="col" className="num">{t("invoice.taxableValue")}</th>
                {columns.map((column) => (
                  <th scope="col" className="num" key={column.key}>
                    {column.label}
                  </th>
                ))}
                <th scope="col" className="num">{t("invoice.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {note.lines.map((line, index) => (
                <tr key={index}>
                  <td className="invoice__line-number">{index + 1}</td>
                  <td className="invoice__item-name">
                    <span>{line.name}</span>
                    <span className="invoice__item-pack">
                      {line.brand} · {packLabel(line)}
                    </span>
                  </td>
                  <td data-label={t("invoice.hsn")}>{line.hsnCode || "—"}</td>
                  <td className="num" data-label={t("invoice.qty")}>{line.qty}</td>
                  <td className="num" data-label={t("invoice.price")}>{formatMoney(line.price)}</td>
                  <td className="num" data-label={t("invoice.gstRate")}>{`${line.gstRate}%`}</td>
                  <td className="num" data-label={t("invoice.taxableValue")}>{formatMoney(line.taxableValue)}</td>
                  {columns.map((column) => (
                    <td className="num" data-label={column.label} key={column.key}>
                      {formatMoney(line[column.key])}
                    </td>
                  ))}
                  <td className="num invoice__line-amount" data-label={t("invoice.amount")}>{formatMoney(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="invoice__totals">
          <dt>{t("invoice.taxableValue")}</dt>
          <dd>{formatMoney(note.taxableValue)}</dd>
          {columns.map((column) => (
            <Fragment key={column.key}>
              <dt>{column.label}</dt>
              <dd>{formatMoney(note[column.key])}</dd>
            </Fragment>
          ))}
          <dt>{t("creditNote.total")}</dt>
          <dd className="invoice__grand-total">{formatMoney(note.total)}</dd>
        </dl>
        <p className="invoice__words">
          <strong>{t("invoice.inWords")}</strong> {note.totalInWords}
        </p>
      </article>
    </div>
  );
}

// A refund's state (payments: pending → succeeded / failed / manual_review) as the shopper reads it.
const REFUND_STATES = {
  pending: "refunds.pending",
  succeeded: "refunds.succeeded",
  failed: "refunds.failed",
  manual_review: "refunds.manual_review",
};

function Refunds({ refunds }) {
  const t = useT();
  return (
    <section className="order-refunds" aria-labelledby="order-refunds-title">
      <h2 id="order-refunds-title">{t("refunds.title")}</h2>
      <ul>
        {refunds.map((refund) => (
          <li key={refund._id} className={`order-refunds__item order-refunds__item--${refund.state}`}>
            <span>{formatMoney(refund.amount)}</span> <span>{t(REFUND_STATES[refund.state] ?? REFUND_STATES.pending)}</span>{" "}
            <time dateTime={refund.createdAt}>{formatDate(refund.createdAt)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function CreditNotes({ order, onPrint }) {
  const t = useT();
  const notes = order.creditNotes ?? [];
  const refunds = order.refunds ?? [];
  return (
    <>
      {refunds.length > 0 && <Refunds refunds={refunds} />}
      {notes.length > 0 && (
        <section className="credit-notes" aria-labelledby="credit-notes-title">
          <h2 id="credit-notes-title">{t("creditNotes.title")}</h2>
          {notes.map((note) => (
            <CreditNote key={note.number} note={note} order={order} onPrint={onPrint} />
          ))}
        </section>
      )}
    </>
  );
}
