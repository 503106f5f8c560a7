// Order details (spec section 2): the invoice with Print, the payment status and the tracking timeline.
import { useRef } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import PayButton from "../../components/orders/PayButton";
import OrderRewards from "../../components/promotions/OrderRewards";
import { getUserInfo } from "../../lib/auth";
import { rich, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { toast } from "../../lib/toast";
import Invoice from "./Invoice";
import OrderTracking from "./OrderTracking";
import { formatDateTime } from "./format";
import { printInvoice } from "./printInvoice";
import { isCancelled } from "./progress";
import "./order.css";

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
          <span>{t("order.payAtDelivery", { amount: formatMoney(order.totalPrice) })}</span>
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
  const { data: order, loading, error, status } = useApi(`/api/orders/${encodeURIComponent(orderId)}`);
  const invoiceRef = useRef(null);

  const print = () => {
    if (!printInvoice(invoiceRef.current, t("order.printTitle", { number: order.invoiceNumber }))) {
      toast.error(t("order.allowPopups"));
    }
  };

  let body;
  if (loading) body = <Loader />;
  else if (error) body = <Message variant="danger">{status === 404 ? t(ORDER_NOT_FOUND) : error}</Message>;
  else {
    body = (
      <>
        <PaymentStatus order={order} />
        <div className="order-page__layout">
          <div className="order-page__invoice">
            <div className="order-page__toolbar">
              <button type="button" className="btn" onClick={print}>
                {t("order.print")}
              </button>
            </div>
            <Invoice order={order} ref={invoiceRef} />
          </div>
          <div className="order-page__side">
            <OrderTracking order={order} />
            {!isCancelled(order) && <OrderRewards orderId={orderId} />}
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
