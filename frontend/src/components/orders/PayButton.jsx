// The Pay button of an unpaid order (spec section 4 "Order payment"): starts a payment and goes to
// the gateway's page. On the order page and in My Orders.
import { useT } from "../../lib/i18n";
import { useSubmit } from "../../lib/useSubmit";
import { PaymentStartError, startPayment } from "../../lib/payment";
import { toast } from "../../lib/toast";

export default function PayButton({ order, className = "btn btn--small btn--primary" }) {
  const t = useT();
  const { submit, busy } = useSubmit(() => startPayment(order), {
    leavesPage: true,
    // The spec's own sentences (lib/payment), not the server's.
    onError: (message, error) => {
      if (error instanceof PaymentStartError) {
        if (!error.alerted) toast.error(error.message);
      } else toast.error(message);
    },
  });
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => submit()}>
      {t("orders.pay")}
    </button>
  );
}
