// The DPDP notice on the register form (issue 28), loaded on demand: what is collected, why, how to
// withdraw, whom to contact, and the optional "offers by SMS" box. Every text is the server's
// (accounts/privacy.py: one versioned notice, in the page's language); the form sends back the
// version it showed, so the consent names the notice the shopper read.
import { useEffect } from "react";
import { useApi } from "../../lib/useApi";
import "./privacy.css";

export default function PrivacyNotice({ idPrefix, offerSms, onOfferSms, onShown }) {
  const { data } = useApi("/api/users/privacy-notice");
  useEffect(() => {
    if (data?.version) onShown(data.version);
  }, [data, onShown]);
  if (!data) return null;
  return (
    <div className="privacy-notice">
      <ul className="privacy-notice__items">
        {data.items.map((item) => (
          <li key={item.key}>
            <strong>{item.title}</strong> {item.text}
          </li>
        ))}
      </ul>
      <label className="privacy-notice__choice" htmlFor={`${idPrefix}-offer-sms`}>
        <input id={`${idPrefix}-offer-sms`} type="checkbox" checked={offerSms} onChange={(event) => onOfferSms(event.target.checked)} />
        {data.offerSmsLabel}
      </label>
      <p className="privacy-notice__agreement">{data.agreement}</p>
    </div>
  );
}
