// /order/{id}/report: the shopper reports a missing, damaged, wrong or expired item of their
// delivered order (per line: the problem and how many packs), with an optional photo and a few
// words, within the window the server states; then sees the ticket number at once, and every
// ticket of the order with its status and decision.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import TicketCard from "../../components/support/TicketCard";
import { api } from "../../lib/api";
import { localName, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import { formatDateTime } from "../../lib/dates";
import { emptyChoices, reportableLines, reportBody } from "./reportForm";
import "../../components/support/support.css";
import "./report-problem.css";
import { namedPackLabel } from "../../lib/packLabel";

function LineChoice({ line, choice, problems, onChange }) {
  const t = useT();
  const id = `line-${line._id}`;
  const counts = Array.from({ length: line.reportable }, (_, index) => index + 1);
  return (
    <li className={choice.chosen ? "report-line report-line--chosen" : "report-line"}>
      <label className="report-line__pick" htmlFor={id}>
        <input id={id} type="checkbox" checked={choice.chosen} onChange={(event) => onChange({ chosen: event.target.checked })} />
        <span>
          <strong>
            {namedPackLabel(line, localName(line).primary)}
          </strong>
          <span className="report-line__small">{t("support.linePacks", { count: line.qty, price: formatMoney(line.price) })}</span>
        </span>
      </label>
      {choice.chosen && (
        <div className="report-line__details">
          <div className="form-field">
            <label htmlFor={`${id}-problem`}>{t("support.whatIsWrong")}</label>
            <select id={`${id}-problem`} value={choice.problem} required onChange={(event) => onChange({ problem: event.target.value })}>
              <option value="">{t("support.chooseProblem")}</option>
              {problems.map((problem) => (
                <option key={problem.value} value={problem.value}>
                  {problem.label}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-quantity`}>{t("support.howMany")}</label>
            <select id={`${id}-quantity`} value={choice.quantity} onChange={(event) => onChange({ quantity: Number(event.target.value) })}>
              {counts.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </li>
  );
}

// Send waits while the photo uploads: a ticket sent meanwhile was made without it (issue 45).
function PhotoField({ photo, onPhoto, onUploading }) {
  const t = useT();
  const upload = useSubmit(async (file) => {
    const body = new FormData();
    body.append("image", file);
    onUploading(true);
    try {
      onPhoto(await api("/api/support/photos", { method: "POST", body }));
    } finally {
      onUploading(false);
    }
  });
  return (
    <div className="form-field">
      <label htmlFor="report-photo">{t("support.photo")}</label>
      <input
        id="report-photo"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={upload.busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          onPhoto(null);
          if (file) upload.submit(file);
        }}
      />
      <span className="form-hint">{t("support.photoHint")}</span>
      {upload.busy && <span className="form-hint">{t("support.photoUploading")}</span>}
      {upload.error && <p className="form-field__error" role="alert">{upload.error}</p>}
      {photo && <img className="report-photo" src={photo.thumbnail} alt={t("support.photoAlt")} width="120" height="120" />}
    </div>
  );
}

function ReportForm({ orderId, state, onReported }) {
  const t = useT();
  const [choices, setChoices] = useState(() => emptyChoices(state));
  const [text, setText] = useState("");
  const [photo, setPhoto] = useState(null);
  const [uploading, setUploading] = useState(false);
  const body = reportBody({ orderId, choices, text, photo });
  const send = useSubmit(async () => onReported(await api("/api/support/tickets", { method: "POST", body })));
  const change = (id, next) => setChoices((current) => ({ ...current, [id]: { ...current[id], ...next } }));
  return (
    <form
      className="report-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (body && !uploading) send.submit();
      }}
    >
      <h2>{t("support.whichItems")}</h2>
      <ul className="report-lines">
        {reportableLines(state).map((line) => (
          <LineChoice key={line._id} line={line} choice={choices[line._id]} problems={state.problems} onChange={(next) => change(line._id, next)} />
        ))}
      </ul>
      <div className="form-field">
        <label htmlFor="report-text">{t("support.describe")}</label>
        <textarea id="report-text" rows={3} maxLength={1000} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <PhotoField photo={photo} onPhoto={setPhoto} onUploading={setUploading} />
      {send.error && <Message variant="danger">{send.error}</Message>}
      <button type="submit" className="btn btn--primary btn--block" disabled={!body || send.busy || uploading} aria-busy={uploading}>
        {send.busy ? t("support.sending") : t("support.send")}
      </button>
    </form>
  );
}

export default function ReportProblemPage({ orderId }) {
  const t = useT();
  const report = useApi(`/api/support/orders/${encodeURIComponent(orderId)}`);
  const [opened, setOpened] = useState(null);
  if (report.loading && !report.data) return <Loader />;
  if (report.error) return <Message variant="danger">{report.error}</Message>;
  const state = report.data;
  const onReported = (ticket) => {
    setOpened(ticket);
    report.reload();
  };
  return (
    <div className="report-page">
      <p className="report-page__back">
        <a href={`/order/${encodeURIComponent(orderId)}`}>{t("support.backToOrder", { id: orderId })}</a>
      </p>
      <h1>{t("support.title")}</h1>
      {opened && (
        <Message variant="success">
          <p>
            <strong>{t("support.opened", { number: opened.number })}</strong>
          </p>
          <p>{t("support.openedSms")}</p>
        </Message>
      )}
      {state.refusal ? (
        <Message variant="info">{state.refusal}</Message>
      ) : state.canReport ? (
        <>
          <p className="report-page__until">{t("support.until", { date: formatDateTime(state.reportUntil) })}</p>
          <ReportForm key={state.tickets.length} orderId={orderId} state={state} onReported={onReported} />
        </>
      ) : (
        <Message variant="info">{t("support.nothingLeft")}</Message>
      )}
      <section className="report-page__tickets" aria-labelledby="report-tickets-title">
        <h2 id="report-tickets-title">{t("support.yourTickets")}</h2>
        {state.tickets.length === 0 ? (
          <p className="report-line__small">{t("support.noTickets")}</p>
        ) : (
          state.tickets.map((ticket) => <TicketCard key={ticket.number} ticket={ticket} />)
        )}
      </section>
    </div>
  );
}
