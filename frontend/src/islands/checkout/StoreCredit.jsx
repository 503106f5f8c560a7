// Store credit at checkout (issue 25): the shopper's balance and a "Use store credit" choice in the
// order summary. The figures are the server's (GET /api/orders/store-credit?total=...: the balance,
// what an order of this total uses, what is left to pay; orders/rules.py store_credit_to_apply
// decides them, and placement decides the same way), so the total shown is the total charged.
// Nothing shows for a shopper with no credit. Its texts are the checkout area's.
import { useEffect, useId } from "react";
import { useT } from "../../lib/i18n";
import { formatMoney, toNumber } from "../../lib/money";
import { useApi } from "../../lib/useApi";

/**
 * `total` is the order's total; `use` whether the shopper chose to use their credit; `onChange(use,
 * applicable)` reports the choice and the credit the order would use (0 when not used).
 */
export default function StoreCredit({ total, use, onChange }) {
  const t = useT();
  const id = useId();
  const { data } = useApi(`/api/orders/store-credit?total=${encodeURIComponent(total)}`);
  const balance = toNumber(data?.balance);
  const applicable = toNumber(data?.applicable);

  // A new quote (the total changed) updates the amount the order asks for.
  useEffect(() => {
    if (use) onChange(true, applicable);
  }, [applicable]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!data || balance <= 0) return null;
  return (
    <div className="store-credit">
      <p className="store-credit__balance">{t("placeOrder.storeCredit.available", { amount: formatMoney(data.balance) })}</p>
      <label className="store-credit__choice" htmlFor={id}>
        <input id={id} type="checkbox" checked={use} onChange={(event) => onChange(event.target.checked, event.target.checked ? applicable : 0)} />
        <span>{t("placeOrder.storeCredit.apply")}</span>
      </label>
      {use && (
        <dl className="order-summary__rows store-credit__rows">
          <dt>{t("placeOrder.storeCredit.applied")}</dt>
          <dd>−{formatMoney(data.applicable)}</dd>
          <dt>{t("placeOrder.storeCredit.toPay")}</dt>
          <dd className="order-summary__total">{formatMoney(data.toPay)}</dd>
        </dl>
      )}
    </div>
  );
}
