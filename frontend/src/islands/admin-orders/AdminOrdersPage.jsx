// Admin order list (spec section 2 "Admin screens"): every order with the customer's name and
// phone, date, total and pipeline state; a status filter; actions that move an order along and
// record a cash payment; paged. The page and filter live in the address, so they can be shared.
// On a phone each order stacks into a labelled card (the cells' data-label, admin-orders.css).
import { useCallback, useEffect, useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import { api, apiResponse, errorMessage } from "../../lib/api";
import { formatMoney } from "../../lib/money";
import { loginUrl, navigate, redirect } from "../../lib/navigation";
import { listUrl, nextStep, STATUS_FILTERS, stepRequest } from "./pipeline";
import "../../components/orders/orders-ui.css";
import "./admin-orders.css";

const day = (iso) => (iso ? String(iso).substring(0, 10) : "");
const PAGE_SIZE = 20;

function DoneOn({ done, at }) {
  return done ? (
    <span className="admin-orders__done">{day(at) || "Yes"}</span>
  ) : (
    <span className="status-no" role="img" aria-label="No">
      ✗
    </span>
  );
}

function OrderRow({ order, busy, onStep, onPay }) {
  const step = nextStep(order);
  return (
    <tr>
      <td data-label="ID">
        <div>
          <a className="admin-orders__id" href={`/order/${order._id}`}>
            {order._id}
          </a>
          <span className="admin-orders__invoice">{order.invoiceNumber}</span>
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
          {step && (
            <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => onStep(order, step)}>
              {step.label}
            </button>
          )}
          {!order.isPaid && (
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

export default function AdminOrdersPage({ page, status }) {
  const [list, setList] = useState({ loading: true, error: "", orders: [], pages: 0 });
  const [notice, setNotice] = useState(null);
  const [busyId, setBusyId] = useState(null);

  const load = useCallback(
    async (signal) => {
      const query = new URLSearchParams({ pageNumber: String(page), pageSize: String(PAGE_SIZE) });
      if (status) query.set("status", status);
      try {
        // A JSON array of this page's orders; the count of all of them is in X-Total-Count.
        const { data, headers } = await apiResponse(`/api/orders?${query}`, { signal });
        const total = Number(headers?.get("X-Total-Count")) || 0;
        setList({ loading: false, error: "", orders: Array.isArray(data) ? data : [], pages: Math.ceil(total / PAGE_SIZE) });
      } catch (error) {
        if (error?.name === "AbortError") return;
        if (error?.status === 401) return redirect(loginUrl());
        setList({ loading: false, error: errorMessage(error), orders: [], pages: 0 });
      }
    },
    [page, status],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const run = async (order, request, done) => {
    setBusyId(order._id);
    setNotice(null);
    try {
      await api(request.path, { method: request.method, body: request.body });
      setNotice({ variant: "success", text: done });
    } catch (error) {
      // A 409 says why (already moved by someone else, a skipped step): show it and the fresh list.
      setNotice({ variant: "danger", text: errorMessage(error) });
    } finally {
      setBusyId(null);
      await load();
    }
  };

  const onStep = (order, step) => run(order, stepRequest(order._id, step.status), `Order ${order._id} is now ${step.status}.`);

  const onPay = (order) => {
    const question = `Record a cash payment of ${formatMoney(order.totalPrice)} for order ${order._id}?`;
    if (!window.confirm(question)) return;
    run(order, { path: `/api/orders/${encodeURIComponent(order._id)}/pay`, method: "PUT" }, `Cash payment recorded for order ${order._id}.`);
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
      {list.loading ? (
        <Loader />
      ) : list.error ? (
        <Message variant="danger">{list.error}</Message>
      ) : list.orders.length === 0 ? (
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
              {list.orders.map((order) => (
                <OrderRow key={order._id} order={order} busy={busyId === order._id} onStep={onStep} onPay={onPay} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={list.pages} hrefFor={(number) => listUrl({ page: number, status })} />
    </div>
  );
}
