// The staff queue of problem reports (/admin/tickets): open tickets oldest first with how long
// each has waited, a status filter, and on each ticket the order, the lines, the photo and the
// shopper's words; approve (the amount the server proposes, which staff may lower) or reject with
// a reason the shopper reads. Grievances (issue 28) share the queue: each ticket shows its clocks
// (acknowledge in 48 h, resolve in 30 days; those past one come first, marked), staff acknowledge
// it, and a grievance is resolved with an answer. The server decides everything: the amount's
// ceiling, the clocks, who may, once.
// Phone first: each ticket is a card.
import { useState } from "react";
import AdminList from "../../components/admin/AdminList";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import { api } from "../../lib/api";
import { localName, useT } from "../../lib/i18n";
import { readPagedList } from "../../lib/listPages";
import { formatMoney } from "../../lib/money";
import { navigate } from "../../lib/navigation";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import { formatDateTime } from "../../lib/dates";
import { ageText, apiQueueUrl, queueUrl, STATUS_FILTERS } from "./queue";
import "../../components/support/support.css";
import "./admin-tickets.css";
import { namedPackLabel } from "../../lib/packLabel";
import { paymentMethodLabel } from "../../lib/paymentMethods";

const OUTCOME_TEXTS = {
  refund: "admin.tickets.outcome.refund",
  credit: "admin.tickets.outcome.credit",
  none: "admin.tickets.outcome.none",
};

function Decide({ ticket, busy, onApprove, onReject }) {
  const t = useT();
  const [amount, setAmount] = useState(String(ticket.claimValue));
  const [reason, setReason] = useState("");
  const id = (name) => `ticket-${ticket.number}-${name}`;
  return (
    <div className="admin-ticket__decide">
      <form
        className="admin-ticket__form"
        onSubmit={(event) => {
          event.preventDefault();
          onApprove(ticket, amount);
        }}
      >
        <div className="form-field">
          <label htmlFor={id("amount")}>{t("admin.tickets.amount", { most: formatMoney(ticket.claimValue) })}</label>
          <input id={id("amount")} type="number" inputMode="decimal" min="0.01" step="0.01" max={ticket.claimValue} required value={amount} onChange={(event) => setAmount(event.target.value)} />
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("admin.tickets.approve")}
        </button>
      </form>
      <form
        className="admin-ticket__form"
        onSubmit={(event) => {
          event.preventDefault();
          onReject(ticket, reason);
        }}
      >
        <div className="form-field">
          <label htmlFor={id("reason")}>{t("admin.tickets.reason")}</label>
          <input id={id("reason")} type="text" maxLength={500} required value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <button type="submit" className="btn btn--danger" disabled={busy || !reason.trim()}>
          {t("admin.tickets.reject")}
        </button>
      </form>
    </div>
  );
}

function Resolve({ ticket, busy, onResolve }) {
  const t = useT();
  const [answer, setAnswer] = useState("");
  const id = `ticket-${ticket.number}-answer`;
  return (
    <form
      className="admin-ticket__form"
      onSubmit={(event) => {
        event.preventDefault();
        onResolve(ticket, answer);
      }}
    >
      <div className="form-field">
        <label htmlFor={id}>{t("admin.tickets.answer")}</label>
        <input id={id} type="text" maxLength={500} required value={answer} onChange={(event) => setAnswer(event.target.value)} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy || !answer.trim()}>
        {t("admin.tickets.resolve")}
      </button>
    </form>
  );
}

function Clocks({ ticket, busy, onAcknowledge }) {
  const t = useT();
  if (ticket.status !== "open") return null;
  return (
    <p className="admin-ticket__clocks">
      {ticket.overdue && <span className="admin-ticket__overdue">{t("admin.tickets.overdue")}</span>}
      {!ticket.acknowledgedAt && <span>{t("admin.tickets.acknowledgeBy", { time: formatDateTime(ticket.acknowledgeBy) })}</span>}
      <span>{t("admin.tickets.resolveBy", { time: formatDateTime(ticket.resolveBy) })}</span>
      {!ticket.acknowledgedAt && (
        <button type="button" className="btn btn--small" disabled={busy} onClick={() => onAcknowledge(ticket)}>
          {t("admin.tickets.acknowledge")}
        </button>
      )}
    </p>
  );
}

function TicketItem({ ticket, busy, onApprove, onReject, onAcknowledge, onResolve }) {
  const t = useT();
  const age = ageText(ticket.ageSeconds);
  const grievance = ticket.kind === "grievance";
  const person = ticket.user ?? ticket.contact ?? {};
  return (
    <li className={`ticket-card admin-ticket ticket-card--${ticket.status}`}>
      <header className="ticket-card__head">
        <h2 className="admin-ticket__number">
          {ticket.number}
          {grievance && <span className="admin-ticket__kind"> · {t("admin.tickets.grievance")}</span>}
        </h2>
        <span className={`ticket-status ticket-status--${ticket.status}`}>{ticket.statusLabel}</span>
      </header>
      <p className="admin-ticket__age">
        {ticket.status === "open" ? t("admin.tickets.waiting", { age: t(age.key, age.vars) }) : t("admin.tickets.tookAge", { age: t(age.key, age.vars) })}
        <span className="ticket-card__small"> · {formatDateTime(ticket.openedAt)}</span>
      </p>
      <Clocks ticket={ticket} busy={busy} onAcknowledge={onAcknowledge} />
      <p className="ticket-card__small">
        {person.name} · <a href={`tel:+91${person.phoneNo}`}>{person.phoneNo}</a>
        {ticket.contact?.email && (
          <>
            {" · "}
            <a href={`mailto:${ticket.contact.email}`}>{ticket.contact.email}</a>
          </>
        )}
        {ticket.orderId && (
          <>
            {" · "}
            <a href={`/order/${encodeURIComponent(ticket.orderId)}`}>{ticket.invoiceNumber || ticket.orderId}</a>
            {" · "}
            {paymentMethodLabel(ticket.paymentMethod)}
            {ticket.isPaid ? ` · ${t("admin.tickets.paid")}` : ` · ${t("admin.tickets.unpaid")}`}
          </>
        )}
      </p>
      <ul className="ticket-card__lines">
        {ticket.lines.map((line) => (
          <li key={line._id} className="admin-ticket__line">
            <span>
              {namedPackLabel(line, localName(line).primary)}
            </span>
            <span className="ticket-card__small">
              {t("admin.tickets.lineProblem", { problem: line.problemLabel, count: line.quantity, value: formatMoney(line.value) })}
            </span>
          </li>
        ))}
      </ul>
      {ticket.text && <p className="ticket-card__text">“{ticket.text}”</p>}
      {ticket.photo && (
        <a className="admin-ticket__photo" href={ticket.photo} target="_blank" rel="noopener noreferrer">
          <img src={ticket.thumbnail || ticket.photo} alt={t("admin.tickets.photoAlt", { number: ticket.number })} width="120" height="120" loading="lazy" />
        </a>
      )}
      {!grievance && <p className="admin-ticket__value">{t("admin.tickets.claimValue", { amount: formatMoney(ticket.claimValue) })}</p>}
      {ticket.status === "open" && !grievance && <Decide ticket={ticket} busy={busy} onApprove={onApprove} onReject={onReject} />}
      {ticket.status === "open" && grievance && <Resolve ticket={ticket} busy={busy} onResolve={onResolve} />}
      {ticket.status === "resolved" && <p className="ticket-card__decision">{t("admin.tickets.resolvedWith", { answer: ticket.decisionReason })}</p>}
      {ticket.status === "approved" && (
        <p className="ticket-card__decision">{t(OUTCOME_TEXTS[ticket.outcome] ?? OUTCOME_TEXTS.none, { amount: formatMoney(ticket.amountApproved) })}</p>
      )}
      {ticket.status === "rejected" && <p className="ticket-card__decision">{t("admin.tickets.rejectedBecause", { reason: ticket.decisionReason })}</p>}
    </li>
  );
}

export default function AdminTicketsPage({ page, status }) {
  const t = useT();
  const list = useApi(apiQueueUrl({ page, status }));
  const { rows: tickets, pages } = readPagedList(list.data, list.headers);
  const [notice, setNotice] = useState(null);
  const [busyNumber, setBusyNumber] = useState(null);
  const decide = useSubmit(
    async (ticket, path, body, done) => {
      setBusyNumber(ticket.number);
      setNotice(null);
      try {
        await api(path, { method: "POST", body });
        setNotice({ variant: "success", text: done });
      } finally {
        setBusyNumber(null);
        list.reload();
      }
    },
    // A 409 says why (someone else decided it first); the list shows it as it is now.
    { onError: (text) => setNotice({ variant: "danger", text }) },
  );
  const path = (ticket, verb) => `/api/support/tickets/${encodeURIComponent(ticket.number)}/${verb}`;
  const onApprove = (ticket, amount) => {
    if (!window.confirm(t("admin.tickets.approveQuestion", { number: ticket.number, amount: formatMoney(amount) }))) return;
    decide.submit(ticket, path(ticket, "approve"), { amount }, t("admin.tickets.approved", { number: ticket.number }));
  };
  const onReject = (ticket, reason) => decide.submit(ticket, path(ticket, "reject"), { reason }, t("admin.tickets.rejected", { number: ticket.number }));
  const onAcknowledge = (ticket) => decide.submit(ticket, path(ticket, "acknowledge"), {}, t("admin.tickets.acknowledged", { number: ticket.number }));
  const onResolve = (ticket, answer) => decide.submit(ticket, path(ticket, "resolve"), { answer }, t("admin.tickets.resolved", { number: ticket.number }));

  return (
    <div className="admin-tickets">
      <div className="admin-tickets__head">
        <h1>{t("admin.tickets.title")}</h1>
        <label className="admin-tickets__filter">
          <span>{t("admin.tickets.status")}</span>
          <select value={status} onChange={(event) => navigate(queueUrl({ page: 1, status: event.target.value }))}>
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {t(filter.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice && <Message variant={notice.variant}>{notice.text}</Message>}
      <AdminList list={list} rows={tickets} empty={t("admin.tickets.none")}>
        <ul className="admin-tickets__list">
          {tickets.map((ticket) => (
            <TicketItem
              key={ticket.number}
              ticket={ticket}
              busy={busyNumber === ticket.number}
              onApprove={onApprove}
              onReject={onReject}
              onAcknowledge={onAcknowledge}
              onResolve={onResolve}
            />
          ))}
        </ul>
      </AdminList>
      <Pager page={page} pages={pages} hrefFor={(number) => queueUrl({ page: number, status })} />
    </div>
  );
}
