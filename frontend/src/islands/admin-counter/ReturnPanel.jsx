// Goods back against a bill: find it by its printed number, say how many of each line and whether
// damaged, money back in cash or store credit. The credit note, the money and the stock are the
// server's (counter/returns.py); it refuses more than the bill has left.
import { useRef, useState } from "react";
import Message from "../../components/Message";
import { api, errorMessage } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { namedPackLabel } from "../../lib/packLabel";

export default function ReturnPanel({ till }) {
  const t = useT();
  const [number, setNumber] = useState("");
  const [bill, setBill] = useState(null);
  const [back, setBack] = useState({});
  const [refund, setRefund] = useState("cash");
  const [message, setMessage] = useState(null);
  const keyRef = useRef(crypto.randomUUID());

  const find = async (event) => {
    event.preventDefault();
    setMessage(null);
    try {
      setBill(await api(`/api/counter/bills?number=${encodeURIComponent(number.trim())}`));
      setBack({});
    } catch (failure) {
      setMessage({ variant: "danger", text: errorMessage(failure) });
    }
  };

  const send = async () => {
    const lines = Object.entries(back)
      .filter(([, row]) => row.qty > 0)
      .map(([line, row]) => ({ line, qty: row.qty, damaged: Boolean(row.damaged) }));
    try {
      const made = await api(`/api/counter/bills/${bill._id}/returns`, {
        method: "POST",
        headers: { "Idempotency-Key": keyRef.current },
        body: { counter: till, lines, refund },
      });
      keyRef.current = crypto.randomUUID();
      setMessage({ variant: "success", text: t("counter.returned", { note: made.creditNote, amount: formatMoney(made.amount) }) });
      setBill(null);
    } catch (failure) {
      if (failure?.status) keyRef.current = crypto.randomUUID();
      setMessage({ variant: "danger", text: errorMessage(failure) });
    }
  };

  return (
    <section className="counter__return">
      <form onSubmit={find} className="counter__row">
        <div className="form-field">
          <label htmlFor="counter-bill-number">{t("counter.billNumber")}</label>
          <input id="counter-bill-number" autoFocus value={number} placeholder={t("counter.billNumberExample")} onChange={(event) => setNumber(event.target.value)} />
        </div>
        <button type="submit" className="btn btn--primary">
          {t("counter.find")}
        </button>
      </form>
      {message ? <Message variant={message.variant}>{message.text}</Message> : null}
      {bill ? (
        <>
          <ol className="counter__list">
            {bill.order.orderItems.map((item) => (
              <li key={item._id}>
                <span className="counter__name">
                  {namedPackLabel(item)} × {item.qty}
                </span>
                <input
                  aria-label={`${t("counter.takeBack")}: ${item.name}`}
                  className="counter__qty"
                  inputMode="numeric"
                  value={back[item._id]?.qty ?? 0}
                  onChange={(event) => setBack({ ...back, [item._id]: { ...back[item._id], qty: Number.parseInt(event.target.value, 10) || 0 } })}
                />
                <label>
                  <input type="checkbox" checked={Boolean(back[item._id]?.damaged)} onChange={(event) => setBack({ ...back, [item._id]: { ...back[item._id], damaged: event.target.checked } })} />
                  {t("counter.damaged")}
                </label>
              </li>
            ))}
          </ol>
          <div className="counter__row">
            <div className="form-field">
              <label htmlFor="counter-refund">{t("counter.refund")}</label>
              <select id="counter-refund" value={refund} onChange={(event) => setRefund(event.target.value)}>
                <option value="cash">{t("counter.refund.cash")}</option>
                <option value="credit">{t("counter.refund.credit")}</option>
              </select>
            </div>
            <button type="button" className="btn btn--primary" onClick={send}>
              {t("counter.doReturn")}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
