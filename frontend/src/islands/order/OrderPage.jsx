// Order details (spec section 2): the invoice with Print, the payment status and the tracking timeline.
import { Suspense, lazy, useEffect, useRef } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import BuyAgainButton from "../../components/orders/BuyAgainButton";
import PayButton from "../../components/orders/PayButton";
import { getUserInfo } from "../../lib/auth";
import { rich, textsLoaded, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useOrderLive } from "../../lib/orderLive";
import { useApi } from "../../lib/useApi";
import { toast } from "../../lib/toast";
import Invoice from "./Invoice";
import OrderTracking from "./OrderTracking";
import { formatDateTime } from "./format";
import { currentTrackingMessage, isCancelled } from "./progress";
import "./order.css";

// Loaded when needed: the print page's code when the shopper prints; the rewards (which fetch
// their own answer anyway) and the after-sale part (islands/order/Extras.jsx) after the order is shown.
const loadPrinting = () => import(/* webpackChunkName: "print-invoice" */ "./printInvoice");
const Extras = lazy(() => import(/* webpackChunkName: "order-rewards" */ "./Extras").then(textsLoaded));
// The shopper's choice for an unavailable item, the changes made at packing and staff's packing panel.
const Packing = lazy(() => import(/* webpackChunkName: "order-packing" */ "./Packing").then(textsLoaded));

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
  if (!order.isPaid) {
    // Only the customer who placed it pays (an admin may be viewing it).
    const payable = order.user?.phoneNo === getUserInfo()?.phoneNo;
    return (
      <Message variant="info">
        <div className="payment-due">
          <span>{t("order.payAtDelivery", { amount: formatMoney(order.amountDue) })}</span>
          {payable && <PayButton order={order} className="btn btn--primary" />}
        </div>
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
      {order.paidAt && (
        <p className="order-page__paid-at">
          {rich(t("order.paidOn"), { date: <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time> })}
        </p>
      )}
    </Message>
  );
}

export default function OrderPage({ orderId }) {
  const t = useT();
  const { data: order, loading, error, status, setData, reload } = useApi(`/api/orders/${encodeURIComponent(orderId)}`);
  const invoiceRef = useRef(null);
  // A committed change of the order (the server's socket): read it again, keep showing the order
  // meanwhile, and say where it stands once the new answer is in.
  // `heard` holds the order as it was shown when the change was heard: the toast waits for another.
  const heard = useRef(null);
  const shown = useRef(null);
  shown.current = order;
  useOrderLive(orderId, () => {
    heard.current = shown.current;
    reload();
  });
  useEffect(() => {
    if (!heard.current || loading || !order || order === heard.current) return;
    heard.current = null;
    toast.info(t("order.liveUpdated", { status: currentTrackingMessage(order) }));
  }, [order, loading, t]);

  const print = () => {
    // The window opens in the click itself, as pop-up blockers want; the invoice is written into it next.
    const printWindow = window.open("", "_blank", "width=900,height=700");
    if (!printWindow) {
      toast.error(t("order.allowPopups"));
      return;
    }
    const invoice = invoiceRef.current;
    const title = t("order.printTitle", { number: order.invoiceNumber });
    loadPrinting().then(({ printInvoice }) => printInvoice(printWindow, invoice, title));
  };

  let body;
  if (loading && !order) body = <Loader />;
  else if (error) body = <Message variant="danger">{status === 404 ? t(ORDER_NOT_FOUND) : error}</Message>;
  else {
    body = (
      <>
        <PaymentStatus order={order} />
        <Suspense fallback={null}>
          <Packing order={order} onChanged={setData} />
        </Suspense>
        <div className="order-page__layout">
          <div className="order-page__invoice">
            <div className="order-page__toolbar">
              <button type="button" className="btn" onClick={print}>
                {t("order.print")}
              </button>
              {order.user?.phoneNo === getUserInfo()?.phoneNo && <BuyAgainButton order={order} className="btn btn--primary" />}
            </div>
            <Invoice order={order} ref={invoiceRef} />
          </div>
          <div className="order-page__side">
            <OrderTracking order={order} />
            <Suspense fallback={null}>
              <Extras order={order} onCancelled={setData} />
            </Suspense>
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
