// Admin order list (spec section 2 "Admin screens"): every order with the customer's name and
// phone, date, total and pipeline state; a status filter; the moves the server allows next
// (order.allowedMoves, including Cancel with a reason) and recording a cash payment; paged. The
// page and filter live in the address, so they can be shared.
// On a phone each order stacks into a labelled card (the cells' data-label, admin-orders.css).
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import { api } from "../../lib/api";
import { readPagedList } from "../../lib/listPages";
import { formatMoney } from "../../lib/money";
import { navigate } from "../../lib/navigation";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import { apiListUrl, CANCELLED, listUrl, moveRequest, orderMoves, STATUS_FILTERS } from "./pipeline";
import "../../components/orders/orders-ui.css";
import "./admin-orders.css";

const day = (iso) => (iso ? String(iso).substring(0, 10) : "");

function DoneOn({ done, at }) {
  return done ? (
    <span className="admin-orders__done">{day(at) || "Yes"}</span>
  ) : (
    <span className="status-no" role="img" aria-label="No">
      ✗
    </span>
  );
}

function OrderRow({ order, busy, onMove, onPay }) {
  const cancelled = order.status === CANCELLED;
  return (
    <tr className={cancelled ? "admin-orders__row--cancelled" : undefined}>
      <td data-label="ID">
        <div>
          <a className="admin-orders__id" href={`/order/${order._id}`}>
            {order._id}
          </a>
          <span className="admin-orders__invoice">{order.invoiceNumber}</span>
          {cancelled && (
            <span className="admin-orders__cancelled">
              Cancelled{order.cancelReason ? `: ${order.cancelReason}` : ""}
            </span>
          )}
          {/* Money the gateway charged that could not pay this order: refund it or re-confirm. */}
          {(order.paymentAlerts ?? []).map((alert) => (
            <span key={alert.reference} className="admin-orders__alert" role="note">
              Needs staff: {alert.problem} ({formatMoney(alert.amount)}, payment {alert.reference})
            </span>
          ))}
        </div>
      </td>
      <td data-label="User">
        <div>
          <span className="admin-orders__name">{order.user?.name}</span>
          {order.user?.phoneNo && <a href={`tel:+91${order.user.phoneNo}`}>{order.user.phoneNo}</a>}
        </div>
      </td>
      <td data-label="Date">{day(order.createdAt)}</td>
      <td data-label="Total" className="num">{formatMoney(order.totalPrice)}</td>
      <td data-label="Paid"><DoneOn done={order.isPaid} at={order.paidAt} /></td>
      <td data-label="Packed"><DoneOn done={order.isPacked} at={order.packedAt} /></td>
      <td data-label="Dispatched"><DoneOn done={order.isDispatched} at={order.dispatchedAt} /></td>
      <td data-label="Delivered"><DoneOn done={order.isDelivered} at={order.deliveredAt} /></td>
      <td data-label="Actions">
        <div className="admin-orders__actions">
          {orderMoves(order).map((move) => (
            <button
              key={move.status}
              type="button"
              className={`btn btn--small ${move.status === CANCELLED ? "btn--danger" : "btn--primary"}`}
              disabled={busy}
              onClick={() => onMove(order, move)}
            >
              {move.label}
            </button>
          ))}
          {!order.isPaid && !cancelled && (
            <button type="button" className="btn btn--small" disabled={busy} onClick={() => onPay(order)}>
              Record cash payment
            </button>
          )}
          <a className="btn btn--small" href={`/order/${order._id}`}>
            Details
          </a>
        </div>
      </td>
    </tr>
  );
}

export const cancelQuestion = (order) => `Why is order ${order._id} cancelled? The customer reads this reason.`;

export default function AdminOrdersPage({ page, status }) {
  const list = useApi(apiListUrl({ page, status }));
  const { rows: orders, pages } = readPagedList(list.data, list.headers);
  const [notice, setNotice] = useState(null);
  const [busyId, setBusyId] = useState(null);
  const action = useSubmit(
    async (order, request, done) => {
      setBusyId(order._id);
      setNotice(null);
      try {
        await api(request.path, { method: request.method, body: request.body });
        setNotice({ variant: "success", text: done });
      } finally {
        setBusyId(null);
        list.reload();
      }
    },
    // A 409 says why (already moved by someone else, no longer cancellable): show it and the fresh list.
    { onError: (text) => setNotice({ variant: "danger", text }) },
  );

  const onMove = (order, move) => {
    if (move.status === CANCELLED) {
      const reason = window.prompt(cancelQuestion(order))?.trim();
      if (!reason) return;
      action.submit(order, moveRequest(order._id, CANCELLED, { reason }), `Order ${order._id} is cancelled.`);
      return;
    }
    action.submit(order, moveRequest(order._id, move.status), `Order ${order._id} is now ${move.status}.`);
  };

  const onPay = (order) => {
    const question = `Record a cash payment of ${formatMoney(order.totalPrice)} for order ${order._id}?`;
    if (!window.confirm(question)) return;
    action.submit(
      order,
      { path: `/api/orders/${encodeURIComponent(order._id)}/pay`, method: "PUT" },
      `Cash payment recorded for order ${order._id}.`,
    );
  };
  return (
    <div className="admin-orders">
      <div className="admin-orders__head">
        <h1>Orders</h1>
        <label className="admin-orders__filter">
          <span>Status</span>
          <select value={status} onChange={(event) => navigate(listUrl({ page: 1, status: event.target.value }))}>
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice && <Message variant={notice.variant}>{notice.text}</Message>}
      {list.loading && !list.data ? (
        <Loader />
      ) : list.error ? (
        <Message variant="danger">{list.error}</Message>
      ) : orders.length === 0 ? (
        <Message variant="info">No orders found.</Message>
      ) : (
        <div className="table-scroll">
          <table className="table admin-orders__table">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">User</th>
                <th scope="col">Date</th>
                <th scope="col" className="num">Total</th>
                <th scope="col">Paid</th>
                <th scope="col">Packed</th>
                <th scope="col">Dispatched</th>
                <th scope="col">Delivered</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <OrderRow key={order._id} order={order} busy={busyId === order._id} onMove={onMove} onPay={onPay} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} hrefFor={(number) => listUrl({ page: number, status })} />
    </div>
  );
}
