// The user edit page's "Store credit" panel (issue 48): the shopper's balance, the newest ledger
// entries with who wrote them and why, and goodwill credit given with a reason
// (GET/POST /api/users/{id}/credit). Who may give how much is the server's (payments/credit.py
// goodwill_check: the owner any amount, a cashier up to the shop's limit); the panel shows the limit
// it answers and its refusals as they come.
import { useId, useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { sendOnce } from "../../lib/idempotency";
import { formatMoney } from "../../lib/money";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import "../../components/account/store-credit.css";

const REASON_MAX_LENGTH = 300;
const EMPTY_FORM = { amount: "", reason: "" };

function Entry({ entry }) {
  const t = useT();
  const amount = formatMoney(entry.amount);
  return (
    <li className={`store-credit__entry store-credit__entry--${entry.kind}`}>
      <span className="store-credit__reason">
        {entry.reason}
        {entry.orderId && (
          <a className="store-credit__order" href={`/order/${encodeURIComponent(entry.orderId)}`}>
            {t("adminCredit.order", { id: entry.orderId })}
          </a>
        )}
        <span className="store-credit__small">
          {formatDateTime(entry.createdAt)}
          {entry.by && <> · {t("adminCredit.by", { name: entry.by })}</>}
        </span>
      </span>
      <span className="store-credit__amount">
        {entry.kind === "debit" ? t("adminCredit.spent", { amount }) : t("adminCredit.added", { amount })}
      </span>
    </li>
  );
}

export default function StoreCreditPanel({ userId }) {
  const t = useT();
  const ids = useId();
  const path = `/api/users/${encodeURIComponent(userId)}/credit`;
  const { data, error, setData } = useApi(path);
  const [form, setForm] = useState(EMPTY_FORM);

  const give = useSubmit(async () => {
    const body = { amount: form.amount.trim(), reason: form.reason };
    const answer = await sendOnce(`goodwill:${userId}`, body, (headers) => api(path, { method: "POST", body, headers }));
    setData(answer);
    setForm(EMPTY_FORM);
    toast.success(t("adminCredit.given", { amount: formatMoney(answer.entry.amount) }));
  });
  const change = (field) => (event) => setForm((current) => ({ ...current, [field]: event.target.value }));

  let body;
  if (error) body = <Message variant="danger">{error}</Message>;
  else if (!data) body = <Loader />;
  else {
    body = (
      <>
        <div className="store-credit__balance">
          <h3>{t("adminCredit.balance")}</h3>
          <strong>{formatMoney(data.balance)}</strong>
        </div>
        <form
          className="admin-form store-credit__grant"
          aria-label={t("adminCredit.give")}
          onSubmit={(event) => {
            event.preventDefault();
            give.submit();
          }}
        >
          {give.error && <Message variant="danger">{give.error}</Message>}
          <div className="form-field">
            <label htmlFor={`${ids}-amount`}>{t("adminCredit.amount")}</label>
            <input id={`${ids}-amount`} type="text" inputMode="decimal" value={form.amount} onChange={change("amount")} />
            {data.limit != null && (
              <p className="store-credit__small">{t("adminCredit.limit", { amount: formatMoney(data.limit) })}</p>
            )}
          </div>
          <div className="form-field">
            <label htmlFor={`${ids}-reason`}>{t("adminCredit.reason")}</label>
            <input id={`${ids}-reason`} type="text" maxLength={REASON_MAX_LENGTH} value={form.reason} onChange={change("reason")} />
          </div>
          <button type="submit" className="btn btn--primary" disabled={give.busy} aria-busy={give.busy}>
            {t("adminCredit.give")}
          </button>
        </form>
        {data.entries.length === 0 ? (
          <p className="store-credit__small">{t("adminCredit.none")}</p>
        ) : (
          <ul className="store-credit__entries" aria-label={t("adminCredit.history")}>
            {data.entries.map((entry) => (
              <Entry key={entry._id} entry={entry} />
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <section className="store-credit admin-user-credit" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t("adminCredit.title")}</h2>
      {body}
    </section>
  );
}
