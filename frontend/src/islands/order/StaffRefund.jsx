// Staff's manual refund on the order page (issue 48): part of what a paid order's shopper paid given
// back with a reason (POST /api/orders/{id}/refund). Loaded on demand for staff only. Whether the
// caller may and up to how much is the server's (payments/credit.py goodwill_check): the part asks
// the shopper's store credit as staff see it (GET /api/users/{phone}/credit, which answers the
// caller's limit, or 403 for a role that gives nothing back, and then shows nothing). Where the
// money goes and how much is left is the server's too (payments/refunds.py money_back); its
// refusals are shown as they come and the answer is the order as it now stands.
import { useId, useState } from "react";
import refundTexts from "../../i18n/order-refund";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { sendOnce } from "../../lib/idempotency";
import { formatMoney } from "../../lib/money";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";

export const texts = [refundTexts];

const REASON_MAX_LENGTH = 300;
const EMPTY_FORM = { amount: "", reason: "" };

/** `onRefunded(order)` receives the order as the server answered. */
export default function StaffRefund({ order, onRefunded }) {
  const t = useT();
  const ids = useId();
  const phone = order.user?.phoneNo;
  const allowed = useApi(phone ? `/api/users/${encodeURIComponent(phone)}/credit` : null);
  const [form, setForm] = useState(EMPTY_FORM);
  const path = `/api/orders/${encodeURIComponent(order._id)}/refund`;
  const refund = useSubmit(async () => {
    const body = { amount: form.amount.trim(), reason: form.reason };
    const answer = await sendOnce(`refund:${order._id}`, body, (headers) => api(path, { method: "POST", body, headers }));
    setForm(EMPTY_FORM);
    toast.success(t("orderRefund.done", { amount: formatMoney(body.amount) }));
    onRefunded(answer);
  });
  if (!allowed.data) return null; // loading, or a role that gives nothing back
  const change = (field) => (event) => setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <section className="order-refund" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t("orderRefund.title")}</h2>
      <p className="order-refund__how">{t("orderRefund.how")}</p>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          refund.submit();
        }}
      >
        {refund.error && <Message variant="danger">{refund.error}</Message>}
        <div className="form-field">
          <label htmlFor={`${ids}-amount`}>{t("orderRefund.amount")}</label>
          <input id={`${ids}-amount`} type="text" inputMode="decimal" value={form.amount} onChange={change("amount")} />
          {allowed.data.limit != null && <p className="order-refund__how">{t("orderRefund.limit", { amount: formatMoney(allowed.data.limit) })}</p>}
        </div>
        <div className="form-field">
          <label htmlFor={`${ids}-reason`}>{t("orderRefund.reason")}</label>
          <input id={`${ids}-reason`} type="text" maxLength={REASON_MAX_LENGTH} value={form.reason} onChange={change("reason")} />
        </div>
        <button type="submit" className="btn btn--primary" disabled={refund.busy} aria-busy={refund.busy}>
          {t("orderRefund.submit")}
        </button>
      </form>
    </section>
  );
}
