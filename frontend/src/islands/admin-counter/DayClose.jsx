// The day's close: bills and returns by payment method, the cash expected in the drawer against
// what the cashier counts, the difference with why; below, every day's close (the manager's view).
// The figures are the server's (counter/day_close.py), in paise.
import { useState } from "react";
import Message from "../../components/Message";
import { api, errorMessage } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { METHOD_TEXTS } from "./texts";

const rupees = (paise) => formatMoney((paise || 0) / 100);

export default function DayClose({ till }) {
  const t = useT();
  const day = useApi(`/api/counter/day?counter=${encodeURIComponent(till)}`);
  const closes = useApi("/api/counter/closes");
  const [float, setFloat] = useState("0");
  const [counted, setCounted] = useState("");
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState(null);
  const summary = day.data;
  const expected = summary ? summary.expectedCashPaise + Math.round(Number(float || 0) * 100) : 0;
  const difference = counted === "" ? null : Math.round(Number(counted) * 100) - expected;

  const close = async (event) => {
    event.preventDefault();
    try {
      await api("/api/counter/day/close", { method: "POST", body: { counter: till, counted, openingFloat: float || "0", reason } });
      setMessage(null);
      day.reload();
      closes.reload();
    } catch (failure) {
      setMessage(errorMessage(failure));
    }
  };

  return (
    <section className="counter__close">
      {day.error ? <Message variant="danger">{day.error}</Message> : null}
      {summary ? (
        <>
          <h2>
            {t("counter.day")} {summary.day}: {summary.bills} {t("counter.bills")} · {summary.returns} {t("counter.returns")}
          </h2>
          <table className="counter__table">
            <thead>
              <tr>
                <th>{t("counter.method")}</th>
                <th>{t("counter.sales")}</th>
                <th>{t("counter.refunds")}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(summary.methods).map(([method, row]) => (
                <tr key={method}>
                  <td>{t(METHOD_TEXTS[method])}</td>
                  <td>{rupees(row.sales)}</td>
                  <td>{rupees(row.refunds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {summary.close ? (
            <Message variant="success">
              {t("counter.closed", { name: summary.close.by, counted: formatMoney(summary.close.countedCash), expected: formatMoney(summary.close.expectedCash) })}
            </Message>
          ) : (
            <form onSubmit={close} className="counter__close-form">
              <div className="form-field">
                <label htmlFor="counter-float">{t("counter.float")}</label>
                <input id="counter-float" inputMode="decimal" value={float} onChange={(event) => setFloat(event.target.value)} />
              </div>
              <p>
                {t("counter.expected")}: <strong>{rupees(expected)}</strong>
              </p>
              <div className="form-field">
                <label htmlFor="counter-counted">{t("counter.counted")}</label>
                <input id="counter-counted" inputMode="decimal" required value={counted} onChange={(event) => setCounted(event.target.value)} />
              </div>
              {difference !== null ? (
                <p className={difference ? "counter__difference" : ""}>
                  {t("counter.difference")}: {rupees(difference)}
                </p>
              ) : null}
              <div className="form-field">
                <label htmlFor="counter-reason">{t("counter.reason")}</label>
                <input id="counter-reason" value={reason} required={Boolean(difference)} onChange={(event) => setReason(event.target.value)} />
              </div>
              {message ? <Message variant="danger">{message}</Message> : null}
              <button type="submit" className="btn btn--primary">
                {t("counter.closeDay")}
              </button>
            </form>
          )}
        </>
      ) : null}
      <h2>{t("counter.history")}</h2>
      <table className="counter__table">
        <thead>
          <tr>
            <th>{t("counter.day")}</th>
            <th>{t("counter.till")}</th>
            <th>{t("counter.expected")}</th>
            <th>{t("counter.counted")}</th>
            <th>{t("counter.difference")}</th>
            <th>{t("counter.by")}</th>
          </tr>
        </thead>
        <tbody>
          {(closes.data || []).map((row) => (
            <tr key={`${row.counter}-${row.day}`}>
              <td>{row.day}</td>
              <td>{row.counter}</td>
              <td>{formatMoney(row.expectedCash)}</td>
              <td>{formatMoney(row.countedCash)}</td>
              <td>
                {formatMoney(row.difference)} {row.reason}
              </td>
              <td>{row.by}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
