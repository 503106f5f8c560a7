// Admin order list (spec section 2 "Admin screens"): every order with the customer's name and
// phone, date, total and pipeline state; a status filter; the moves the server allows next
// (order.allowedMoves, including Cancel with a reason) and recording a cash payment; paged. The
// page and filter live in the address, so they can be shared.
// On a phone each order stacks into a labelled card (the cells' data-label, admin-orders.css).
import { useState } from "react";
import AdminList from "../../components/admin/AdminList";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import { api } from "../../lib/api";
import { t, useT } from "../../lib/i18n";
import { readPagedList } from "../../lib/listPages";
import { formatMoney } from "../../lib/money";
import { navigate } from "../../lib/navigation";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import { apiListUrl, CANCELLED, listUrl, moveRequest, orderMoves, stateName, STATUS_FILTERS } from "./pipeline";
import "../../components/orders/orders-ui.css";
import "./admin-orders.css";

// The staff's own short date ("2026-11-26"), never broken across lines (admin-orders.css).
const day = (iso) => (iso ? String(iso).substring(0, 10) : "");

/** How staff name an order in messages: its invoice number. */
const orderName = (order) => order.invoiceNumber || order._id;

function DoneOn({ done, at }) {
  const t = useT();
  return done ? (
    <span className="admin-orders__done">{day(at) || t("common.yes")}</span>
  ) : (
    <span className="status-no" role="img" aria-label={t("common.no")}>
      ✗
    </span>
  );
}

function OrderRow({ order, busy, onMove, onPay }) {
  const t = useT();
  const cancelled = order.status === CANCELLED;
  return (
    <tr className={cancelled ? "admin-orders__row--cancelled" : undefined}>
      <td data-label={t("orders.id")}>
        <div>
          {/* Staff name an order by its invoice number; the random id is the link's address. */}
          <a className="admin-orders__number" href={`/order/${order._id}`}>
            {orderName(order)}
          </a>
          {order.deliverySlot && !cancelled && (
            <span className="admin-orders__slot">{t("admin.orders.deliverySlot", { slot: order.deliverySlot.label })}</span>
          )}
          {order.substitutionPreferenceLabel && !cancelled && (
            <span className="admin-orders__invoice">{t("admin.orders.substitution", { choice: order.substitutionPreferenceLabel })}</span>
          )}
          {cancelled && (
            <span className="admin-orders__cancelled">
              {order.cancelReason ? t("admin.orders.cancelledBecause", { reason: order.cancelReason }) : t("admin.orders.filter.cancelled")}
            </span>
          )}
          {/* Money the gateway charged that could not pay this order: refund it or re-confirm. */}
          {(order.paymentAlerts ?? []).map((alert) => (
            <span key={alert.reference} className="admin-orders__alert" role="note">
              {t("admin.orders.needsStaff", { problem: alert.problem, amount: formatMoney(alert.amount), reference: alert.reference })}
            </span>
          ))}
        </div>
      </td>
      <td data-label={t("admin.orders.user")}>
        <div>
          <span className="admin-orders__name">{order.user?.name}</span>
          {order.user?.phoneNo && <a href={`tel:+91${order.user.phoneNo}`}>{order.user.phoneNo}</a>}
        </div>
      </td>
      <td data-label={t("orders.date")} className="admin-orders__date">{day(order.createdAt)}</td>
      <td data-label={t("orders.total")} className="num">{formatMoney(order.totalPrice)}</td>
      <td data-label={t("orders.paid")}><DoneOn done={order.isPaid} at={order.paidAt} /></td>
      <td data-label={t("admin.orders.packed")}><DoneOn done={order.isPacked} at={order.packedAt} /></td>
      <td data-label={t("admin.orders.dispatched")}><DoneOn done={order.isDispatched} at={order.dispatchedAt} /></td>
      <td data-label={t("orders.delivered")}><DoneOn done={order.isDelivered} at={order.deliveredAt} /></td>
      <td data-label={t("orders.actions")}>
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
              {t("admin.orders.recordCash")}
            </button>
          )}
          <a className="btn btn--small" href={`/order/${order._id}`}>
            {t("orders.details")}
          </a>
        </div>
      </td>
    </tr>
  );
}

export const cancelQuestion = (order) => t("admin.orders.cancelQuestion", { id: orderName(order) });

export default function AdminOrdersPage({ page, status }) {
  const t = useT();
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
      action.submit(order, moveRequest(order._id, CANCELLED, { reason }), t("admin.orders.isCancelled", { id: orderName(order) }));
      return;
    }
    action.submit(order, moveRequest(order._id, move.status), t("admin.orders.isNow", { id: orderName(order), status: stateName(move.status) }));
  };

  const onPay = (order) => {
    const question = t("admin.orders.cashQuestion", { amount: formatMoney(order.totalPrice), id: orderName(order) });
    if (!window.confirm(question)) return;
    action.submit(
      order,
      { path: `/api/orders/${encodeURIComponent(order._id)}/pay`, method: "PUT" },
      t("admin.orders.cashRecorded", { id: orderName(order) }),
    );
  };
  return (
    <div className="admin-orders">
      <div className="admin-orders__head">
        <h1>{t("admin.nav.orders")}</h1>
        <label className="admin-orders__filter">
          <span>{t("orders.status")}</span>
          <select value={status} onChange={(event) => navigate(listUrl({ page: 1, status: event.target.value }))}>
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {t(filter.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice && <Message variant={notice.variant}>{notice.text}</Message>}
      <AdminList list={list} rows={orders} empty={t("admin.orders.none")}>
        <table className="table admin-orders__table">
          <thead>
            <tr>
              <th scope="col">{t("orders.id")}</th>
              <th scope="col">{t("admin.orders.user")}</th>
              <th scope="col">{t("orders.date")}</th>
              <th scope="col" className="num">{t("orders.total")}</th>
              <th scope="col">{t("orders.paid")}</th>
              <th scope="col">{t("admin.orders.packed")}</th>
              <th scope="col">{t("admin.orders.dispatched")}</th>
              <th scope="col">{t("orders.delivered")}</th>
              <th scope="col">{t("orders.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <OrderRow key={order._id} order={order} busy={busyId === order._id} onMove={onMove} onPay={onPay} />
            ))}
          </tbody>
        </table>
      </AdminList>
      <Pager page={page} pages={pages} hrefFor={(number) => listUrl({ page: number, status })} />
    </div>
  );
}
