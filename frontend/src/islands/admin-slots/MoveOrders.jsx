// The warning after closing a booked day or lowering a date's capacity below what is booked, with
// its offer: move the orders that can still move (not packed) to another slot of the coming days.
// The server says which orders can move, which to move by default (those over the capacity, every
// one of a closed day), the slots with places and the one suggested (delivery/slots.py); it checks
// the target's places again and texts each shopper (orders/slot_moves.py). Sent once with an
// Idempotency-Key, so a retry after a lost answer moves nothing twice. `onMoved(answer)` lets the
// page show the coming days as they now stand; the result replaces the offer.
import { useState } from "react";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { sendOnce } from "../../lib/idempotency";
import { useSubmit } from "../../lib/useSubmit";

const MOVES_PATH = "/api/slots/moves";

export default function MoveOrders({ warning, onMoved }) {
  const t = useT();
  const movable = warning.movable ?? [];
  const targets = warning.targets ?? [];
  const [chosen, setChosen] = useState(() => new Set(warning.move ?? []));
  const [to, setTo] = useState(warning.suggested ?? targets[0]?.id ?? "");
  const [result, setResult] = useState(null);
  const [failure, setFailure] = useState("");
  const move = useSubmit(
    async () => {
      setFailure("");
      const body = { orders: movable.filter((number) => chosen.has(number)), to };
      const answer = await sendOnce("slot-moves", body, (headers) => api(MOVES_PATH, { method: "POST", body, headers }));
      setResult(answer);
      onMoved?.(answer);
    },
    { onError: (text) => setFailure(text) },
  );

  if (result)
    return (
      <div className="admin-slots__moved">
        <Message variant={result.moved.length ? "success" : "info"}>{result.message}</Message>
        {result.notMoved.length > 0 && (
          <ul className="admin-slots__kept">
            {result.notMoved.map((kept) => (
              <li key={kept.order}>{kept.reason}</li>
            ))}
          </ul>
        )}
      </div>
    );

  const staying = warning.orders.filter((number) => !movable.includes(number));
  const count = movable.filter((number) => chosen.has(number)).length;
  const target = targets.find((slot) => slot.id === to);
  const toggle = (number) => (event) => {
    const next = new Set(chosen);
    if (event.target.checked) next.add(number);
    else next.delete(number);
    setChosen(next);
  };

  return (
    <div className="admin-slots__move" role="group" aria-labelledby="move-orders-title">
      <Message variant="warning">{warning.message}</Message>
      {movable.length > 0 && targets.length === 0 && <p>{t("admin.slots.move.nowhere")}</p>}
      {staying.length > 0 && <p className="admin-slots__hint">{t("admin.slots.move.staying", { orders: staying.join(", ") })}</p>}
      {movable.length > 0 && targets.length > 0 && (
        <form
          className="admin-slots__move-form"
          onSubmit={(event) => {
            event.preventDefault();
            move.submit();
          }}
        >
          <h3 id="move-orders-title">{t("admin.slots.move.title")}</h3>
          <fieldset className="admin-slots__move-orders">
            <legend>{t("admin.slots.move.orders")}</legend>
            {movable.map((number) => (
              <label key={number} className="admin-slots__move-order">
                <input type="checkbox" checked={chosen.has(number)} onChange={toggle(number)} />
                <span>{number}</span>
              </label>
            ))}
          </fieldset>
          <div className="form-field">
            <label htmlFor="move-orders-to">{t("admin.slots.move.to")}</label>
            <select id="move-orders-to" value={to} onChange={(event) => setTo(event.target.value)}>
              {targets.map((slot) => (
                <option key={slot.id} value={slot.id}>
                  {t("admin.slots.move.option", { slot: slot.label, count: slot.placesLeft })}
                </option>
              ))}
            </select>
          </div>
          {failure && <Message variant="danger">{failure}</Message>}
          <button type="submit" className="btn btn--primary" disabled={move.busy || count === 0 || !target}>
            {t("admin.slots.move.submit", { count, slot: target?.label ?? "" })}
          </button>
          <p className="admin-slots__hint">{t("admin.slots.move.sms")}</p>
        </form>
      )}
    </div>
  );
}
