// Undo of a mistaken dispatched or delivered move (issue 48), the same on the live board and on the
// order's own page. Shown only where the server says the caller may (`order.undoTo`: the manager,
// an order dispatched or delivered); it asks why, the reason is kept in the order's history, and a
// blank one goes to the server, whose refusal says what is missing. Its texts are the board's (the
// admin-orders area), loaded with it on the order page.
import { useState } from "react";
import adminOrdersTexts from "../../i18n/admin-orders";
import { api } from "../../lib/api";
import { t, useT } from "../../lib/i18n";
import { orderName, stateName } from "../../lib/orderStates";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/useSubmit";
import Message from "../Message";

export const texts = [adminOrdersTexts];

/** The reason staff gave, or null when they dismissed the question. */
export function askUndoReason(order) {
  return window.prompt(t("admin.board.undoQuestion", { id: orderName(order), status: stateName(order.status), back: stateName(order.undoTo) }));
}

/** The request that undoes `order`'s last move, for `api`. */
export function undoRequest(order, reason) {
  return { path: `/api/orders/${encodeURIComponent(order._id)}/undo`, method: "POST", body: { reason } };
}

/** What staff read once it is undone. */
export function undoneText(order) {
  return t("admin.orders.isNow", { id: orderName(order), status: stateName(order.undoTo) });
}

export function UndoButton({ order, busy, onUndo, className = "btn btn--small" }) {
  const t = useT();
  if (!order.undoTo) return null;
  return (
    <button type="button" className={className} disabled={busy} onClick={() => onUndo(order)}>
      {t("admin.board.undo")}
    </button>
  );
}

/** The order page's Undo: `onUndone(order)` receives the order as the server answered. */
export default function UndoMove({ order, onUndone }) {
  const [error, setError] = useState("");
  const undo = useSubmit(
    async (reason) => {
      setError("");
      const request = undoRequest(order, reason);
      const answer = await api(request.path, { method: request.method, body: request.body });
      toast.success(undoneText(order));
      onUndone(answer);
    },
    { onError: setError },
  );
  return (
    <>
      <UndoButton
        order={order}
        busy={undo.busy}
        className="btn"
        onUndo={() => {
          const reason = askUndoReason(order);
          if (reason !== null) undo.submit(reason);
        }}
      />
      {error && <Message variant="danger">{error}</Message>}
    </>
  );
}
