// The staff's live order board (/admin/orderlist, issue 27; spec section 2 "Admin screens"): the
// orders grouped by delivery window (today's first), state tabs, a search by invoice number, phone
// or name, and a delivery date, kept in the address. New and changed orders arrive without a
// reload: the staff socket (lib/staffLive) says a change committed, and the board asks the server
// what changed after the last cursor it saw, on every (re)connection too, so none is missed. A new
// order beeps (after a first click, muted at will) and counts in the tab title. Each row keeps the
// moves the server allows (allowedMoves), Cancel with a reason, recording cash and, for the manager,
// Undo of a mistaken dispatched or delivered move with a reason (undoTo, issue 48); checked rows
// move together (packed, dispatched), and the answer names any order that did not move, and why.
// On a phone each order stacks into a labelled card (the cells' data-label, admin-orders.css).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import AdminList from "../../components/admin/AdminList";
import { askUndoReason, UndoButton, undoneText, undoRequest } from "../../components/orders/UndoMove";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { t, textsLoaded, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { orderName } from "../../lib/orderStates";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import { groupByWindow, mergeChanges, titleWithBadge } from "./board";
import { readMuted, writeMuted } from "./mute";
import { boardUrl, CANCELLED, listUrl, moveRequest, orderMoves, stateName, STATUS_FILTERS } from "./pipeline";
import "../../components/orders/orders-ui.css";
import "./admin-orders.css";

// Apart from the list itself, loaded once it shows (the page's JavaScript at start stays small):
// the low-stock banner, and the live part (the staff socket and the new-order beep).
const LowStockBanner = lazy(() => import(/* webpackChunkName: "low-stock" */ "../../components/admin/LowStockBanner").then(textsLoaded));
const loadLive = () => import(/* webpackChunkName: "admin-board-live" */ "./live");


const STEP_TIME = { packed: "packedAt", dispatched: "dispatchedAt", delivered: "deliveredAt", cancelled: "cancelledAt" };
const BULK_MOVES = [
  { to: "packed", label: "admin.board.bulk.packed" },
  { to: "dispatched", label: "admin.board.bulk.dispatched" },
  { to: "delivered", label: "admin.board.bulk.delivered" },
];
const LIVE_STATES = {
  connecting: "admin.board.live.connecting",
  live: "admin.board.live.live",
  waiting: "admin.board.live.waiting",
  stopped: "admin.board.live.stopped",
};

function When({ at }) {
  return at ? <time className="admin-orders__when" dateTime={at}>{formatDateTime(at)}</time> : null;
}

function OrderRow({ order, busy, isNew, selected, onSelect, onMove, onPay, onUndo }) {
  const t = useT();
  const cancelled = order.status === CANCELLED;
  const classes = [cancelled && "admin-orders__row--cancelled", isNew && "admin-orders__row--new"].filter(Boolean).join(" ");
  return (
    <tr className={classes || undefined}>
      <td data-label={t("admin.board.choose")} className="admin-orders__pick">
        <input type="checkbox" checked={selected} onChange={(event) => onSelect(order._id, event.target.checked)} aria-label={t("admin.board.select", { id: orderName(order) })} />
      </td>
      <td data-label={t("orders.id")}>
        <div>
          {/* Staff name an order by its invoice number; the random id is the link's address. */}
          <a className="admin-orders__number" href={`/order/${order._id}`}>
            {orderName(order)}
          </a>
          {order.problem && <span className="admin-orders__problem">{t("admin.board.problem")}</span>}
          {order.late && <span className="admin-orders__late">{t("admin.board.late")}</span>}
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
      <td data-label={t("admin.board.placed")}>
        <When at={order.createdAt} />
      </td>
      <td data-label={t("orders.total")} className="num">{formatMoney(order.totalPrice)}</td>
      <td data-label={t("admin.board.payment")}>
        <div>
          {/* The server words the state (a cancelled or refunded order never reads "Paid"). */}
          <span className={cancelled ? "admin-orders__void" : order.isPaid ? "admin-orders__done" : "admin-orders__due"}>{order.paymentState}</span>
          <When at={order.paidAt} />
        </div>
      </td>
      <td data-label={t("admin.board.state")}>
        <div>
          <span className="admin-orders__state">{stateName(order.status)}</span>
          <When at={order[STEP_TIME[order.status]]} />
        </div>
      </td>
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
          {/* The server says who may undo what (undoTo: the manager, a dispatched or delivered order). */}
          <UndoButton order={order} busy={busy} onUndo={onUndo} />
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

function WindowGroup({ group, children }) {
  const t = useT();
  const id = `window-${group.key.replace(/[^0-9a-z]/gi, "")}`;
  return (
    <section className="admin-orders__group" aria-labelledby={id}>
      <h2 id={id} className="admin-orders__group-title">
        {group.label || t("admin.board.noSlot")}
        {group.today && <span className="admin-orders__today">{t("admin.board.today")}</span>}
        {group.late && <span className="admin-orders__late">{t("admin.board.lateGroup")}</span>}
        <span className="admin-orders__group-count">{group.orders.length}</span>
      </h2>
      <table className="table admin-orders__table">
          <thead>
            <tr>
              <th scope="col"><span className="visually-hidden">{t("admin.board.choose")}</span></th>
              <th scope="col">{t("orders.id")}</th>
              <th scope="col">{t("admin.orders.user")}</th>
              <th scope="col">{t("admin.board.placed")}</th>
              <th scope="col" className="num">{t("orders.total")}</th>
              <th scope="col">{t("admin.board.payment")}</th>
              <th scope="col">{t("admin.board.state")}</th>
              <th scope="col">{t("orders.actions")}</th>
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
    </section>
  );
}

/** The new-order beep, once its module is there; until then a silent stand-in that keeps the mute choice. */
function useBeeper() {
  const [beeper, setBeeper] = useState(() => ({
    muted: readMuted(),
    unlock() {},
    beep: () => false,
    setMuted: (value) => writeMuted(value),
  }));
  useEffect(() => {
    let gone = false;
    loadLive().then(({ createBeeper }) => !gone && setBeeper(createBeeper()));
    return () => {
      gone = true;
    };
  }, []);
  return beeper;
}

export const cancelQuestion = (order) => t("admin.orders.cancelQuestion", { id: orderName(order) });

/** The board's rows: the filtered load, then every catch-up merged in (one at a time, in order). */
function useLiveBoard(filter, { onNew }) {
  const list = useApi(boardUrl(filter));
  const [rows, setRows] = useState([]);
  const [live, setLive] = useState("connecting");
  const cursor = useRef(null);
  const generation = useRef(0);
  const running = useRef(false);
  const again = useRef(false);
  const latest = useRef({ filter, onNew });
  latest.current = { filter, onNew };

  const catchUp = useCallback(async () => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        const started = generation.current;
        if (cursor.current === null) break;
        const answer = await api(boardUrl({ ...latest.current.filter, since: cursor.current }), { cache: "no-store" });
        if (started !== generation.current) continue; // the filter changed: its own load starts afresh
        cursor.current = answer.cursor;
        setRows((current) => mergeChanges(current, answer));
        if (answer.new?.length) latest.current.onNew(answer.new);
        if (answer.more) again.current = true;
      } while (again.current);
    } catch {
      // The next change or reconnection asks again from the same cursor.
    } finally {
      running.current = false;
    }
  }, []);

  useEffect(() => {
    if (!list.data) return;
    generation.current += 1;
    cursor.current = list.data.cursor;
    setRows(list.data.orders ?? []);
    catchUp(); // what changed while the board loaded
  }, [list.data, catchUp]);

  useEffect(() => {
    let stop = null;
    let gone = false;
    loadLive().then(({ followStaffOrders }) => {
      if (gone) return;
      stop = followStaffOrders({
        onFollowing: catchUp,
        onChanged: (changed) => {
          if (cursor.current === null || Number(changed) > Number(cursor.current)) catchUp();
        },
        onStatus: setLive,
      });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [catchUp]);
  return { list, rows, live, catchUp, more: Boolean(list.data?.more) };
}

export default function AdminOrdersPage({ status = "", q = "", date = "" }) {
  const t = useT();
  const [filter, setFilter] = useState({ status, q, date });
  const [search, setSearch] = useState(q);
  const [notice, setNotice] = useState(null);
  const [busyId, setBusyId] = useState(null);
  const [selected, setSelected] = useState(() => new Set());
  const [fresh, setFresh] = useState(() => new Set());
  const beeper = useBeeper();
  const [muted, setMuted] = useState(() => beeper.muted);

  const onNew = useCallback(
    (ids) => {
      setFresh((seen) => {
        const added = ids.filter((id) => !seen.has(id));
        if (added.length === 0) return seen;
        beeper.beep();
        return new Set([...seen, ...added]);
      });
    },
    [beeper],
  );
  const { list, rows, live, catchUp, more } = useLiveBoard(filter, { onNew });
  const groups = useMemo(() => groupByWindow(rows), [rows]);

  // Browsers play sound only after the person has touched the page.
  useEffect(() => {
    const unlock = () => beeper.unlock();
    window.addEventListener("pointerdown", unlock);
    window.addEventListener("keydown", unlock);
    return () => {
      window.removeEventListener("pointerdown", unlock);
      window.removeEventListener("keydown", unlock);
    };
  }, [beeper]);

  useEffect(() => {
    document.title = titleWithBadge(document.title, fresh.size);
  }, [fresh]);

  const applyFilter = (next) => {
    const merged = { ...filter, ...next };
    setFilter(merged);
    setSelected(new Set());
    window.history.replaceState(window.history.state, "", listUrl(merged));
  };

  const action = useSubmit(
    async (order, request, done) => {
      setBusyId(order._id);
      setNotice(null);
      try {
        await api(request.path, { method: request.method, body: request.body });
        setNotice({ variant: "success", text: done });
      } finally {
        setBusyId(null);
        catchUp();
      }
    },
    // A 409 says why (already moved by someone else, no longer cancellable): show it and the fresh rows.
    { onError: (text) => setNotice({ variant: "danger", text }) },
  );

  const bulk = useSubmit(
    async (to) => {
      setNotice(null);
      const ids = rows.filter((order) => selected.has(order._id)).map((order) => order._id);
      try {
        const answer = await api("/api/orders/bulk-move", { method: "POST", body: { ids, to } });
        setSelected(new Set(answer.refused.map((refusal) => refusal._id)));
        setNotice({
          variant: answer.refused.length ? "warning" : "success",
          text: t("admin.board.moved", { count: answer.moved.length, status: stateName(to) }),
          refused: answer.refused,
        });
      } finally {
        catchUp();
      }
    },
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

  // Undo asks why; a blank reason goes to the server, whose refusal says what is missing.
  const onUndo = (order) => {
    const reason = askUndoReason(order);
    if (reason === null) return;
    action.submit(order, undoRequest(order, reason), undoneText(order));
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

  const onSelect = (id, checked) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const shownIds = rows.map((order) => order._id);
  const chosen = shownIds.filter((id) => selected.has(id)).length;
  const allChosen = shownIds.length > 0 && chosen === shownIds.length;

  const toggleMute = () => {
    beeper.setMuted(!muted);
    setMuted(!muted);
  };

  return (
    <div className="admin-orders">
      <div className="admin-orders__head">
        <h1>{t("admin.nav.orders")}</h1>
        <div className="admin-orders__live-tools">
          <span className={`admin-orders__live admin-orders__live--${live}`} role="status">
            {t(LIVE_STATES[live] ?? LIVE_STATES.connecting)}
          </span>
          {fresh.size > 0 && (
            <button type="button" className="btn btn--small admin-orders__fresh" onClick={() => setFresh(new Set())}>
              {t("admin.board.new", { count: fresh.size })}
            </button>
          )}
          <button type="button" className="btn btn--small" aria-pressed={!muted} onClick={toggleMute}>
            {t("admin.board.sound")}
          </button>
        </div>
      </div>
      <Suspense fallback={null}>
        <LowStockBanner />
      </Suspense>
      <nav className="admin-orders__tabs" aria-label={t("admin.board.states")}>
        {STATUS_FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="admin-orders__tab"
            aria-pressed={filter.status === option.value}
            onClick={() => applyFilter({ status: option.value })}
          >
            {t(option.label)}
          </button>
        ))}
      </nav>
      <form
        className="admin-orders__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilter({ q: search.trim() });
        }}
      >
        <label className="admin-orders__field">
          <span>{t("admin.board.search.label")}</span>
          <input type="search" value={search} maxLength={100} placeholder={t("admin.board.search.placeholder")} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="admin-orders__field admin-orders__field--date">
          <span>{t("admin.board.date")}</span>
          <input type="date" value={filter.date} onChange={(event) => applyFilter({ date: event.target.value })} />
        </label>
        <button type="submit" className="btn btn--primary">
          {t("admin.board.search.submit")}
        </button>
      </form>
      <div className="admin-orders__bulk">
        <label className="admin-orders__all">
          <input type="checkbox" checked={allChosen} disabled={shownIds.length === 0} onChange={(event) => setSelected(new Set(event.target.checked ? shownIds : []))} />
          <span>{t("admin.board.selectAll")}</span>
        </label>
        {BULK_MOVES.map(({ to, label }) => (
          <button key={to} type="button" className="btn btn--small btn--primary" disabled={chosen === 0 || bulk.busy} onClick={() => bulk.submit(to)}>
            {t(label, { count: chosen })}
          </button>
        ))}
      </div>
      {notice && (
        <Message variant={notice.variant}>
          {notice.text}
          {notice.refused?.length > 0 && (
            <>
              <span className="admin-orders__refused-title">{t("admin.board.notMoved")}</span>
              <ul className="admin-orders__refused">
                {notice.refused.map((refusal) => (
                  <li key={refusal._id}>{t("admin.board.refusal", { id: refusal.invoiceNumber || refusal._id, reason: refusal.reason })}</li>
                ))}
              </ul>
            </>
          )}
        </Message>
      )}
      {more && <Message variant="info">{t("admin.board.more", { count: rows.length })}</Message>}
      <AdminList list={list} rows={rows} empty={t("admin.orders.none")}>
        {groups.map((group) => (
          <WindowGroup key={group.key} group={group}>
            {group.orders.map((order) => (
              <OrderRow
                key={order._id}
                order={order}
                busy={busyId === order._id}
                isNew={fresh.has(order._id)}
                selected={selected.has(order._id)}
                onSelect={onSelect}
                onMove={onMove}
                onPay={onPay}
                onUndo={onUndo}
              />
            ))}
          </WindowGroup>
        ))}
      </AdminList>
    </div>
  );
}
