// Buy again (issue 26): one request gives the order's packs as cart lines at today's prices (the
// server decides each line, its price and pack count); they go into the cart, and the lines that
// are unavailable, dearer or cheaper, or fewer than ordered are named in toasts. It is loaded once
// the orders are shown (the order page, My Orders), with its texts (the buy-again area).
import buyAgainTexts from "../../i18n/buy-again";
import { api } from "../../lib/api";
import { addToCart, lineLabel } from "../../lib/cart";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/useSubmit";

export const texts = [buyAgainTexts];

/** Puts the server's answer into the cart and says what happened; exported for tests. */
export function applyBuyAgain(answer, t) {
  for (const line of answer.cartItems) addToCart(line);
  if (answer.cartItems.length) toast.success(t("buyAgain.added", { count: answer.cartItems.length }));
  for (const line of answer.unavailable) {
    toast.error(t(line.reason === "gone" ? "buyAgain.gone" : "buyAgain.outOfStock", { line: lineLabel(line) }));
  }
  for (const line of answer.changed) {
    toast.info(t("buyAgain.priceChanged", { line: lineLabel(line), was: formatMoney(line.was), now: formatMoney(line.now) }));
  }
  for (const line of answer.reduced) {
    toast.info(t("buyAgain.reduced", { line: lineLabel(line), qty: line.qty }));
  }
}

export default function BuyAgainButton({ order, className = "btn btn--small" }) {
  const t = useT();
  const { submit, busy } = useSubmit(
    async () => applyBuyAgain(await api(`/api/orders/${encodeURIComponent(order._id)}/buy-again`, { method: "POST" }), t),
    { onError: (message) => toast.error(message) },
  );
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => submit()}>
      {t("buyAgain.button")}
    </button>
  );
}
