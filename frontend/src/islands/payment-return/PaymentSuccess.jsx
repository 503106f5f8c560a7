import { useEffect } from "react";
import Loader from "../../components/Loader";
import { clearCartItems } from "../../lib/cart";
import { flash } from "../../lib/flash";
import { t, useT } from "../../lib/i18n";
import { redirect } from "../../lib/navigation";
import { PROCESSING_FAILED, paymentReturnStep } from "./paymentReturn";

export default function PaymentSuccess() {
  const translate = useT();
  useEffect(() => {
    try {
      const step = paymentReturnStep(window.location.search);
      if (step.error) flash("danger", step.error);
      if (step.clearCart) clearCartItems();
      redirect(step.next);
    } catch (error) {
      console.error("Could not finish the payment return", error);
      flash("danger", t(PROCESSING_FAILED));
      redirect("/cart");
    }
  }, []);
  return (
    <div className="payment-return">
      <p>{translate("paymentReturn.preparing")}</p>
      <Loader />
    </div>
  );
}
