// Store credit (GET /api/users/credit), in the account drawer and on /profile: the balance the
// shopper can spend at checkout, and the ledger behind it (credits and debits, why, which order,
// when). Every figure is the server's (payments/credit.py owns the ledger).
import { formatDateTime } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import Loader from "../Loader";
import Message from "../Message";
import "./store-credit.css";

export default function StoreCredit({ headingLevel = 3 }) {
  const t = useT();
  const { data, loading, error } = useApi("/api/users/credit");
  const Heading = `h${headingLevel}`;
  if (loading && !data) return <Loader />;
  if (error) return <Message variant="danger">{error}</Message>;
  return (
    <section className="store-credit" aria-labelledby="store-credit-title">
      <div className="store-credit__balance">
        <Heading id="store-credit-title">{t("credit.balance")}</Heading>
        <strong>{formatMoney(data.balance)}</strong>
        <p className="store-credit__small">{t("credit.howToUse")}</p>
      </div>
      {data.entries.length === 0 ? (
        <p className="store-credit__small">{t("credit.none")}</p>
      ) : (
        <ul className="store-credit__entries" aria-label={t("credit.history")}>
          {data.entries.map((entry) => (
            <li key={entry._id} className={`store-credit__entry store-credit__entry--${entry.kind}`}>
              <span className="store-credit__reason">
                {entry.reason}
                {entry.orderId && (
                  <a className="store-credit__order" href={`/order/${encodeURIComponent(entry.orderId)}`}>
                    {t("credit.order", { id: entry.orderId })}
                  </a>
                )}
                <span className="store-credit__small">{formatDateTime(entry.createdAt)}</span>
              </span>
              <span className="store-credit__amount">
                {entry.kind === "debit" ? t("credit.spent", { amount: formatMoney(entry.amount) }) : t("credit.added", { amount: formatMoney(entry.amount) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
