// Order details (spec section 2): the invoice with Print, the payment status and the tracking timeline.
import { Suspense, lazy, useRef } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import PayButton from "../../components/orders/PayButton";
import { getUserInfo } from "../../lib/auth";
import { rich, textsLoaded, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { toast } from "../../lib/toast";
import Invoice from "./Invoice";
import OrderTracking from "./OrderTracking";
import { formatDateTime } from "./format";
import { isCancelled } from "./progress";
import "./order.css";

// Loaded when needed: the print page's code when the shopper prints, the rewards (which fetch
// their own answer anyway) after the order is shown.
const loadPrinting = () => import(/* webpackChunkName: "print-invoice" */ "./printInvoice");
const CancelOrder = lazy(() => import(/* webpackChunkName: "order-cancel" */ "./CancelOrder").then(textsLoaded));
const PackingChanges = lazy(() => import(/* webpackChunkName: "order-packing-changes" */ "./PackingChanges").then(textsLoaded));
const PackingPanel = lazy(() => import(/* webpackChunkName: "order-packing" */ "./PackingPanel").then(textsLoaded));
const CreditNotes = lazy(() => import(/* webpackChunkName: "order-credit-notes" */ "./CreditNotes").then(textsLoaded));
const OrderRewards = lazy(() => import(/* webpackChunkName: "order-rewards" */ "../../components/promotions/OrderRewards").then(textsLoaded));

/** A catalog key (lib/i18n.js). */
export const ORDER_NOT_FOUND = "order.notFound";

function StoreCreditUsed({ order }) {
  const t = useT();
  if (!(Number(order.storeCreditApplied) > 0)) return null;
  return <p className="order-page__credit">{t("order.storeCreditUsed", { amount: formatMoney(order.storeCreditApplied) })}</p>;
}

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
  if (!order.isPaid) {
    // Only the customer who placed it pays (an admin may be viewing it).
    const payable = order.user?.phoneNo === getUserInfo()?.phoneNo;
    return (
      <Message variant="info">
        <div className="payment-due">
          <span>{t("order.payAtDelivery", { amount: formatMoney(order.amountDue ?? order.totalPrice) })}</span>
          {payable && <PayButton order={order} className="btn btn--primary" />}
        </div>
        <StoreCreditUsed order={order} />
      </Message>
    );
  }
  return (
    <Message variant="success">
      <p>
        <strong>{t("order.paymentPaid")}</strong>
      </p>
      <p>{t("order.invoiceNumber", { number: order.invoiceNumber })}</p>
      {order.orderId && <p>{t("order.paymentReference", { reference: order.orderId })}</p>}
      <StoreCreditUsed order={order} />
      {order.paidAt && (
        <p className="order-page__paid-at">
          {rich(t("order.paidOn"), { date: <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time> })}
        </p>
      )}
    </Message>
  );
}

/** Whether the order has after-sale documents to show under the invoice: credit notes or refunds. */
const hasAfterSale = (order) => Boolean(order.creditNotes?.length || order.refunds?.length);

export default function OrderPage({ orderId }) {
  const t = useT();
  const { data: order, loading, error, status, setData } = useApi(`/api/orders/${encodeURIComponent(orderId)}`);
  const invoiceRef = useRef(null);

  /** Print a document of this page (the invoice, a credit note) in a window of its own. */
  const printDocument = (element, title) => {
    // The window opens in the click itself, as pop-up blockers want; the document is written into it next.
    const printWindow = window.open("", "_blank", "width=900,height=700");
    if (!printWindow) {
      toast.error(t("order.allowPopups"));
      return;
    }
    loadPrinting().then(({ printInvoice }) => printInvoice(printWindow, element, title));
  };
  const print = () => printDocument(invoiceRef.current, t("order.printTitle", { number: order.invoiceNumber }));

  let body;
  if (loading) body = <Loader />;
  else if (error) body = <Message variant="danger">{status === 404 ? t(ORDER_NOT_FOUND) : error}</Message>;
  else {
    body = (
      <>
        <PaymentStatus order={order} />
        {order.canCancel && (
          <Suspense fallback={null}>
            <CancelOrder order={order} onCancelled={setData} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <PackingChanges order={order} />
        </Suspense>
        {order.canChangeLines && (
          <Suspense fallback={<Loader />}>
            <PackingPanel order={order} onChanged={setData} />
          </Suspense>
        )}
        <div className="order-page__layout">
          <div className="order-page__invoice">
            <div className="order-page__toolbar">
              <button type="button" className="btn" onClick={print}>
                {t("order.print")}
              </button>
            </div>
            <Invoice order={order} ref={invoiceRef} />
            {hasAfterSale(order) && (
              <Suspense fallback={null}>
                <CreditNotes order={order} onPrint={printDocument} />
              </Suspense>
            )}
          </div>
          <div className="order-page__side">
            <OrderTracking order={order} />
            {!isCancelled(order) && (
              <Suspense fallback={null}>
                <OrderRewards orderId={orderId} />
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
