// The Pay button of an unpaid order (spec section 4 "Order payment"): starts a payment and goes to
// the gateway's page. On the order page and in My Orders.
import { textsLoaded, useT } from "../../lib/i18n";
import { useSubmit } from "../../lib/useSubmit";
import { toast } from "../../lib/toast";

// The code that starts a payment comes with the click: most orders shown are paid already.
const loadPayment = () => import(/* webpackChunkName: "payment" */ "../../lib/payment").then(textsLoaded);

export default function PayButton({ order, className = "btn btn--small btn--primary" }) {
  const t = useT();
  const { submit, busy } = useSubmit(async () => (await loadPayment()).startPayment(order), {
    leavesPage: true,
    // The spec's own sentences (lib/payment), not the server's.
    onError: (message, error) => {
      if (error?.name === "PaymentStartError") {
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
