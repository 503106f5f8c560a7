// My Orders (spec section 2). In the account drawer: Date (first 10 characters of createdAt),
// Status ('Paid' badge or 'Pay' button), Actions ('Details'), Total. On /profile
// (variant="profile"): the invoice number, date, total, paid, delivered and a details link.
// Where an order's money stands (paid, refunded, cancelled, to pay at delivery) and whether it can
// be paid now are the server's answer (`paymentState`, `refundedAmount`, `canPay`); this only
// shows them. On a phone the profile's rows stack as cards, so nothing needs a sideways swipe.
import { Suspense, lazy } from "react";
import { textsLoaded, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import Loader from "../Loader";
import PayButton from "./PayButton";
import Message from "../Message";
import "./orders-ui.css";

// Buy again comes once the orders are listed, with its texts.
const BuyAgainButton = lazy(() => import(/* webpackChunkName: "buy-again" */ "./BuyAgainButton").then(textsLoaded));

const day = (iso) => (iso ? String(iso).substring(0, 10) : "");

function Cross() {
  const t = useT();
  return (
    <span className="status-no" role="img" aria-label={t("common.no")}>
      ✗
    </span>
  );
}

// The server's payment states (orders/payment_state.py) as the shopper reads them.
const PAYMENT_STATES = {
  refunded: "orders.state.refunded",
  cancelled: "orders.state.cancelled",
  paid: "orders.paidBadge",
  paid_at_delivery: "orders.state.paid_at_delivery",
  pay_at_delivery: "orders.state.pay_at_delivery",
  unpaid: "orders.state.unpaid",
};
const BADGES = { paid: "badge--success", paid_at_delivery: "badge--success", refunded: "badge--info", cancelled: "badge--danger" };

function PaymentState({ order }) {
  const t = useT();
  const key = PAYMENT_STATES[order.paymentState];
  return (
    <div className="orders-table__state">
      {key && (
        <span className={`badge ${BADGES[order.paymentState] ?? ""}`.trim()}>
          {t(key, { amount: formatMoney(order.refundedAmount) })}
        </span>
      )}
      {order.canPay && <PayButton order={order} />}
    </div>
  );
}

function DrawerRows({ orders }) {
  const t = useT();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t("orders.date")}</th>
          <th scope="col">{t("orders.status")}</th>
          <th scope="col">{t("orders.actions")}</th>
          <th scope="col">{t("orders.total")}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <td>{day(order.createdAt)}</td>
            <td>
              <PaymentState order={order} />
            </td>
            <td>
              <div className="orders-table__actions">
                <a href={`/order/${order._id}`}>{t("orders.details")}</a>
                <Suspense fallback={null}>
                  <BuyAgainButton order={order} />
                </Suspense>
              </div>
            </td>
            <td className="orders-table__money">{formatMoney(order.totalPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProfileRows({ orders }) {
  const t = useT();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t("orders.invoice")}</th>
          <th scope="col">{t("orders.date")}</th>
          <th scope="col">{t("orders.total")}</th>
          <th scope="col">{t("orders.paid")}</th>
          <th scope="col">{t("orders.delivered")}</th>
          <th scope="col">
            <span className="visually-hidden">{t("orders.details")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <td className="orders-table__id" data-label={t("orders.invoice")}>
              {order.invoiceNumber}
            </td>
            <td data-label={t("orders.date")}>{day(order.createdAt)}</td>
            <td className="orders-table__money" data-label={t("orders.total")}>
              {formatMoney(order.totalPrice)}
            </td>
            <td data-label={t("orders.paid")}>
              {order.paymentState === "paid" ? day(order.paidAt) : <PaymentState order={order} />}
            </td>
            <td data-label={t("orders.delivered")}>{order.isDelivered ? day(order.deliveredAt) : <Cross />}</td>
            <td>
              <div className="orders-table__actions">
                <a className="btn btn--small" href={`/order/${order._id}`}>
                  {t("orders.details")}
                </a>
                <Suspense fallback={null}>
                  <BuyAgainButton order={order} />
                </Suspense>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function MyOrdersTable({ variant = "drawer" }) {
  const t = useT();
  const { data, loading, error } = useApi("/api/orders/mine");
  const orders = Array.isArray(data) ? data : [];

  if (loading) return <Loader />;
  if (error) return <Message variant="danger">{error}</Message>;
  if (orders.length === 0) return <Message variant="info">{t("orders.none")}</Message>;
  const Rows = variant === "profile" ? ProfileRows : DrawerRows;
  return (
    <div className={`orders-table orders-table--${variant}${variant === "profile" ? "" : " table-scroll"}`}>
      <Rows orders={orders} />
    </div>
  );
}
