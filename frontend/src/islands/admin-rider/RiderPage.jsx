// The rider's round on their phone (/admin/rider, issue 48): the dispatched orders in route order
// with a call and a map link each, "delivered" with the amount due collected in cash or UPI, and at
// the end of the round the cash handed over against the cash collected. Every figure and rule is the
// server's (backoffice/rider.py reads the round, counter/rounds.py writes it): the screen shows each
// answer and sends what the rider typed.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import "./rider.css";

const METHOD_TEXTS = { cash: "rider.cash", upi: "rider.upi" };

function Stop({ stop, busy, onDeliver }) {
  const t = useT();
  const [method, setMethod] = useState("cash");
  const [reference, setReference] = useState("");
  const due = Number(stop.toCollect) > 0;
  const id = (name) => `stop-${stop._id}-${name}`;
  return (
    <li className="rider__card" aria-labelledby={id("title")}>
      <div className="rider__head">
        <span className="rider__number">{stop.number}</span>
        <h2 id={id("title")}>
          {stop.customer} · {stop.invoiceNumber}
        </h2>
      </div>
      <p className="rider__address">
        {stop.street}, {stop.city} {stop.postalCode}
      </p>
      <div className="rider__links">
        <a className="btn" href={`tel:+91${stop.phoneNo}`}>
          {t("rider.call", { phone: stop.phoneNo })}
        </a>
        <a className="btn" href={stop.mapUrl} target="_blank" rel="noopener noreferrer">
          {t("rider.map")}
        </a>
      </div>
      {due ? (
        <>
          <p className="rider__due">{t("rider.collect", { amount: formatMoney(stop.toCollect) })}</p>
          <fieldset className="rider__methods">
            <legend>{t("rider.how")}</legend>
            {["cash", "upi"].map((name) => (
              <label key={name}>
                <input type="radio" name={id("method")} checked={method === name} onChange={() => setMethod(name)} />
                {t(METHOD_TEXTS[name])}
              </label>
            ))}
          </fieldset>
          {method === "upi" ? (
            <div className="form-field">
              <label htmlFor={id("reference")}>{t("rider.reference")}</label>
              <input id={id("reference")} maxLength={64} value={reference} onChange={(event) => setReference(event.target.value)} />
            </div>
          ) : null}
        </>
      ) : (
        <p className="rider__paid">{t("rider.paid")}</p>
      )}
      <button
        type="button"
        className="btn btn--primary rider__deliver"
        disabled={busy}
        onClick={() => onDeliver(stop, due ? { method, amount: stop.toCollect, reference } : {})}
      >
        {due ? t("rider.deliveredCollected", { amount: formatMoney(stop.toCollect) }) : t("rider.delivered")}
      </button>
    </li>
  );
}

function Handover({ round, busy, onHandover, closed }) {
  const t = useT();
  const [handed, setHanded] = useState(String(round.figures.cash));
  const [reason, setReason] = useState("");
  const differs = Math.round(Number(handed || 0) * 100) !== Math.round(Number(round.figures.cash) * 100);
  return (
    <section className="rider__card rider__handover" aria-labelledby="rider-handover">
      <h2 id="rider-handover">{t("rider.endRound")}</h2>
      <p className="rider__summary">
        <span>{t("rider.deliveries", { count: round.figures.deliveries })}</span>
        <span>{t("rider.cashCollected", { amount: formatMoney(round.figures.cash) })}</span>
        <span>{t("rider.upiCollected", { amount: formatMoney(round.figures.upi) })}</span>
      </p>
      {round.delivered.length ? (
        <ul className="rider__collected">
          {round.delivered.map((row) => (
            <li key={row._id}>
              <span>
                {row.invoiceNumber} · {row.customer}
              </span>
              <span>
                {t(METHOD_TEXTS[row.method] ?? "rider.cash")} {formatMoney(row.amount)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {closed ? (
        <Message variant={Number(closed.difference) === 0 ? "success" : "warning"}>
          {Number(closed.difference) === 0
            ? t("rider.handedOver", { amount: formatMoney(closed.handedOver) })
            : t("rider.handedOverDifference", { amount: formatMoney(closed.handedOver), difference: formatMoney(closed.difference), reason: closed.reason })}
        </Message>
      ) : null}
      <form
        className="rider__handover"
        onSubmit={(event) => {
          event.preventDefault();
          onHandover({ handedOver: handed, reason });
        }}
      >
        <div className="form-field">
          <label htmlFor="rider-handed">{t("rider.handed")}</label>
          <input id="rider-handed" type="number" inputMode="decimal" min="0" step="0.01" required value={handed} onChange={(event) => setHanded(event.target.value)} />
        </div>
        {differs ? (
          <>
            <p className="rider__difference">
              {t("rider.difference", { difference: formatMoney(Number(handed || 0) - Number(round.figures.cash)) })}
            </p>
            <div className="form-field">
              <label htmlFor="rider-reason">{t("rider.reason")}</label>
              <textarea id="rider-reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
            </div>
          </>
        ) : null}
        <button type="submit" className="btn btn--primary rider__deliver" disabled={busy || round.figures.deliveries === 0}>
          {t("rider.handOver")}
        </button>
      </form>
    </section>
  );
}

export default function RiderPage() {
  const t = useT();
  const round = useApi("/api/rider/round");
  const [notice, setNotice] = useState(null);
  const [closed, setClosed] = useState(null);
  const onError = (text) => setNotice({ variant: "danger", text });
  const deliver = useSubmit(
    async (stop, body) => {
      setNotice(null);
      round.setData(await api(`/api/rider/orders/${encodeURIComponent(stop._id)}/deliver`, { method: "POST", body }));
      setNotice({ variant: "success", text: t("rider.markedDelivered", { invoice: stop.invoiceNumber }) });
    },
    { onError: (text) => (round.reload(), onError(text)) },
  );
  const handover = useSubmit(
    async (body) => {
      setNotice(null);
      setClosed(await api("/api/rider/handover", { method: "POST", body }));
      round.reload();
    },
    { onError },
  );

  if (round.loading && !round.data) return <Loader />;
  if (round.error) return <Message variant="danger">{round.error}</Message>;
  const data = round.data;
  return (
    <div className="rider">
      <h1>{t("rider.title")}</h1>
      <p className="rider__summary">
        <span>{t("rider.stops", { count: data.stops.length })}</span>
        <span>{t("rider.toCollect", { amount: formatMoney(data.toCollect) })}</span>
      </p>
      {notice ? <Message variant={notice.variant}>{notice.text}</Message> : null}
      {data.stops.length === 0 ? <Message variant="info">{t("rider.none")}</Message> : null}
      <ol className="rider__stops">
        {data.stops.map((stop) => (
          <Stop key={stop._id} stop={stop} busy={deliver.busy} onDeliver={deliver.submit} />
        ))}
      </ol>
      <Handover key={`${data.figures.cash}-${data.figures.deliveries}`} round={data} busy={handover.busy} closed={closed} onHandover={handover.submit} />
    </div>
  );
}
