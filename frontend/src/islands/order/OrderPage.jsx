// Order details (spec section 2): the invoice with Print, the payment status and the tracking timeline.
import { useRef } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import PayButton from "../../components/orders/PayButton";
import OrderRewards from "../../components/promotions/OrderRewards";
import { getUserInfo } from "../../lib/auth";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { toast } from "../../lib/toast";
import Invoice from "./Invoice";
import OrderTracking from "./OrderTracking";
import { formatDateTime } from "./format";
import { printInvoice } from "./printInvoice";
import { isCancelled } from "./progress";
import "./order.css";

export const ORDER_NOT_FOUND = "Order not found";

function PaymentStatus({ order }) {
  if (isCancelled(order)) {
    return (
      <Message variant="danger">
        <p>
          <strong>This order was cancelled</strong>
          {order.cancelledAt && <> on {formatDateTime(order.cancelledAt)}</>}.
        </p>
        {order.cancelReason && <p>Reason: {order.cancelReason}</p>}
      </Message>
    );
  }
  if (!order.isPaid) {
    // Only the customer who placed it pays (an admin may be viewing it).
    const payable = order.user?.phoneNo === getUserInfo()?.phoneNo;
    return (
      <Message variant="info">
        <div className="payment-due">
          <span>Please Pay Amount of {formatMoney(order.totalPrice)} at Delivery time</span>
          {payable && <PayButton order={order} className="btn btn--primary" />}
        </div>
      </Message>
    );
  }
  return (
    <Message variant="success">
      <p>
        <strong>Payment Status: Paid</strong>
      </p>
      <p>Invoice Number: {order.invoiceNumber}</p>
      {order.orderId && <p>Payment Reference: {order.orderId}</p>}
      {order.paidAt && (
        <p className="order-page__paid-at">
          Paid on <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time>
        </p>
      )}
    </Message>
  );
}

export default function OrderPage({ orderId }) {
  const { data: order, loading, error, status } = useApi(`/api/orders/${encodeURIComponent(orderId)}`);
  const invoiceRef = useRef(null);

  const print = () => {
    if (!printInvoice(invoiceRef.current, `Invoice ${order.invoiceNumber}`)) {
      toast.error("Please allow pop-ups for this site to print the invoice.");
    }
  };

  let body;
  if (loading) body = <Loader />;
  else if (error) body = <Message variant="danger">{status === 404 ? ORDER_NOT_FOUND : error}</Message>;
  else {
    body = (
      <>
        <PaymentStatus order={order} />
        <div className="order-page__layout">
          <div className="order-page__invoice">
            <div className="order-page__toolbar">
              <button type="button" className="btn" onClick={print}>
                Print
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
      <h1>Order Details</h1>
      {body}
    </div>
  );
}
