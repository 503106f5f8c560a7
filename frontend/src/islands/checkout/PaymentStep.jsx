// Payment method (spec sections 2 and 5): Cash/UPI (sent as 'Cash Or UPI') or Online.
import { useState } from "react";
import CheckoutSteps from "../../components/CheckoutSteps";
import Message from "../../components/Message";
import { useUserInfo } from "../../lib/auth";
import { getCart, savePaymentMethod } from "../../lib/cart";
import { config } from "../../lib/config";
import { navigate } from "../../lib/navigation";
import { CASH_OR_UPI, ONLINE, PAYMENT_METHOD_LABELS, validPaymentMethod } from "../../lib/paymentMethods";

export const SELECT_METHOD = "Please select a payment method.";
export const PHONE_MISSING = "Phone number is missing in your profile.";

/** The methods offered: Online only while the shop's online-payment flag is on. */
export function offeredMethods(onlinePayment = config.onlinePayment) {
  return onlinePayment === "Y" ? [CASH_OR_UPI, ONLINE] : [CASH_OR_UPI];
}

export default function PaymentStep() {
  const userInfo = useUserInfo();
  const methods = offeredMethods();
  const [method, setMethod] = useState(() => {
    const stored = validPaymentMethod(getCart().paymentMethod);
    return methods.includes(stored) ? stored : "";
  });
  const [error, setError] = useState("");

  const submit = (event) => {
    event.preventDefault();
    if (!method) return setError(SELECT_METHOD);
    if (!userInfo?.phoneNo) return setError(PHONE_MISSING);
    setError("");
    savePaymentMethod(method);
    navigate("/placeorder");
  };

  return (
    <div className="checkout-page">
      <CheckoutSteps current="payment" />
      <h1>Payment Method</h1>
      <form className="checkout-card" onSubmit={submit} noValidate>
        {error && <Message variant="danger">{error}</Message>}
        <fieldset className="payment-methods">
          <legend>Select Method</legend>
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
              <span>{PAYMENT_METHOD_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        <div className="checkout-card__actions">
          <button type="submit" className="btn btn--primary">
            Continue
          </button>
        </div>
      </form>
    </div>
  );
}
