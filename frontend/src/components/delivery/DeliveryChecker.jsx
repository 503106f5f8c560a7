// The delivery-location checker (spec section 2). The accounts screens complete it with address
// search and "Use My Current Location".
import { useState } from "react";
import { api, errorMessage } from "../../lib/api";

export default function DeliveryChecker() {
  const [pincode, setPincode] = useState("");
  const [result, setResult] = useState(null);
  const check = async (event) => {
    event.preventDefault();
    try {
      setResult(await api(`/api/delivery/check?pincode=${encodeURIComponent(pincode.trim())}`));
    } catch (error) {
      setResult({ deliverable: false, message: errorMessage(error) });
    }
  };
  return (
    <section className="delivery-checker">
      <h2>Where Would You Like Your Order Delivered?</h2>
      <form onSubmit={check}>
        <input value={pincode} onChange={(e) => setPincode(e.target.value)} placeholder="Search a new address" aria-label="Search a new address" />
      </form>
      {result && (
        <div className={result.deliverable ? "alert alert--success" : "alert alert--danger"}>
          <strong>{result.deliverable ? "Great!" : "Oops!"}</strong> {result.message}
        </div>
      )}
    </section>
  );
}
