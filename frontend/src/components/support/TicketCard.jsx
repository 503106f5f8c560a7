// One ticket as its shopper sees it (the report page): number, when it opened, the lines with
// their problem, and the decision: what was given back and how, or the reason it was not.
import { formatDateTime } from "../../lib/dates";
import { localName, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { namedPackLabel } from "../../lib/packLabel";

// What an approval gave back (support's Ticket.outcome), as the shopper reads it.
const OUTCOME_TEXTS = {
  refund: "support.outcome.refund",
  credit: "support.outcome.credit",
  none: "support.outcome.none",
};

export default function TicketCard({ ticket }) {
  const t = useT();
  return (
    <article className={`ticket-card ticket-card--${ticket.status}`} aria-labelledby={`ticket-${ticket.number}`}>
      <header className="ticket-card__head">
        <h3 id={`ticket-${ticket.number}`}>{t("support.ticketNumber", { number: ticket.number })}</h3>
        <span className={`ticket-status ticket-status--${ticket.status}`}>{ticket.statusLabel}</span>
      </header>
      <p className="ticket-card__small">{t("support.openedOn", { date: formatDateTime(ticket.openedAt) })}</p>
      <ul className="ticket-card__lines">
        {ticket.lines.map((line) => (
          <li key={line._id}>
            <span>
              {namedPackLabel(line, localName(line).primary)}
            </span>
            <span className="ticket-card__small">{t("support.lineProblem", { problem: line.problemLabel, count: line.quantity })}</span>
          </li>
        ))}
      </ul>
      {ticket.text && <p className="ticket-card__text">{ticket.text}</p>}
      {ticket.photo && (
        <a className="ticket-card__photo" href={ticket.photo} target="_blank" rel="noopener noreferrer">
          <img src={ticket.thumbnail || ticket.photo} alt={t("support.photoAlt")} width="120" height="120" loading="lazy" />
        </a>
      )}
      {ticket.status === "approved" && (
        <p className="ticket-card__decision">{t(OUTCOME_TEXTS[ticket.outcome] ?? OUTCOME_TEXTS.none, { amount: formatMoney(ticket.amountApproved) })}</p>
      )}
      {ticket.status === "rejected" && <p className="ticket-card__decision">{t("support.rejectedBecause", { reason: ticket.decisionReason })}</p>}
      {ticket.status === "open" && <p className="ticket-card__small">{t("support.underReview")}</p>}
    </article>
  );
}
