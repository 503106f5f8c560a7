// The order page's after-sale part (issue 25), loaded on demand with its texts, above the invoice:
// - `CancelOrder`: the shopper's "Cancel order" button and its confirmation dialog. The page shows it
//   only when the server says the caller may cancel (`order.canCancel`, orders/pipeline.py
//   may_cancel); what comes back and how is the server's too (PUT /api/orders/{id}/cancel), so the
//   dialog says it in general words and the page shows the answer.
// - `CreditNotes`: the store credit the order used, and the order's GST credit notes (orders/credit_notes.py) and refunds (payments),
//   under the invoice: each note laid out like the invoice (its own number, the original invoice,
//   the lines given back with their taxable value and CGST + SGST or IGST, the total in words) and
//   printable the same way. Every figure is the server's.
import { Fragment, useEffect, useId, useRef, useState } from "react";
import aftersaleTexts from "../../i18n/aftersale";
import orderTexts from "../../i18n/order";
import { api } from "../../lib/api";
import { config } from "../../lib/config";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/useSubmit";
import { ItemName } from "./Invoice";
import { formatDate } from "../../lib/dates";
import { printOnly } from "./printing";

export const texts = [aftersaleTexts, orderTexts];

function CreditNote({ note, order }) {
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
        <button type="button" className="btn" onClick={() => printOnly(ref.current)}>
          {t("creditNote.print")}
        </button>
      </div>
      <article className="invoice credit-note printable" ref={ref} aria-label={`${t("creditNote.title")} ${note.number}`}>
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
                    <ItemName item={line} />
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

function CreditNotes({ order }) {
  const t = useT();
  const notes = order.creditNotes ?? [];
  const refunds = order.refunds ?? [];
  return (
    <>
      {order.storeCreditApplied > 0 && (
        <p className="order-page__credit">{t("storeCredit.used", { amount: formatMoney(order.storeCreditApplied) })}</p>
      )}
      {refunds.length > 0 && <Refunds refunds={refunds} />}
      {notes.length > 0 && (
        <section className="credit-notes" aria-labelledby="credit-notes-title">
          <h2 id="credit-notes-title">{t("creditNotes.title")}</h2>
          {notes.map((note) => (
            <CreditNote key={note.number} note={note} order={order} />
          ))}
        </section>
      )}
    </>
  );
}

const REASON_MAX_LENGTH = 500;

/** The dialog: focus inside while open (Tab cycles through it), Escape or "Keep order" closes it. */
function ConfirmDialog({ busy, error, onConfirm, onClose }) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const dialog = useRef(null);
  const [reason, setReason] = useState("");

  useEffect(() => {
    dialog.current?.querySelector("button")?.focus();
  }, []);

  const onKeyDown = (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = [...dialog.current.querySelectorAll("button:not([disabled]), textarea:not([disabled])")];
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="cancel-order__backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="cancel-order__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        ref={dialog}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{t("cancel.title")}</h2>
        <p id={textId}>{t("cancel.explain")}</p>
        <label className="cancel-order__reason">
          <span>{t("cancel.reason")}</span>
          <textarea value={reason} maxLength={REASON_MAX_LENGTH} rows={2} onChange={(event) => setReason(event.target.value)} disabled={busy} />
        </label>
        {error && (
          <p className="cancel-order__error" role="alert">
            {error}
          </p>
        )}
        <div className="cancel-order__actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t("cancel.close")}
          </button>
          <button type="button" className="btn btn--danger" onClick={() => onConfirm(reason)} disabled={busy} aria-busy={busy}>
            {busy ? t("cancel.busy") : t("cancel.confirm")}
          </button>
        </div>
      </div>
    </div>
  );
}

function CancelOrder({ order, onCancelled }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const opener = useRef(null);
  const { submit, busy, error, setError } = useSubmit((reason) =>
    api(`/api/orders/${encodeURIComponent(order._id)}/cancel`, { method: "PUT", body: { reason } }),
  );

  const close = () => {
    if (busy) return;
    setOpen(false);
    setError("");
    opener.current?.focus();
  };

  const confirm = async (reason) => {
    const result = await submit(reason);
    if (!result.ok) return;
    setOpen(false);
    toast.success(t("cancel.done"));
    onCancelled(result.value);
  };

  return (
    <div className="cancel-order">
      <button type="button" className="btn btn--danger" ref={opener} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t("cancel.button")}
      </button>
      {open && <ConfirmDialog busy={busy} error={error} onConfirm={confirm} onClose={close} />}
    </div>
  );
}

/** The Cancel order button (when the server allows it), then the store credit used, refunds and credit notes. */
export default function AfterSale({ order, onCancelled }) {
  return (
    <>
      {order.canCancel && <CancelOrder order={order} onCancelled={onCancelled} />}
      <CreditNotes order={order} />
    </>
  );
}
