// Payment method (spec sections 2 and 5): the methods the server offers (config.paymentMethods:
// Cash/UPI, sent as 'Cash Or UPI', and Online while it is switched on).
import { useState } from "react";
import CheckoutSteps from "../../components/CheckoutSteps";
import Message from "../../components/Message";
import { useUserInfo } from "../../lib/auth";
import { getCart, savePaymentMethod } from "../../lib/cart";
import { useT } from "../../lib/i18n";
import { navigate } from "../../lib/navigation";
import { offeredMethods, paymentMethodLabel, validPaymentMethod } from "../../lib/paymentMethods";

// Catalog keys (lib/i18n.js).
export const SELECT_METHOD = "payment.selectMethod";
export const PHONE_MISSING = "payment.phoneMissing";

export default function PaymentStep() {
  const t = useT();
  const userInfo = useUserInfo();
  const methods = offeredMethods();
  const [method, setMethod] = useState(() => validPaymentMethod(getCart().paymentMethod));
  const [error, setError] = useState("");

  const submit = (event) => {
    event.preventDefault();
    if (!method) return setError(t(SELECT_METHOD));
    if (!userInfo?.phoneNo) return setError(t(PHONE_MISSING));
    setError("");
    savePaymentMethod(method);
    navigate("/placeorder");
  };

  return (
    <div className="checkout-page">
      <CheckoutSteps current="payment" />
      <h1>{t("payment.title")}</h1>
      <form className="checkout-card" onSubmit={submit} noValidate>
        {error && <Message variant="danger">{error}</Message>}
        <fieldset className="payment-methods">
          <legend>{t("payment.select")}</legend>
          {methods.map((value) => (
            <label key={value} className="payment-methods__option">
              <input
                type="radio"
                name="paymentMethod"
                value={value}
                checked={method === value}
                onChange={() => {
                  setMethod(value);
                  setError("");
                }}
              />
              <span>{paymentMethodLabel(value)}</span>
            </label>
          ))}
        </fieldset>
        <div className="checkout-card__actions">
          <button type="submit" className="btn btn--primary">
            {t("common.continue")}
          </button>
        </div>
      </form>
    </div>
  );
}
