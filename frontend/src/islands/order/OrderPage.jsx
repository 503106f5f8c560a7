// Order details (spec section 2): first what the shopper needs to know (the order is placed, its
// invoice number, what happens next, how it is paid), then the tracking timeline, then the invoice
// with Print. Printing is the page's own (order.css `@media print`); Print prints the invoice alone,
// each credit note has its own Print (./printing.js).
import { Suspense, lazy, useEffect, useRef } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import PayButton from "../../components/orders/PayButton";
import { getUserInfo } from "../../lib/auth";
import { staffRole } from "../../lib/staff";
import { rich, textsLoaded, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useOrderLive } from "../../lib/useOrderLive";
import { useApi } from "../../lib/useApi";
import OrderTracking from "./OrderTracking";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { currentTrackingMessage, isCancelled } from "./progress";
import { printOnly } from "./printing";
import "./order.css";

// Loaded when needed: the rewards (which fetch their own answer anyway) and the after-sale part
// (islands/order/Extras.jsx) after the order is shown.
const Extras = lazy(() => import(/* webpackChunkName: "order-rewards" */ "./Extras").then(textsLoaded));
// The shopper's choice for an unavailable item, the changes made at packing and staff's packing panel.
const Packing = lazy(() => import(/* webpackChunkName: "order-packing" */ "./Packing").then(textsLoaded));
// The invoice (the printable part, GST lines and summary) comes as a chunk of its own, fetched as
// the island starts: the confirmation, payment status and tracking show without it.
const loadInvoice = () => import(/* webpackChunkName: "order-invoice" */ "./Invoice");
const Invoice = lazy(loadInvoice);
loadInvoice();
// Staff naming a business buyer on the invoice (issue 43), for those the server says may.
const BuyerForm = lazy(() => import(/* webpackChunkName: "order-buyer-form" */ "./BuyerForm"));
// Staff's manual refund of a paid order (issue 48), loaded for staff only: the server says whether
// the caller's role may give back and how much (islands/order/StaffRefund.jsx).
const StaffRefund = lazy(() => import(/* webpackChunkName: "order-refund" */ "./StaffRefund").then(textsLoaded));
// Buy again is the owner's only, beside Print: it comes once the order is shown, with its texts.
const BuyAgainButton = lazy(() =>
  import(/* webpackChunkName: "buy-again" */ "../../components/orders/BuyAgainButton").then(textsLoaded),
);

// Undo of a mistaken dispatched or delivered move, the board's own (the manager only: the server's
// `undoTo`), loaded with its texts only on an order that offers it.
const UndoMove = lazy(() => import(/* webpackChunkName: "undo-move" */ "../../components/orders/UndoMove").then(textsLoaded));

/** A catalog key (lib/i18n.js). */
export const ORDER_NOT_FOUND = "order.notFound";

function PaymentStatus({ order }) {
  const t = useT();
  if (isCancelled(order)) {
    return (
      <Message variant="danger">
        <p>
          <strong>{t("order.cancelled")}</strong>
          {order.cancelledAt && <> {t("order.cancelledOn", { date: formatDateTime(order.cancelledAt) })}</>}.
        </p>
        {order.cancelReason && <p>{t("order.reason", { reason: order.cancelReason })}</p>}
      </Message>
    );
  }
  if (!order.isPaid && order.isDelivered) {
    // Handed over: the cash or UPI was taken at the door, the shop records it; nothing to pay here.
    return (
      <section className="payment-due" aria-label={t("payment.title")}>
        <p className="payment-due__text">{t("order.deliveredUnpaid", { amount: formatMoney(order.amountDue) })}</p>
      </section>
    );
  }
  if (!order.isPaid) {
    // Only the customer who placed it pays (an admin may be viewing it): the server's `canPay`.
    // Paying online is a choice the shopper may make, not a step they owe: the spec's sentence
    // says they pay at delivery.
    const payable = order.canPay;
    return (
      <section className="payment-due" aria-label={t("payment.title")}>
        <p className="payment-due__text">{t("order.payAtDelivery", { amount: formatMoney(order.amountDue) })}</p>
        {payable && (
          <div className="payment-due__online">
            <span>{t("order.payOnlineOptional")}</span>
            <PayButton order={order} className="btn btn--secondary" />
          </div>
        )}
      </section>
    );
  }
  return (
    <Message variant="success">
      <p>
        <strong>{t("order.paymentPaid")}</strong>
      </p>
      <p>{t("order.invoiceNumber", { number: order.invoiceNumber })}</p>
      {order.orderId && <p>{t("order.paymentReference", { reference: order.orderId })}</p>}
      {order.paidAt && (
        <p className="order-page__paid-at">
          {rich(t("order.paidOn"), { date: <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time> })}
        </p>
      )}
    </Message>
  );
}

/** The order is placed: its invoice number and what happens next, before anything else. */
function Confirmation({ order }) {
  const t = useT();
  if (isCancelled(order)) return null;
  return (
    <section className="order-confirmation" aria-labelledby="order-confirmation-title">
      <h2 id="order-confirmation-title">{t("order.placed")}</h2>
      {/* A paid order's invoice number is in its payment status (spec section 4), right below. */}
      {!order.isPaid && <p>{t("order.invoiceNumber", { number: order.invoiceNumber })}</p>}
      {/* The delivery slot's line goes here once orders carry a slot (the slots branch). */}
      {order.status === "placed" && <p>{t("order.nextSteps")}</p>}
      {(order.status === "packed" || order.status === "dispatched") && <p>{t("order.nextStepsPacked")}</p>}
    </section>
  );
}

// What a shopper or packer would notice changing: where the order stands, its total and its lines.
function sameOrder(order) {
  const lines = (order.orderItems ?? []).map((item) => `${item._id}:${item.qty}`).join(",");
  return `${order.status}|${order.isPaid}|${order.totalPrice}|${lines}|${(order.lineChanges ?? []).length}`;
}

export default function OrderPage({ orderId }) {
  const t = useT();
  const { data: order, loading, error, status, setData, reload } = useApi(`/api/orders/${encodeURIComponent(orderId)}`);
  // A committed change of the order (the server's socket): read it again, keep showing the order
  // meanwhile, and say where it stands once the new answer is in.
  // `heard` holds the order as it was shown when the change was heard: the toast waits for another.
  const heard = useRef(null);
  const shown = useRef(null);
  shown.current = order;
  // A change made on this page (packing) has its own toast: the socket's echo of it is not news,
  // whether it arrives while the change is being answered or after (the order then reads the same).
  const ownChange = useRef({ busy: false, answer: "" });
  const invoice = useRef(null);
  useOrderLive(orderId, () => {
    heard.current = shown.current;
    reload();
  });
  useEffect(() => {
    if (!heard.current || loading || !order || order === heard.current) return;
    // Only news is told: the shopper's own change (a cancellation, already toasted) and its
    // refund and credit note come back as announcements with the order standing where it was.
    const before = currentTrackingMessage(heard.current);
    heard.current = null;
    if (ownChange.current.busy || ownChange.current.answer === sameOrder(order)) return;
    const now = currentTrackingMessage(order);
    if (now !== before) toast.info(t("order.liveUpdated", { status: now }));
  }, [order, loading, t]);
  const packingChanged = (updated) => {
    ownChange.current.answer = sameOrder(updated);
    setData(updated);
  };
  const packingChanging = (busy) => {
    ownChange.current.busy = busy;
  };


  let body;
  if (loading && !order) body = <Loader />;
  else if (error) body = <Message variant="danger">{status === 404 ? t(ORDER_NOT_FOUND) : error}</Message>;
  else {
    body = (
      <>
        <Confirmation order={order} />
        <PaymentStatus order={order} />
        <Suspense fallback={null}>
          <Packing order={order} onChanged={packingChanged} onChanging={packingChanging} />
        </Suspense>
        <div className="order-page__layout">
          <div className="order-page__invoice">
            <div className="order-page__toolbar">
              {/* The invoice alone: the credit notes below it print from their own buttons (issue 45). */}
              <button type="button" className="btn" onClick={() => (invoice.current ? printOnly(invoice.current) : window.print())}>
                {t("order.print")}
              </button>
              {order.user?.phoneNo === getUserInfo()?.phoneNo && (
                <Suspense fallback={null}>
                  <BuyAgainButton order={order} className="btn btn--primary" />
                </Suspense>
              )}
              {order.undoTo && (
                <Suspense fallback={null}>
                  <UndoMove order={order} onUndone={setData} />
                </Suspense>
              )}
            </div>
            <Suspense fallback={null}>
              <Invoice order={order} ref={invoice} />
            </Suspense>
          </div>
          <div className="order-page__side">
            <OrderTracking order={order} />
            {order.canNameBuyer && (
              <Suspense fallback={null}>
                <BuyerForm key={order.buyer?.gstin ?? ""} order={order} onSaved={setData} />
              </Suspense>
            )}
            <Suspense fallback={null}>
              <Extras order={order} onCancelled={setData} />
            </Suspense>
            {order.isPaid && !isCancelled(order) && staffRole(getUserInfo()) && (
              <Suspense fallback={null}>
                <StaffRefund order={order} onRefunded={setData} />
              </Suspense>
            )}
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="order-page">
      <h1>{t("order.title")}</h1>
      {body}
    </div>
  );
}
